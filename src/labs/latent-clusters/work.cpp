// The cost model of a run, in estimated native seconds (measured, x86-64 -O3): one core::WorkPlan that
// check() compares with the work limit and Run::progress() reads, so the bar and the limit agree.
#include "labs/latent-clusters/run.hpp"
#include <algorithm>

namespace latent {

core::WorkPlan work_plan(const Config& c) {
    const double d = c.teacher.d, C = c.teacher.C, M = c.M;
    const double neurons = M * c.J3 * (c.baselines ? 1.6 : 1.3) + c.J1;   // updated per online step (all models)
    const double Nv = M * c.J3, models = c.baselines ? 2.5 : 1.5;
    const double sgd = 5e-10 * (neurons + d) * d;                                        // one online SGD step
    const double eval = 5e-10 * neurons * (2 * C + 2) * d / std::max(1, c.eval_every);   // evaluations, per step
    core::WorkPlan w;
    w.add("drawing the test set", 1e-9 * c.n_test * d * (2 * C + 10), "lower n_test");
    w.add("phase I", double(c.T1) * (sgd + eval), "lower T1, T3, d, M or J3 (or raise eval_every)");
    w.add("phase II", 1e-8 * double(c.n2) * c.T2 * d, "lower n2 or T2");
    w.add("routing the test set", 1e-9 * c.n_test * M * d, "lower n_test");
    w.add("phase III", double(c.T3) * (sgd + eval), "lower T1, T3, d, M or J3 (or raise eval_every)");
    // Phase IV: the vanilla net's dense Gram update dominates (T_4 · (M·J_III)²/2 scattered adds), then
    // one Cholesky solve per model ((M·J_III)³/6 multiply-adds at about 1 ns each).
    w.add("phase IV's ridge samples", 1.5e-9 * double(c.T4) * (models * Nv * Nv / 2 + 4 * Nv * d), "lower T4, M or J3");
    w.add("phase IV's ridge solves", 1e-9 * Nv * Nv * Nv / 6 * (c.baselines ? 4 : 2), "lower M or J3");
    w.add("the test error", 1e-9 * c.n_test * neurons * d, "lower n_test");
    return w;
}

}   // namespace latent
