// The two hot loops of training, register-blocked with GCC/clang vector extensions (4 floats: SSE natively,
// simd128 in WebAssembly). Determinism: every output element is a sum over the coordinate kk (forward) or
// over the routed patches t (backward) taken in one fixed sequential order, and vector lanes never mix, so
// native and WebAssembly builds give bit-identical numbers (docs/building.md, "Same seed, same numbers";
// -ffp-contract=off).
#pragma once
#include <cstring>

namespace patch_routing::kern {

typedef float v4 __attribute__((vector_size(16)));
inline v4 load4(const float* p) {
    v4 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
inline void store4(float* p, v4 v) { std::memcpy(p, &v, sizeof v); }
inline v4 splat(float a) { return v4{a, a, a, a}; }

// z[t*M + r] = Σ_{kk=0}^{d-1} x_t[kk] W[kk*M + r] for the `cnt` patches x_t = X + idx[t]*d.
template <int NV>
inline void preact_block(const float* X, const int* idx, int cnt, const float* W, int d, int M, int r0, float* z) {
    int t = 0;
    for (; t + 2 <= cnt; t += 2) {   // two patches at once: 2*NV independent accumulators
        const float* x0 = X + idx[t] * d;
        const float* x1 = X + idx[t + 1] * d;
        v4 a0[NV], a1[NV];
        for (int v = 0; v < NV; ++v) a0[v] = a1[v] = splat(0.f);
        for (int kk = 0; kk < d; ++kk) {
            const v4 xv0 = splat(x0[kk]), xv1 = splat(x1[kk]);
            const float* w = W + kk * M + r0;
            for (int v = 0; v < NV; ++v) {
                const v4 wv = load4(w + 4 * v);
                a0[v] += xv0 * wv;
                a1[v] += xv1 * wv;
            }
        }
        for (int v = 0; v < NV; ++v) {
            store4(z + t * M + r0 + 4 * v, a0[v]);
            store4(z + (t + 1) * M + r0 + 4 * v, a1[v]);
        }
    }
    for (; t < cnt; ++t) {
        const float* x = X + idx[t] * d;
        v4 acc[NV];
        for (int v = 0; v < NV; ++v) acc[v] = splat(0.f);
        for (int kk = 0; kk < d; ++kk) {
            const v4 xv = splat(x[kk]);
            const float* w = W + kk * M + r0;
            for (int v = 0; v < NV; ++v) acc[v] += xv * load4(w + 4 * v);
        }
        for (int v = 0; v < NV; ++v) store4(z + t * M + r0 + 4 * v, acc[v]);
    }
}

inline void preact(const float* X, const int* idx, int cnt, const float* W, int d, int M, float* z) {
    int r0 = 0;
    for (; r0 + 16 <= M; r0 += 16) preact_block<4>(X, idx, cnt, W, d, M, r0, z);
    for (; r0 + 8 <= M; r0 += 8) preact_block<2>(X, idx, cnt, W, d, M, r0, z);
    for (; r0 + 4 <= M; r0 += 4) preact_block<1>(X, idx, cnt, W, d, M, r0, z);
    for (; r0 < M; ++r0)
        for (int t = 0; t < cnt; ++t) {
            const float* x = X + idx[t] * d;
            float s = 0;
            for (int kk = 0; kk < d; ++kk) s += x[kk] * W[kk * M + r0];
            z[t * M + r0] = s;
        }
}

// gW[kk*M + r] += Σ_t x_t[kk] E[t*M + r], the sum over t in order, added to gW last.
template <int NV>
inline void outer_block(const float* X, const int* idx, int cnt, const float* E, int d, int M, int r0, float* gW) {
    int kk = 0;
    for (; kk + 2 <= d; kk += 2) {   // two coordinates at once: 2*NV independent accumulators
        v4 a0[NV], a1[NV];
        for (int v = 0; v < NV; ++v) a0[v] = a1[v] = splat(0.f);
        for (int t = 0; t < cnt; ++t) {
            const float* x = X + idx[t] * d + kk;
            const v4 xv0 = splat(x[0]), xv1 = splat(x[1]);
            const float* e = E + t * M + r0;
            for (int v = 0; v < NV; ++v) {
                const v4 ev = load4(e + 4 * v);
                a0[v] += xv0 * ev;
                a1[v] += xv1 * ev;
            }
        }
        float* g0 = gW + kk * M + r0;
        float* g1 = g0 + M;
        for (int v = 0; v < NV; ++v) {
            store4(g0 + 4 * v, load4(g0 + 4 * v) + a0[v]);
            store4(g1 + 4 * v, load4(g1 + 4 * v) + a1[v]);
        }
    }
    for (; kk < d; ++kk) {
        v4 acc[NV];
        for (int v = 0; v < NV; ++v) acc[v] = splat(0.f);
        for (int t = 0; t < cnt; ++t) {
            const v4 xv = splat(X[idx[t] * d + kk]);
            const float* e = E + t * M + r0;
            for (int v = 0; v < NV; ++v) acc[v] += xv * load4(e + 4 * v);
        }
        float* g = gW + kk * M + r0;
        for (int v = 0; v < NV; ++v) store4(g + 4 * v, load4(g + 4 * v) + acc[v]);
    }
}

inline void outer(const float* X, const int* idx, int cnt, const float* E, int d, int M, float* gW) {
    int r0 = 0;
    for (; r0 + 16 <= M; r0 += 16) outer_block<4>(X, idx, cnt, E, d, M, r0, gW);
    for (; r0 + 8 <= M; r0 += 8) outer_block<2>(X, idx, cnt, E, d, M, r0, gW);
    for (; r0 + 4 <= M; r0 += 4) outer_block<1>(X, idx, cnt, E, d, M, r0, gW);
    for (; r0 < M; ++r0)
        for (int kk = 0; kk < d; ++kk) {
            float s = 0;
            for (int t = 0; t < cnt; ++t) s += X[idx[t] * d + kk] * E[t * M + r0];
            gW[kk * M + r0] += s;
        }
}

typedef int v4i __attribute__((vector_size(16)));

// Σ_r a_r ReLU(z_r): four lane sums over r = lane (mod 4) in order, then (l0 + l1) + (l2 + l3), then the tail.
inline float relu_dot(const float* a, const float* z, int M) {
    v4 acc = splat(0.f);
    int r = 0;
    for (; r + 4 <= M; r += 4) {
        v4 zz = load4(z + r);
        v4i pos = zz > splat(0.f);
        acc += load4(a + r) * (v4)((v4i)zz & pos);
    }
    float s = (acc[0] + acc[1]) + (acc[2] + acc[3]);
    for (; r < M; ++r) s += a[r] * (z[r] > 0 ? z[r] : 0.f);
    return s;
}

// e_r = b a_r 1[z_r >= 0]
inline void masked_scale(float b, const float* a, const float* z, int M, float* e) {
    int r = 0;
    const v4 bv = splat(b);
    for (; r + 4 <= M; r += 4) {
        v4i on = load4(z + r) >= splat(0.f);
        store4(e + r, (v4)((v4i)(bv * load4(a + r)) & on));
    }
    for (; r < M; ++r) e[r] = z[r] >= 0 ? b * a[r] : 0.f;
}

}   // namespace patch_routing::kern
