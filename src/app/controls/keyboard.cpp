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

const std::vector<Keyboard::Shortcut>& Keyboard::shortcuts() {
    static const std::vector<Shortcut> table = {
        {" ", later::tr("Space"), later::tr("play or pause"),
         [](const KeyContext& c, bool, const std::string&) -> std::string { return c.playing ? "pause" : "play"; }},
        {kRight, "→", later::tr("one step (in a tour: the next step)"),
         [](const KeyContext& c, bool, const std::string&) -> std::string { return c.touring ? "tour=next" : "step"; }},
        {kLeft, "←", later::tr("in a tour: the previous step"),
         [](const KeyContext& c, bool, const std::string&) -> std::string { return c.touring ? "tour=back" : ""; }},
        {"n N", "N", later::tr("run to the next phase"),
         [](const KeyContext&, bool, const std::string&) -> std::string { return "next-phase"; }},
        {"s S", "S", later::tr("skip to the end of the run (full speed, drawing now and then)"),
         [](const KeyContext&, bool, const std::string&) -> std::string { return "skip=end"; }},
        {"p P", "P", later::tr("presentation layout on or off"),
         [](const KeyContext& c, bool, const std::string&) -> std::string {
             return c.presenting ? "present=0" : "present=1";
         }},
        {"q Q", "Q", later::tr("the QR code of this run's link (presentation), on or off"),
         [](const KeyContext& c, bool, const std::string&) -> std::string { return c.qr ? "qr=0" : "qr=1"; }},
        {"r R", "R", later::tr("record a clip of the canvas, or stop and save it"),
         [](const KeyContext& c, bool, const std::string&) -> std::string {
             return c.recording ? "record=0" : "record=1";
         }},
        {"v V", "V", later::tr("the next view large"),
         [](const KeyContext&, bool, const std::string&) -> std::string { return "next-view"; }},
        {"t T", "T", later::tr("guided tour on or off"),
         [](const KeyContext& c, bool, const std::string&) -> std::string { return c.touring ? "tour=0" : "tour=1"; }},
        {"a A b B c C d D", "A–D", later::tr("answer the tour's question (then the step runs)"),
         [](const KeyContext& c, bool, const std::string& key) -> std::string {
             if (!c.question_open) return "";
             return "answer=" + std::string(1, char(std::tolower(static_cast<unsigned char>(key[0]))));
         }},
        {"1 2 3 4 5 6 7 8 9", "1–9", later::tr("that view large"),
         [](const KeyContext& c, bool, const std::string& key) -> std::string {
             const int k = key[0] - '1';
             return k < c.views ? "view=" + std::to_string(k) : "";
         }},
        {"0", "0", later::tr("all views"),
         [](const KeyContext&, bool, const std::string&) -> std::string { return "view=-1"; }},
        {"[", "[", later::tr("rewind: the moment before (pauses)"),
         [](const KeyContext& c, bool, const std::string&) -> std::string {
             return c.moments > 1 ? "rewind=back" : "";
         }},
        {"]", "]", later::tr("rewind: the moment after (after the last: live)"),
         [](const KeyContext& c, bool, const std::string&) -> std::string {
             return c.rewound ? "rewind=forward" : "";
         }},
        {kEnd, later::tr("End"), later::tr("back to the live run from a rewound moment"),
         [](const KeyContext& c, bool, const std::string&) -> std::string { return c.rewound ? "rewind=off" : ""; }},
        {"?", "?", later::tr("this list of keys"),
         [](const KeyContext&, bool help, const std::string&) -> std::string { return help ? "help=0" : "help=1"; }},
        {kEscape, later::tr("Esc"), later::tr("close this list, end the tour, then leave the presentation"),
         [](const KeyContext& c, bool help, const std::string&) -> std::string {
             if (help) return "help=0";
             if (c.touring) return "tour=0";
             return c.presenting ? "present=0" : "";
         }},
    };
    return table;
}

const Keyboard::Shortcut* Keyboard::shortcut_for(const std::string& key) {
    if (key.empty()) return nullptr;
    for (const Shortcut& s : shortcuts()) {
        std::istringstream names(s.keys);
        for (std::string n; std::getline(names, n, ' ');)
            if (n == key || (key == " " && s.keys[0] == ' ')) return &s;
    }
    return nullptr;
}

std::string Keyboard::press(const std::string& key) {
    const Shortcut* s = shortcut_for(key);
    if (!s) {
        std::string keys;
        for (const Shortcut& k : shortcuts()) keys += (keys.empty() ? "" : ", ") + std::string(core::tr(k.label));
        return core::trf("no key %s (keys: %s)", core::quote(key).c_str(), keys.c_str());
    }
    const std::string cmd = s->command(context_(), help_, key);
    return cmd.empty() ? "" : stage_.command(cmd);   // nothing to do now (← outside a tour) is not a refusal
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
        for (const Shortcut& s : shortcuts()) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(core::tr(s.label));
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(core::tr(s.help));
        }
        ImGui::EndTable();
    }
    if (host_.platform_name == "browser")
        wrapped_text(core::tr("Tab moves between the page's controls; Enter or Space presses a button."));
    if (ImGui::Button(core::tr("Close"))) stage_.command("help=0");
    controls_.note("button:close-keys", "button", core::tr("Close"));
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
    open.now = [this] { return toggled("help", help_, later::tr("Keys"), later::tr("Close the list of keys")); };
    keys[0].control(Control::Button, later::tr("Close the list of keys"), "keys", "button:close-keys").arg = "0";
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
    for (const Shortcut& c : shortcuts())
        s += std::string(s.empty() ? "[" : ",") + "{\"keys\":" + session::json_string(c.keys) +
            ",\"label\":" + session::json_string(core::tr(c.label)) +
            ",\"help\":" + session::json_string(core::tr(c.help)) + "}";
    return s + "]";
}

}   // namespace app
