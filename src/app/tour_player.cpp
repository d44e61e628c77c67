// Plays a lab's guided tour (core/tour.hpp): each step configures the run (preset, parameters),
// trains to its target at the page's speed, and shows one or two views large with its caption. A step that asks
// a question waits for the answer (tour_question.cpp) before it runs.
#include "app/app.hpp"
#include <algorithm>

namespace app {

void App::focus_views(const std::vector<std::string>& ids) {
    std::vector<core::View> vs;
    lab_->views(vs);
    std::vector<int> idx;
    for (const std::string& id : ids)
        for (size_t k = 0; k < vs.size(); ++k)
            if (vs[k].id == id) idx.push_back(int(k));
    focused_view_ = idx.empty() ? -1 : idx[0];
    focused_view2_ = idx.size() > 1 ? idx[1] : -1;
}

void App::tour_go(int k) {
    std::vector<core::TourStep> steps = lab_->tour();
    if (steps.empty()) {
        tour_.end();
        return;
    }
    k = std::clamp(k, 0, int(steps.size()) - 1);
    const core::TourStep& s = steps[size_t(k)];
    core::RunConfig c = core::tour_config(*lab_, config_, steps, k);
    using U = core::TourStep::Until;
    bool past = (s.until == U::Phase && lab_->phase() > s.phase) ||
        (s.until == U::Progress && lab_->progress() > s.progress + 1e-9);
    if (c.preset != config_.preset || !(c.params == config_.params)) open(c);   // a new configuration restarts the run
    else if (past) reset_run();                                                 // going back: run again to the step
    tour_.go(k);                                                                // (its question not answered yet)
    target_phase_ = -1;
    target_progress_ = -1;
    playing_ = false;
    bool can_run = !finished();
    if (s.until == U::Phase && lab_->phase() < s.phase && can_run) {
        target_phase_ = s.phase;
        playing_ = true;
    }
    if (s.until == U::Progress && lab_->progress() < s.progress && can_run) {
        target_progress_ = s.progress;
        playing_ = true;
    }
    if (s.until == U::End && can_run) playing_ = true;
    if (!s.question.prompt.empty()) playing_ = false;   // the class answers first; the answer (or Play) runs it
    focus_views(s.views);
    sync_url();
}

void App::tour_end() {
    tour_.end();
    target_phase_ = -1;
    target_progress_ = -1;
    sync_url();
}

}   // namespace app
