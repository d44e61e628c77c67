// Predict, then reveal: a tour step's question (core::TourQuestion). The tour stops at the step, shows the
// question and its answers (keys a–d, a tap, or answer=X) with "I don't know" (answer=none), runs the step when the
// class has answered (Play and the other run commands wait for the answer: held()), then reveals the answer the run's own metrics support, the class's answer, and why, with the paper's
// reference. The reveal reads the live metrics, so a question never claims what the run on screen contradicts.
#include "app/parts/tour.hpp"
#include "session/tour_steps.hpp"
#include "session/compare.hpp"
#include "session/json_text.hpp"
#include "core/words.hpp"
#include "app/plot/colors.hpp"
#include "app/plot/ink.hpp"
#include "app/plot/text_fit.hpp"
#include <imgui.h>
#include <algorithm>
#include <cstdio>

namespace app {

static std::string letter(int k) { return std::string(1, char('a' + k)); }

core::TourQuestion Tour::question(const core::Lab& lab) const {
    const std::vector<core::TourStep> steps = lab.tour();
    if (step_ < 0 || step_ >= int(steps.size())) return {};
    return steps[size_t(step_)].question;
}

bool Tour::revealed(const core::Runner& run) const {
    if (question(run.lab()).prompt.empty()) return false;
    return session::tour_step_reached(run.lab().tour()[size_t(step_)], run);
}

std::string Tour::choose(const std::string& arg, const core::Runner& run) {
    const core::TourQuestion q = question(run.lab());
    if (q.prompt.empty())
        return core::trf("answer=%s: no question is asked now (a tour step with a question asks one)", arg.c_str());
    const int n = int(q.answers.size());
    int k = kNoAnswer;
    if (arg.size() == 1 && arg[0] >= 'a' && arg[0] < 'a' + n) k = arg[0] - 'a';
    if (arg.size() == 1 && arg[0] >= '1' && arg[0] < '1' + n) k = arg[0] - '1';
    if (arg == "none") k = kDontKnow;
    if (k == kNoAnswer)
        return core::trf("answer=%s: give a letter from a to %s (or 1 to %d), or none for “I don't know”", arg.c_str(),
                         letter(n - 1).c_str(), n);
    if (revealed(run)) return core::tr("the run has already answered this question: go on with the next step");
    answer_ = k;
    return "";
}

std::string Tour::held(const core::Runner& run) const {
    if (question(run.lab()).prompt.empty() || answer_ != kNoAnswer || revealed(run)) return "";
    return personal() ? core::tr("Choose your answer first (or “I don't know”): the step runs when you choose.")
                      : core::tr("The question waits for the class's answer (a–d, or “I don't know”): the step runs "
                                 "when it is chosen.");
}

std::string Tour::take_answer(const std::string& arg) {
    if (std::string why = choose(arg, stage_.runner()); !why.empty()) return why;
    if (answered_) answered_(step_, answer_);
    if (!session::finished(stage_.runner())) stage_.play();   // the step's target is set (go): run to it
    stage_.write_url();
    return "";
}

std::string Tour::reveal(const core::Runner& run, uint64_t seed) const {
    const core::TourQuestion q = question(run.lab());
    if (q.prompt.empty() || !revealed(run)) return "";
    const std::vector<core::Metric> ms = run.metrics();
    const int k = core::supported_answer(q, ms);
    std::string values;
    for (const core::TourAnswer& a : q.answers)
        for (const core::Metric& m : ms)
            if (!a.metric.empty() && m.key == a.metric && values.find(core::tr(m.label)) == std::string::npos) {
                char v[64];
                std::snprintf(v, sizeof v, m.format.c_str(), m.value);
                values += (values.empty() ? "" : ", ") + core::tr(m.label) + " = " + core::local_number(v);
            }
    if (k < 0) return core::trf("This run cannot decide it: a metric it needs is missing (%s).", values.c_str());
    std::string s = core::trf("The run answers (%s) %s This run: %s.", letter(k).c_str(),
                              core::tr(q.answers[size_t(k)].text).c_str(), values.c_str());
    if (answer_ >= 0 && personal())
        s = core::then(s,
                       answer_ == k ? core::trf("You said (%s) too.", letter(answer_).c_str())
                                    : core::trf("You said (%s).", letter(answer_).c_str()));
    else if (answer_ >= 0)
        s = core::then(s,
                       answer_ == k ? core::trf("The class said (%s) too.", letter(answer_).c_str())
                                    : core::trf("The class said (%s).", letter(answer_).c_str()));
    if (k != q.key)
        s = core::then(s,
                       core::trf("The paper predicts (%s): this seed (%llu) differs.", letter(q.key).c_str(),
                                 (unsigned long long)seed));
    return core::then(s, core::tr(q.why));
}

std::string Tour::question_json(const core::Runner& run, uint64_t seed) const {
    const core::TourQuestion q = question(run.lab());
    if (q.prompt.empty()) return "null";
    std::vector<std::string> answers;
    for (const core::TourAnswer& a : q.answers) answers.push_back(core::tr(a.text));   // (as the page shows them)
    const bool shown = revealed(run);
    const int supported = shown ? core::supported_answer(q, run.metrics()) : -1;
    return "{\"prompt\":" + session::json_string(core::tr(q.prompt)) +
        ",\"answers\":" + session::json_strings(answers) + ",\"chosen\":" + std::to_string(answer_) +
        ",\"revealed\":" + (shown ? "true" : "false") + ",\"supported\":" + std::to_string(supported) +
        ",\"key\":" + std::to_string(shown ? q.key : -1) + ",\"reveal\":" + session::json_string(reveal(run, seed)) +
        "}";
}

std::string Tour::json(const core::Runner& run, uint64_t seed) const {
    const std::vector<core::TourStep> steps = run.lab().tour();
    static const char* until[] = {"now", "phase", "progress", "end"};
    std::string s = "{\"step\":" + std::to_string(step_ + 1) + ",\"shown_caption\":" + session::json_string(caption_) +
        ",\"steps\":[";
    for (size_t k = 0; k < steps.size(); ++k) {
        const core::TourStep& t = steps[k];
        s += std::string(k ? "," : "") + "{\"caption\":" + session::json_string(core::tr(t.caption)) +
            ",\"claim\":" + session::json_string(core::tr(t.claim)) + ",\"views\":" + session::json_strings(t.views) +
            ",\"until\":\"" + until[int(t.until)] + "\",\"phase\":" + std::to_string(t.phase) +
            ",\"progress\":" + session::json_number(t.progress) +
            ",\"question\":" + session::json_string(core::tr(t.question.prompt)) + "}";
    }
    return s + "],\"question\":" + question_json(run, seed) + "}";
}

// The answers as wrapped buttons in one row where they fit (two columns, else one, on a narrow screen), with
// their text at `size`: each answer's lines and the block's height, for the tour panel to fit them with the
// question.
struct AnswerLayout {
    int cols = 1;
    float col_w = 0, height = 0;
    std::vector<std::vector<std::string>> lines;
};

// The answers' labels; the chosen one marked as the class's, or as mine on a student's device. ("I don't know" is
// the tour panel's button, beside Back and Next.)
static std::vector<std::string> answer_labels(const core::TourQuestion& q, int chosen, bool personal) {
    std::vector<std::string> labels;
    for (size_t k = 0; k < q.answers.size(); ++k)
        labels.push_back(core::trf("(%s) %s", letter(int(k)).c_str(), core::tr(q.answers[k].text).c_str()));
    const int marked = chosen;
    if (marked >= 0)
        labels[size_t(marked)] +=
            "  " + std::string(personal ? core::tr("[my answer]") : core::tr("[the class's answer]"));
    return labels;
}

static AnswerLayout answer_layout(const core::TourQuestion& q, int chosen, bool personal, float width, float size) {
    const ImGuiStyle& st = ImGui::GetStyle();
    AnswerLayout L;
    const std::vector<std::string> labels = answer_labels(q, chosen, personal);
    const int n = int(labels.size());
    L.cols = width >= size * 12 * float(n) ? n : width >= size * 24 ? 2 : 1;
    L.col_w = (width - st.ItemSpacing.x * float(L.cols - 1)) / float(L.cols);
    float row_h = 0;
    for (int k = 0; k < n; ++k) {
        const std::string& label = labels[size_t(k)];
        L.lines.push_back(wrap_words(label, L.col_w - st.FramePadding.x * 2, size));
        const float h = float(L.lines.back().size()) * size * 1.15f + st.FramePadding.y * 2;
        if (k % L.cols == 0 && k > 0) L.height += row_h + st.ItemSpacing.y, row_h = 0;
        row_h = std::max(row_h, h);
    }
    L.height += row_h;
    return L;
}

float Tour::question_height(const core::Lab& lab, float width, float size) const {
    const core::TourQuestion q = question(lab);
    return q.prompt.empty()
        ? 0
        : answer_layout(q, answer_, personal(), width, size).height + ImGui::GetStyle().ItemSpacing.y;
}

// The class's answer is marked in words (not only by an outline).
void Tour::draw_question(float width, float size) {
    const core::TourQuestion question = this->question(stage_.lab());
    if (question.prompt.empty()) return;
    const ImGuiStyle& st = ImGui::GetStyle();
    const int answer = answer_;
    const AnswerLayout L = answer_layout(question, answer, personal(), width, size);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    float y = origin.y, row_h = 0;
    for (int k = 0; k < int(L.lines.size()); ++k) {
        const float h = float(L.lines[size_t(k)].size()) * size * 1.15f + st.FramePadding.y * 2;
        const int col = k % L.cols;
        if (col == 0 && k > 0) y += row_h + st.ItemSpacing.y, row_h = 0;
        row_h = std::max(row_h, h);
        const ImVec2 a(origin.x + float(col) * (L.col_w + st.ItemSpacing.x), y);
        ImGui::SetCursorScreenPos(a);
        ControlStyle cell;   // (drawn below: its words wrapped in the answers' grid)
        cell.size = ImVec2(L.col_w, h);
        cell.invisible = true;
        controls_.draw("answer-" + letter(k), cell);
        const bool hot = ImGui::IsItemHovered(), down = ImGui::IsItemActive();
        const bool chosen = k == answer;
        const ImGuiCol fill = chosen || down ? ImGuiCol_ButtonActive : hot ? ImGuiCol_ButtonHovered : ImGuiCol_Button;
        dl->AddRectFilled(a, ImVec2(a.x + L.col_w, a.y + h), ImGui::GetColorU32(fill), st.FrameRounding);
        if (chosen)
            dl->AddRect(a, ImVec2(a.x + L.col_w, a.y + h), ink(colors().text), st.FrameRounding, 0, size * 0.12f);
        float ty = a.y + st.FramePadding.y;
        for (const std::string& l : L.lines[size_t(k)]) {
            add_text(dl, ImVec2(a.x + st.FramePadding.x, ty), ImGui::GetColorU32(ImGuiCol_Text), l, size);
            ty += size * 1.15f;
        }
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x, y + row_h + st.ItemSpacing.y));
}

}   // namespace app
