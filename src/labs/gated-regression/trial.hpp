// One trial: one of the runs trained side by side (one seed, one thin line): its data, the three Phase-1 learners, the readouts,
// the three Phase-2 gate learners, the recorded curves and the final test metrics. And the summary
// over runs that metrics() reports.
#pragma once
#include "core/rng.hpp"
#include "core/thin.hpp"
#include "labs/gated-regression/em.hpp"
#include "labs/gated-regression/l2.hpp"
#include "labs/gated-regression/l4.hpp"
#include "labs/gated-regression/llog.hpp"
#include "labs/gated-regression/metrics.hpp"
#include "labs/gated-regression/moments.hpp"
#include "labs/gated-regression/readout.hpp"
#include <array>
#include <cmath>
#include <vector>

namespace gated {

enum Learner { kL4 = 0, kL2 = 1, kEM = 2 };      // Phase 1
enum GateA { kAStar = 0, kAL4 = 1, kAL2 = 2 };   // Phase 2: which A is frozen

struct RunEval {   // held-out metrics after both phases
    double mse_l4 = NAN, mse_l2 = NAN, mse_em = NAN, mse_oracle = NAN, mse_linreg = NAN;
    double route_gate[3] = {NAN, NAN, NAN}, route_post[3] = {NAN, NAN, NAN};   // [A*, L4, ℓ2]: models (A, Ŵ_A)
    double route_gate_l2own = NAN, route_post_l2own = NAN;                     // ℓ2's own (A, W)
};

struct Trial {
    uint64_t seed = 0;
    Sample data;   // the fixed dataset (n samples)
    Moments mom;   // its sufficient statistics
    Tensors T;
    core::Rng rng_data, rng_batch, rng_shuffle, rng_w0;
    std::vector<int> order;   // ℓ2 minibatch order (reshuffled every epoch)
    int pos = 0;
    size_t unshuffled = 0;    // > 1 while an epoch's reshuffle of `order` is under way (Rng::shuffle_part)
    std::vector<double> A4;   // L_4's A (k×d)
    GatedModel l2;            // ℓ2's (A, W)
    EmModel em;               // EM's (A, W), not in the paper
    double loss4 = NAN, loss2 = NAN;
    // Curves, thinned (core::ThinnedRows): Phase 1 rows (t, E_reg of L4, ℓ2, EM, L̂4), Phase 2 rows
    // (t, ‖W − W*‖ for A*, Â_L4, Â_ℓ2, then E_gating for the same three).
    core::ThinnedRows curve1, curve2;
    double ereg_now[3] = {NAN, NAN, NAN};   // latest E_reg per learner
    Readout ro[3];                          // Phase-1 readouts
    std::array<std::vector<double>, 3> W;   // Phase 2: Ŵ for A*, Â_L4, Â_ℓ2
    std::vector<double> W0;
    LlogData gdata;                                                // Phase 2 data: the first n₂ samples
    double werr[3] = {NAN, NAN, NAN}, egat[3] = {NAN, NAN, NAN};   // latest Phase-2 errors
    RunEval ev;
};

struct Summary {   // over the runs of one lab seed (metrics())
    double success[3] = {NAN, NAN, NAN}, ereg_median[3] = {NAN, NAN, NAN};
    double mse_l4 = NAN, mse_l2 = NAN, mse_em = NAN, mse_oracle = NAN, mse_linreg = NAN;
    double stuck_gap = NAN, stuck_excess = NAN, stuck_ereg_min = NAN, stuck_egating_min = NAN;
    double egating[3] = {NAN, NAN, NAN}, werr[3] = {NAN, NAN, NAN}, gating_ok_l4 = NAN;
    double route_gate[3] = {NAN, NAN, NAN}, route_post[3] = {NAN, NAN, NAN}, route_gate_l2own = NAN,
           route_post_l2own = NAN;
    double loss4 = NAN, perp4 = NAN, perp2 = NAN;
    double sweep_l4_lo = NAN, sweep_l4_hi = NAN, sweep_l4d2_hi = NAN, sweep_l2_max = NAN;
    std::vector<double> sweep_rate[3];   // success rate per n of the grid: L_4 at d, L_4 at d₂, ℓ2 at d
    int stuck = 0;
};

double median(std::vector<double> v);   // NaNs skipped; NaN when empty

// Columns of Trial::curve1 and Trial::curve2.
enum Curve1 { kC1t = 0, kC1EregL4, kC1EregL2, kC1EregEM, kC1LossL4, kC1Width };
enum Curve2 { kC2t = 0, kC2Werr = 1, kC2Egat = 4, kC2Width = 7 };

// The A frozen for Phase-2 learner c: A*, or the readout of L_4 or of ℓ2 (unit rows, signs fixed, true labels).
const std::vector<double>& frozen_A(const Trial& R, const std::vector<double>& Astar, int c);

}   // namespace gated
