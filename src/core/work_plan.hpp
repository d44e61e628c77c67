// WorkPlan: a run's parts in order (drawing the data, the training phases, sweeps, evaluations), each with
// its estimated work in the lab's cost units. One estimate serves two jobs: progress() reads where the run
// is as a fraction of the whole work, so the bar moves during every part, data generation included; and
// check() refuses or warns about the total (core::check_work), naming what dominates.
//
// For lab authors:
//   core::WorkPlan plan(const Params& p) {                       // one function, used by check() and reset()
//       core::WorkPlan w;
//       w.add("drawing the data", (n + n_test) * gen_cost, "lower n or n_test");
//       w.add("training", T * n * step_cost, "lower T or n, or the model sizes");
//       return w;
//   }
//   check():    core::check_work(v, plan(p), kUnitsPerSecond);   // error > ~10 min natively, warning > 20 s
//   progress(): return plan_.progress(kTraining, double(t_) / T_);   // part index + the fraction done of it
// Parts may have zero work (skipped configurations): progress passes over them.
// The rest of a lab's phase bookkeeping stays in the lab, as one stage variable the step() switch uses:
//   enum Stage { kData, kTrain, kDone };                         // == the plan's parts, in order
//   int phase() const    { return stage_ == kData ? 0 : ...; }   // index into phases() (timeline)
//   double progress() const { return stage_ == kDone ? 1.0 : plan_.progress(stage_, double(i_) / n_); }
//   std::string clock() const { return core::strf("training: step %ld / %ld", i_, n_); }   // never empty
//   bool done() const { return stage_ == kDone || !failure_.empty(); }
// so that every part (data generation included) moves the bar and names itself in the clock.
#pragma once
#include <string>
#include <vector>

namespace core {

struct Validation;

class WorkPlan {
public:
    struct Part {
        std::string what;     // "phase I", "the sweep"
        double units = 0;     // estimated work, in the lab's cost units
        std::string reduce;   // what to lower when this part dominates: "lower T1 or d"
    };

    int add(std::string what, double units, std::string reduce = "");   // returns the part's index
    double total() const;
    // The fraction of the whole run done when part `part` is `fraction` done (0..1): parts before it
    // count fully. Exactly 1 at the end of the last part (and past it); without any estimated work the
    // parts count alike.
    double progress(int part, double fraction) const;
    const Part& largest() const;   // the part with the most work (the first if tied)
    int parts() const { return int(parts_.size()); }
    const Part& part(int i) const { return parts_[size_t(i)]; }

private:
    std::vector<Part> parts_;
};

// check_work (core/limits.hpp) on the plan's total, `units_per_second` converting to native seconds
// (measured, -O3); the message names the largest part and what to reduce there.
void check_work(Validation& v, const WorkPlan& plan, double units_per_second);

}   // namespace core
