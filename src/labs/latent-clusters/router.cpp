#include "labs/latent-clusters/router.hpp"
#include "core/linalg.hpp"
#include <cmath>

namespace latent {

void Router::gate(const float* x, double* h) const {
    for (int m = 0; m < M; ++m) h[m] = core::dot(th(m), x, d);
}

int Router::top1(const double* h, int M, core::Rng& tie) {
    int best = 0, ties = 1;
    for (int m = 1; m < M; ++m) {
        if (h[m] > h[best]) {
            best = m;
            ties = 1;
        } else if (h[m] == h[best]) {
            ++ties;
            if (tie.below(uint32_t(ties)) == 0) best = m;
        }   // reservoir: uniform among ties
    }
    return best;
}

int Router::adaptive(const double* h, int M, unsigned char* active) {
    int k = 0;
    for (int m = 0; m < M; ++m) {
        active[m] = h[m] >= 0 ? 1 : 0;
        k += active[m];
    }
    return k;
}

void Router::add_grad_F1(const double* pi, int mx, double f_mx, const float* x, int M, int d, double scale,
                         double* grad) {
    const double coef = scale * pi[mx] * f_mx;
    for (int m = 0; m < M; ++m) {
        const double wgt = coef * ((m == mx ? 1.0 : 0.0) - pi[m]);
        double* gm = grad + size_t(m) * size_t(d);
        for (int k = 0; k < d; ++k) gm[k] += wgt * x[k];
    }
}

double Router::zero_sum_norm() const {
    double s2 = 0;
    for (int k = 0; k < d; ++k) {
        double s = 0;
        for (int m = 0; m < M; ++m) s += theta[size_t(m) * size_t(d) + size_t(k)];
        s2 += s * s;
    }
    return std::sqrt(s2);
}

}   // namespace latent
