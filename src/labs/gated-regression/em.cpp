#include "labs/gated-regression/em.hpp"
#include "labs/gated-regression/truth.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include "core/ridge.hpp"
#include <algorithm>
#include <cmath>

namespace gated {

double em_step(EmModel& m, const std::vector<double>& X, const std::vector<double>& y, int n, double sigma) {
    const int d = m.d, k = m.k;
    const size_t D = size_t(d);
    std::vector<double> post(size_t(n) * size_t(k));
    const double inv2s2 = 0.5 / (sigma * sigma);
    double ll = 0, lp[16];
    for (int s = 0; s < n; ++s) {   // E-step
        const double* x = &X[size_t(s) * D];
        double mx = -INFINITY;
        for (int i = 0; i < k; ++i) {
            const double h = i + 1 < k ? core::dot(&m.W[size_t(i) * D], x, d) : 0.0;
            const double r = y[size_t(s)] - core::dot(&m.A[size_t(i) * D], x, d);
            lp[i] = h - r * r * inv2s2;
            mx = std::max(mx, lp[i]);
        }
        double z = 0;
        for (int i = 0; i < k; ++i) {
            lp[i] = core::fm::exp(lp[i] - mx);
            z += lp[i];
        }
        for (int i = 0; i < k; ++i) post[size_t(s) * size_t(k) + size_t(i)] = lp[i] / z;
        ll += mx + core::fm::log(z);
    }
    for (int i = 0; i < k; ++i) {   // M-step, experts: weighted least squares (a tiny ridge keeps it solvable)
        std::vector<double> G(D * D, 0.0), b(D, 0.0);
        for (int s = 0; s < n; ++s) {
            const double* x = &X[size_t(s) * D];
            const double r = post[size_t(s) * size_t(k) + size_t(i)];
            for (int a = 0; a < d; ++a) {
                b[size_t(a)] += r * y[size_t(s)] * x[a];
                for (int c = 0; c <= a; ++c) G[size_t(a) * D + size_t(c)] += r * x[a] * x[c];
            }
        }
        for (int a = 0; a < d; ++a) G[size_t(a) * D + size_t(a)] += 1e-9 * n;
        if (core::cholesky_solve(G, b, d)) std::copy(b.begin(), b.end(), m.A.begin() + long(size_t(i) * D));
    }
    for (int it = 0; it < 5; ++it) {   // M-step, gates: gradient ascent on Σ_s Σ_i r_si log p_i(x_s)
        std::vector<double> grad(size_t(k - 1) * D, 0.0);
        double p[16];
        for (int s = 0; s < n; ++s) {
            const double* x = &X[size_t(s) * D];
            gate_probs(m.W.data(), k, d, x, p);
            for (int i = 0; i + 1 < k; ++i)
                core::axpy(post[size_t(s) * size_t(k) + size_t(i)] - p[i], x, &grad[size_t(i) * D], d);
        }
        core::axpy(2.0 / n, grad.data(), m.W.data(), int(grad.size()));
    }
    return ll / std::max(1, n);
}

}   // namespace gated
