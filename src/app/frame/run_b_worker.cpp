// Compare mode's run B in a Web Worker of its own, so that A and B use two cores. The worker runs B
// from its link query and the class's text (a text typed later follows: text_b), paced by A (session/paced_run.hpp: neither gets more than kLockstepWindow ahead), and sends
// snapshots of B (session/run_snapshot.hpp), which the page shows exactly as it shows a B run here. The page keeps
// its own B at its start: if the worker fails, B runs here from there and catches up with A in lockstep.
// Without workers (workers=0, the desktop app, a failed pool) B runs here, in lockstep with A.
#include "app/parts/compare.hpp"
#include "session/compare.hpp"
#include "session/paced_run.hpp"
#include "core/words.hpp"

namespace app {

void Compare::drop() {
    runner_.reset();
    if (remote_ && host_.workers) host_.workers->close_b();
    remote_ = false;
    b_ = session::RunSnapshot{};
}

bool Compare::finished() const {
    if (!runner_) return false;
    return remote_ ? b_.finished() : session::finished(*runner_);
}

bool Compare::catching_up(const core::Runner& a, bool playing) const {
    return remote_ && !b_.finished() && !playing && b_.progress < a.progress();
}

// Once a frame, after training: B's state as the frame shows it, and the pace of B's worker.
void Compare::sync(const core::Runner& a, bool playing) {
    if (!runner_) return;
    if (!remote_) {
        b_ = session::snapshot_of(*runner_,
                                  false);   // (every frame: the trace stays in the runner, csv-b reads it there)
        return;
    }
    const double limit = session::pace_limit(a, playing);
    if (limit == limit_sent_) return;
    host_.workers->pace_b(run_, limit);
    limit_sent_ = limit;
}

void Compare::snapshot(int run, const std::string& bytes) {
    if (!remote_ || run != run_) return;   // an earlier B's
    session::RunSnapshot s;
    std::string why = session::decode_snapshot(bytes, s);
    if (!why.empty()) return failed(why);
    b_ = std::move(s);
}

void Compare::read_text(const std::string& text) {
    if (!runner_) return;
    runner_->read_text(text);   // (while B runs in its worker: the fallback at its start reads it too)
    if (remote_) host_.workers->text_b(run_, text);
    else b_ = session::snapshot_of(*runner_, false);
}

void Compare::failed(const std::string& why) {
    if (!remote_) return;
    remote_ = false;
    host_.workers->close_b();
    stage_.say(
        core::trf("run B's worker stopped (%s): B runs on the page from its start and catches up with A", why.c_str()));
    b_ = session::snapshot_of(*runner_, false);
}

}   // namespace app
