#include "labs/gated-regression/costs.hpp"
#include "core/text.hpp"
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
double l2_iter_cost(const Config& c, int d) { return c.batch2 * l2_cost_per_sample(c.truth.k, d); }
double em_iter_cost(const Config& c) { return std::min(c.n, kEmSamples) * em_cost_per_sample(c.truth.k, c.truth.d); }
double llog_iter_cost(const Config& c) { return std::min(c.n, c.n_log) * llog_cost_per_sample(c.truth.k, c.truth.d); }
double eval_cost(const Config& c) {
    const int d = c.truth.d, k = c.truth.k;
    return double(c.n_test) * 8.0 * (k * d + 30.0 * k) + double(c.n) * (d + 1) * (d + 1);
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
        for (int dd : {d, c.d2}) w += n * (draw_cost(dd, k) + moment_cost(dd)) + tensor_cost(dd) + c.iters * l4_step_cost(k, dd);
        w += n * draw_cost(d, k) + c.iters * l2_iter_cost(c, d);
    }
    return w * c.sweep_seeds;
}

double total_work(const Config& c) {
    const int d = c.truth.d, k = c.truth.k;
    double per_run = double(c.n) * (draw_cost(d, k) + (c.online ? 0.0 : moment_cost(d))) + tensor_cost(d) +
                     c.iters * (l4_iter_cost(c, d) + l2_iter_cost(c, d)) + (c.em ? 50 * em_iter_cost(c) : 0.0) +
                     3.0 * c.iters_log * llog_iter_cost(c) + eval_cost(c);
    return c.runs * per_run + double(c.n_test) * draw_cost(d, k) + sweep_work(c);
}

void check_work(core::Validation& v, double units) {
    const double native = units / kUnitsPerSecond, browser = native * kBrowserSlowdown;
    auto dur = [](double s) { return s < 120 ? core::strf("%.0f s", s) : s < 7200 ? core::strf("%.0f min", s / 60) : core::strf("%.1f h", s / 3600); };
    if (native > kMaxNativeSeconds)
        v.errors.push_back("This run needs about " + dur(native) + " of computation natively (" + dur(browser) +
                           " in the browser), over the " + dur(kMaxNativeSeconds) + " limit: lower runs, n, T, sweep_seeds or n_max");
    else if (browser > 30)
        v.warnings.push_back("Heavy run: about " + dur(browser) + " in the browser (~" + dur(native) + " natively with the CLI)");
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

} // namespace gated
