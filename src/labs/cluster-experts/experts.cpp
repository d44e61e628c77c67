#include "labs/cluster-experts/experts.hpp"
#include "core/lanes.hpp"
#include "core/linalg.hpp"
#include <algorithm>
#include <cstring>
#include <type_traits>

namespace cluster_experts {

namespace lanes = core::lanes;   // (core/lanes.hpp)

void Experts::init(int E_, int J_, int d_, bool cubic_, double sigma0, core::Rng& rng) {
    E = E_;
    J = J_;
    d = d_;
    cubic = cubic_;
    W.resize(size_t(E) * block());
    for (float& x : W) x = float(sigma0 * rng.normal());   // Algorithm 1, line 1
    refresh();
}

void Experts::refresh() {
    if (cubic) return;
    u.assign(size_t(E) * size_t(d), 0.f);
    for (int m = 0; m < E; ++m)
        for (int c = 0; c < d; ++c) {
            const float* row = W.data() + (size_t(m) * size_t(d) + size_t(c)) * size_t(J);
            float s = 0;
            for (int j = 0; j < J; ++j) s += row[j];
            u[size_t(m) * size_t(d) + size_t(c)] = s;
        }
}

// The kernels below run their lanes across independent outputs: filters j (W per vector), samples (one set of
// accumulators each), experts. Every single sum (over coordinates c, over the terms of f, over the samples that
// update one weight) keeps the sequential order written here, the order of the scalar code it replaces. They are
// written for a lane width W: 4 (SSE2 natively, simd128 in WebAssembly) everywhere, and 8 (AVX2) natively on x86
// CPUs that have it. Each lane does the same IEEE operation whatever W is, so both give the same numbers.
namespace {
using lanes::f32x4;
using lanes::f64x2;
using lanes::load;
using lanes::splat;
using lanes::store;
using lanes::vec;
#define CE_INLINE LANES_INLINE

// Where the projections read coordinate c of sample s's patch, as a scalar and as V equal lanes: from the data
// (a broadcast load with AVX, a load and a shuffle with SSE2).
struct RawX {
    const float* const* x;
    CE_INLINE float scalar(int s, int c) const { return x[s][c]; }
    template <int V>
    CE_INLINE vec<V> lanes(int s, int c) const {
        return splat<V>(x[s][c]);
    }
};
// z_s[j] = ⟨w_j, x_s⟩ for the V·L filters j0 … j0 + V·L − 1 and S samples (Wm is d×J): one accumulator per filter
// and sample, each sequential over c. A row of W is loaded once for all S samples.
template <int V, int L, int S, class X>
CE_INLINE void project_lanes(const float* __restrict Wm, const X& x, int d, int J, int j0, float* const* z) {
    vec<V> acc[S][L] = {};
    for (int c = 0; c < d; ++c) {
        const float* r = Wm + size_t(c) * size_t(J) + size_t(j0);
        vec<V> xc[S];
        for (int s = 0; s < S; ++s) xc[s] = x.template lanes<V>(s, c);
        for (int l = 0; l < L; ++l) {
            const vec<V> w = load<V>(r + V * l);
            for (int s = 0; s < S; ++s) acc[s][l] += w * xc[s];
        }
    }
    for (int s = 0; s < S; ++s)
        for (int l = 0; l < L; ++l) store<V>(z[s] + j0 + V * l, acc[s][l]);
}

// z_s[j] = ⟨w_j, x_s⟩ for all J filters of one expert and S samples: blocks of 16 filters (16/W vectors per
// sample: S·16/W accumulators), then of 8 and 4, then single filters.
template <int W, int S, class X>
CE_INLINE void project(const float* __restrict Wm, const X& x, int d, int J, float* const* z) {
    int j = 0;
    for (; j + 16 <= J; j += 16) project_lanes<W, 16 / W, S>(Wm, x, d, J, j, z);
    for (; j + 8 <= J; j += 8) project_lanes<W, 8 / W, S>(Wm, x, d, J, j, z);
    for (; j + 4 <= J; j += 4) project_lanes<4, 1, S>(Wm, x, d, J, j, z);
    for (; j < J; ++j)
        for (int s = 0; s < S; ++s) {
            float acc = 0;
            for (int c = 0; c < d; ++c) acc += Wm[size_t(c) * size_t(J) + size_t(j)] * x.scalar(s, c);
            z[s][j] = acc;
        }
}

// Σ_k σ(z_k) = Σ_k z_k³ over the n = P·J pre-activations of one sample (eq. 3.1), in double, sequential over k.
CE_INLINE double cube_sum(const float* z, int n) {
    double out = 0;
    for (int k = 0; k < n; ++k) out += double(z[k]) * z[k] * z[k];
    return out;
}

// The same sums for 2V samples at once, lanes (z[0], z[1]), (z[2], z[3]), …: each lane sequential over k.
template <int V>
CE_INLINE void cube_sums(const float* const* z, int n, double* out) {
    f64x2 acc[V] = {};
    auto add_cubes = [](f64x2& a, f64x2 u) { a += u * u * u; };
    int k = 0;
    for (; k + 4 <= n; k += 4)
        for (int v = 0; v < V; ++v) {   // terms k … k + 3 of samples 2v and 2v + 1, as doubles
            const f32x4 a = load<4>(z[2 * v] + k), b = load<4>(z[2 * v + 1] + k);
            const f64x2 a01 = lanes::widen_lo(a), a23 = lanes::widen_hi(a), b01 = lanes::widen_lo(b),
                        b23 = lanes::widen_hi(b);
            add_cubes(acc[v], lanes::lo_pair(a01, b01));   // term k
            add_cubes(acc[v], lanes::hi_pair(a01, b01));   // k + 1
            add_cubes(acc[v], lanes::lo_pair(a23, b23));   // k + 2
            add_cubes(acc[v], lanes::hi_pair(a23, b23));   // k + 3
        }
    for (; k < n; ++k)
        for (int v = 0; v < V; ++v) add_cubes(acc[v], f64x2{double(z[2 * v][k]), double(z[2 * v + 1][k])});
    for (int v = 0; v < V; ++v) {
        out[2 * v] = acc[v][0];
        out[2 * v + 1] = acc[v][1];
    }
}

// y[j] = a · x[j] (scale), y[j] += t[j] · s (add_scaled), y[j] += a · (z[j] · z[j]) (add_scaled_sq), for j < J.
template <int W>
CE_INLINE void scale(const float* __restrict x, float a, float* __restrict y, int J) {
    int j = 0;
    for (; j + W <= J; j += W) store<W>(y + j, splat<W>(a) * load<W>(x + j));
    for (; j + 4 <= J; j += 4) store<4>(y + j, splat<4>(a) * load<4>(x + j));
    for (; j < J; ++j) y[j] = a * x[j];
}
template <int W>
CE_INLINE void add_scaled(const float* __restrict t, float s, float* __restrict y, int J) {
    int j = 0;
    for (; j + W <= J; j += W) store<W>(y + j, load<W>(y + j) + load<W>(t + j) * splat<W>(s));
    for (; j + 4 <= J; j += 4) store<4>(y + j, load<4>(y + j) + load<4>(t + j) * splat<4>(s));
    for (; j < J; ++j) y[j] += t[j] * s;
}
template <int W>
CE_INLINE void add_scaled_sq(const float* __restrict z, float a, float* __restrict y, int J) {
    int j = 0;
    for (; j + W <= J; j += W) {
        const vec<W> v = load<W>(z + j);
        store<W>(y + j, load<W>(y + j) + splat<W>(a) * (v * v));
    }
    for (; j + 4 <= J; j += 4) {
        const f32x4 v = load<4>(z + j);
        store<4>(y + j, load<4>(y + j) + splat<4>(a) * (v * v));
    }
    for (; j < J; ++j) y[j] += a * (z[j] * z[j]);
}
// t[j] = c3 · (z[j] · z[j]) for j < J: 3c·σ'-factor z² of one Gaussian patch.
template <int W>
CE_INLINE void scaled_sq(const float* __restrict z, float c3, float* __restrict t, int J) {
    int j = 0;
    for (; j + W <= J; j += W) {
        const vec<W> v = load<W>(z + j);
        store<W>(t + j, splat<W>(c3) * (v * v));
    }
    for (; j + 4 <= J; j += 4) {
        const f32x4 v = load<4>(z + j);
        store<4>(t + j, splat<4>(c3) * (v * v));
    }
    for (; j < J; ++j) t[j] = c3 * (z[j] * z[j]);
}

// Where add_outer reads x_u[k], coordinate k of the group's Gaussian patch u, as a scalar and as V equal lanes:
// from the data, x[u] pointing at patch u.
struct PatchRows {
    const float* const* x;
    CE_INLINE float scalar(int k, int u) const { return x[u][k]; }
    template <int V>
    CE_INLINE vec<V> lanes(int k, int u) const {
        return splat<V>(x[u][k]);
    }
};

// The Gaussian-patch terms of a group, u = 0, 1, …, U − 1: t_u[j] = t[u·J + j] and x_u[k] (from xr).
// G[k][j] += t_u[j] · x_u[k] for u = 0, 1, …, U − 1 in turn, for N rows k, k + 1, … and the V·L filters from j0:
// each element is loaded once, takes its U terms in order, and is stored once; the N rows share the loads of t.
template <int V, int L, int N, class XR>
CE_INLINE void add_outer_rows(float* __restrict G, int J, int j0, int k, const float* t, const XR& xr, int U) {
    vec<V> acc[N][L];
    for (int r = 0; r < N; ++r)
        for (int l = 0; l < L; ++l) acc[r][l] = load<V>(G + size_t(k + r) * size_t(J) + size_t(j0) + V * l);
    for (int u = 0; u < U; ++u) {
        vec<V> xu[N];
        for (int r = 0; r < N; ++r) xu[r] = xr.template lanes<V>(k + r, u);
        const float* tu = t + size_t(u) * size_t(J) + size_t(j0);
        for (int l = 0; l < L; ++l) {
            const vec<V> tl = load<V>(tu + V * l);
            for (int r = 0; r < N; ++r) acc[r][l] += tl * xu[r];
        }
    }
    for (int r = 0; r < N; ++r)
        for (int l = 0; l < L; ++l) store<V>(G + size_t(k + r) * size_t(J) + size_t(j0) + V * l, acc[r][l]);
}

// Rows k0 ≤ k < k1, N at a time (N·L = 8 accumulators).
template <int V, int L, class XR>
CE_INLINE void add_outer_lanes(float* __restrict G, int J, int j0, int k0, int k1, const float* t, const XR& xr,
                               int U) {
    constexpr int N = 8 / L;
    int k = k0;
    for (; k + N <= k1; k += N) add_outer_rows<V, L, N>(G, J, j0, k, t, xr, U);
    for (; k < k1; ++k) add_outer_rows<V, L, 1>(G, J, j0, k, t, xr, U);
}

// All filters: blocks of 16 and 4 filters, then single filters.
template <int W, class XR>
CE_INLINE void add_outer(float* __restrict G, int J, int k0, int k1, const float* t, const XR& xr, int U) {
    int j = 0;
    for (; j + 16 <= J; j += 16) add_outer_lanes<W, 16 / W>(G, J, j, k0, k1, t, xr, U);
    for (; j + 4 <= J; j += 4) add_outer_lanes<4, 1>(G, J, j, k0, k1, t, xr, U);
    for (; j < J; ++j)
        for (int k = k0; k < k1; ++k) {
            float g = G[size_t(k) * size_t(J) + size_t(j)];
            for (int u = 0; u < U; ++u) g += t[size_t(u) * size_t(J) + size_t(j)] * xr.scalar(k, u);
            G[size_t(k) * size_t(J) + size_t(j)] = g;
        }
}

// The three 1-sparse patches of sample i: z_0 = a·w_{v_k}, z_1 = b·w_{c_k}, z_2 = e·w_{v_k'} (one row of W each).
template <int W>
CE_INLINE void sparse_patches(const float* Wm, int J, const Dataset& D, int i, float* z) {
    const size_t I = size_t(i);
    scale<W>(Wm + size_t(D.v_index(D.k[I])) * size_t(J), D.a[I], z, J);
    scale<W>(Wm + size_t(D.c_index(D.k[I])) * size_t(J), D.b[I], z + J, J);
    scale<W>(Wm + size_t(D.v_index(D.kp[I])) * size_t(J), D.e[I], z + 2 * J, J);
}

// Experts::f_group of a cubic expert with lanes of width W. work: the group's pre-activations z (sample s at
// s·P·J), then grad_group's t_u = 3c·z² of each Gaussian patch (u = s·(P − 3) + q).
template <int W>
CE_INLINE void f_group_cubic(const Experts& ex, int m, const Dataset& D, const int* idx, int S, float* work,
                             double* out) {
    constexpr int G = Experts::kGroup, S1 = W / 2;   // S1 samples per projection pass (S1·16/W = 8 accumulators)
    const int J = ex.J, d = ex.d, P = D.P, Q = P - 3, nz = ex.z_size(P);
    const float* Wm = ex.W.data() + size_t(m) * ex.block();
    float* z = work;
    for (int s = 0; s < S; ++s) sparse_patches<W>(Wm, J, D, idx[s], z + size_t(s) * size_t(nz));
    // the Gaussian patch q of samples s0, s0 + 1, …, s0 + R − 1 at once
    auto pass = [&](auto samples, int s0, int q) {
        constexpr int R = decltype(samples)::value;
        float* zs[R];
        const float* xp[R];
        for (int r = 0; r < R; ++r) {
            zs[r] = z + size_t(s0 + r) * size_t(nz) + size_t(3 + q) * size_t(J);
            xp[r] = D.xi_of(idx[s0 + r], q);
        }
        project<W, R>(Wm, RawX{xp}, d, J, zs);
    };
    for (int q = 0; q < Q; ++q) {   // S1 samples at a time, then pairs, then one
        int s = 0;
        for (; s + S1 <= S; s += S1) pass(std::integral_constant<int, S1>(), s, q);
        for (; s + 2 <= S; s += 2) pass(std::integral_constant<int, 2>(), s, q);
        if (s < S) pass(std::integral_constant<int, 1>(), s, q);
    }
    if (S == 1) {
        out[0] = cube_sum(z, nz);
        return;
    }
    // lanes of samples, 2, 4 or 8 of them; with fewer samples the last one fills the spare lanes
    const float* zs[G];
    for (int s = 0; s < G; ++s) zs[s] = z + size_t(std::min(s, S - 1)) * size_t(nz);
    double o[G];
    if (S <= 2) cube_sums<1>(zs, nz, o);
    else if (S <= 4) cube_sums<2>(zs, nz, o);
    else cube_sums<G / 2>(zs, nz, o);
    for (int s = 0; s < S; ++s) out[s] = o[s];
}

// Experts::grad_group of a cubic expert with lanes of width W (after f_group_cubic<W> on the same work).
template <int W>
CE_INLINE void grad_group_cubic(const Experts& ex, const Dataset& D, const int* idx, int S, float* work,
                                const double* c, float* G_m) {
    // ∂f_m/∂w_{m,j} = Σ_p σ'(⟨w_{m,j}, x^(p)⟩) x^(p), σ'(z) = 3z²  (the inner sum of eq. E.2)
    const int J = ex.J, d = ex.d, P = D.P, Q = P - 3, nz = ex.z_size(P);
    const float* z = work;
    float* tb = work + size_t(Experts::kGroup) * size_t(nz);
    // The rows k < R = 2K (v_k = e_k, c_k = e_{K+k}) are the only ones the sparse patches reach: they are
    // updated sample by sample, the sparse patches' terms first, as one sample's gradient always was. The rows
    // above take the Gaussian-patch terms alone, of all S samples in one pass (add_outer), in sample order.
    const int R = std::min(d, 2 * D.K);
    for (int s = 0; s < S; ++s) {
        const size_t I = size_t(idx[s]);
        const float* zs = z + size_t(s) * size_t(nz);
        const float c3 = float(3.0 * c[s]);
        add_scaled_sq<W>(zs, c3 * D.a[I], G_m + size_t(D.v_index(D.k[I])) * size_t(J), J);
        add_scaled_sq<W>(zs + J, c3 * D.b[I], G_m + size_t(D.c_index(D.k[I])) * size_t(J), J);
        add_scaled_sq<W>(zs + 2 * J, c3 * D.e[I], G_m + size_t(D.v_index(D.kp[I])) * size_t(J), J);
        // The Gaussian patches: t_j = 3c·z_j², into the group's t buffer (u = s·Q + q).
        for (int q = 0; q < Q; ++q) {
            float* t = tb + size_t(s * Q + q) * size_t(J);
            const float* x = D.xi_of(idx[s], q);
            scaled_sq<W>(zs + size_t(3 + q) * size_t(J), c3, t, J);
            for (int k = 0; k < R; ++k) add_scaled<W>(t, x[k], G_m + size_t(k) * size_t(J), J);
        }
    }
    const int U = S * Q;
    const float* x[Experts::kGroup * 13];   // P ≤ 16
    for (int s = 0; s < S; ++s)
        for (int q = 0; q < Q; ++q) x[s * Q + q] = D.xi_of(idx[s], q);
    add_outer<W>(G_m, J, R, d, tb, PatchRows{x}, U);
}

#ifdef MOE_LANES_AVX2
// The width-8 entry points: compiled for AVX2 (no FMA: -ffp-contract=off, and AVX2 does not enable it), called
// only on CPUs that have it.
__attribute__((target("avx2"))) void f_group_avx2(const Experts& ex, int m, const Dataset& D, const int* idx, int S,
                                                  float* work, double* out) {
    f_group_cubic<8>(ex, m, D, idx, S, work, out);
}
__attribute__((target("avx2"))) void grad_group_avx2(const Experts& ex, const Dataset& D, const int* idx, int S,
                                                     float* work, const double* c, float* G_m) {
    grad_group_cubic<8>(ex, D, idx, S, work, c, G_m);
}
#endif
}   // namespace

double Experts::f(int m, const Dataset& D, int i, float* z) const {
    if (!cubic) {
        // σ(z) = z: Σ_j Σ_p ⟨w_{m,j}, x^(p)⟩ = ⟨Σ_j w_{m,j}, s(x)⟩ (eq. 3.1): the filters collapse.
        return double(core::dot(u.data() + size_t(m) * size_t(d), D.s_of(i), d));
    }
    const int P = D.P;
    const float* Wm = W.data() + size_t(m) * block();
    sparse_patches<4>(Wm, J, D, i, z);
    for (int q = 0; q < P - 3; ++q) {
        const float* x[1] = {D.xi_of(i, q)};
        float* zq[1] = {z + size_t(3 + q) * size_t(J)};
        project<4, 1>(Wm, RawX{x}, d, J, zq);
    }
    return cube_sum(z, P * J);
}

void Experts::f_group(int m, const Dataset& D, const int* idx, int S, float* work, double* out) const {
    if (!cubic) {
        for (int s = 0; s < S; ++s) out[s] = f(m, D, idx[s], nullptr);
        return;
    }
#ifdef MOE_LANES_AVX2
    if (lanes::has_avx2()) return f_group_avx2(*this, m, D, idx, S, work, out);
#endif
    f_group_cubic<4>(*this, m, D, idx, S, work, out);
}

void Experts::grad_group(int m, const Dataset& D, const int* idx, int S, float* work, const double* c,
                         float* G_m) const {
    if (!cubic) {
        // ∂f_m/∂w_{m,j} = s(x) for every j (the linear expert's gradient is independent of j and W):
        // accumulate it once, contiguous in G_m[0 … d), sample after sample; complete() spreads it to the filters.
        for (int s = 0; s < S; ++s) {
            const float* x = D.s_of(idx[s]);
            const float cf = float(c[s]);
            int k = 0;
            for (; k + 4 <= d; k += 4) store<4>(G_m + k, load<4>(G_m + k) + splat<4>(cf) * load<4>(x + k));
            for (; k < d; ++k) G_m[k] += cf * x[k];
        }
        return;
    }
#ifdef MOE_LANES_AVX2
    if (lanes::has_avx2()) return grad_group_avx2(*this, D, idx, S, work, c, G_m);
#endif
    grad_group_cubic<4>(*this, D, idx, S, work, c, G_m);
}

void Experts::complete(float* G_m) const {
    if (cubic) return;
    const std::vector<float> g(G_m, G_m + d);   // accumulated by grad_group in G_m[0 … d)
    for (int k = 0; k < d; ++k)
        for (int j = 0; j < J; ++j) G_m[size_t(k) * size_t(J) + size_t(j)] = g[size_t(k)];
}

namespace {
// h_e = ⟨θ_e, s⟩ for E experts at once, each exactly as core::dot computes it: four partial sums over the
// coordinates k ≡ 0, 1, 2, 3 (mod 4), which are the four lanes here, the leftover coordinates added to the first,
// then (s0 + s1) + (s2 + s3).
template <int E>
inline void dots(const float* theta, int d, const float* s, double* h) {
    f32x4 acc[E] = {};
    int k = 0;
    for (; k + 4 <= d; k += 4) {
        const f32x4 sv = load<4>(s + k);
        for (int e = 0; e < E; ++e) acc[e] += load<4>(theta + size_t(e) * size_t(d) + size_t(k)) * sv;
    }
    for (int e = 0; e < E; ++e) {
        const float* th = theta + size_t(e) * size_t(d);
        float s0 = acc[e][0];
        for (int kk = k; kk < d; ++kk) s0 += th[kk] * s[kk];
        h[e] = double((s0 + acc[e][1]) + (acc[e][2] + acc[e][3]));
    }
}
}   // namespace

namespace {
// Router::logits_block with W experts per vector (thT: Θᵀ, Mp ≥ M experts per coordinate, a multiple of W).
// core::dot's four partial sums (over k ≡ 0, 1, 2, 3 mod 4, the leftover k into the first) are four
// accumulators here, then (s0 + s1) + (s2 + s3), lane by lane.
template <int W>
CE_INLINE void logits_lanes(int M, int d, const Dataset& D, int i0, int n, double* h, const float* thT, int Mp) {
    for (int i = i0; i < i0 + n; ++i) {
        const float* s = D.s_of(i);
        double* hi = h + size_t(i - i0) * size_t(M);
        for (int m0 = 0; m0 < M; m0 += W) {
            const float* t = thT + m0;
            vec<W> acc[4] = {};
            int k = 0;
            for (; k + 4 <= d; k += 4)
                for (int r = 0; r < 4; ++r) acc[r] += load<W>(t + size_t(k + r) * size_t(Mp)) * splat<W>(s[k + r]);
            for (; k < d; ++k) acc[0] += load<W>(t + size_t(k) * size_t(Mp)) * splat<W>(s[k]);
            const vec<W> out = (acc[0] + acc[1]) + (acc[2] + acc[3]);
            for (int e = 0; e < W && m0 + e < M; ++e) hi[m0 + e] = double(out[e]);
        }
    }
}
#ifdef MOE_LANES_AVX2
__attribute__((target("avx2"))) void logits_avx2(int M, int d, const Dataset& D, int i0, int n, double* h,
                                                 const float* thT, int Mp) {
    logits_lanes<8>(M, d, D, i0, n, h, thT, Mp);
}
#endif
}   // namespace

void Router::logits_block(const Dataset& D, int i0, int n, double* h, std::vector<float>& thT) const {
    int W = 4;
#ifdef MOE_LANES_AVX2
    if (lanes::has_avx2()) W = 8;
#endif
    const int Mp = (M + W - 1) / W * W;
    thT.assign(size_t(d) * size_t(Mp), 0.f);
    for (int m = 0; m < M; ++m)
        for (int k = 0; k < d; ++k) thT[size_t(k) * size_t(Mp) + size_t(m)] = th(m)[k];
#ifdef MOE_LANES_AVX2
    if (W == 8) return logits_avx2(M, d, D, i0, n, h, thT.data(), Mp);
#endif
    logits_lanes<4>(M, d, D, i0, n, h, thT.data(), Mp);
}

void Router::logits(const float* s, double* h) const {
    int m = 0;
    for (; m + 4 <= M; m += 4) dots<4>(th(m), d, s, h + m);
    for (; m < M; ++m) dots<1>(th(m), d, s, h + m);
}

}   // namespace cluster_experts
