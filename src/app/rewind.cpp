// Rewind: the page keeps the views it showed at moments along the run (core/rewind.hpp) and shows any of
// them again: every view as it was, line plots with their whole curve and a cursor at the moment. In compare mode
// the merged A/B views are kept, so A and B rewind together. Play or Step goes back to the live run. While the run
// is paused the timeline is the scrubber (press or drag along it); keys [ and ] move between moments, End returns
// to live; the header says which moment is shown; the link key rewind=F (the run's progress, 0 to 1) opens the run
// played to its end at that moment.
#include "app/app.hpp"
#include "app/colors.hpp"
#include "app/hover_help.hpp"
#include "app/ink.hpp"
#include "app/text_fit.hpp"
#include "core/json_text.hpp"
#include "core/parse.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace app {

// After the frame's live views are built: keep a moment when one is due or the run has just stopped, open a link's
// rewind once its run has ended, and show the moment that is rewound to.
void App::remember_moment() {
    // paused at a moment not kept yet (a pause, a step, a tour step, the end): the moments a lecturer returns to.
    // In compare mode with B in its worker, once B has caught up with A, so that a paused moment holds A and B at
    // the same progress (a moment kept while playing holds B as shown, within the lockstep window).
    const bool stopped = !playing_ && !b_catching_up() && history_.size() > 0 &&
        lab_->progress() != history_.moment(history_.size() - 1).progress;
    if (keep_history_ && rewind_ < 0 && (history_.due(lab_->progress()) || stopped))
        history_.record(
            {lab_->progress(), lab_->phase(), lab_->done(), lab_->clock(), lab_->trace().rows.size(), stopped, {}},
            views_);
    if (pending_rewind_ >= 0 && !finished() && !playing_ && !b_catching_up() && target_progress_ < 0 &&
        lab_->progress() >= pending_rewind_)
        playing_ = true;   // a link's moment is kept (the run stopped there): on to the end
    if (pending_rewind_ >= 0 && finished()) {
        const std::string why = cmd_rewind(core::format_number(pending_rewind_));
        if (!why.empty()) add_message("rewind=" + core::format_number(pending_rewind_) + ": " + why);
        pending_rewind_ = -1;
    }
    if (rewind_ < 0) return;
    const core::Moment& m = history_.moment(size_t(rewind_));
    views_ = core::rewound_views(rewind_views_, views_, "moment (" + m.clock + ")");
}

int App::shown_phase() const { return rewind_ >= 0 ? history_.moment(size_t(rewind_)).phase : lab_->phase(); }

bool App::shown_done() const { return rewind_ >= 0 ? history_.moment(size_t(rewind_)).done : lab_->done(); }

void App::leave_rewind() {
    if (rewind_ < 0) return;
    rewind_ = -1;
    rewind_views_.clear();
    sync_url();
}

std::string App::cmd_rewind(const std::string& arg) {
    if (arg == "off") {
        leave_rewind();
        return "";
    }
    if (history_.size() < 2)
        return keep_history_ ? "nothing to rewind yet: play first" : "history=0: this page keeps no moments";
    const int last = int(history_.size()) - 1;
    int k = -1;
    if (arg == "back" || arg == "forward") {
        const int from = rewind_ >= 0 ? rewind_ : playing_ ? last + 1 : last;   // paused: the last moment is now
        k = from + (arg == "back" ? -1 : 1);
        if (k > last) {
            leave_rewind();
            return "";
        }
        if (k < 0) return "this is the run's first moment";
    } else {
        double f = 0;
        std::string why = core::parse_number(arg, f);
        if (!why.empty() || !(f >= 0 && f <= 1))
            return "rewind=" + core::quote(arg) + ": give the run's progress from 0 to 1, back, forward or off";
        k = history_.at(f);
    }
    playing_ = false;
    target_phase_ = -1;
    target_progress_ = -1;
    if (k != rewind_) rewind_views_ = history_.views(size_t(k));
    rewind_ = k;
    sync_url();
    return "";
}

