// The token-routing lab's small dense kernels on row-major arrays: products whose summation order is fixed by
// this code (core/linalg.hpp's dot with its four accumulators, and axpy over a row), so that native and
// WebAssembly builds give the same bits; RMSNorm and GELU with their derivatives. No allocation.
#pragma once
#include "core/fmath.hpp"
#include "core/lanes.hpp"
#include "core/linalg.hpp"
#include <algorithm>
#include <cmath>
#include <cstring>

namespace token_routing::kern {

// The products work on tiles of a few rows by a few columns held in registers (core/lanes.hpp's two doubles: SSE2
// natively, simd128 in WebAssembly; four with AVX2 natively where the CPU has it), each output element still summed by itself in the order written below, so the
// bits are those of the plain loops (-ffp-contract=off: no FMA).
namespace tile {
using v2 = core::lanes::f64x2;
using core::lanes::load;
using core::lanes::store;
template <class V>
LANES_INLINE V vload(const double* p) {
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
template <class V>
LANES_INLINE void vstore(double* p, const V& v) {   // (by reference: core/lanes.hpp's LANES_INLINE)
    std::memcpy(p, &v, sizeof v);
}

// acc[r][c] (rows r < R, vectors c < C of L doubles) += x_r[k·xs] · w[k·ws + L·c..] for k = 0..a in order: the inner
// loop of mm (X rows, W rows) and of mm_at (X columns, dY rows). Always inlined, so that the AVX2 versions below
// compile it for AVX2.
template <class V, int R, int C>
LANES_INLINE void run(V (&acc)[R][C], const double* const (&x)[R], size_t xs, const double* w, size_t ws, int a) {
    constexpr int L = int(sizeof(V) / sizeof(double));
    for (int k = 0; k < a; ++k) {
        V wk[C];
        for (int c = 0; c < C; ++c) wk[c] = vload<V>(w + size_t(k) * ws + size_t(L * c));
        for (int r = 0; r < R; ++r) {
            const double xk = x[r][size_t(k) * xs];
            V xr;   // (not V{} + xk: an addition, and −0 would become +0)
            for (int l = 0; l < L; ++l) xr[l] = xk;
            for (int c = 0; c < C; ++c) acc[r][c] += xr * wk[c];
        }
    }
}

// Y[i0..i0+R) × [j, j+LC) of mm: each element 0 + Σ_k X[i,k] W[k,j] in k's order.
template <class V, int R, int C>
LANES_INLINE void mm_block(const double* X, const double* W, double* Y, int i0, int j, int a, int b) {
    constexpr int L = int(sizeof(V) / sizeof(double));
    V acc[R][C] = {};
    const double* x[R];
    for (int r = 0; r < R; ++r) x[r] = X + size_t(i0 + r) * size_t(a);
    run<V, R, C>(acc, x, 1, W + j, size_t(b), a);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) vstore(Y + size_t(i0 + r) * size_t(b) + size_t(j + L * c), acc[r][c]);
}
// Columns [j, b) of rows [i0, i0+R): tiles of LC columns, then of half as many, down to the last L − 1 columns one by
// one. Tiles of R·C vectors ≤ 8 leave room in the 16 vector registers for W's row and x.
template <class V, int R, int C = 8 / R>
LANES_INLINE void mm_rows(const double* X, const double* W, double* Y, int i0, int a, int b, int j = 0) {
    constexpr int L = int(sizeof(V) / sizeof(double));
    for (; j + L * C <= b; j += L * C) mm_block<V, R, C>(X, W, Y, i0, j, a, b);
    if constexpr (C > 1) {
        mm_rows<V, R, C / 2>(X, W, Y, i0, a, b, j);
    } else {
        for (; j < b; ++j)   // the last columns
            for (int r = 0; r < R; ++r) {
                const double* x = X + size_t(i0 + r) * size_t(a);
                double y = 0;
                for (int k = 0; k < a; ++k) y += x[k] * W[size_t(k) * size_t(b) + size_t(j)];
                Y[size_t(i0 + r) * size_t(b) + size_t(j)] = y;
            }
    }
}
template <class V>
LANES_INLINE void mm(const double* X, const double* W, double* Y, int n, int a, int b) {
    int i = 0;
    for (; i + 4 <= n; i += 4) mm_rows<V, 4>(X, W, Y, i, a, b);
    for (; i < n; ++i) mm_rows<V, 1>(X, W, Y, i, a, b);
}

// dW[k0..k0+R) × [j, j+LC) of mm_at: each element dW + Σ_i X[i,k] dY[i,j] in i's order.
template <class V, int R, int C>
LANES_INLINE void at_block(const double* X, const double* dY, double* dW, int n, int k0, int j, int a, int b) {
    constexpr int L = int(sizeof(V) / sizeof(double));
    V acc[R][C];
    const double* x[R];
    for (int r = 0; r < R; ++r) {
        x[r] = X + k0 + r;
        for (int c = 0; c < C; ++c) acc[r][c] = vload<V>(dW + size_t(k0 + r) * size_t(b) + size_t(j + L * c));
    }
    run<V, R, C>(acc, x, size_t(a), dY + j, size_t(b), n);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) vstore(dW + size_t(k0 + r) * size_t(b) + size_t(j + L * c), acc[r][c]);
}
template <class V, int R, int C = 8 / R>
LANES_INLINE void at_rows(const double* X, const double* dY, double* dW, int n, int k0, int a, int b, int j = 0) {
    constexpr int L = int(sizeof(V) / sizeof(double));
    for (; j + L * C <= b; j += L * C) at_block<V, R, C>(X, dY, dW, n, k0, j, a, b);
    if constexpr (C > 1) {
        at_rows<V, R, C / 2>(X, dY, dW, n, k0, a, b, j);
    } else {
        for (; j < b; ++j)
            for (int r = 0; r < R; ++r) {
                double w = dW[size_t(k0 + r) * size_t(b) + size_t(j)];
                for (int i = 0; i < n; ++i)
                    w += X[size_t(i) * size_t(a) + size_t(k0 + r)] * dY[size_t(i) * size_t(b) + size_t(j)];
                dW[size_t(k0 + r) * size_t(b) + size_t(j)] = w;
            }
    }
}
template <class V>
LANES_INLINE void mm_at(const double* X, const double* dY, double* dW, int n, int a, int b) {
    int k = 0;
    for (; k + 4 <= a; k += 4) at_rows<V, 4>(X, dY, dW, n, k, a, b);
    for (; k < a; ++k) at_rows<V, 1>(X, dY, dW, n, k, a, b);
}

// Natively on x86 CPUs with AVX2, the same tiles of four doubles (core/lanes.hpp: target("avx2") enables no FMA, and
// each lane does the same operation, so the same bits).
#ifdef MOE_LANES_AVX2
__attribute__((target("avx2"))) inline void mm_avx2(const double* X, const double* W, double* Y, int n, int a, int b) {
    mm<core::lanes::f64x4>(X, W, Y, n, a, b);
}
__attribute__((target("avx2"))) inline void mm_at_avx2(const double* X, const double* dY, double* dW, int n, int a,
                                                       int b) {
    mm_at<core::lanes::f64x4>(X, dY, dW, n, a, b);
}
#endif

// R dots at once, each core::dot(p[r], q[r], n) with its four accumulators (lanes 0, 1 of s01 and of s23), the same
// operations in the same order.
template <int R>
inline void dots(const double* const (&p)[R], const double* const (&q)[R], int n, double (&out)[R]) {
    v2 s01[R], s23[R];
    for (int r = 0; r < R; ++r) s01[r] = s23[r] = v2{};
    int k = 0;
    for (; k + 4 <= n; k += 4)
        for (int r = 0; r < R; ++r) {
            s01[r] += load(p[r] + k) * load(q[r] + k);
            s23[r] += load(p[r] + k + 2) * load(q[r] + k + 2);
        }
    for (int r = 0; r < R; ++r) {
        double s0 = s01[r][0];
        for (int m = k; m < n; ++m) s0 += p[r][m] * q[r][m];
        out[r] = (s0 + s01[r][1]) + (s23[r][0] + s23[r][1]);
    }
}

// One row: y[j..b) = y or 0, plus Σ_k x[k] W[k·ws + j] for k = 0..a in order (W's rows ws apart), tiles of 2C columns
// down to an odd last one.
template <int C = 8>
inline void row(const double* x, const double* W, size_t ws, double* y, int a, int b, bool add, int j = 0) {
    const double* const xs[1] = {x};
    for (; j + 2 * C <= b; j += 2 * C) {
        v2 acc[1][C];
        for (int c = 0; c < C; ++c) acc[0][c] = add ? load(y + j + 2 * c) : v2{};
        run<v2, 1, C>(acc, xs, 1, W + j, ws, a);
        for (int c = 0; c < C; ++c) store(y + j + 2 * c, acc[0][c]);
    }
    if constexpr (C > 1) {
        row<C / 2>(x, W, ws, y, a, b, add, j);
    } else {
        for (; j < b; ++j) {
            double v = add ? y[j] : 0.0;
            for (int k = 0; k < a; ++k) v += x[k] * W[size_t(k) * ws + size_t(j)];
            y[j] = v;
        }
    }
}
}   // namespace tile

