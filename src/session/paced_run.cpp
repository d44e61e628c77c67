#include "session/paced_run.hpp"
#include "session/compare.hpp"
#include "session/share_link.hpp"

namespace session {

double pace_limit(const core::Runner& a, bool playing) {
    if (finished(a)) return 2;   // past the end of any run: B runs to its end
    return a.progress() + (playing ? kLockstepWindow : 0);
}

bool may_step_ahead(const core::Runner& a, const RunSnapshot& b) {
    return !finished(a) && (b.finished() || a.progress() <= b.progress + kLockstepWindow);
}

std::string PacedRun::open(const std::string& query, const std::string& text) {
    std::string why;
    run_ = start_query(query, why);
    if (run_ && !text.empty()) run_->read_text(text);
    limit_ = 0;
    changed_ = run_ != nullptr;
    return why;
}

void PacedRun::read_text(const std::string& text) {
    if (!run_) return;
    run_->read_text(text);
    changed_ = true;
}

bool PacedRun::idle() const { return !run_ || finished(*run_) || run_->progress() >= limit_; }

void PacedRun::step() {
    if (idle()) return;
    run_->step();
    changed_ = true;
}

bool PacedRun::take_snapshot(std::string& bytes) {
    if (!changed_ || !run_) return false;
    bytes = encode_snapshot(snapshot_of(*run_));
    changed_ = false;
    return true;
}

}   // namespace session
