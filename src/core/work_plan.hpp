// WorkPlan: the declaration of a run's structure. Its parts, in order (drawing the data, the training
// phases, sweeps, evaluations), each say which phase of the timeline they belong to, what the clock calls
// them, what they count, and their estimated work in the lab's one unit of work. Everything about where a
// run is follows from it (core::Runner, core/runner.hpp): the run reports a Where (the part, done of how many),
// and the phase, the progress bar and the clock are derived here, the same way for every lab. The same
// estimate serves core::check_work: the total is refused or warned about, naming what dominates.
//
// For lab authors (one function, used by check(), reset() and progress), the parts in the order of the run's
// enum of them (run.hpp: enum Part { kDraw, kTrain, kDone }, kDone past the last):
//   core::WorkPlan MyLab::plan(const core::Params& p) const {
//       core::WorkPlan w;
//       w.add(0, "drawing the data", (n + n_test) * gen_cost, "lower n or n_test");          // kDraw; clock: "drawing the data: 40 %"
//       w.add(1, "training", T * n * step_cost, "lower T or n, or the model sizes", "t");   // kTrain; clock: "training: t = 120 / 600"
//       return w;
//   }
//   core::Where MyRun::where() const { return {part_, double(t_), double(T_)}; }   // part_: a Part, kDone when finished
// Parts may have zero work (skipped configurations): progress passes over them.
#pragma once
#include <string>
#include <vector>

namespace core {

struct Validation;

// Where a run is, as it reports it: the part of its plan it is in (plan.parts() or more: finished), and
// `done` of the part's `of` counted things (of = 0: nothing counted). `detail`, when set, replaces the
// counter in the clock ("router step 2 / 3, sample 140 / 1000"). `phase`, when ≥ 0, is a phase the run
// detects inside a part from what it measures (cluster-experts: exploration, router learning, converged).
struct Where {
    int part = 0;
    double done = 0, of = 0;
    std::string detail;
    int phase = -1;
};

class WorkPlan {
public:
    struct Part {
        int phase = 0;          // index into the lab's phases(): the timeline shows it during this part
        std::string what;       // what the clock calls it: "phase I", "the sweep"
        double units = 0;       // estimated work, in the lab's unit of work (Lab::units_per_second)
        std::string reduce;     // what to lower when this part dominates: "lower T1 or d"
        std::string counter;    // what `done` counts, for the clock: "t" gives "t = 3 / 10"; "" gives "30 %"
        double elsewhere = 0;   // of `units`, whole sweep repetitions other processes may run (elsewhere())
    };

    // Appends a part; returns its index.
    int add(int phase, std::string what, double units, std::string reduce = "", std::string counter = "");
    double total() const;
    // The fraction of the whole run done when part `part` is `fraction` done (0..1): parts before it
    // count fully. Exactly 1 at the end of the last part (and past it); without any estimated work the
    // parts count alike.
    double progress(int part, double fraction) const;
    double progress(const Where& w) const;
    // The clock's text: "phase I: t = 300 / 1000", "drawing the data: 40 %", "done" past the last part.
    std::string clock(const Where& w) const;
    // The phase shown at w: the one the run detected, else its part's; past the last part, the last part's.
    int phase(const Where& w) const;
    const Part& largest() const;
    // Of part `part`'s work, `units` are whole sweep repetitions that other processes may run (the page's Web
    // Workers, core/sweep_remote.hpp: every repetition but the first). The page's `workers=auto` starts workers
    // for a run only where this pays (app/frame/workers.hpp), and a worker rests once its run is past the last such part.
    void elsewhere(int part, double units);
    double units_elsewhere() const;   // the sum over the parts
    int last_elsewhere()
        const;   // the last part with work elsewhere; -1 when none has   // the part with the most work (the first if tied)
    int parts() const { return int(parts_.size()); }
    const Part& part(int i) const { return parts_[size_t(i)]; }

private:
    std::vector<Part> parts_;
};

// check_work (core/limits.hpp) on the plan's total, `units_per_second` converting to native seconds
// (measured, -O3); the message names the largest part and what to reduce there.
void check_work(Validation& v, const WorkPlan& plan, double units_per_second);

}   // namespace core