// f(u, core::dot(p, Q + u·qs, n)) for u = 0..m in order, four of the dots at a time (tile::dots: the same bits).
template <class F>
inline void dots_rows(const double* p, const double* Q, size_t qs, int m, int n, F f) {
    int u = 0;
    for (; u + 4 <= m; u += 4) {
        const double* const ps[4] = {p, p, p, p};
        const double* const q[4] = {Q + size_t(u) * qs, Q + size_t(u + 1) * qs, Q + size_t(u + 2) * qs,
                                    Q + size_t(u + 3) * qs};
        double s[4];
        tile::dots<4>(ps, q, n, s);
        for (int r = 0; r < 4; ++r) f(u + r, s[r]);
    }
    for (; u < m; ++u) f(u, core::dot(p, Q + size_t(u) * qs, n));
}
// y[0..b) = Σ_k x[k] W[k·ws + ·] (vm) or y += it (vm_add), k = 0..a in order: core::axpy(x[k], W row k, y) for each k
// in turn, on a zeroed y or on y.
inline void vm(const double* x, const double* W, size_t ws, double* y, int a, int b) {
    tile::row(x, W, ws, y, a, b, false);
}
inline void vm_add(const double* x, const double* W, size_t ws, double* y, int a, int b) {
    tile::row(x, W, ws, y, a, b, true);
}

