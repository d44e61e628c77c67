#include "labs/gated-regression/truth.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include "core/ziggurat.hpp"
#include <cmath>

namespace gated {

void gate_probs(const double* W, int k, int d, const double* x, double* p) {
    if (k == 2) {   // softmax(h, 0) = (σ(h), 1 − σ(h)): one exp instead of two
        p[0] = core::fm::sigmoid(core::dot(W, x, d));
        p[1] = 1.0 - p[0];
        return;
    }
    double h[16];
    for (int i = 0; i + 1 < k; ++i) h[i] = core::dot(W + size_t(i) * size_t(d), x, d);
    h[k - 1] = 0;
    core::softmax(h, p, k);
}

Truth Truth::make(const TruthConfig& c, core::Rng& rng) {
    Truth t;
    t.cfg = c;
    t.d = c.d;
    t.k = c.k;
    const int d = c.d, k = c.k;
    t.A.assign(size_t(k) * size_t(d), 0.0);
    t.W.assign(size_t(k - 1) * size_t(d), 0.0);
    for (int i = 0; i < k; ++i) {
        double* a = &t.A[size_t(i) * size_t(d)];
        a[i] = 1;
        if (i > 0 && c.overlap != 0) {   // Assumption 3 allows linearly independent, non-orthogonal a_i*
            a[0] = c.overlap;
            const double n = std::sqrt(1 + c.overlap * c.overlap);
            a[0] /= n;
            a[i] /= n;
        }
    }
    for (int i = 0; i + 1 < k; ++i) {
        double* w = &t.W[size_t(i) * size_t(d)];
        if (!c.relaxed) {
            if (k + i < d) w[k + i] = c.w_norm;
            continue;
        }   // d < 2k − 1 is refused by check()
        double s = 0;
        do {
            for (int j = 0; j < d; ++j) w[j] = rng.normal();
            s = core::norm2(w, d);
        } while (s < 1e-12);
        for (int j = 0; j < d; ++j) w[j] *= c.w_norm / s;
    }
    return t;
}

void Truth::gate(const double* x, double* p) const { gate_probs(W.data(), k, d, x, p); }

void Truth::sample(core::Rng& rng, double* x, int& z, double& y) const {
    for (int j = 0; j < d; ++j) x[j] = core::Ziggurat::normal(rng);
    double p[16];
    gate(x, p);
    double u = rng.uniform(), acc = 0;
    z = k - 1;
    for (int i = 0; i < k; ++i) {
        acc += p[i];
        if (u < acc) {
            z = i;
            break;
        }
    }
    y = g(cfg.link, core::dot(&A[size_t(z) * size_t(d)], x, d)) + cfg.sigma * core::Ziggurat::normal(rng);
}

double Truth::mean(const double* x) const {
    double p[16], m = 0;
    gate(x, p);
    for (int i = 0; i < k; ++i) m += p[i] * g(cfg.link, core::dot(&A[size_t(i) * size_t(d)], x, d));
    return m;
}

}   // namespace gated
