// WorkBudget: how much work one step may still do, in the lab's one unit of work (about one multiply-add;
// core::Runner sizes it from Lab::units_per_second() so that every slice stays near 1 ms natively, whatever the
// sizes: a step is a bounded slice of work, sliced by estimated cost).
//
// For lab authors (core::Runner makes the budget and hands it to the run):
//   void MyRun::step(core::WorkBudget& budget) {
//       // a resumable loop over items: i_ is a member, so the next step() continues where this one stopped
//       while (!budget.spent() && i_ < n_) {
//           const long k = budget.take(cost_per_item, n_ - i_);   // how many fit (≥ 1), already charged
//           for (long q = 0; q < k; ++q) do_item(i_++);
//       }
//       // or one item at a time, when items have extra work now and then:
//       for (; !budget.spent() && t_ < T_; ++t_) {
//           sgd_step();                        budget.spend(sgd_cost);
//           if (t_ % every == 0) { evaluate(); budget.spend(eval_cost); }
//       }
//   }
// A budget can be handed down (`WorkBudget&`) so that data generation, training and evaluation share it.
// Keep the numbers independent of where a slice ends (per-item random streams, fixed summation order):
// the page and the CLI slice differently and must give the same bits.
//
// A budget may also carry threads (core/workers.hpp): natively, the CLI lets a run's sweep run independent
// jobs on them, each with a budget of its own (core::Sweep::step). The page's budgets carry none.
// It may carry a SweepRemote (core/sweep_remote.hpp): other processes run some of a sweep's repetitions. A
// sweep with nothing left to run here but results still to come ends the slice early: wait().
#pragma once
#include <algorithm>
#include <cmath>

namespace core {

class Workers;
class SweepRemote;

class WorkBudget {
public:
    explicit WorkBudget(double units, Workers* workers = nullptr, SweepRemote* remote = nullptr)
        : limit_(units), workers_(workers), remote_(remote) {}

    bool spent() const { return used_ >= limit_ || waiting_; }   // nothing left (or nothing to do): end the slice
    double left() const { return limit_ - used_; }               // may be negative after the last item
    double used() const { return used_; }
    void spend(double units) { used_ += units; }
    Workers* workers() const { return workers_; }     // threads for independent jobs, or nullptr
    SweepRemote* remote() const { return remote_; }   // other processes' repetitions, or nullptr
    void wait() { waiting_ = true; }                  // the run waits for results from elsewhere: the slice ends
    bool waiting() const { return waiting_; }

    // How many items of `cost` units each to do now: enough to use what is left (the last may overrun
    // by less than one item), at least 1 so that every slice makes progress, at most `most` (what remains
    // of the loop; 0 or less: none). The items are charged to the budget.
    long take(double cost, long most) {
        const long n = fit(cost, most);
        used_ += cost * double(n);
        return n;
    }
    // The same count, not charged: for loops that may do fewer (then spend(cost * done)).
    long fit(double cost, long most) const {
        if (most <= 0) return 0;
        const double f = cost > 0 ? std::ceil(left() / cost) : double(most);
        return f >= double(most) ? most : std::max(1L, long(f));
    }

private:
    double limit_;
    double used_ = 0;
    bool waiting_ = false;
    Workers* workers_;
    SweepRemote* remote_;
};

}   // namespace core