// Y[n×b] = X[n×a] · W[a×b]: each element of Y is 0 + Σ_k X[i,k] W[k,j], added in k's order.
inline void mm(const double* X, const double* W, double* Y, int n, int a, int b) {
#ifdef MOE_LANES_AVX2
    if (core::lanes::has_avx2()) return tile::mm_avx2(X, W, Y, n, a, b);
#endif
    tile::mm<tile::v2>(X, W, Y, n, a, b);
}
// dX[n×a] += dY[n×b] · Wᵀ: each element dX[i,k] += core::dot(dY[i,:], W[k,:], b).
inline void mm_bt(const double* dY, const double* W, double* dX, int n, int a, int b) {
    for (int i = 0; i < n; ++i) {
        double* dx = dX + size_t(i) * size_t(a);
        dots_rows(dY + size_t(i) * size_t(b), W, size_t(b), a, b, [dx](int k, double s) { dx[k] += s; });
    }
}
// dW[a×b] += Xᵀ · dY: each element dW[k,j] += X[i,k] dY[i,j] for i = 0..n in order.
inline void mm_at(const double* X, const double* dY, double* dW, int n, int a, int b) {
#ifdef MOE_LANES_AVX2
    if (core::lanes::has_avx2()) return tile::mm_at_avx2(X, dY, dW, n, a, b);
#endif
    tile::mm_at<tile::v2>(X, dY, dW, n, a, b);
}

