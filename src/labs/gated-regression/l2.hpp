// The squared-loss baseline ℓ2 (§3.1): ŷ(x) = Σ_i softmax_i(⟨w_1,x⟩, …, ⟨w_{k−1},x⟩, 0) g(⟨a_i, x⟩), trained
// jointly over (A, W) on E(ŷ − y)². The paper: "prone to bad local minima" (Fig. 2a).
// Gradients (docs/labs/gated-regression.md §3.1): ∂/∂a_i = 2E[r p_i g′(a_iᵀx) x], ∂/∂w_i = 2E[r p_i (h_i − ŷ) x],
// r = ŷ − y, h_i = g(a_iᵀx).
#pragma once
#include "core/rng.hpp"
#include "labs/gated-regression/link.hpp"
#include <vector>

namespace gated {

struct GatedModel {
    int d = 0, k = 0;
    Link link = Link::Id;
    std::vector<double> A, W;   // k×d, (k−1)×d

    double predict(const double* x, double* p = nullptr) const;   // ŷ(x); p (k entries) gets the gate
};

// Notes §6.2 initialisation: A₀ ~ N(0, I/d), W₀ ~ N(0, 0.01 I/d).
GatedModel l2_init(int d, int k, Link link, core::Rng& rng);

// Mean squared loss over samples idx[0..m) of X (n×d) and y; with grad non-null, its gradient
// (A part first, then W) is written there (size k·d + (k−1)·d).
double l2_loss(const GatedModel& m, const std::vector<double>& X, const std::vector<double>& y, const int* idx,
               int count, std::vector<double>* grad = nullptr);
// One SGD step on a minibatch: θ ← θ − η ∇. Returns the minibatch loss before the step.
double l2_step(GatedModel& m, const std::vector<double>& X, const std::vector<double>& y, const int* idx, int count,
               double eta);
inline double l2_cost_per_sample(int k, int d) { return 4.0 * k * d + 20.0 * k; }

}   // namespace gated
