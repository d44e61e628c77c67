// The gating-recovery loss L_log (eq. 9) with the experts A fixed, its gradient (eq. 14) and projected
// GD on Ω = {‖w_i‖ ≤ R} (§3.2): W_{t+1} = Π_Ω(W_t − α ∇_W L_log(W_t, A)).
//   L_log(W, A) = −E log Σ_i p_i(x) N(y | g(⟨a_i, x⟩), σ²),   p = softmax(⟨w_1,x⟩, …, ⟨w_{k−1},x⟩, 0)
//   ∇_{w_i} L_log = −E[(P[z = i | x, y] − p_i(x)) x]
// (eq. 14 as first printed lacks the factor x; App. D.4/D.5 have it). The posterior is computed with
// log-sum-exp: at σ = 0.05, N(y | ·) underflows for any expert but the right one.
#pragma once
#include "labs/gated-regression/link.hpp"
#include <vector>

namespace gated {

struct LlogData {   // a dataset for Phase 2: X (n×d), y
    int n = 0, d = 0;
    std::vector<double> X, y;
};

// L_log and (with grad non-null) its gradient, (k−1)×d, over all samples. A is k×d, W (k−1)×d.
// want_loss = false skips the loss (returns NaN): the gradient alone needs fewer exp/log.
double llog_loss(const LlogData& s, const std::vector<double>& A, int k, Link link, double sigma,
                 const std::vector<double>& W, std::vector<double>* grad = nullptr, bool want_loss = true);

// Π_Ω: every row with ‖w_i‖ > R is scaled back onto the sphere of radius R.
void project_rows(std::vector<double>& W, int rows, int d, double R);

// One projected GD step.
void llog_step(const LlogData& s, const std::vector<double>& A, int k, Link link, double sigma, std::vector<double>& W,
               double step, double R);
inline double llog_cost_per_sample(int k, int d) { return 3.0 * k * d + 30.0 * k; }

}   // namespace gated