// RMSNorm (Zhang & Sennrich 2019, as in Mixtral): u = g ⊙ x r with r = 1/√(mean(x²) + ε). Returns r.
inline constexpr double kRmsEps = 1e-5;
inline double rms_forward(const double* x, const double* g, double* u, int d) {
    const double r = 1.0 / std::sqrt(core::sum_sq(x, d) / d + kRmsEps);   // IEEE sqrt: exact on every target
    for (int j = 0; j < d; ++j) u[j] = g[j] * x[j] * r;
    return r;
}
// From du: dg += du ⊙ x̂, dx += r (dx̂ − x̂ mean(dx̂ ⊙ x̂)) with x̂ = x r, dx̂ = du ⊙ g.
inline void rms_backward(const double* x, double r, const double* g, const double* du, double* dg, double* dx, int d) {
    double s = 0;
    for (int j = 0; j < d; ++j) {
        dg[j] += du[j] * x[j] * r;
        s += du[j] * g[j] * x[j] * r;
    }
    s /= d;
    for (int j = 0; j < d; ++j) dx[j] += r * (du[j] * g[j] - x[j] * r * s);
}

// GELU, tanh form (Hendrycks & Gimpel 2016; GPT-2): ½a(1 + tanh(√(2/π)(a + 0.044715a³))), and its derivative.
inline constexpr double kGeluC = 0.7978845608028654, kGeluA = 0.044715;
inline double gelu(double a) { return 0.5 * a * (1.0 + core::fm::tanh(kGeluC * (a + kGeluA * a * a * a))); }
inline double gelu_grad(double a) {
    const double t = core::fm::tanh(kGeluC * (a + kGeluA * a * a * a));
    return 0.5 * (1.0 + t) + 0.5 * a * (1.0 - t * t) * kGeluC * (1.0 + 3.0 * kGeluA * a * a);
}
// The same over arrays, 16 at a time: core::fm::tanh's exps in lanes (core::lanes::exps), so the same bits.
// t[0..m) = core::fm::tanh(kGeluC (a + kGeluA a³)) of a[0..m), m ≤ 16.
inline void gelu_tanh(const double* a, double* t, int m) {
    double z[16];
    for (int j = 0; j < m; ++j) {
        z[j] = kGeluC * (a[j] + kGeluA * a[j] * a[j] * a[j]);
        t[j] = 2.0 * z[j];
    }
    core::lanes::exps(t, size_t(m));
    for (int j = 0; j < m; ++j) t[j] = z[j] > 20 ? 1.0 : z[j] < -20 ? -1.0 : (t[j] - 1.0) / (t[j] + 1.0);
}
// h[j] = gelu(a[j]) for j < n
inline void gelu(const double* a, double* h, int n) {
    for (int j0 = 0; j0 < n; j0 += 16) {
        const int m = std::min(16, n - j0);
        double t[16];
        gelu_tanh(a + j0, t, m);
        for (int j = 0; j < m; ++j) h[j0 + j] = 0.5 * a[j0 + j] * (1.0 + t[j]);
    }
}
// dh[j] *= gelu_grad(a[j]) for j < n
inline void mul_gelu_grad(const double* a, double* dh, int n) {
    for (int j0 = 0; j0 < n; j0 += 16) {
        const int m = std::min(16, n - j0);
        double t[16];
        gelu_tanh(a + j0, t, m);
        for (int j = 0; j < m; ++j) {
            const double x = a[j0 + j];
            dh[j0 + j] *= 0.5 * (1.0 + t[j]) + 0.5 * x * (1.0 - t[j] * t[j]) * kGeluC * (1.0 + 3.0 * kGeluA * x * x);
        }
    }
}

// Softmax of v[0..n) into p (max subtracted; p may be v); returns log Σ e^{v}. The exps in lanes
// (core::lanes::exps: core::fm::exp's bits), the sum in order.
inline double softmax(const double* v, double* p, int n) {
    double m = v[0];
    for (int i = 1; i < n; ++i) m = std::max(m, v[i]);
    for (int i = 0; i < n; ++i) p[i] = v[i] - m;
    core::lanes::exps(p, size_t(n));
    double s = 0;
    for (int i = 0; i < n; ++i) s += p[i];
    for (int i = 0; i < n; ++i) p[i] /= s;
    return m + core::fm::log(s);
}

}   // namespace token_routing::kern
