// Rewind (issue 23): the page keeps the views it showed at moments along the run (core/rewind.hpp) and shows any of
// them again: every view as it was, line plots with their whole curve and a cursor at the moment. In compare mode
// the merged A/B views are kept, so A and B rewind together. Play or Step goes back to the live run. The scrubber
// sits under the timeline when the run is paused; keys [ and ] move between moments, End returns to live; the
// link key rewind=F (the run's progress, 0 to 1) opens the run played to its end at that moment.
#include "app/app.hpp"
#include "app/hover_help.hpp"
#include "core/json_text.hpp"
#include "core/parse.hpp"
#include <imgui.h>
#include <cstdio>

namespace app {

// After the frame's live views are built: keep a moment when one is due or the run has just stopped, open a link's
// rewind once its run has ended, and show the moment that is rewound to.
void App::remember_moment() {
    // paused at a moment not kept yet (a pause, a step, a tour step, the end): the moments a lecturer returns to
    const bool stopped =
        !playing_ && history_.size() > 0 && lab_->progress() != history_.moment(history_.size() - 1).progress;
    if (keep_history_ && rewind_ < 0 && (history_.due(lab_->progress()) || stopped))
        history_.record({lab_->progress(), lab_->phase(), lab_->done(), lab_->clock(), lab_->trace().rows.size(), stopped, {}},
                        views_);
    if (pending_rewind_ >= 0 && !finished() && !playing_ && target_progress_ < 0 && lab_->progress() >= pending_rewind_)
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

// Under the timeline while paused (or rewound): a slider over the kept moments and a Live button.
void App::draw_scrubber() {
    if (history_.size() < 2 || (playing_ && rewind_ < 0)) return;
    const int last = int(history_.size()) - 1;
    int k = rewind_ >= 0 ? rewind_ : last;
    const core::Moment& m = history_.moment(size_t(k));
    char pct[16];
    std::snprintf(pct, sizeof pct, "%.0f %%", m.progress * 100);
    std::string text;   // the slider's format: every % doubled
    for (char c : std::string(rewind_ >= 0 ? "Rewound to " : "Now: ") + pct + " · " + m.clock)
        text += c == '%' ? std::string("%%") : std::string(1, c);
    const float live_w = ImGui::CalcTextSize("Live").x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - live_w - ImGui::GetStyle().ItemSpacing.x);
    if (ImGui::SliderInt("##moment", &k, 0, last, text.c_str(), ImGuiSliderFlags_AlwaysClamp)) {
        if (k != last || rewind_ >= 0) cmd_rewind(core::format_number(history_.moment(size_t(k)).progress));
    }
    note_control("slider:rewind", "slider", "moment", core::format_number(m.progress));
    hover_help(
        "Drag to see the run as it was at an earlier moment; [ and ] step, End returns to live. Link: rewind=F.");
    ImGui::SameLine();
    ImGui::BeginDisabled(rewind_ < 0);
    if (ImGui::Button("Live")) command("rewind=off");
    ImGui::EndDisabled();
    note_control("button:live", "button", "Live");
}

std::string App::rewind_query() const {
    std::string q;
    if (!keep_history_) q += "&history=0";
    if (rewind_ >= 0) q += "&rewind=" + core::format_number(history_.moment(size_t(rewind_)).progress);
    return q;
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
