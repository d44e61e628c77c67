// A student's answers, kept on the device (my_answers.hpp).
#include "app/parts/my_answers.hpp"
#include "app/plot/text_fit.hpp"
#include "core/words.hpp"
#include "session/answer_line.hpp"
#include "session/json_text.hpp"
#include <imgui.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace app {

static const char* kStore = "answers";   // its name in the device's store
static const char* kName = "name";       // the student's name in it
constexpr int kNameMost = 60;            // characters

MyAnswers::MyAnswers(Stage& stage, const Host& host, ControlMap& controls, const Exercise& exercise)
    : stage_(stage), host_(host), controls_(controls), exercise_(exercise) {
    if (host_.load_kept && !core::parse_word_table(host_.load_kept(kStore), kept_).empty())
        kept_.clear();   // a store damaged elsewhere: begun again
}

std::vector<PageKey> MyAnswers::keys() {
    std::vector<PageKey> keys;
    auto shown = [this] {
        ControlNow n;
        n.shown = count() > 0;
        return n;
    };
    {
        PageKey& k = declare(keys,
                             {"my-answers", session::ArgKind::Whole, 0, 1, "0|1",
                              core::later::tr("show my answers to this lab's tour questions, kept on this device")},
                             [this](const session::CommandArg& v) {
                                 if (v.whole && count() == 0)
                                     return std::string(core::tr("no answers are kept for this lab yet"));
                                 shown_ = v.whole != 0;
                                 return std::string();
                             });
        PageControl& c = k.control(Control::Toggle, core::later::tr("My answers"), "tour");
        c.now = [this] {   // (pressed, its name is the summary: a screen reader reads it)
            ControlNow n = toggled("my-answers", shown_ && count() > 0, core::later::tr("My answers"),
                                   core::later::tr("Hide my answers"));
            if (n.pressed) n.label = core::trf("Hide my answers: %s", one_line().c_str());
            n.short_label = n.pressed ? core::tr("Hide my answers") : core::tr("My answers");
            n.shown = count() > 0;
            return n;
        };
        k.state_name = "my_answers";
        k.state = [this] {
            return "{\"count\":" + std::to_string(count()) + ",\"shown\":" + session::json_bool(shown_) +
                ",\"name\":" + session::json_string(name()) + ",\"summary\":" + session::json_string(summary()) +
                ",\"line\":" + session::json_string(line()) + "}";
        };
    }
    {
        PageKey& k = declare(keys,
                             {"copy-answers", session::ArgKind::None, 0, 0, "",
                              core::later::tr("copy my answers to this lab's tour questions")},
                             [this](const session::CommandArg&) {
                                 if (count() == 0) return std::string(core::tr("no answers are kept for this lab yet"));
                                 if (!host_.copy_plain) return std::string(core::tr("there is no clipboard here"));
                                 host_.copy_plain(line());
                                 stage_.say(core::tr("My answers are copied."));
                                 return std::string();
                             });
        k.control(Control::Button, core::later::tr("Copy my answers"), "tour").now = shown;
        k.controls.back().short_label = core::later::tr("Copy");
    }
    {
        PageKey& k = declare(keys,
                             {"name", session::ArgKind::Text, 0, 0, "TEXT",
                              core::later::tr("your name, kept on this device with your answers and copied with them")},
                             [this](const session::CommandArg& v) { return set_name(v.text); });
        PageControl& c = k.control(Control::Text, core::later::tr("Your name"), "tour", "input:name");
        c.help = core::later::tr("Kept on this device with your answers and copied with them, so that your lecturer "
                                 "can tell the answers apart.");
        c.now = [this] {   // (on an exercise page: where answers are kept)
            ControlNow n;
            n.shown = exercise_.active();
            n.value = name();
            return n;
        };
        k.state_name = "my_name";
        k.state = [this] { return session::json_string(name()); };
    }
    return keys;
}

std::string MyAnswers::name() const {
    auto at = std::find_if(kept_.begin(), kept_.end(), [](const auto& e) { return e.first == kName; });
    return at == kept_.end() ? "" : at->second;
}

// The name as typed, line breaks as spaces, the spaces around it dropped ("": the name forgotten).
std::string MyAnswers::set_name(const std::string& text) {
    if (!exercise_.active()) return core::tr("a name is kept only on an exercise page (a worksheet's code)");
    std::string s = text;
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
    s = a == std::string::npos ? "" : s.substr(a, b - a + 1);
    int chars = 0;   // UTF-8 characters: the bytes that do not continue one
    for (const char c : s) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (chars > kNameMost) return core::trf("a name of at most %d characters, please", kNameMost);
    kept_.erase(std::remove_if(kept_.begin(), kept_.end(), [](const auto& e) { return e.first == kName; }),
                kept_.end());
    if (!s.empty()) kept_.emplace_back(kName, s);
    save();
    return "";
}

std::string MyAnswers::line() const {
    session::AnswerLine a;
    a.lab = stage_.config().lab;
    a.seed = stage_.config().seed;
    a.name = name();
    const std::string prefix = a.lab + "/";
    for (const auto& [name, letter] : kept_)
        if (name.rfind(prefix, 0) == 0 && letter.size() == 1)
            a.answers.emplace_back(std::atoi(name.c_str() + prefix.size()), letter[0]);
    std::sort(a.answers.begin(), a.answers.end());
    return session::answer_line(a);
}

