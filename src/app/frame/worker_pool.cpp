// Sweep repetitions in the page's Web Workers (app/frame/workers.hpp), and what the App does when they change: workers that
// become ready join the run where it is; a new count restarts the run; they work while the run plays; one that fails
// hands everything back to the page, which restarts the run.
#include "session/sweep_results.hpp"
#include "app/frame/workers.hpp"
#include "session/json_text.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"

namespace app {

namespace {
constexpr long long kMaxWorkers = 16;
}

Workers::Workers(const Host& host) : host_(host) {
    if (host_.workers) dispatcher_ = std::make_unique<session::SweepDispatcher>(*host_.workers);
}

std::string Workers::parse(const std::string& arg, int& n) {
    long long k = -1;
    if (arg != "auto") {
        std::string why = core::parse_whole(arg, 0, kMaxWorkers, k);
        if (!why.empty()) return core::trf("workers: %s, or auto (one per spare core, where they pay)", why.c_str());
    }
    n = int(k);
    return "";
}

void Workers::start(int n) {
    requested_ = n;
    started_ = true;
    gave_up_ = false;
    ready_ = 0;
    connected_ = false;
    note_ = n == 0 ? "workers=0: every sweep runs on the page's main thread" : "starting";   // words: not shown (state)
    host_.workers->start(n);
}

void Workers::ready(int ready, const std::string& why) {
    ready_ = std::max(0, ready);
    note_ = why;
    if (ready_ == 0 && requested_ != 0) {   // none came: workers=N may try again, auto does not
        started_ = false;
        gave_up_ = true;
    }
}

void Workers::connect(core::Runner& run, const session::RunConfig& config) {
    if (!dispatcher_) return;
    ++run_;
    connected_ = false;
    playing_ = false;   // a worker opens a run paused
    elsewhere_s_ = run.current_plan().units_elsewhere() / run.lab().units_per_second();
    dispatcher_->begin_run(run_, session::encode_query(config));
    // only a run with repetitions to hand out: a worker would otherwise run all of it for nothing
    run.set_remote(elsewhere_s_ > 0 ? dispatcher_.get() : nullptr);
    join(run);
}

void Workers::join(const core::Runner& run) {
    if (!dispatcher_ || connected_ || ready_ == 0 || elsewhere_s_ <= 0 || run.done()) return;
    dispatcher_->join(ready_);
    connected_ = true;
    playing_ = false;
}

void Workers::sync(bool run_plays, double b_seconds) {
    if (!host_.workers) return;
    if (requested_ < 0 && !started_ && !gave_up_ && (elsewhere_s_ >= kWorthSeconds || b_seconds >= kWorthSecondsB))
        start(-1);
    const bool on = connected_ && run_plays;
    dispatcher_->set_accepting(on);
    if (on == playing_) return;
    host_.workers->play(on);
    playing_ = on;
}

bool Workers::deliver(int worker, int run, const std::string& text) {
    std::vector<core::SweepResult> results;
    if (!dispatcher_ || run != run_) return true;   // an earlier run's: dropped
    return session::decode_results(text, results) && dispatcher_->deliver(run, worker, results);
}

std::string Workers::fail(int worker, const std::string& why) {
    note_ = core::trf("worker %d stopped (%s): the page runs every sweep itself", worker + 1, why.c_str());
    ready_ = 0;
    started_ = false;
    gave_up_ = true;
    host_.workers->start(0);
    return note_;
}

std::string Workers::json() const {
    std::string s = "{\"requested\":" + (requested_ < 0 ? std::string("\"auto\"") : std::to_string(requested_));
    s += ",\"available\":" + session::json_bool(available());
    s += ",\"ready\":" + std::to_string(ready_);
    s += ",\"connected\":" + session::json_bool(connected_);
    s += ",\"elsewhere_s\":" + session::json_number(elsewhere_s_);
    s += ",\"repetitions\":" + std::to_string(dispatcher_ ? dispatcher_->reps_handed_out() : 0);
    s += ",\"jobs\":" + std::to_string(dispatcher_ ? dispatcher_->jobs_elsewhere() : 0);
    s += ",\"run\":" + std::to_string(run_);
    s += ",\"note\":" + session::json_string(note_) + "}";
    return s;
}

}   // namespace app
