#include "labs/cluster-experts/data.hpp"
#include <algorithm>
#include <cmath>

namespace cluster_experts {

void apply_setting(int setting, DataConfig& cfg) {
    if (setting < 0 || setting >= kCustomSetting) return;   // custom: keep the given ranges
    cfg.alpha = {0.5, 2.0};
    cfg.beta = {1.0, 2.0};
    cfg.gamma = (setting <= 1) ? Range{0.5, 3.0} : Range{0.5, 2.0};
    cfg.sigma_p = (setting % 2 == 0) ? 1.0 : 2.0;
}

void Dataset::patch(int i, int p, float* out) const {
    for (int c = 0; c < d; ++c) out[c] = 0.f;
    if (p == 0) out[v_index(k[size_t(i)])] = a[size_t(i)];
    else if (p == 1) out[c_index(k[size_t(i)])] = b[size_t(i)];
    else if (p == 2) out[v_index(kp[size_t(i)])] = e[size_t(i)];
    else {
        const float* x = xi_of(i, p - 3);
        for (int c = 0; c < d; ++c) out[c] = x[c];
    }
}

void Generator::start(const DataConfig& cfg, int n, const core::Rng& rng, Dataset& D) {
    cfg_ = cfg;
    rng_ = rng;
    n_ = n;
    next_ = 0;
    D = Dataset();
    D.n = n;
    D.K = cfg.K;
    D.P = cfg.P;
    D.d = cfg.d;
    const size_t N = size_t(n), d = size_t(cfg.d), Q = size_t(cfg.P - 3);
    D.k.resize(N);
    D.kp.resize(N);
    D.y.resize(N);
    D.eps.resize(N);
    D.alpha.resize(N);
    D.beta.resize(N);
    D.gamma.resize(N);
    D.a.resize(N);
    D.b.resize(N);
    D.e.resize(N);
    D.xi.reserve(N * Q * d);   // grown by fill(): no pass over the whole buffer here
    D.s.reserve(N * d);
}

double Generator::cost_per_sample() const { return generation_cost(cfg_.P, cfg_.d); }

int Generator::fill(Dataset& D, int count) {
    const size_t i0 = size_t(next_), i1 = size_t(std::min(n_, next_ + std::max(0, count)));
    const size_t d = size_t(cfg_.d), Q = size_t(cfg_.P - 3);
    D.xi.resize(i1 * Q * d, 0.f);   // within the reserved capacity: no reallocation
    D.s.resize(i1 * d, 0.f);
    const double noise_sd = cfg_.sigma_p / std::sqrt(double(cfg_.d));   // ξ ~ N(0, σ_p²/d I)
    core::Rng& rng = rng_;
    for (size_t i = i0; i < i1; ++i) {
        // (k, k') uniform over ordered pairs with k ≠ k' (Definition 3.1)
        int k = int(rng.below(uint32_t(cfg_.K)));
        int kp = int(rng.below(uint32_t(cfg_.K - 1)));
        if (kp >= k) ++kp;
        int y = rng.sign(), eps = rng.sign();
        double al = rng.uniform(cfg_.alpha.lo, cfg_.alpha.hi);
        double be = rng.uniform(cfg_.beta.lo, cfg_.beta.hi);
        double ga = rng.uniform(cfg_.gamma.lo, cfg_.gamma.hi);
        D.k[i] = k;
        D.kp[i] = kp;
        D.y[i] = int8_t(y);
        D.eps[i] = int8_t(eps);
        D.alpha[i] = float(al);
        D.beta[i] = float(be);
        D.gamma[i] = float(ga);
        D.a[i] = float(y * al);
        D.b[i] = float(be);
        D.e[i] = float(eps * ga);
        float* s = D.s.data() + i * d;
        for (size_t q = 0; q < Q; ++q) {
            float* x = D.xi.data() + (i * Q + q) * d;
            for (size_t c = 0; c < d; ++c) {
                x[c] = float(noise_sd * rng.normal());
                s[c] += x[c];
            }
        }
        s[D.v_index(k)] += D.a[i];
        s[D.c_index(k)] += D.b[i];
        s[D.v_index(kp)] += D.e[i];
    }
    next_ = int(i1);
    return int(i1 - i0);
}

Dataset generate(const DataConfig& cfg, int n, core::Rng& rng) {
    Dataset D;
    Generator g;
    g.start(cfg, n, rng, D);
    g.fill(D, n);
    rng = g.rng();   // the caller's stream advances as if drawn in place
    return D;
}

}   // namespace cluster_experts
