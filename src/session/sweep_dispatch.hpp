// The two sides of core::SweepRemote (sweep_remote.hpp), without the messages' transport: the page's
// dispatcher and a worker's run. The page hands a worker its repetitions through a SweepTransport (the Web
// Workers' postMessage in platform/, plain calls in tests) and delivers what comes back; a run id tags every
// message, so that a result of an earlier run (reset, a new lab or new parameters) is dropped on arrival.
//
//   page                                   worker (one per Web Worker, the same lab, parameters and seed)
//   join(workers) ───────────── open ──▶   SweepWorker::open(query)      runs the run up to its sweep
//     every sweep already complete ─ fill ─▶ fill(sweep, results)        (so it passes them without running them)
//   Sweep::step: hand_out(rep) ─ assign ─▶ assign(sweep, rep)            runs that repetition's jobs
//   deliver(run, worker, results) ◀────── run(units): finished results
//   the sweep complete ──────── fill ───▶ fill(sweep, results)          goes on to the next sweep, if any
//
// Workers join a run at any point: the page's sweeps record every result from the run's start (begin_run, with no
// workers), so a worker that joins later runs the run's own parts itself, takes the sweeps already complete from
// the fills and is handed the next repetitions no job has started on the page. The numbers are the same bits.
#pragma once
#include "core/runner.hpp"
#include "core/sweep_remote.hpp"
#include <memory>
#include <string>
#include <vector>

namespace session {

class SweepTransport {
public:
    virtual ~SweepTransport() = default;
    virtual void open(int run, const std::string& query) = 0;           // every worker: this run, from its start
    virtual void assign(int worker, int run, int sweep, int rep) = 0;   // the worker runs repetition `rep`
    // Every worker: all results of a sweep that is complete here (those it ran included).
    virtual void fill(int run, int sweep, const std::vector<core::SweepResult>& all) = 0;
};

class SweepDispatcher : public core::SweepRemote {
public:
    explicit SweepDispatcher(SweepTransport& transport) : transport_(transport) {}
    // A new run (its link query), with no workers yet: the last run's state and late results are dropped.
    void begin_run(int run, const std::string& query);
    // `workers` workers join the run where it is (they open it, and the sweeps already complete fill them in).
    void join(int workers);
    // Results a worker sent for `run`; false when dropped (an earlier run's, or not a valid result).
    bool deliver(int run, int worker, const std::vector<core::SweepResult>& results);
    // Whether repetitions may be handed out now (the workers run only while the page plays: a step while
    // paused runs here).
    void set_accepting(bool on) { accepting_ = on; }
    int run() const { return run_; }
    int workers() const { return int(busy_.size()); }
    int jobs_elsewhere() const { return jobs_elsewhere_; }   // results that came from workers this run
    int reps_handed_out() const { return reps_handed_out_; }

    int attach(int reps, int points) override;
    bool hand_out(int sweep, int rep) override;
    bool may_run(int, int) override { return true; }
    void finished(int sweep, const core::SweepResult& r) override;
    std::vector<core::SweepResult> arrived(int sweep) override;

private:
    struct SweepState {
        int reps = 0, points = 0;
        std::vector<core::SweepResult> inbox;   // arrived, not yet taken by the sweep
        std::vector<core::SweepResult> all;     // every result known here (to fill the workers when complete)
        std::vector<int> rep_results;           // per repetition: results that arrived from its worker
        std::vector<char> seen;                 // per task: its result arrived from a worker
        bool filled = false;                    // the workers have all of it
    };
    // A worker's repetitions, all of one sweep, in the order handed out: the one it runs and up to
    // kQueued - 1 more, so that it goes on at once instead of idling until the page's next frame reads its results.
    static constexpr size_t kQueued = 2;
    struct Busy {
        int sweep = -1;          // -1: idle
        std::vector<int> reps;   // not complete yet
    };
    void known(int sweep, const core::SweepResult& r);
    void fill_if_complete(int sweep);
    SweepTransport& transport_;
    int run_ = 0;
    std::string query_;
    std::vector<SweepState> sweeps_;
    std::vector<Busy> busy_;   // per worker
    int jobs_elsewhere_ = 0, reps_handed_out_ = 0;
    bool accepting_ = true;
};

// A worker's side: the lab run from the page's link query, stepped here; only the repetitions it was handed run
// here, and the rest of each sweep is filled in from the page once complete.
class SweepWorker : public core::SweepRemote {
public:
    // The run for a link query (lab, preset, seed, parameters); "" or why it cannot be opened.
    std::string open(const std::string& query);
    void assign(int sweep, int rep);
    void fill(int sweep, std::vector<core::SweepResult> all);
    // Steps the run for about `units` of work, or until it waits for the page; the results finished since the
    // last call, with their sweep numbers.
    std::vector<std::pair<int, core::SweepResult>> run(double units);
    // Nothing to do until a message comes, or the run ended or is past its last part with sweep repetitions.
    bool idle() const;
    const core::Lab* lab() const { return runner_ ? &runner_->lab() : nullptr; }

    int attach(int reps, int points) override;
    bool hand_out(int, int) override { return false; }
    bool may_run(int sweep, int rep) override;
    void finished(int sweep, const core::SweepResult& r) override { out_.push_back({sweep, r}); }
    std::vector<core::SweepResult> arrived(int sweep) override;

private:
    std::unique_ptr<core::Runner> runner_;
    std::vector<std::pair<int, int>> assigned_;                           // (sweep, rep)
    std::vector<std::pair<int, std::vector<core::SweepResult>>> fills_;   // (sweep, results) not yet taken
    std::vector<std::pair<int, core::SweepResult>> out_;
    int sweeps_ = 0;
    bool news_ = false;   // a message since the last run(): the run may have something to do again
};

}   // namespace session
