// The linear router (Sec. 3.2): h(x; Θ) = Θᵀx, top-1 index m(x) = argmax_m h_m(x), softmax gate
// π_m(x) = exp(h_m)/Σ exp(h_m'), and adaptive top-k: every expert with h_m(x) ≥ 0 is active.
#pragma once
#include "core/rng.hpp"
#include <vector>

namespace latent {

struct Router {
    int M = 0, d = 0;
    std::vector<float> theta;        // M x d, row m = θ_m; θ_m = 0 at initialisation (Algorithm 1)

    void init(int M_, int d_) { M = M_; d = d_; theta.assign(size_t(M) * size_t(d), 0.f); }
    const float* th(int m) const { return &theta[size_t(m) * size_t(d)]; }

    void gate(const float* x, double* h) const;                 // h_m = θ_mᵀx
    // m(x) with uniform random tie-breaking: while Θ = 0 every h_m ties and the proof uses
    // P(m(x) = m) = 1/M (Lemma C.7; notes §3.2).
    static int top1(const double* h, int M, core::Rng& tie);
    static int adaptive(const double* h, int M, unsigned char* active);   // 1[h_m ≥ 0]; returns k

    double zero_sum_norm() const;    // ‖Σ_m θ_m‖ (Lemma C.16: 0)
};

} // namespace latent
