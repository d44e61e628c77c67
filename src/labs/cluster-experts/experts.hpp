// The two networks of Sec. 3.2.
//  Experts (eq. 3.1): f_m(x; W) = Σ_{j≤J} Σ_{p≤P} σ(⟨w_{m,j}, x^(p)⟩), σ(z) = z³ (nonlinear) or z (linear),
//  no second layer and no bias. A single model (the baselines of Table 1) is the case E = 1.
//  Router (Sec. 3.2): h(x; Θ) = Σ_p Θᵀ x^(p) = Θᵀ s(x), π = softmax(h).
// Weights are float, stored coordinate-major per expert: W[(m·d + c)·J + j] = (w_{m,j})_c, so that the
// loops over filters j are contiguous and vectorise, while every sum over coordinates c runs in a fixed
// sequential order (the same numbers natively and in WebAssembly).
#pragma once
#include "labs/cluster-experts/data.hpp"
#include "core/rng.hpp"
#include <vector>

namespace cluster_experts {

struct Experts {
    int E = 0, J = 0, d = 0;
    bool cubic = true;
    std::vector<float> W;   // E·J·d
    std::vector<float> u;   // E·d, linear experts only: u_m = Σ_j w_{m,j} (refresh() after updates)

    void init(int E_, int J_, int d_, bool cubic_, double sigma0, core::Rng& rng);   // w ~ N(0, σ0² I)
    float at(int m, int j, int c) const { return W[(size_t(m) * size_t(d) + size_t(c)) * size_t(J) + size_t(j)]; }
    size_t block() const { return size_t(J) * size_t(d); }   // size of W_m
    void refresh();

    // f_m(x_i) (eq. 3.1). z is caller-owned scratch of z_size(P) floats (z[p·J + j]); it receives the
    // pre-activations. Unused by linear experts. Callers hold one buffer per model, not per sample.
    double f(int m, const Dataset& D, int i, float* z) const;
    // For a group of S ≤ kGroup samples idx[0..S) of expert m at once, the lanes running across the samples and
    // filters: f_group gives each f_m(x_i) exactly as f() does; grad_group then adds c_s · ∂f_m(x_s)/∂W_m for
    // s = 0, 1, … in turn, so that every element of G_m (the J·d block of expert m) receives the same sum, in the
    // same order, as sample by sample. work is caller-owned scratch of group_scratch(P) floats, filled by f_group
    // (the pre-activations) and consumed by grad_group.
    static constexpr int kGroup = 8;
    void f_group(int m, const Dataset& D, const int* idx, int S, float* work, double* out) const;
    void grad_group(int m, const Dataset& D, const int* idx, int S, float* work, const double* c, float* G_m) const;
    size_t group_scratch(int P) const { return size_t(kGroup) * (size_t(z_size(P)) + size_t(P - 3) * size_t(J)); }
    // After all grad_group() calls of an iteration: linear experts keep one gradient column (in G_m[0 … d)) and
    // spread it to every filter here.
    void complete(float* G_m) const;
    int z_size(int P) const { return J * P; }
};

struct Router {
    int M = 0, d = 0;
    std::vector<float> theta;   // M·d, θ_m contiguous; Θ^(0) = 0 (Algorithm 1, line 2)
    void init(int M_, int d_) {
        M = M_;
        d = d_;
        theta.assign(size_t(M) * size_t(d), 0.f);
    }
    const float* th(int m) const { return theta.data() + size_t(m) * size_t(d); }
    float* th(int m) { return theta.data() + size_t(m) * size_t(d); }
    void logits(const float* s, double* h) const;   // h_m = ⟨θ_m, s⟩
    // h_i = Θᵀ s_i for the n samples i0, i0 + 1, … of D (M per sample), each exactly as logits() gives it, the
    // lanes running across experts; thT is scratch (Θ transposed).
    void logits_block(const Dataset& D, int i0, int n, double* h, std::vector<float>& thT) const;
};

}   // namespace cluster_experts
