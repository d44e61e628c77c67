#include "labs/gated-regression/llog.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include <algorithm>
#include <cmath>

namespace gated {

double llog_loss(const LlogData& s, const std::vector<double>& A, int k, Link link, double sigma,
                 const std::vector<double>& W, std::vector<double>* grad, bool want_loss) {
    const int d = s.d;
    const size_t D = size_t(d);
    if (grad) grad->assign(size_t(k - 1) * D, 0.0);
    const double inv2s2 = 0.5 / (sigma * sigma);
    const double log_norm = 0.5 * core::fm::log(2 * 3.14159265358979323846 * sigma * sigma);
    double loss = 0, h[16], lp[16];
    for (int t = 0; t < s.n; ++t) {
        const double* x = &s.X[size_t(t) * D];
        const double y = s.y[size_t(t)];
        double hmax = 0;   // the k-th logit is 0
        for (int i = 0; i + 1 < k; ++i) {
            h[i] = core::dot(&W[size_t(i) * D], x, d);
            hmax = std::max(hmax, h[i]);
        }
        h[k - 1] = 0;
        double lmax = -INFINITY;
        for (int i = 0; i < k; ++i) {
            const double r = y - g(link, core::dot(&A[size_t(i) * D], x, d));
            lp[i] = h[i] - r * r * inv2s2;   // log p_i + log N_i + const
            lmax = std::max(lmax, lp[i]);
        }
        if (k == 2 && !want_loss) {   // the gradient alone: P[z = 1 | x, y] = σ(lp_1 − lp_2), p_1(x) = σ(h_1)
            const double diff = core::fm::sigmoid(lp[0] - lp[1]) - core::fm::sigmoid(h[0]);
            core::axpy(-diff, x, grad->data(), d);
            continue;
        }
        double eh[16], ep[16], zh = 0, zp = 0;
        for (int i = 0; i < k; ++i) {
            eh[i] = core::fm::exp(h[i] - hmax);
            ep[i] = core::fm::exp(lp[i] - lmax);
            zh += eh[i];
            zp += ep[i];
        }
        if (want_loss) loss -= (lmax + core::fm::log(zp)) - (hmax + core::fm::log(zh));
        if (!grad) continue;
        for (int i = 0; i + 1 < k; ++i) core::axpy(-(ep[i] / zp - eh[i] / zh), x, &(*grad)[size_t(i) * D], d);
    }
    const double inv = 1.0 / std::max(1, s.n);
    if (grad)
        for (double& v : *grad) v *= inv;
    return want_loss ? loss * inv + log_norm : NAN;
}

void project_rows(std::vector<double>& W, int rows, int d, double R) {
    for (int i = 0; i < rows; ++i) {
        double* w = &W[size_t(i) * size_t(d)];
        const double n = core::norm2(w, d);
        if (n > R)
            for (int j = 0; j < d; ++j) w[j] *= R / n;
    }
}

void llog_step(const LlogData& s, const std::vector<double>& A, int k, Link link, double sigma, std::vector<double>& W,
               double step, double R) {
    std::vector<double> G;
    llog_loss(s, A, k, link, sigma, W, &G, false);
    core::axpy(-step, G.data(), W.data(), int(W.size()));
    project_rows(W, k - 1, s.d, R);
}

}   // namespace gated
