#include "labs/cluster-experts/experts.hpp"
#include "labs/cluster-experts/lanes.hpp"
#include "core/linalg.hpp"
#include <algorithm>

namespace cluster_experts {

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

namespace {
using lanes::f32x4;
using lanes::f64x2;
using lanes::load;
using lanes::splat;
using lanes::store;

// The kernels below run their lanes across independent outputs: filters j (4 per f32x4), samples (one set of
// accumulators each), experts. Every single sum (over coordinates c, over the terms of f, over the samples that
// update one weight) keeps the sequential order written here, the order of the scalar code it replaces.

// z_s[j] = ⟨w_j, x_s⟩ for the 4L filters j0 … j0 + 4L − 1 and S samples (Wm is d×J): one accumulator per filter
// and sample, each sequential over c. A row of W is loaded once for all S samples.
template <int L, int S>
inline void project_lanes(const float* __restrict Wm, const float* const* x, int d, int J, int j0, float* const* z) {
    f32x4 acc[S][L] = {};
    for (int c = 0; c < d; ++c) {
        const float* r = Wm + size_t(c) * size_t(J) + size_t(j0);
        f32x4 xc[S];
        for (int s = 0; s < S; ++s) xc[s] = splat(x[s][c]);
        for (int l = 0; l < L; ++l) {
            const f32x4 w = load(r + 4 * l);
            for (int s = 0; s < S; ++s) acc[s][l] += w * xc[s];
        }
    }
    for (int s = 0; s < S; ++s)
        for (int l = 0; l < L; ++l) store(z[s] + j0 + 4 * l, acc[s][l]);
}

// z_s[j] = ⟨w_j, x_s⟩ for all J filters of one expert and S = 1 or 2 samples: blocks of 16, 8, 4 filters, then
// single filters.
template <int S>
inline void project(const float* __restrict Wm, const float* const* x, int d, int J, float* const* z) {
    int j = 0;
    for (; j + 16 <= J; j += 16) project_lanes<4, S>(Wm, x, d, J, j, z);
    for (; j + 8 <= J; j += 8) project_lanes<2, S>(Wm, x, d, J, j, z);
    for (; j + 4 <= J; j += 4) project_lanes<1, S>(Wm, x, d, J, j, z);
    for (; j < J; ++j)
        for (int s = 0; s < S; ++s) {
            float acc = 0;
            for (int c = 0; c < d; ++c) acc += Wm[size_t(c) * size_t(J) + size_t(j)] * x[s][c];
            z[s][j] = acc;
        }
}

// Σ_k σ(z_k) = Σ_k z_k³ over the n = P·J pre-activations of one sample (eq. 3.1), in double, sequential over k.
inline double cube_sum(const float* z, int n) {
    double out = 0;
    for (int k = 0; k < n; ++k) out += double(z[k]) * z[k] * z[k];
    return out;
}

// The same sums for four samples a, b, c, e at once: lanes (a, b) and (c, e), each lane sequential over k.
inline void cube_sum4(const float* za, const float* zb, const float* zc, const float* ze, int n, double* out) {
    f64x2 ab = {0, 0}, ce = {0, 0};
    int k = 0;
    for (; k + 4 <= n; k += 4) {
        const f32x4 a = load(za + k), b = load(zb + k), c = load(zc + k), e = load(ze + k);
        f64x2 u = lanes::pair<0>(a, b), v = lanes::pair<0>(c, e);
        ab += u * u * u;
        ce += v * v * v;
        u = lanes::pair<1>(a, b), v = lanes::pair<1>(c, e);
        ab += u * u * u;
        ce += v * v * v;
        u = lanes::pair<2>(a, b), v = lanes::pair<2>(c, e);
        ab += u * u * u;
        ce += v * v * v;
        u = lanes::pair<3>(a, b), v = lanes::pair<3>(c, e);
        ab += u * u * u;
        ce += v * v * v;
    }
    for (; k < n; ++k) {
        const f64x2 u = {double(za[k]), double(zb[k])}, v = {double(zc[k]), double(ze[k])};
        ab += u * u * u;
        ce += v * v * v;
    }
    out[0] = ab[0];
    out[1] = ab[1];
    out[2] = ce[0];
    out[3] = ce[1];
}

// y[j] += t[j] * s for j < J.
inline void add_scaled(const float* __restrict t, float s, float* __restrict y, int J) {
    int j = 0;
    for (; j + 4 <= J; j += 4) store(y + j, load(y + j) + load(t + j) * splat(s));
    for (; j < J; ++j) y[j] += t[j] * s;
}

// G[k][j] += t_u[j] · x_u[k] for u = 0, 1, …, U − 1 in turn, rows k0 ≤ k < k1, the 4L filters from j0: each
// element is loaded once, takes its U terms in order, and is stored once.
template <int L>
inline void add_outer_lanes(float* __restrict G, int J, int j0, int k0, int k1, const float* const* t,
                            const float* const* x, int U) {
    for (int k = k0; k < k1; ++k) {
        float* g = G + size_t(k) * size_t(J) + size_t(j0);
        f32x4 acc[L];
        for (int l = 0; l < L; ++l) acc[l] = load(g + 4 * l);
        for (int u = 0; u < U; ++u) {
            const f32x4 xu = splat(x[u][k]);
            for (int l = 0; l < L; ++l) acc[l] += load(t[u] + j0 + 4 * l) * xu;
        }
        for (int l = 0; l < L; ++l) store(g + 4 * l, acc[l]);
    }
}

// All filters: blocks of 16 and 4 filters, then single filters.
inline void add_outer(float* __restrict G, int J, int k0, int k1, const float* const* t, const float* const* x,
                      int U) {
    int j = 0;
    for (; j + 16 <= J; j += 16) add_outer_lanes<4>(G, J, j, k0, k1, t, x, U);
    for (; j + 4 <= J; j += 4) add_outer_lanes<1>(G, J, j, k0, k1, t, x, U);
    for (; j < J; ++j)
        for (int k = k0; k < k1; ++k) {
            float g = G[size_t(k) * size_t(J) + size_t(j)];
            for (int u = 0; u < U; ++u) g += t[u][j] * x[u][k];
            G[size_t(k) * size_t(J) + size_t(j)] = g;
        }
}
}   // namespace

// The three 1-sparse patches of sample i: z_0 = a·w_{v_k}, z_1 = b·w_{c_k}, z_2 = e·w_{v_k'} (one row of W each).
void Experts::sparse_patches(const float* Wm, const Dataset& D, int i, float* z) const {
    const size_t I = size_t(i);
    const float* rv = Wm + size_t(D.v_index(D.k[I])) * size_t(J);
    const float* rc = Wm + size_t(D.c_index(D.k[I])) * size_t(J);
    const float* rn = Wm + size_t(D.v_index(D.kp[I])) * size_t(J);
    const float a = D.a[I], b = D.b[I], e = D.e[I];
    for (int j = 0; j < J; ++j) {
        z[j] = a * rv[j];
        z[J + j] = b * rc[j];
        z[2 * J + j] = e * rn[j];
    }
}

double Experts::f(int m, const Dataset& D, int i, float* z) const {
    if (!cubic) {
        // σ(z) = z: Σ_j Σ_p ⟨w_{m,j}, x^(p)⟩ = ⟨Σ_j w_{m,j}, s(x)⟩ (notes §2.2): the filters collapse.
        return double(core::dot(u.data() + size_t(m) * size_t(d), D.s_of(i), d));
    }
    const int P = D.P;
    const float* Wm = W.data() + size_t(m) * block();
    sparse_patches(Wm, D, i, z);
    for (int q = 0; q < P - 3; ++q) {
        const float* x[1] = {D.xi_of(i, q)};
        float* zq[1] = {z + size_t(3 + q) * size_t(J)};
        project<1>(Wm, x, d, J, zq);
    }
    return cube_sum(z, P * J);
}

void Experts::f_group(int m, const Dataset& D, const int* idx, int S, float* z, double* out) const {
    if (!cubic) {
        for (int s = 0; s < S; ++s) out[s] = f(m, D, idx[s], nullptr);
        return;
    }
    const int P = D.P, nz = z_size(P);
    const float* Wm = W.data() + size_t(m) * block();
    for (int s = 0; s < S; ++s) sparse_patches(Wm, D, idx[s], z + size_t(s) * size_t(nz));
    for (int q = 0; q < P - 3; ++q) {   // the Gaussian patches, two samples at a time
        int s = 0;
        for (; s + 2 <= S; s += 2) {
            const float* x[2] = {D.xi_of(idx[s], q), D.xi_of(idx[s + 1], q)};
            float* zq[2] = {z + size_t(s) * size_t(nz) + size_t(3 + q) * size_t(J),
                            z + size_t(s + 1) * size_t(nz) + size_t(3 + q) * size_t(J)};
            project<2>(Wm, x, d, J, zq);
        }
        if (s < S) {
            const float* x[1] = {D.xi_of(idx[s], q)};
            float* zq[1] = {z + size_t(s) * size_t(nz) + size_t(3 + q) * size_t(J)};
            project<1>(Wm, x, d, J, zq);
        }
    }
    if (S == 1) {
        out[0] = cube_sum(z, nz);
        return;
    }
    // four lanes (samples); with fewer samples the last one fills the spare lanes
    const float* zs[4];
    for (int s = 0; s < 4; ++s) zs[s] = z + size_t(std::min(s, S - 1)) * size_t(nz);
    double o[4];
    cube_sum4(zs[0], zs[1], zs[2], zs[3], nz, o);
    for (int s = 0; s < S; ++s) out[s] = o[s];
}

void Experts::grad(int m, const Dataset& D, int i, float* z, double c, float* G_m) const {
    grad_group(m, D, &i, 1, z, &c, G_m);
}

void Experts::grad_group(int m, const Dataset& D, const int* idx, int S, float* z, const double* c,
                         float* G_m) const {
    if (!cubic) {
        // ∂f_m/∂w_{m,j} = s(x) for every j (the linear expert's gradient is independent of j and W):
        // accumulate it in filter 0 only; complete() copies it to the other filters.
        for (int s = 0; s < S; ++s) {
            const float* x = D.s_of(idx[s]);
            const float cf = float(c[s]);
            for (int k = 0; k < d; ++k) G_m[size_t(k) * size_t(J)] += cf * x[k];
        }
        return;
    }
    // ∂f_m/∂w_{m,j} = Σ_p σ'(⟨w_{m,j}, x^(p)⟩) x^(p), σ'(z) = 3z²  (the inner sum of eq. E.2)
    const int P = D.P, Q = P - 3, nz = z_size(P);
    // Only the rows k < 2K (v_k = e_k, c_k = e_{K+k}) take sparse-patch terms: they are updated sample by
    // sample as grad() always did; the rows above take the Gaussian-patch terms of all S samples in one pass.
    const int R = std::min(d, 2 * D.K);
    const float* t[kGroup * 13];   // P ≤ 16: at most 13 Gaussian patches
    const float* x[kGroup * 13];
    int U = 0;
    for (int s = 0; s < S; ++s) {
        const size_t I = size_t(idx[s]);
        float* zs = z + size_t(s) * size_t(nz);
        const float c3 = float(3.0 * c[s]);
        float* gv = G_m + size_t(D.v_index(D.k[I])) * size_t(J);
        float* gc = G_m + size_t(D.c_index(D.k[I])) * size_t(J);
        float* gn = G_m + size_t(D.v_index(D.kp[I])) * size_t(J);
        const float a = c3 * D.a[I], b = c3 * D.b[I], e = c3 * D.e[I];
        for (int j = 0; j < J; ++j) {
            gv[j] += a * (zs[j] * zs[j]);
            gc[j] += b * (zs[J + j] * zs[J + j]);
            gn[j] += e * (zs[2 * J + j] * zs[2 * J + j]);
        }
        // The Gaussian patches: t_j = 3c·z_j² overwrites z_j in place (z is consumed).
        for (int q = 0; q < Q; ++q) {
            float* tq = zs + size_t(3 + q) * size_t(J);
            const float* xq = D.xi_of(idx[s], q);
            for (int j = 0; j < J; ++j) tq[j] = c3 * (tq[j] * tq[j]);
            for (int k = 0; k < R; ++k) add_scaled(tq, xq[k], G_m + size_t(k) * size_t(J), J);
            t[U] = tq;
            x[U] = xq;
            ++U;
        }
    }
    add_outer(G_m, J, R, d, t, x, U);
}

void Experts::complete(float* G_m) const {
    if (cubic) return;
    for (int k = 0; k < d; ++k) {
        float* row = G_m + size_t(k) * size_t(J);
        for (int j = 1; j < J; ++j) row[j] = row[0];
    }
}

void Router::logits(const float* s, double* h) const {
    for (int m = 0; m < M; ++m) h[m] = double(core::dot(th(m), s, d));
}

}   // namespace cluster_experts
