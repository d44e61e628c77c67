// The expert-recovery loss L_4 (eq. 7) on tensors (moments.hpp), its gradient, and GD with the
// row-norm cap. On the population tensors this is eq. (8) (Theorem 5).
#pragma once
#include "labs/gated-regression/moments.hpp"
#include <vector>

namespace gated {

// μ, λ, δ_F of eq. (7) (δ_F: the paper's δ of the Frobenius term, renamed: δ is also Q_2's coefficient). The lab's
// parameters set them (config.hpp, the binding in lab.cpp), so there are no defaults here.
struct L4Hyper {
    double mu, lambda, delta_F;
};

// L̂_4(A) for A (k×d, row-major). With grad non-null, also ∇_A (k×d):
//   ∇_{a_i} = 4 Σ_{j≠i} C_j a_i − 4μ C_i a_i + 4λ(a_iᵀ T_2 a_i − 1) T_2 a_i + δ_F a_i,  C_j = T_4(·,·,a_j,a_j)
// (the i ≠ j sum runs over ordered pairs, as in eq. 7).
double l4_loss(const Tensors& t, const std::vector<double>& A, int k, const L4Hyper& h,
               std::vector<double>* grad = nullptr);

// One GD step A ← A − η ∇L̂_4(A), then every row with ‖a_i‖ > cap is scaled back to cap
// (docs/labs/gated-regression.md §4.4: the empirical L̂_4 is unbounded below, so plain GD first approaches A* and then
// runs away). cap ≤ 0: no cap. Returns the loss before the step.
double l4_step(const Tensors& t, std::vector<double>& A, int k, const L4Hyper& h, double eta, double cap);

// Multiply-adds of one l4_step (for step() budgets).
inline double l4_step_cost(int k, int d) { return double(k) * d * d * d * d + 4.0 * k * k * d * d; }

}   // namespace gated