std::string App::cmd_history(bool on) {
    keep_history_ = on;
    if (!on) {
        leave_rewind();
        history_.clear();
    }
    sync_url();
    return "";
}

// The timeline is the scrubber: while the run is paused, pressing or dragging along the phase boxes shows the moment
// at that place: in the box of its phase, spread evenly over the moments kept in that phase.
std::vector<int> App::moments_in_phase(int phase) const {
    std::vector<int> in;
    for (size_t j = 0; j < history_.size(); ++j)
        if (history_.moment(j).phase == phase) in.push_back(int(j));
    return in;
}

void App::scrub_timeline(float x0, float box_w, float gap, int phases) {
    if (history_.size() < 2 || playing_) return;
    const float mx = ImGui::GetIO().MousePos.x;
    const int k = std::clamp(int((mx - x0) / (box_w + gap)), 0, phases - 1);
    const float f = std::clamp((mx - (x0 + float(k) * (box_w + gap))) / box_w, 0.0f, 1.0f);
    std::vector<int> in = moments_in_phase(k);
    for (int p = k - 1; in.empty() && p >= 0; --p)
        in = moments_in_phase(p);   // a phase without moments: the last before
    if (in.empty()) in = {0};
    const int j = in[size_t(std::lround(f * float(in.size() - 1)))];
    const int last = int(history_.size()) - 1;
    if (j == (rewind_ >= 0 ? rewind_ : last)) return;
    command(j == last && !lab_->done() ? "rewind=off"
                                       : "rewind=" + core::format_number(history_.moment(size_t(j)).progress));
}

// Where the moment shown sits on the timeline: a line across its phase's box.
void App::draw_moment_marker(float x0, float y0, float box_w, float gap, float h) {
    if (rewind_ < 0) return;
    const core::Moment& m = history_.moment(size_t(rewind_));
    const std::vector<int> in = moments_in_phase(m.phase);
    const auto at = std::find(in.begin(), in.end(), rewind_);
    const float f = in.size() < 2 ? 0.5f : float(at - in.begin()) / float(in.size() - 1);
    const float x = x0 + float(m.phase) * (box_w + gap) + f * box_w, fh = ImGui::GetFontSize();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(ImVec2(x - fh * 0.12f, y0 - fh * 0.1f), ImVec2(x + fh * 0.12f, y0 + h + fh * 0.1f),
                      ink(colors().text));
}

// The header's second half while rewound: which moment is shown, and the way back to live.
std::string App::rewind_line() const {
    const core::Moment& m = history_.moment(size_t(rewind_));
    char pct[16];
    std::snprintf(pct, sizeof pct, "%.0f %%", m.progress * 100);
    return std::string("Rewound to ") + pct + ", " + m.clock;
}

void App::draw_rewind_status() {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float live = ImGui::CalcTextSize("Live").x + st.FramePadding.x * 2 + st.ItemSpacing.x;
    ImGui::TextColored(
        ink4(colors().warning), "%s",
        fit_text(rewind_line(), ImGui::GetContentRegionAvail().x - live).c_str());   // Live stays in sight
    ImGui::SameLine();
    if (ImGui::SmallButton("Live")) command("rewind=off");
    note_control("button:live", "button", "Live");
    hover_help("Back to the live run (End). While paused, drag along the timeline to rewind; [ and ] step. "
               "Link: rewind=F.");
}

std::string App::rewind_state_json() const {
    std::string s = ",\"rewind\":{\"moments\":" + std::to_string(history_.size());
    s += ",\"bytes\":" + std::to_string(history_.bytes()) + ",\"budget\":" + std::to_string(history_.budget());
    s += ",\"history\":" + core::json_bool(keep_history_);
    if (rewind_ < 0) return s + ",\"shown\":null}";
    const core::Moment& m = history_.moment(size_t(rewind_));
    return s + ",\"shown\":" + core::format_number(m.progress) + ",\"clock\":" + core::json_string(m.clock) + "}";
}

}   // namespace app
