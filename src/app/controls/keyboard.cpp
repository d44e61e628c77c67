// The keyboard (keyboard.hpp).
#include "app/plot/text_fit.hpp"
#include "app/controls/keyboard.hpp"
#include "session/json_text.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <cctype>
#include <sstream>

namespace app {

namespace later = core::later;   // the key table is made once; its texts are translated where shown

// KeyboardEvent.key names, as the page sends them (never shown)
const char *const kRight = "ArrowRight", *const kLeft = "ArrowLeft";   // words: not shown
const char *const kEnd = "End", *const kEscape = "Escape";             // words: not shown

// The keys that are no one control's shortcut (a declared control's is declared with it: page_key.hpp): one key
// for two controls (→: a step, or the tour's next step), a key for each view by its number, rewind's moments, and
// Esc, which closes what is open in turn.
const std::vector<Keyboard::Shortcut>& Keyboard::shortcuts() {
    static const std::vector<Shortcut> table = {
        {kRight, "→", later::tr("one step (in a tour: the next step)"),
         [](const KeyContext& c, const std::string&) -> std::string { return c.touring ? "tour=next" : "step"; }},
        {kLeft, "←", later::tr("in a tour: the previous step"),
         [](const KeyContext& c, const std::string&) -> std::string { return c.touring ? "tour=back" : ""; }},
        {"1 2 3 4 5 6 7 8 9", "1–9", later::tr("that view large"),
         [](const KeyContext& c, const std::string& key) -> std::string {
             const int k = key[0] - '1';
             return k < c.views ? "view=" + std::to_string(k) : "";
         }},
        {"0", "0", later::tr("all views"),
         [](const KeyContext&, const std::string&) -> std::string { return "view=-1"; }},
        {"[", "[", later::tr("rewind: the moment before (pauses)"),
         [](const KeyContext& c, const std::string&) -> std::string { return c.moments > 1 ? "rewind=back" : ""; }},
        {"]", "]", later::tr("rewind: the moment after (after the last: live)"),
         [](const KeyContext& c, const std::string&) -> std::string { return c.rewound ? "rewind=forward" : ""; }},
        {kEscape, later::tr("Esc"), later::tr("close this list, end the tour, then leave the presentation"),
         [](const KeyContext& c, const std::string&) -> std::string {
             if (c.help_open) return "help=0";
             if (c.touring) return "tour=0";
             return c.presenting ? "present=0" : "";
         }},
    };
    return table;
}

namespace {

bool single_letter(const std::string& s) { return s.size() == 1 && std::isalpha(static_cast<unsigned char>(s[0])); }

// A declared shortcut ("Space", "P", "?", "End") as KeyboardEvent.key names: "p P", " ".
std::string event_keys(const std::string& shortcut) {
    if (shortcut == "Space") return " ";
    if (!single_letter(shortcut)) return shortcut;
    const char c = char(std::tolower(static_cast<unsigned char>(shortcut[0])));
    return std::string(1, c) + " " + std::string(1, char(std::toupper(static_cast<unsigned char>(c))));
}

// What the help calls it: "P", "Space" in the page's language.
std::string key_label(const std::string& shortcut) {
    if (shortcut == "Space") return core::tr("Space");
    if (shortcut == "End") return core::tr("End");
    if (single_letter(shortcut)) return std::string(1, char(std::toupper(static_cast<unsigned char>(shortcut[0]))));
    return shortcut;
}

bool has_key(const std::string& keys, const std::string& key) {
    if (key == " ") return keys == " ";
    std::istringstream names(keys);
    for (std::string n; std::getline(names, n, ' ');)
        if (n == key) return true;
    return false;
}

}   // namespace

std::vector<Keyboard::Listed> Keyboard::listed() const {
    std::vector<Listed> out;
    const PageKeys* keys = controls_.page_keys();
    if (keys)   // the declared shortcuts, in the declarations' order; a key's letters together ("A–D")
        for (const auto& [k, c] : keys->with_shortcut()) {
            const std::string help = c.key_help.empty() ? k->syntax.help : c.key_help;
            if (!out.empty() && out.back().key == k && single_letter(c.shortcut) && out.back().last_letter) {
                out.back().keys += " " + event_keys(c.shortcut);
                out.back().label = out.back().label.substr(0, 1) + "–" + key_label(c.shortcut);
                continue;
            }
            out.push_back(
                {event_keys(c.shortcut), key_label(c.shortcut), core::tr(help), k, single_letter(c.shortcut)});
        }
    for (const Shortcut& s : shortcuts()) out.push_back({s.keys, core::tr(s.label), core::tr(s.help), nullptr, false});
    return out;
}

std::string Keyboard::press(const std::string& key) {
    if (const PageKeys* keys = controls_.page_keys())
        for (const auto& [k, c] : keys->with_shortcut())
            if (has_key(event_keys(c.shortcut), key)) {   // its control's command now: nothing while it is not usable
                const std::string cmd = controls_.command_now(*k, c);
                return cmd.empty() ? "" : stage_.command(cmd);
            }
    for (const Shortcut& s : shortcuts())
        if (has_key(s.keys, key)) {
            KeyContext c = context_();
            c.help_open = help_;
            const std::string cmd = s.command(c, key);
            return cmd.empty() ? "" : stage_.command(cmd);   // nothing to do now (← outside a tour) is not a refusal
        }
    std::string names;
    for (const Listed& l : listed()) names += (names.empty() ? "" : ", ") + l.label;
    return core::trf("no key %s (keys: %s)", core::quote(key).c_str(), names.c_str());
}

// The canvas's keys, as ImGui reads them: named keys as presses, letters, digits and signs as typed
// characters (the same in the browser and the desktop backend, whatever the keyboard layout).
void Keyboard::handle() {
    ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput) return;
    const struct {
        ImGuiKey key;
        const char* name;
        bool repeat;
    } named[] = {{ImGuiKey_Space, " ", false},
                 {ImGuiKey_RightArrow, kRight, !context_().touring},   // held: steps; never skips tour steps
                 {ImGuiKey_LeftArrow, kLeft, false},
                 {ImGuiKey_Escape, kEscape, false}};
    for (const auto& n : named)
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(n.key), n.repeat)) press(n.name);
    for (ImWchar c : io.InputQueueCharacters)
        if (c > ' ' && c < 127) press(std::string(1, char(c)));
}

