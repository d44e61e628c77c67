// The plan of a run: its parts in the order of Run's stages, each with its phase (I–IV: 0–3) and its estimated
// multiply-adds, the unit step() charges (kUnitsPerSecond converts them to native seconds for the work limit).
#include "labs/latent-clusters/run.hpp"
#include <algorithm>

namespace latent {

core::WorkPlan work_plan(const Config& c) {
    const double d = c.teacher.d, C = c.teacher.C, M = c.M;
    const double neurons = M * c.J3 * (c.baselines ? 1.6 : 1.3) + c.J1;   // updated per online step (all models)
    const double Nv = M * c.J3, models = c.baselines ? 2.5 : 1.5;
    const double sgd = (neurons + d) * d;                                        // one online SGD step
    const double eval = neurons * (2 * C + 2) * d / std::max(1, c.eval_every);   // evaluations, per step
    core::WorkPlan w;   // the parts in the order of Part (run.hpp)
    w.add(0, "drawing the test set", 2 * c.n_test * d * (2 * C + 10), "lower n_test");
    w.add(0, "phase I", double(c.T1) * (sgd + eval), "lower T1, T3, d, M or J3 (or raise eval_every)", "step");
    w.add(1, "phase II", 20 * double(c.n2) * c.T2 * d, "lower n2 or T2");
    w.add(1, "routing the test set", 2 * c.n_test * M * d, "lower n_test", "test point");
    w.add(2, "phase III", double(c.T3) * (sgd + eval), "lower T1, T3, d, M or J3 (or raise eval_every)", "step");
    // Phase IV: the vanilla net's dense Gram update dominates (T_4 · (M·J_III)²/2 scattered adds), then
    // one Cholesky solve per model ((M·J_III)³/6 multiply-adds).
    w.add(3, "phase IV: ridge samples", 3 * double(c.T4) * (models * Nv * Nv / 2 + 4 * Nv * d), "lower T4, M or J3",
          "sample");
    w.add(3, "phase IV: ridge solves", 2 * Nv * Nv * Nv / 6 * (c.baselines ? 4 : 2), "lower M or J3");
    w.add(3, "phase IV: the test error", 2 * c.n_test * neurons * d, "lower n_test", "test point");
    return w;
}

}   // namespace latent
