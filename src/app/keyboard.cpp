// The keyboard: one table of keys behind the canvas's own keys (handle_keys), the keys pressed while the page's
// HTML document has the focus (the key=K command) and the help overlay (key ?); each key gives a command of the
// command table, so a key does exactly what its button does. And the focus ring: the HTML document owns the
// keyboard focus (focus=ID) and the canvas draws a ring around the same control (the layout map's ids).
#include "app/app.hpp"
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

const std::vector<App::Shortcut>& App::shortcuts() {
    static const std::vector<Shortcut> table = {
        {" ", later::tr("Space"), later::tr("play or pause"),
         [](const App& a, const std::string&) -> std::string { return a.playing_ ? "pause" : "play"; }},
        {kRight, "→", later::tr("one step (in a tour: the next step)"),
         [](const App& a, const std::string&) -> std::string { return a.tour_.on() ? "tour=next" : "step"; }},
        {kLeft, "←", later::tr("in a tour: the previous step"),
         [](const App& a, const std::string&) -> std::string { return a.tour_.on() ? "tour=back" : ""; }},
        {"n N", "N", later::tr("run to the next phase"),
         [](const App&, const std::string&) -> std::string { return "next-phase"; }},
        {"p P", "P", later::tr("presentation layout on or off"),
         [](const App& a, const std::string&) -> std::string { return a.present_ ? "present=0" : "present=1"; }},
        {"q Q", "Q", later::tr("the QR code of this run's link (presentation), on or off"),
         [](const App& a, const std::string&) -> std::string { return a.qr_.on() ? "qr=0" : "qr=1"; }},
        {"r R", "R", later::tr("record a clip of the canvas, or stop and save it"),
         [](const App& a, const std::string&) -> std::string { return a.record_.on() ? "record=0" : "record=1"; }},
        {"v V", "V", later::tr("the next view large"),
         [](const App&, const std::string&) -> std::string { return "next-view"; }},
        {"t T", "T", later::tr("guided tour on or off"),
         [](const App& a, const std::string&) -> std::string { return a.tour_.on() ? "tour=0" : "tour=1"; }},
        {"a A b B c C d D", "A–D", later::tr("answer the tour's question (then the step runs)"),
         [](const App& a, const std::string& key) -> std::string {
             if (a.tour_.question(*a.lab_).prompt.empty() || a.tour_.revealed(*a.lab_) || a.tour_.answer() >= 0)
                 return "";
             return "answer=" + std::string(1, char(std::tolower(static_cast<unsigned char>(key[0]))));
         }},
        {"1 2 3 4 5 6 7 8 9", "1–9", later::tr("that view large"),
         [](const App& a, const std::string& key) -> std::string {
             const int k = key[0] - '1';
             return k < int(a.views_.size()) ? "view=" + std::to_string(k) : "";
         }},
        {"0", "0", later::tr("all views"), [](const App&, const std::string&) -> std::string { return "view=-1"; }},
        {"[", "[", later::tr("rewind: the moment before (pauses)"),
         [](const App& a, const std::string&) -> std::string { return a.rewind_.moments() > 1 ? "rewind=back" : ""; }},
        {"]", "]", later::tr("rewind: the moment after (after the last: live)"),
         [](const App& a, const std::string&) -> std::string { return !a.rewind_.live() ? "rewind=forward" : ""; }},
        {kEnd, later::tr("End"), later::tr("back to the live run from a rewound moment"),
         [](const App& a, const std::string&) -> std::string { return !a.rewind_.live() ? "rewind=off" : ""; }},
        {"?", "?", later::tr("this list of keys"),
         [](const App& a, const std::string&) -> std::string { return a.keys_help_ ? "help=0" : "help=1"; }},
        {kEscape, later::tr("Esc"), later::tr("close this list, end the tour, then leave the presentation"),
         [](const App& a, const std::string&) -> std::string {
             if (a.keys_help_) return "help=0";
             if (a.tour_.on()) return "tour=0";
             return a.present_ ? "present=0" : "";
         }},
    };
    return table;
}

const App::Shortcut* App::shortcut_for(const std::string& key) {
    if (key.empty()) return nullptr;
    for (const Shortcut& s : shortcuts()) {
        std::istringstream names(s.keys);
        for (std::string n; std::getline(names, n, ' ');)
            if (n == key || (key == " " && s.keys[0] == ' ')) return &s;
    }
    return nullptr;
}

std::string App::press_key(const std::string& key) {
    const Shortcut* s = shortcut_for(key);
    if (!s) {
        std::string keys;
        for (const Shortcut& k : shortcuts()) keys += (keys.empty() ? "" : ", ") + std::string(core::tr(k.label));
        return core::trf("no key %s (keys: %s)", core::quote(key).c_str(), keys.c_str());
    }
    const std::string cmd = s->command(*this, key);
    return cmd.empty() ? "" : command(cmd);   // nothing to do now (← outside a tour) is not a refusal
}

// The canvas's keys, as ImGui reads them: named keys as presses, letters, digits and signs as typed
// characters (the same in the browser and the desktop backend, whatever the keyboard layout).
void App::handle_keys() {
    ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput) return;
    const struct {
        ImGuiKey key;
        const char* name;
        bool repeat;
    } named[] = {{ImGuiKey_Space, " ", false},
                 {ImGuiKey_RightArrow, kRight, !tour_.on()},   // held: steps; never skips tour steps
                 {ImGuiKey_LeftArrow, kLeft, false},
                 {ImGuiKey_Escape, kEscape, false}};
    for (const auto& n : named)
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(n.key), n.repeat)) press_key(n.name);
    for (ImWchar c : io.InputQueueCharacters)
        if (c > ' ' && c < 127) press_key(std::string(1, char(c)));
}

// The help overlay: every key and what it does, over the page, until ? or Esc (or a click) closes it.
void App::draw_keys_help() {
    if (!keys_help_) return;
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
        ImGui::TextWrapped("%s", core::tr("Tab moves between the page's controls; Enter or Space presses a button."));
    if (ImGui::Button(core::tr("Close"))) command("help=0");
    controls_.note("button:close-keys", "button", core::tr("Close"));
    ImGui::End();
}

}   // namespace app
