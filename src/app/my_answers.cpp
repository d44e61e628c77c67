// A student's answers, kept on the device (my_answers.hpp).
#include "app/my_answers.hpp"
#include "core/words.hpp"
#include "session/answer_line.hpp"
#include "session/json_text.hpp"
#include <imgui.h>
#include <algorithm>
#include <cstdlib>

namespace app {

static const char* kStore = "answers";   // its name in the device's store

MyAnswers::MyAnswers(Stage& stage, const Host& host, ControlMap& controls)
    : stage_(stage), host_(host), controls_(controls) {
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
                             {"my-answers", core::ArgKind::Whole, 0, 1, "0|1",
                              core::later::tr("show my answers to this lab's tour questions, kept on this device")},
                             [this](const core::CommandArg& v) {
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
            n.shown = count() > 0;
            return n;
        };
        k.state_name = "my_answers";
        k.state = [this] {
            return "{\"count\":" + std::to_string(count()) + ",\"shown\":" + core::json_bool(shown_) +
                ",\"summary\":" + core::json_string(summary()) + ",\"line\":" + core::json_string(line()) + "}";
        };
    }
    {
        PageKey& k = declare(keys,
                             {"copy-answers", core::ArgKind::None, 0, 0, "",
                              core::later::tr("copy my answers to this lab's tour questions")},
                             [this](const core::CommandArg&) {
                                 if (count() == 0) return std::string(core::tr("no answers are kept for this lab yet"));
                                 if (!host_.copy_plain) return std::string(core::tr("there is no clipboard here"));
                                 host_.copy_plain(line());
                                 stage_.say(core::tr("My answers are copied."));
                                 return std::string();
                             });
        k.control(Control::Button, core::later::tr("Copy my answers"), "tour").now = shown;
    }
    return keys;
}

std::string MyAnswers::line() const {
    core::AnswerLine a;
    a.lab = stage_.config().lab;
    a.seed = stage_.config().seed;
    const std::string prefix = a.lab + "/";
    for (const auto& [name, letter] : kept_)
        if (name.rfind(prefix, 0) == 0 && letter.size() == 1)
            a.answers.emplace_back(std::atoi(name.c_str() + prefix.size()), letter[0]);
    std::sort(a.answers.begin(), a.answers.end());
    return core::answer_line(a);
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
        json += (json.size() > 1 ? "," : "") + core::json_string(name) + ":" + core::json_string(letter);
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
    std::string s;
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

float MyAnswers::buttons_width() const {
    if (count() == 0) return 0;
    const ImGuiStyle& st = ImGui::GetStyle();
    return ImGui::CalcTextSize(shown_ ? core::tr("Hide my answers") : core::tr("My answers")).x +
        ImGui::CalcTextSize(core::tr("Copy")).x + st.FramePadding.x * 4 + st.ItemSpacing.x * 2;
}

void MyAnswers::draw_buttons() {
    if (count() == 0) return;
    const bool on = shown_;
    if (ImGui::Button(on ? core::tr("Hide my answers") : core::tr("My answers")))
        stage_.command(on ? "my-answers=0" : "my-answers=1");
    controls_.note("button:my-answers", "button", core::tr("My answers"));
    ImGui::SameLine();
    if (ImGui::Button(core::tr("Copy"))) stage_.command("copy-answers");
    controls_.note("button:copy-answers", "button", core::tr("Copy my answers"));
}

}   // namespace app
