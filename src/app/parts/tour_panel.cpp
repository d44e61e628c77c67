// The tour's panel (tour.hpp).
#include "app/parts/tour.hpp"
#include "app/plot/colors.hpp"
#include "app/plot/ink.hpp"
#include "app/plot/text_fit.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <algorithm>

namespace app {

// The tour's caption: step k/n, what to look at, the paper's claim, and Back / Next. A step with a question
// shows the question and its answers instead until the step has run, then the caption, the run's answer and the
// claim (tour_question.cpp).
void Tour::draw_panel() {
    const core::Lab& lab = stage_.lab();
    std::vector<core::TourStep> steps = lab.tour();
    if (!on() || step_ >= int(steps.size())) return;
    const core::TourStep& s = steps[size_t(step_)];
    const bool asking = !s.question.prompt.empty() && !revealed(stage_.runner());
    const std::string prompt = core::tr(s.question.prompt), caption = core::tr(s.caption);
    show_caption(asking ? prompt : caption);
    const float fh = ImGui::GetFontSize();
    const ImGuiStyle& st = ImGui::GetStyle();
    float w = ImGui::GetContentRegionAvail().x;
    const std::string back = controls_.label("tour-back"), next = controls_.label("tour-next");
    // the second row's buttons: "I don't know" while the step asks, else another part's (a worksheet, my answers)
    const bool offer_dont_know = asking && answer_ == kNoAnswer;
    const std::string dont_know = offer_dont_know ? controls_.label("answer-none") : "";
    const float more = offer_dont_know ? ImGui::CalcTextSize(dont_know.c_str()).x + st.FramePadding.x * 2
        : more_width_                  ? more_width_()
                                       : 0;
    // (wider than 40 % of the panel, a phone's: under the text, at the right, so that the text keeps its width)
    const bool more_below = more > w * 0.4f;
    float nav = std::max(more_below ? 0 : more + st.ItemSpacing.x,
                         ImGui::CalcTextSize(back.c_str()).x + ImGui::CalcTextSize(next.c_str()).x +
                             st.FramePadding.x * 4 + st.ItemSpacing.x * 2);
    std::string head = core::trf("Tour %d/%d:", step_ + 1, int(steps.size())) + "  ";
    if (stage_.playing()) head += std::string(core::tr("(running...)")) + "  ";
    // Asking: the question (the answers go below it, keys A-D); after it, the caption and, for a question, the
    // reveal, whose explanation cites the paper, so it stands in for the step's claim.
    std::string text = head +
        (asking ? (answer_ == kNoAnswer
                       ? core::trf("Question (choose an answer below; the step then runs): %s", prompt.c_str())
                       : core::trf("Question (the step runs; then the run answers): %s", prompt.c_str()))
                : caption);
    std::string claim = asking      ? ""
        : s.question.prompt.empty() ? core::trf("Paper: %s", core::tr(s.claim).c_str())
                                    : reveal(stage_.runner(), stage_.config().seed);
    if (const std::string note = note_ ? note_() : ""; !note.empty()) claim = note;
    const float room = ImGui::GetContentRegionAvail().y * (asking ? 0.3f : 0.26f), tw = w - nav - fh;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 at = ImGui::GetCursorScreenPos();
    float sc = 1.0f;
    std::vector<std::string> l1, l2;
    for (; sc > 0.7f; sc -= 0.1f) {
        l1 = wrap_words(text, tw, fh * sc);
        l2 = claim.empty() ? std::vector<std::string>{} : wrap_words(claim, tw, fh * sc);
        const float answers = asking ? question_height(lab, w, fh * sc) + fh * 0.25f : 0;
        if ((l1.size() + l2.size()) * fh * sc * 1.15f + answers <= room) break;
    }
    float h = (l1.size() + l2.size()) * fh * sc * 1.15f + fh * 0.4f;
    const bool two_rows = more > 0 && !more_below;
    h = std::max(h, ImGui::GetFrameHeight() * (two_rows ? 2 : 1) + st.ItemSpacing.y * (two_rows ? 1 : 0) + fh * 0.4f);
    const float more_y = more_below ? at.y + h : at.y + fh * 0.2f + ImGui::GetFrameHeight() + st.ItemSpacing.y;
    if (more > 0 && more_below) h += ImGui::GetFrameHeight() + fh * 0.2f;
    dl->AddRectFilled(at, ImVec2(at.x + w, at.y + h), ink(colors().tour_bg), fh * 0.3f);
    float y = at.y + fh * 0.2f;
    for (const auto& t : l1) {
        add_text(dl, ImVec2(at.x + fh * 0.3f, y), ink(colors().text), t, fh * sc);
        y += fh * sc * 1.15f;
    }
    for (const auto& t : l2) {
        add_text(dl, ImVec2(at.x + fh * 0.3f, y), ink(colors().tour_claim), t, fh * sc);
        y += fh * sc * 1.15f;
    }
    ImGui::SetCursorScreenPos(ImVec2(at.x + w - nav + st.ItemSpacing.x, at.y + fh * 0.2f));
    controls_.draw_row({"tour-back", "tour-next"});
    if (more > 0) {
        ImGui::SetCursorScreenPos(ImVec2(at.x + w - more, more_y));
        if (!offer_dont_know) more_();
        else controls_.draw("answer-none");
    }
    ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + h + fh * 0.25f));
    if (asking) draw_question(w, fh * sc);
}

}   // namespace app