std::string MyAnswers::one_line() const {
    std::string s = summary();
    for (size_t at = s.find('\n'); at != std::string::npos; at = s.find('\n', at)) s.replace(at, 1, "  ·  ");
    return s;
}

std::string MyAnswers::shown_text() const { return shown_ && count() > 0 ? one_line() : ""; }

void MyAnswers::keep(int step, int answer) {
    const std::string name = stage_.config().lab + "/" + std::to_string(step + 1);
    const std::string letter = answer < 0 ? "?" : std::string(1, char('a' + answer));   // ("?": I don't know)
    auto at = std::find_if(kept_.begin(), kept_.end(), [&](const auto& e) { return e.first == name; });
    if (at != kept_.end()) at->second = letter;
    else kept_.emplace_back(name, letter);
    save();
}

void MyAnswers::save() const {
    if (!host_.save_kept) return;
    std::string json = "{";
    for (const auto& [name, letter] : kept_)
        json += (json.size() > 1 ? "," : "") + session::json_string(name) + ":" + session::json_string(letter);
    host_.save_kept(kStore, json + "}");
}

int MyAnswers::count() const {
    const std::string prefix = stage_.config().lab + "/";
    return int(std::count_if(kept_.begin(), kept_.end(), [&](const auto& e) { return e.first.rfind(prefix, 0) == 0; }));
}

std::string MyAnswers::summary() const {
    const std::vector<core::TourStep> steps = stage_.lab().tour();
    const std::string prefix = stage_.config().lab + "/";
    std::vector<std::pair<int, std::string>> mine;   // by step
    for (const auto& [name, letter] : kept_)
        if (name.rfind(prefix, 0) == 0) mine.emplace_back(std::atoi(name.c_str() + prefix.size()), letter);
    std::sort(mine.begin(), mine.end());
    // each line whole: the lab, the seed, the step, its question and the answer (two labs' answers told apart)
    const std::string lab = core::tr(stage_.lab().info().title);
    const unsigned long long seed = stage_.config().seed;
    std::string s = mine.empty() || name().empty() ? "" : core::trf("Name: %s", name().c_str());
    for (const auto& [step, letter] : mine) {
        if (step < 1 || step > int(steps.size()) || letter.size() != 1) continue;
        const core::TourQuestion& q = steps[size_t(step - 1)].question;
        const size_t a = size_t(letter[0] - 'a');
        if (letter != "?" && a >= q.answers.size()) continue;
        const std::string line = letter == "?"
            ? core::trf("%s, seed %llu, step %d: %s I don't know.", lab.c_str(), seed, step, core::tr(q.prompt).c_str())
            : core::trf("%s, seed %llu, step %d: %s (%s) %s", lab.c_str(), seed, step, core::tr(q.prompt).c_str(),
                        letter.c_str(), core::tr(q.answers[a].text).c_str());
        s += (s.empty() ? "" : "\n") + line;
    }
    return s;
}

std::string MyAnswers::name_label() const {
    if (name().empty()) return core::tr("Your name...");
    const float label = ImGui::CalcTextSize(core::trf("Name: %s", "").c_str()).x;
    return core::trf("Name: %s", fit_text(name(), std::max(name_room_ - label, ImGui::GetFontSize() * 2)).c_str());
}

float MyAnswers::buttons_width() const {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float others = count() == 0 ? 0
                                      : ImGui::CalcTextSize(controls_.label("my-answers").c_str()).x +
            ImGui::CalcTextSize(controls_.label("copy-answers").c_str()).x + st.FramePadding.x * 4 +
            st.ItemSpacing.x * 2;
    // the name's text in what the panel leaves (a phone's: the row across it)
    name_room_ = std::max(ImGui::GetFontSize() * 4, ImGui::GetContentRegionAvail().x - others - st.FramePadding.x * 2);
    return ImGui::CalcTextSize(name_label().c_str()).x + st.FramePadding.x * 2 + others;
}

// The name: a button that hands the typing to the platform's field (the page's HTML document), or, on the desktop,
// a field on the canvas while it is typed in.
void MyAnswers::draw_name() {
    const std::string label = name_label();
    const float w = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
    if (editing_) {
        ImGui::SetNextItemWidth(w);
        if (ImGui::IsWindowAppearing() || !ImGui::IsAnyItemActive()) ImGui::SetKeyboardFocusHere();
        const bool entered = ImGui::InputText("##name", typed_, sizeof typed_, ImGuiInputTextFlags_EnterReturnsTrue);
        if (entered || ImGui::IsItemDeactivated()) {
            editing_ = false;
            stage_.command("name=" + std::string(typed_));
        }
    } else if (ImGui::Button((label + "###name").c_str())) {   // (the text field's stand-in: it sends no command)
        if (host_.edit_text) host_.edit_text("input:name");
        else {
            editing_ = true;
            std::snprintf(typed_, sizeof typed_, "%s", name().c_str());
        }
    }
    controls_.note("input:name", "textbox", core::tr("Your name"), name());
}

void MyAnswers::draw_buttons() {
    draw_name();
    if (count() == 0) return;
    ImGui::SameLine();
    controls_.draw_row({"my-answers", "copy-answers"});
}

}   // namespace app
