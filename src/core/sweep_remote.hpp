// SweepRemote: the seam through which a run's sweep repetitions run in other processes (the page's Web Workers),
// each of which runs the same lab, from the same parameters and seed, to the same sweep.
//
// A repetition (all jobs of one SweepTask::rep) is the unit handed out: its jobs share its inputs (its data,
// its trained model), which the process that runs it builds itself. A result is a job's outputs in its slot,
// so the numbers are the same bits wherever a repetition ran (core::Sweep records every result by task).
//
// Two sides, one interface, seen by every core::Sweep of a run through its WorkBudget (WorkBudget::remote()):
//   - the page (core::SweepDispatcher): hand_out() gives repetitions to idle workers, the sweep runs the others
//     itself and records the results that arrive();
//   - a worker (core::SweepWorker): may_run() only for the repetitions it was handed; its results leave through
//     finished(); when the page's sweep is complete, arrived() brings every result so that the worker's run can
//     go on past the sweep to the next one, exactly as the page's did.
// Sweeps are numbered in the order they first step in a run (attach()): the same in every process.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace core {

struct SweepResult {
    size_t task = 0;               // index into the sweep's tasks (the same order in every process)
    int rep = 0;                   // its repetition
    std::vector<double> outputs;   // empty when it failed
    std::string failure;           // non-empty: the job failed
};

class SweepRemote {
public:
    virtual ~SweepRemote() = default;
    // A sweep of `reps` repetitions of `points` jobs each steps for the first time in this run: its number.
    virtual int attach(int reps, int points) = 0;
    // May another process take repetition `rep` now (none of its jobs has started here)? true: it will arrive.
    virtual bool hand_out(int sweep, int rep) = 0;
    // May this process run repetition `rep` (not handed out)?
    virtual bool may_run(int sweep, int rep) = 0;
    // A job ran here and finished (its result is recorded here too).
    virtual void finished(int sweep, const SweepResult& r) = 0;
    // Results computed elsewhere since the last call (a result already recorded here is skipped by the sweep).
    virtual std::vector<SweepResult> arrived(int sweep) = 0;
};

}   // namespace core
