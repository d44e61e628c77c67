// The k-MoE regression model, eq. (1): x ~ N(0, I_d), z ~ softmax(⟨w_1*, x⟩, …, ⟨w_{k−1}*, x⟩, 0),
// y = g(⟨a_z*, x⟩) + ξ, ξ ~ N(0, σ²). Matrices are row-major: A* is k×d (row i = a_i*), W* is (k−1)×d
// (w_k* = 0 is implicit, "WLOG" in §1).
#pragma once
#include "core/rng.hpp"
#include "labs/gated-regression/link.hpp"
#include <vector>

namespace gated {

// The model's settings: the lab's parameters set them (config.hpp, the binding in lab.cpp), so there are no
// defaults here.
struct TruthConfig {
    int d, k;
    Link link;
    double sigma;
    double w_norm;    // ‖w_i*‖ (§4: w_i* = e_{k+i}, norm 1)
    bool relaxed;     // Fig. 3: w_i* uniform on the sphere of radius w_norm (not ⊥ span A*)
    double overlap;   // non-orthogonal experts: a_i* ∝ e_i + overlap·e_1 for i ≥ 2 (unit norm)
};

struct Truth {
    TruthConfig cfg{};
    int d = 0, k = 0;
    std::vector<double> A, W;   // A*: k×d, W*: (k−1)×d

    // §4: a_i* = e_i, w_i* = e_{k+i} (needs d ≥ 2k − 1); toggles as in TruthConfig. rng is used only
    // for relaxed gating.
    static Truth make(const TruthConfig& c, core::Rng& rng);

    // Gate logits h = (⟨w_1, x⟩, …, ⟨w_{k−1}, x⟩, 0) and probabilities p*(x).
    void gate(const double* x, double* p) const;
    // One sample (x, z, y) from eq. (1); x has d entries. Normals by core::Ziggurat.
    void sample(core::Rng& rng, double* x, int& z, double& y) const;
    // E[y | x] = Σ_i p_i*(x) g(⟨a_i*, x⟩) (eq. 3 for k = 2): the oracle predictor.
    double mean(const double* x) const;
};

// Softmax gate of a (k−1)×d matrix with the k-th logit fixed at 0: p has k entries.
void gate_probs(const double* W, int k, int d, const double* x, double* p);

}   // namespace gated
