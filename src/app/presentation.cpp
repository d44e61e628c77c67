// Lecture layouts: presentation (no sidebar; timeline, tour caption and one or two views large, a
// small line with the lab, seed and phase) and embed (one view, minimal chrome, for an iframe).
#include "app/app.hpp"
#include "app/colors.hpp"
#include "app/hover_help.hpp"
#include "app/ink.hpp"
#include "app/plot.hpp"
#include "app/text_fit.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <algorithm>

namespace app {

// Lab · seed · phase k/n: title · clock, shortened to `width`.
static std::string run_line(const core::Lab& lab, uint64_t seed, float width) {
    const int n = int(lab.phases().size()), ph = std::clamp(lab.phase(), 0, std::max(0, n - 1));
    const std::string title = core::tr(lab.info().title);
    const auto s_seed = (unsigned long long)seed;
    std::string s = n > 0 ? core::trf("%s  ·  seed %llu  ·  phase %d/%d: %s", title.c_str(), s_seed, ph + 1, n,
                                      core::tr(lab.phases()[size_t(ph)].title).c_str())
                          : core::trf("%s  ·  seed %llu", title.c_str(), s_seed);
    if (!lab.clock().empty()) s += "  ·  " + lab.clock();
    return fit_text(s, width);
}

void App::draw_presentation() {
    const float fh = ImGui::GetFontSize();
    const ImGuiStyle& st = ImGui::GetStyle();
    auto bw = [&](const char* t) { return ImGui::CalcTextSize(t).x + st.FramePadding.x * 2 + st.ItemSpacing.x; };
    bool has_tour = !lab_->tour().empty();
    const char* play = playing_ ? core::tr("Pause") : core::tr("Play");
    const char* tour = tour_.on() ? core::tr("End tour") : core::tr("Tour");
    const char* qr = qr_.on() ? core::tr("Hide code") : core::tr("QR code");
    const bool rewound = !rewind_.live();
    float buttons = (rewound ? bw(core::tr("Live")) : 0) + bw(play) + bw(core::tr("Step")) +
        bw(core::tr("Next phase")) + bw(core::tr("Next view")) + bw(record_.label()) + (has_tour ? bw(tour) : 0) +
        bw(core::tr("Exit")) + (host_.page_address.empty() ? 0 : bw(qr));
    float w = ImGui::GetContentRegionAvail().x;
    ImVec2 p = ImGui::GetCursorScreenPos();
    const bool own_row = w - buttons < fh * 12;   // narrow (a phone): the run's line above the buttons
    ImGui::AlignTextToFramePadding();
    const float line_w = own_row ? w : w - buttons - fh;
    if (rewound) ImGui::TextColored(ink4(colors().warning), "%s", fit_text(rewind_.line(), line_w).c_str());
    else ImGui::TextColored(ink4(colors().title), "%s", run_line(*lab_, config_.seed, line_w).c_str());
    if (own_row) p = ImGui::GetCursorScreenPos();
    ImGui::SetCursorScreenPos(ImVec2(own_row ? p.x : p.x + w - buttons + st.ItemSpacing.x, p.y));
    if (rewound) {   // back to the live run (key End)
        if (ImGui::Button(core::tr("Live"))) command("rewind=off");
        controls_.note("button:live", "button", core::tr("Live"));
        ImGui::SameLine();
    }
    bool done = finished();
    ImGui::BeginDisabled(done);
    if (ImGui::Button(play)) command(playing_ ? "pause" : "play");
    controls_.note("button:play", "button", play);
    ImGui::SameLine();
    if (ImGui::Button(core::tr("Step"))) command("step");
    controls_.note("button:step", "button", core::tr("Step"));
    ImGui::SameLine();
    if (ImGui::Button(core::tr("Next phase"))) command("next-phase");
    controls_.note("button:next-phase", "button", core::tr("Next phase"));
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(core::tr("Next view"))) command("next-view");
    controls_.note("button:next-view", "button", core::tr("Next view"));
    ImGui::SameLine();
    record_.draw_button();
    if (has_tour) {
        ImGui::SameLine();
        if (ImGui::Button(tour)) command(tour_.on() ? "tour=0" : "tour=1");
        controls_.note("button:tour", "button", tour);
    }
    if (!host_.page_address.empty()) {
        ImGui::SameLine();
        if (ImGui::Button(qr)) command(qr_.on() ? "qr=0" : "qr=1");
        controls_.note("button:qr", "button",
                       qr_.on() ? core::tr("Hide the QR code") : core::tr("QR code of this run's link"));
        hover_help(core::tr("A QR code of this run's link beside the views, for the class's phones (key Q)"));
    }
    ImGui::SameLine();
    if (ImGui::Button(core::tr("Exit"))) command("present=0");
    controls_.note("button:exit", "button", core::tr("Exit"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s",
                          core::tr("Leave the presentation (key P). Keys: space play, right arrow step, N next "
                                   "phase, V / 1-9 views, T tour"));
    draw_messages();
    draw_timeline();
    compare_.draw_strip();
    if (tour_.on()) draw_tour_panel();
    else draw_look_for(true);
    std::vector<int> large = shown_views();
    if (large.empty() && !views_.empty()) large.push_back(0);
    ImVec2 avail = ImGui::GetContentRegionAvail();
    if (qr_.on()) {   // the code on the right, as tall as the views' room allows, beside one view (never squeezed)
        if (large.size() > 1) large.resize(1);
        const float side = std::min(avail.y - fh * 0.2f, avail.x * 0.42f);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::SetCursorScreenPos(ImVec2(at.x + avail.x - side, at.y));
        qr_.draw(ImVec2(side, avail.y - fh * 0.2f));
        ImGui::SetCursorScreenPos(at);
        avail.x -= side + fh * 0.5f;
    }
    if (!large.empty()) draw_large_views(large, ImVec2(avail.x, avail.y - fh * 0.2f));
}

void App::draw_embed() {
    if (views_.empty()) return;
    const float fh = ImGui::GetFontSize();
    int k = focused_view_ >= 0 && focused_view_ < int(views_.size()) ? focused_view_ : 0;
    const ImGuiStyle& st = ImGui::GetStyle();
    const char* play = playing_ ? core::tr("Pause") : finished() ? core::tr("Done") : core::tr("Play");
    float bw = ImGui::CalcTextSize(play).x + st.FramePadding.x * 2;
    ImVec2 p = ImGui::GetCursorScreenPos();
    float w = ImGui::GetContentRegionAvail().x;
    draw_view_title(views_[size_t(k)], k, w - bw - st.ItemSpacing.x, false);
    ImVec2 after = ImGui::GetCursorScreenPos();
    ImGui::SetCursorScreenPos(ImVec2(p.x + w - bw, p.y));
    ImGui::BeginDisabled(finished());
    if (ImGui::SmallButton(play)) command(playing_ ? "pause" : "play");
    controls_.note("button:play", "button", play);
    ImGui::EndDisabled();
    ImGui::SetCursorScreenPos(after);
    reports_.emplace_back();
    ImVec2 avail = ImGui::GetContentRegionAvail();
    show_view(k, ImVec2(avail.x, avail.y - fh * 0.2f), false, &reports_.back());
}

// The tour's caption: step k/n, what to look at, the paper's claim, and Back / Next. A step with a question
// shows the question and its answers instead until the step has run, then the caption, the run's answer and the
// claim (tour_question.cpp).
void App::draw_tour_panel() {
    std::vector<core::TourStep> steps = lab_->tour();
    if (!tour_.on() || tour_.step() >= int(steps.size())) return;
    const core::TourStep& s = steps[size_t(tour_.step())];
    const bool asking = !s.question.prompt.empty() && !tour_.revealed(*lab_);
    const std::string prompt = core::tr(s.question.prompt), caption = core::tr(s.caption);
    tour_.show_caption(asking ? prompt : caption);
    const float fh = ImGui::GetFontSize();
    const ImGuiStyle& st = ImGui::GetStyle();
    float w = ImGui::GetContentRegionAvail().x;
    const char* back = core::tr("< Back");
    const char* next = core::tr("Next >");
    float nav =
        ImGui::CalcTextSize(back).x + ImGui::CalcTextSize(next).x + st.FramePadding.x * 4 + st.ItemSpacing.x * 2;
    std::string head = core::trf("Tour %d/%d:", tour_.step() + 1, int(steps.size())) + "  ";
    if (playing_) head += std::string(core::tr("(running...)")) + "  ";
    // Asking: the question (the answers go below it, keys A-D); after it, the caption and, for a question, the
    // reveal, whose explanation cites the paper, so it stands in for the step's claim.
    std::string text = head +
        (asking
             ? (tour_.answer() < 0 ? core::trf("Question (keys A-D or a tap; the step then runs): %s", prompt.c_str())
                                   : core::trf("Question (the step runs; then the run answers): %s", prompt.c_str()))
             : caption);
    std::string claim = asking      ? ""
        : s.question.prompt.empty() ? core::trf("Paper: %s", core::tr(s.claim).c_str())
                                    : tour_.reveal(*lab_, config_.seed);
    const float room = ImGui::GetContentRegionAvail().y * (asking ? 0.3f : 0.26f), tw = w - nav - fh;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 at = ImGui::GetCursorScreenPos();
    float sc = 1.0f;
    std::vector<std::string> l1, l2;
    for (; sc > 0.7f; sc -= 0.1f) {
        l1 = wrap_words(text, tw, fh * sc);
        l2 = claim.empty() ? std::vector<std::string>{} : wrap_words(claim, tw, fh * sc);
        const float answers = asking ? tour_.question_height(*lab_, w, fh * sc) + fh * 0.25f : 0;
        if ((l1.size() + l2.size()) * fh * sc * 1.15f + answers <= room) break;
    }
    float h = (l1.size() + l2.size()) * fh * sc * 1.15f + fh * 0.4f;
    h = std::max(h, ImGui::GetFrameHeight() + fh * 0.4f);
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
    ImGui::BeginDisabled(tour_.step() == 0);
    if (ImGui::Button(back)) command("tour=back");
    controls_.note("button:tour-back", "button", core::tr("Back"));
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(tour_.step() + 1 >= int(steps.size()));
    if (ImGui::Button(next)) command("tour=next");
    controls_.note("button:tour-next", "button", core::tr("Next"));
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", core::tr("Keys: right and left arrows; Escape ends the tour"));
    ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + h + fh * 0.25f));
    if (asking) draw_question(w, fh * sc);
}

}   // namespace app