// The help overlay: every key and what it does, over the page, until ? or Esc (or a click) closes it.
void Keyboard::draw_help() {
    if (!help_) return;
    const float fh = ImGui::GetFontSize();
    const ImVec2 screen = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(screen.x * 0.5f, screen.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(screen.x - fh, screen.y - fh));
    ImGui::Begin((std::string(core::tr("Keys")) + "###keys").c_str(), nullptr,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoScrollbar);
    controls_.note("dialog:keys", "dialog", core::tr("Keys"));
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
        for (const Listed& l : listed()) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(l.label.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(l.help.c_str());
        }
        ImGui::EndTable();
    }
    if (host_.platform_name == "browser")
        wrapped_text(core::tr("Tab moves between the page's controls; Enter or Space presses a button."));
    controls_.draw("close-keys");
    ImGui::End();
}

std::vector<PageKey> Keyboard::keys() {
    std::vector<PageKey> keys(2);
    keys[0].syntax = {
        "help", session::ArgKind::Whole, 0, 1, "0|1", later::tr("the list of keys open (1) or closed (0)")};
    keys[0].act = [this](const session::CommandArg& v) {
        help_ = v.whole == 1;
        return std::string();
    };
    keys[0].state_name = "keys_help";
    keys[0].state = [this] { return std::string(help_ ? "true" : "false"); };
    PageControl& open = keys[0].control(Control::Toggle, later::tr("Keys"), "lecture", "button:keys");
    open.id = "keys-button";
    open.shortcut = "?";
    open.key_help = later::tr("this list of keys");
    open.now = [this] { return toggled("help", help_, later::tr("Keys"), later::tr("Close the list of keys")); };
    keys[0].control(Control::Button, later::tr("Close the list of keys"), "keys", "button:close-keys").arg = "0";
    keys[0].controls.back().short_label = later::tr("Close");
    keys[0].controls.back().now = [this] {
        ControlNow n;
        n.shown = help_;
        return n;
    };
    keys[0].controls.back().heirs = {"keys-button"};
    keys[1].syntax = {"key", session::ArgKind::Text,
                      0,     0,
                      "K",   later::tr("press key K (a KeyboardEvent.key name: n, ArrowRight, ?)")};
    keys[1].act = [this](const session::CommandArg& v) { return press(v.text); };
    return keys;
}

std::string Keyboard::json() const {
    std::string s;
    for (const Listed& l : listed())
        s += std::string(s.empty() ? "[" : ",") + "{\"keys\":" + session::json_string(l.keys) +
            ",\"label\":" + session::json_string(l.label) + ",\"help\":" + session::json_string(l.help) + "}";
    return s + "]";
}

}   // namespace app
