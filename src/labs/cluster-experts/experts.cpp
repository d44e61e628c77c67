#include "labs/cluster-experts/experts.hpp"
#include "core/linalg.hpp"

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
// The loops below run over the filters j in explicit blocks of 8 independent lanes, which the
// straight-line (SLP) vectoriser of -O2 turns into SIMD operations; each lane's arithmetic, and every
// sum over the coordinates c, keeps the order written here on every target.

// z[j], …, z[j + W − 1] = ⟨w_j, x⟩ for one block of W filters; sequential over c in every lane.
template <int W>
inline void project_block(const float* __restrict Wm, const float* __restrict x, int d, int J, int j,
                          float* __restrict z) {
    float acc[W] = {};
    for (int c = 0; c < d; ++c) {
        const float* r = Wm + size_t(c) * size_t(J) + size_t(j);
        const float xc = x[c];
        for (int q = 0; q < W; ++q) acc[q] += r[q] * xc;
    }
    for (int q = 0; q < W; ++q) z[j + q] = acc[q];
}

// z[j] = ⟨w_j, x⟩ for all filters j of one expert (Wm is d×J): blocks of 8, then 4, then single filters.
inline void project(const float* __restrict Wm, const float* __restrict x, int d, int J, float* __restrict z) {
    int j = 0;
    for (; j + 8 <= J; j += 8) project_block<8>(Wm, x, d, J, j, z);
    for (; j + 4 <= J; j += 4) project_block<4>(Wm, x, d, J, j, z);
    for (; j < J; ++j) project_block<1>(Wm, x, d, J, j, z);
}

// y[j] += t[j] * s for j < J.
inline void add_scaled(const float* __restrict t, float s, float* __restrict y, int J) {
    int j = 0;
    for (; j + 4 <= J; j += 4) {
        y[j] += t[j] * s;
        y[j + 1] += t[j + 1] * s;
        y[j + 2] += t[j + 2] * s;
        y[j + 3] += t[j + 3] * s;
    }
    for (; j < J; ++j) y[j] += t[j] * s;
}
}   // namespace

double Experts::f(int m, const Dataset& D, int i, float* z) const {
    const size_t I = size_t(i);
    if (!cubic) {
        // σ(z) = z: Σ_j Σ_p ⟨w_{m,j}, x^(p)⟩ = ⟨Σ_j w_{m,j}, s(x)⟩ (notes §2.2): the filters collapse.
        return double(core::dot(u.data() + size_t(m) * size_t(d), D.s_of(i), d));
    }
    const int P = D.P;
    const float* Wm = W.data() + size_t(m) * block();
    const float* rv = Wm + size_t(D.v_index(D.k[I])) * size_t(J);
    const float* rc = Wm + size_t(D.c_index(D.k[I])) * size_t(J);
    const float* rn = Wm + size_t(D.v_index(D.kp[I])) * size_t(J);
    const float a = D.a[I], b = D.b[I], e = D.e[I];
    for (int j = 0; j < J; ++j) {   // the three 1-sparse patches
        z[j] = a * rv[j];
        z[J + j] = b * rc[j];
        z[2 * J + j] = e * rn[j];
    }
    for (int q = 0; q < P - 3; ++q) project(Wm, D.xi_of(i, q), d, J, z + size_t(3 + q) * size_t(J));
    double out = 0;
    for (int k = 0; k < P * J; ++k) out += double(z[k]) * z[k] * z[k];   // σ(z) = z³
    return out;
}

void Experts::grad(int m, const Dataset& D, int i, float* z, double c, float* G_m) const {
    const size_t I = size_t(i);
    if (!cubic) {
        // ∂f_m/∂w_{m,j} = s(x) for every j (the linear expert's gradient is independent of j and W):
        // accumulate it in filter 0 only; complete() copies it to the other filters.
        const float* s = D.s_of(i);
        const float cf = float(c);
        for (int k = 0; k < d; ++k) G_m[size_t(k) * size_t(J)] += cf * s[k];
        return;
    }
    // ∂f_m/∂w_{m,j} = Σ_p σ'(⟨w_{m,j}, x^(p)⟩) x^(p), σ'(z) = 3z²  (the inner sum of eq. E.2)
    const int P = D.P;
    const float c3 = float(3.0 * c);
    float* gv = G_m + size_t(D.v_index(D.k[I])) * size_t(J);
    float* gc = G_m + size_t(D.c_index(D.k[I])) * size_t(J);
    float* gn = G_m + size_t(D.v_index(D.kp[I])) * size_t(J);
    const float a = c3 * D.a[I], b = c3 * D.b[I], e = c3 * D.e[I];
    for (int j = 0; j < J; ++j) {
        gv[j] += a * (z[j] * z[j]);
        gc[j] += b * (z[J + j] * z[J + j]);
        gn[j] += e * (z[2 * J + j] * z[2 * J + j]);
    }
    // The Gaussian patches: t_j = 3c·z_j² overwrites z_j in place (z is consumed, so no buffer
    // sized by J is needed here, whatever J is).
    for (int q = 0; q < P - 3; ++q) {
        float* t = z + size_t(3 + q) * size_t(J);
        const float* x = D.xi_of(i, q);
        for (int j = 0; j < J; ++j) t[j] = c3 * (t[j] * t[j]);
        for (int k = 0; k < d; ++k) add_scaled(t, x[k], G_m + size_t(k) * size_t(J), J);
    }
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
