// Compare mode's run B in a Web Worker of its own, so that A and B use two cores. The worker runs B
// from its link query, paced by A (core/paced_run.hpp: neither gets more than kLockstepWindow ahead), and sends
// snapshots of B (core/run_snapshot.hpp), which the page shows exactly as it shows a B run here. The page keeps
// its own B at its start: if the worker fails, B runs here from there and catches up with A in lockstep.
// Without workers (workers=0, the desktop app, a failed pool) B runs here, in lockstep with A.
#include "app/app.hpp"
#include "core/compare.hpp"
#include "core/paced_run.hpp"

namespace app {

void App::open_b_worker(const core::Params& b) {
    b_remote_ = workers_.available() && workers_.ready_count() > 0;
    if (!b_remote_) return;
    core::RunConfig c = config_;
    c.params = b;
    host_.workers->open_b(++b_run_, core::encode_query(c));
    b_limit_sent_ = -1;
}

void App::drop_b() {
    lab_b_.reset();
    if (b_remote_ && host_.workers) host_.workers->close_b();
    b_remote_ = false;
    b_ = core::RunSnapshot{};
}

bool App::b_finished() const {
    if (!lab_b_) return false;
    return b_remote_ ? b_.finished() : core::finished(*lab_b_);
}

bool App::b_catching_up() const { return b_remote_ && !b_.finished() && !playing_ && b_.progress < lab_->progress(); }

// Once a frame, after training: B's state as the frame shows it, and the pace of B's worker.
void App::sync_b() {
    if (!lab_b_) return;
    if (!b_remote_) {
        b_ = core::snapshot_of(*lab_b_, false);   // (every frame: the trace stays in the lab, csv-b reads it there)
        return;
    }
    const double limit = core::pace_limit(*lab_, playing_);
    if (limit == b_limit_sent_) return;
    host_.workers->pace_b(b_run_, limit);
    b_limit_sent_ = limit;
}

void App::run_b_snapshot(int run, const std::string& bytes) {
    if (!b_remote_ || run != b_run_) return;   // an earlier B's
    core::RunSnapshot s;
    std::string why = core::decode_snapshot(bytes, s);
    if (!why.empty()) return run_b_failed(why);
    b_ = std::move(s);
}

void App::run_b_failed(const std::string& why) {
    if (!b_remote_) return;
    b_remote_ = false;
    host_.workers->close_b();
    add_message("run B's worker stopped (" + why + "): B runs on the page from its start and catches up with A");
    b_ = core::snapshot_of(*lab_b_, false);
}

}   // namespace app
