#include "labs/gated-regression/costs.hpp"
#include "labs/gated-regression/em.hpp"
#include "labs/gated-regression/l2.hpp"
#include "labs/gated-regression/llog.hpp"
#include "labs/gated-regression/metrics.hpp"
#include <algorithm>
#include <cmath>

namespace gated {

double draw_cost(int d, int k) { return 10.0 * d + 30.0 * k; }
double moment_cost(int d) {
    double q = double(d) * (d + 1) * (d + 2) * (d + 3) / 24.0;
    return q + 3.0 * d * d;
}
double tensor_cost(int d) { return 12.0 * std::pow(double(d), 4); }
double l4_iter_cost(const Config& c, int d) {
    const int k = c.truth.k;
    double s = l4_step_cost(k, d) + 4.0 * k * k * d;   // + the readout for the curve
    if (c.online) s += c.batch4 * (draw_cost(d, k) + moment_cost(d)) + tensor_cost(d);
    return s;
}
double shuffle_work(const Config& c, int n) {
    const int B = std::min(c.batch2, n);
    return (std::floor(double(c.iters) * B / n) + 1) * n * kShuffleCost;
}

double l2_iter_cost(const Config& c, int d, int n) {
    // A minibatch reads random rows: once the dataset outgrows the cache (~1 MB), each row costs a trip to memory,
    // which dominates at d = 6 (moe-lab bench: Phase 1 ran 3× slower than its multiply-adds with n = 10⁵).
    const double row = double(n) * (d + 2) * 8 > 1e6 ? kMemoryRowCost : 0.0;
    return c.batch2 * (l2_cost_per_sample(c.truth.k, d) + row);
}
double em_iter_cost(const Config& c) { return std::min(c.n, kEmSamples) * em_cost_per_sample(c.truth.k, c.truth.d); }
double llog_iter_cost(const Config& c) { return std::min(c.n, c.n_log) * llog_cost_per_sample(c.truth.k, c.truth.d); }
double finish_cost(const Config& c) {
    const int d = c.truth.d, k = c.truth.k;
    return double(std::min(c.n, c.n_log)) * (d + 1) + 3.0 * (k * k * k + 4.0 * k * k * d);
}
double eval_cost(const Config& c) {
    const int d = c.truth.d, k = c.truth.k;
    return double(c.n_test) * 8.0 * (k * d + 30.0 * k) +
        double(std::min(c.n, c.n_log)) * (d + 1) * (d + 1);   // + linreg on n₂
}

std::vector<int> sweep_grid(int n_max) {
    std::vector<int> g;
    for (double n = 1000; n <= n_max * 1.0001; n *= 10) {
        g.push_back(int(n));
        if (3 * n <= n_max * 1.0001) g.push_back(int(3 * n));
    }
    return g;
}

double sweep_work(const Config& c) {
    if (!c.sweep) return 0;
    const int d = c.truth.d, k = c.truth.k;
    double w = 0;
    for (int n : sweep_grid(c.sweep_n_max)) {
        for (int dd : {d, c.d2})
            w += n * (draw_cost(dd, k) + moment_cost(dd)) + tensor_cost(dd) + c.iters * l4_step_cost(k, dd);
        w += n * draw_cost(d, k) + c.iters * l2_iter_cost(c, d, n) + shuffle_work(c, n);
    }
    return w * c.sweep_seeds;
}

double min_mixing_weight(const TruthConfig& t) {
    if (t.k == 2) return 0.5;   // E[σ(⟨w, x⟩)] = 1/2 by the symmetry x ↦ −x
    core::Rng rng(12345);
    TruthConfig c = t;
    Truth tr = Truth::make(c, rng);
    Sample s;
    s.draw(tr, 4000, rng);
    auto a = mixing_weights(tr, s);
    return *std::min_element(a.begin(), a.end());
}

}   // namespace gated
