#include "labs/gated-regression/l2.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include "labs/gated-regression/truth.hpp"
#include <cmath>

namespace gated {

double GatedModel::predict(const double* x, double* p) const {
    double q[16];
    if (!p) p = q;
    gate_probs(W.data(), k, d, x, p);
    double s = 0;
    for (int i = 0; i < k; ++i) s += p[i] * g(link, core::dot(&A[size_t(i) * size_t(d)], x, d));
    return s;
}

GatedModel l2_init(int d, int k, Link link, core::Rng& rng) {
    GatedModel m;
    m.d = d;
    m.k = k;
    m.link = link;
    m.A.resize(size_t(k) * size_t(d));
    m.W.resize(size_t(k - 1) * size_t(d));
    const double sa = 1.0 / std::sqrt(double(d)), sw = 0.1 / std::sqrt(double(d));
    for (double& v : m.A) v = sa * rng.normal();
    for (double& v : m.W) v = sw * rng.normal();
    return m;
}

double l2_loss(const GatedModel& m, const std::vector<double>& X, const std::vector<double>& y, const int* idx,
               int count, std::vector<double>* grad) {
    const int d = m.d, k = m.k;
    const size_t D = size_t(d);
    if (grad) grad->assign(size_t(2 * k - 1) * D, 0.0);
    double loss = 0, p[16], u[16], h[16];
    for (int s = 0; s < count; ++s) {
        const double* x = &X[size_t(idx[s]) * D];
        gate_probs(m.W.data(), k, d, x, p);
        double yh = 0;
        for (int i = 0; i < k; ++i) {
            u[i] = core::dot(&m.A[size_t(i) * D], x, d);
            h[i] = g(m.link, u[i]);
            yh += p[i] * h[i];
        }
        const double r = yh - y[size_t(idx[s])];
        loss += r * r;
        if (!grad) continue;
        for (int i = 0; i < k; ++i) {
            core::axpy(2.0 * r * p[i] * g_prime(m.link, u[i]), x, &(*grad)[size_t(i) * D], d);
            if (i + 1 < k) core::axpy(2.0 * r * p[i] * (h[i] - yh), x, &(*grad)[size_t(k + i) * D], d);
        }
    }
    const double inv = 1.0 / std::max(1, count);
    if (grad)
        for (double& v : *grad) v *= inv;
    return loss * inv;
}

double l2_step(GatedModel& m, const std::vector<double>& X, const std::vector<double>& y, const int* idx, int count,
               double eta) {
    std::vector<double> G;
    const double loss = l2_loss(m, X, y, idx, count, &G);
    const size_t kd = m.A.size();
    for (size_t j = 0; j < kd; ++j) m.A[j] -= eta * G[j];
    for (size_t j = 0; j < m.W.size(); ++j) m.W[j] -= eta * G[kd + j];
    return loss;
}

}   // namespace gated
