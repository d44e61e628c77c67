// Sweep repetitions in the page's Web Workers. Each new run is opened in every ready worker, which
// runs the same link to the same sweep and then only the repetitions it is handed (core/sweep_dispatch.hpp);
// their results land in the same slots as the page's own, so the numbers are the same with and without them.
// Workers join a run only from its start (a sweep's number in the run must mean the same sweep everywhere);
// they work while the run plays; one that fails hands everything back to the page, which restarts the run.
#include "app/app.hpp"
#include "core/json_text.hpp"
#include "core/parse.hpp"

namespace app {

namespace {
constexpr long long kMaxWorkers = 16;
}

std::string App::cmd_workers(const std::string& arg) {
    long long n = -1;
    if (arg != "auto") {
        std::string why = core::parse_whole(arg, 0, kMaxWorkers, n);
        if (!why.empty()) return "workers: " + why + ", or auto (one per spare core)";
    }
    if (!host_.workers) return "workers= is the page's: here a run's sweeps use this computer's threads";
    if (int(n) == workers_requested_ && workers_started_) return "";   // (after a failure they start again)
    start_workers(int(n));
    reset_run();   // a run the workers can follow from its start (the same numbers)
    return "";
}

void App::start_workers(int n) {
    workers_requested_ = n;
    workers_started_ = true;
    workers_ready_ = 0;
    run_b_failed("the page's workers restarted");   // (B's worker was one of them)
    workers_note_ = n == 0 ? "workers=0: every sweep runs on the page's main thread" : "starting";
    host_.workers->start(n);
}

void App::workers_ready(int ready, const std::string& why) {
    workers_ready_ = std::max(0, ready);
    workers_note_ = why;
    if (workers_ready_ == 0 && workers_requested_ != 0) workers_started_ = false;   // none came: a retry may
    if (workers_ready_ > 0 && !workers_connected_ && lab_->work_charged() == 0) connect_workers();   // not begun
    if (workers_ready_ > 0 && lab_b_ && !b_remote_ && lab_b_->work_charged() == 0 && lab_->work_charged() == 0)
        reset_b();   // and B to a worker of its own
}

void App::connect_workers() {
    if (!dispatcher_) return;
    ++run_id_;
    workers_connected_ = workers_ready_ > 0;
    dispatcher_->begin_run(run_id_, workers_connected_ ? workers_ready_ : 0);
    lab_->set_remote(workers_connected_ ? dispatcher_.get() : nullptr);
    if (workers_connected_) host_.workers->open(run_id_, core::encode_query(config_));
    workers_playing_ = false;   // a worker opens a run paused
}

void App::sync_workers() {
    const bool on = workers_connected_ && playing_ && !lab_->done();
    if (dispatcher_) dispatcher_->set_accepting(on);
    if (!host_.workers || on == workers_playing_) return;
    host_.workers->play(on);
    workers_playing_ = on;
}

void App::worker_results(int worker, int run, const std::string& text) {
    std::vector<core::SweepResult> results;
    if (!dispatcher_ || run != run_id_) return;   // an earlier run's: dropped
    if (!core::decode_results(text, results) || !dispatcher_->deliver(run, worker, results))
        worker_failed(worker, "it sent results the page did not ask for");
}

void App::worker_failed(int worker, const std::string& why) {
    if (!host_.workers) return;
    workers_note_ = "worker " + std::to_string(worker + 1) + " stopped (" + why + "): the page runs every sweep itself";
    add_message(workers_note_);
    workers_ready_ = 0;
    workers_started_ = false;
    host_.workers->start(0);
    run_b_failed("the page's workers stopped");
    if (!workers_connected_ || lab_->done()) return;   // a finished run keeps its numbers
    const bool was_playing = playing_;
    reset_run();   // its repetitions would never arrive: the same run again, here alone
    playing_ = was_playing;
}

std::string App::workers_state_json() const {
    std::string s =
        "{\"requested\":" + (workers_requested_ < 0 ? std::string("\"auto\"") : std::to_string(workers_requested_));
    s += ",\"available\":" + core::json_bool(host_.workers != nullptr);
    s += ",\"ready\":" + std::to_string(workers_ready_);
    s += ",\"connected\":" + core::json_bool(workers_connected_);
    s += ",\"repetitions\":" + std::to_string(dispatcher_ ? dispatcher_->reps_handed_out() : 0);
    s += ",\"jobs\":" + std::to_string(dispatcher_ ? dispatcher_->jobs_elsewhere() : 0);
    s += ",\"run\":" + std::to_string(run_id_);
    s += ",\"note\":" + core::json_string(workers_note_) + "}";
    return s;
}

}   // namespace app
