// The linear router (Sec. 3.2): h(x; Θ) = Θᵀx, top-1 index m(x) = argmax_m h_m(x), softmax gate
// π_m(x) = exp(h_m)/Σ exp(h_m'), and adaptive top-k: every expert with h_m(x) ≥ 0 is active.
#pragma once
#include "core/rng.hpp"
#include <vector>

namespace latent {

struct Router {
    int M = 0, d = 0;
    std::vector<float> theta;   // M x d, row m = θ_m; θ_m = 0 at initialisation (Algorithm 1)

    void init(int M_, int d_) {
        M = M_;
        d = d_;
        theta.assign(size_t(M) * size_t(d), 0.f);
    }
    const float* th(int m) const { return &theta[size_t(m) * size_t(d)]; }

    void gate(const float* x, double* h) const;   // h_m = θ_mᵀx
    // m(x) with uniform random tie-breaking: while Θ = 0 every h_m ties and the proof uses
    // P(m(x) = m) = 1/M (Lemma C.7; docs/labs/latent-clusters.md §4.3).
    static int top1(const double* h, int M, core::Rng& tie);
    static int adaptive(const double* h, int M, unsigned char* active);   // 1[h_m ≥ 0]; returns k

    double zero_sum_norm() const;

    // grad += scale · ∇_Θ F_1(x) with ∇_{θ_m} F_1 = π_{m(x)} (1[m = m(x)] − π_m) f_{m(x)}(x) x
    // (Lemma C.16 with the index corrected to m(x), docs/labs/latent-clusters.md §5.1). grad is M x d; Σ_m of the added
    // rows is zero because Σ_m (1[m = m(x)] − π_m) = 0, which keeps Σ_m θ_m = 0.
    static void add_grad_F1(const double* pi, int mx, double f_mx, const float* x, int M, int d, double scale,
                            double* grad);   // ‖Σ_m θ_m‖ (Lemma C.16: 0)
};

}   // namespace latent
