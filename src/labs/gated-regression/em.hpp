// EM for the k-MoE regression model with known σ, NOT in the paper's experiments (the paper mentions EM only
// in its motivation and App. D.3). Notes §6.3: it succeeds in these toy settings, so the lab offers it as a
// labelled option. g = Id only (the M-step for the experts is weighted least squares).
//   E-step: r_si = P[z = i | x_s, y_s] (log-sum-exp), M-step: a_i = (Σ r_si x xᵀ)⁻¹ Σ r_si y x, then 5 gradient
//   steps on the weighted softmax log-likelihood for W (step 2, as L_log's).
#pragma once
#include "labs/gated-regression/l2.hpp"
#include <vector>

namespace gated {

using EmModel = GatedModel;

// One EM iteration over the first n samples of X, y. Returns the mean log-likelihood (up to a constant).
double em_step(EmModel& m, const std::vector<double>& X, const std::vector<double>& y, int n, double sigma);
inline double em_cost_per_sample(int k, int d) { return double(k) * d * d + 12.0 * k * d + 40.0 * k; }
constexpr int kEmSamples = 20000;   // EM runs on this prefix of the dataset (cost)
constexpr int kEmIters = 50;        // EM stops after this many iterations (it converges long before)

}   // namespace gated
