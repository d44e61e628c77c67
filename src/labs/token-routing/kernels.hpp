// The token-routing lab's small dense kernels on row-major arrays: products whose summation order is fixed by
// this code (core/linalg.hpp's dot with its four accumulators, and axpy over a row), so that native and
// WebAssembly builds give the same bits; RMSNorm and GELU with their derivatives. No allocation.
#pragma once
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include <algorithm>
#include <cmath>

namespace token_routing::kern {

// Y[n×b] = X[n×a] · W[a×b]: each row of Y is Σ_k X[i,k] W[k,:], added in k's order.
inline void mm(const double* X, const double* W, double* Y, int n, int a, int b) {
    for (int i = 0; i < n; ++i) {
        double* y = Y + size_t(i) * size_t(b);
        std::fill(y, y + b, 0.0);
        const double* x = X + size_t(i) * size_t(a);
        for (int k = 0; k < a; ++k) core::axpy(x[k], W + size_t(k) * size_t(b), y, b);
    }
}
// dX[n×a] += dY[n×b] · Wᵀ
inline void mm_bt(const double* dY, const double* W, double* dX, int n, int a, int b) {
    for (int i = 0; i < n; ++i) {
        const double* dy = dY + size_t(i) * size_t(b);
        double* dx = dX + size_t(i) * size_t(a);
        for (int k = 0; k < a; ++k) dx[k] += core::dot(dy, W + size_t(k) * size_t(b), b);
    }
}
// dW[a×b] += Xᵀ · dY
inline void mm_at(const double* X, const double* dY, double* dW, int n, int a, int b) {
    for (int i = 0; i < n; ++i) {
        const double* x = X + size_t(i) * size_t(a);
        const double* dy = dY + size_t(i) * size_t(b);
        for (int k = 0; k < a; ++k) core::axpy(x[k], dy, dW + size_t(k) * size_t(b), b);
    }
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

// Softmax of v[0..n) into p (max subtracted); returns log Σ e^{v}.
inline double softmax(const double* v, double* p, int n) {
    double m = v[0];
    for (int i = 1; i < n; ++i) m = std::max(m, v[i]);
    double s = 0;
    for (int i = 0; i < n; ++i) s += (p[i] = core::fm::exp(v[i] - m));
    for (int i = 0; i < n; ++i) p[i] /= s;
    return m + core::fm::log(s);
}

}   // namespace token_routing::kern
