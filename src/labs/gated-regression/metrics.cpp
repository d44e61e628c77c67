#include "labs/gated-regression/metrics.hpp"
#include "core/linalg.hpp"
#include "core/ridge.hpp"
#include "core/stats.hpp"
#include <cmath>

namespace gated {

void Sample::draw(const Truth& t, int count, core::Rng& rng) {
    d = t.d;
    X.resize(size_t(n + count) * size_t(d));
    y.resize(size_t(n + count));
    z.resize(size_t(n + count));
    for (int s = n; s < n + count; ++s) t.sample(rng, &X[size_t(s) * size_t(d)], z[size_t(s)], y[size_t(s)]);
    n += count;
}

// (1/n) Σ_t (f(x_t) − y_t)² over the sample, in its order.
template <class Predict>
static double mean_squared_error(const Sample& s, Predict f) {
    double e = 0;
    for (int t = 0; t < s.n; ++t) {
        double r = f(&s.X[size_t(t) * size_t(s.d)]) - s.y[size_t(t)];
        e += r * r;
    }
    return e / std::max(1, s.n);
}

double mse(const GatedModel& m, const Sample& s) {
    return mean_squared_error(s, [&](const double* x) { return m.predict(x); });
}

double oracle_mse(const Truth& t, const Sample& s) {
    return mean_squared_error(s, [&](const double* x) { return t.mean(x); });
}

double linreg_mse(const Sample& train, const Sample& test) {
    const int d = train.d, p = d + 1;
    std::vector<double> G(static_cast<size_t>(p * p), 0.0), r(static_cast<size_t>(p), 0.0), f(static_cast<size_t>(p));
    for (int t = 0; t < train.n; ++t) {
        for (int j = 0; j < d; ++j) f[size_t(j)] = train.X[size_t(t * d + j)];
        f[size_t(d)] = 1;
        for (int a = 0; a < p; ++a) {
            r[size_t(a)] += f[size_t(a)] * train.y[size_t(t)];
            for (int b = 0; b <= a; ++b) G[size_t(a * p + b)] += f[size_t(a)] * f[size_t(b)];
        }
    }
    if (!core::cholesky_solve(G, r, p)) return NAN;
    double e = 0;
    for (int t = 0; t < test.n; ++t) {
        double yh = r[size_t(d)] + core::dot(&test.X[size_t(t * d)], r.data(), d) - test.y[size_t(t)];
        e += yh * yh;
    }
    return e / std::max(1, test.n);
}

double routing_accuracy(const GatedModel& m, const std::vector<int>& perm, const Sample& s, double sigma,
                        bool posterior) {
    const int d = s.d, k = m.k;
    int hit = 0;
    double v[16];
    for (int t = 0; t < s.n; ++t) {
        const double* x = &s.X[size_t(t * d)];
        for (int i = 0; i < k; ++i) {
            v[i] = i + 1 < k ? core::dot(&m.W[size_t(i * d)], x, d) : 0.0;   // log p_i(x) + const
            if (posterior) {
                const double r = s.y[size_t(t)] - g(m.link, core::dot(&m.A[size_t(i * d)], x, d));
                v[i] -= r * r / (2 * sigma * sigma);
            }
        }
        hit += core::argmax(v, k) == perm[size_t(s.z[size_t(t)])];
    }
    return double(hit) / std::max(1, s.n);
}

std::vector<double> mixing_weights(const Truth& t, const Sample& s) {
    std::vector<double> a(size_t(t.k), 0.0);
    double p[16];
    for (int i = 0; i < s.n; ++i) {
        t.gate(&s.X[size_t(i * s.d)], p);
        for (int m = 0; m < t.k; ++m) a[size_t(m)] += p[m];
    }
    for (double& v : a) v /= std::max(1, s.n);
    return a;
}

}   // namespace gated
