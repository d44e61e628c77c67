#include "labs/cluster-experts/data.hpp"
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

Dataset generate(const DataConfig& cfg, int n, core::Rng& rng) {
    Dataset D;
    D.n = n; D.K = cfg.K; D.P = cfg.P; D.d = cfg.d;
    const size_t N = size_t(n), d = size_t(cfg.d), Q = size_t(cfg.P - 3);
    D.k.resize(N); D.kp.resize(N); D.y.resize(N); D.eps.resize(N);
    D.alpha.resize(N); D.beta.resize(N); D.gamma.resize(N);
    D.a.resize(N); D.b.resize(N); D.e.resize(N);
    D.xi.assign(N * Q * d, 0.f);
    D.s.assign(N * d, 0.f);
    const double noise_sd = cfg.sigma_p / std::sqrt(double(cfg.d));   // ξ ~ N(0, σ_p²/d I)
    for (size_t i = 0; i < N; ++i) {
        // (k, k') uniform over ordered pairs with k ≠ k' (Definition 3.1)
        int k = int(rng.below(uint32_t(cfg.K)));
        int kp = int(rng.below(uint32_t(cfg.K - 1)));
        if (kp >= k) ++kp;
        int y = rng.sign(), eps = rng.sign();
        double al = rng.uniform(cfg.alpha.lo, cfg.alpha.hi);
        double be = rng.uniform(cfg.beta.lo, cfg.beta.hi);
        double ga = rng.uniform(cfg.gamma.lo, cfg.gamma.hi);
        D.k[i] = k; D.kp[i] = kp; D.y[i] = int8_t(y); D.eps[i] = int8_t(eps);
        D.alpha[i] = float(al); D.beta[i] = float(be); D.gamma[i] = float(ga);
        D.a[i] = float(y * al); D.b[i] = float(be); D.e[i] = float(eps * ga);
        float* s = D.s.data() + i * d;
        for (size_t q = 0; q < Q; ++q) {
            float* x = D.xi.data() + (i * Q + q) * d;
            for (size_t c = 0; c < d; ++c) { x[c] = float(noise_sd * rng.normal()); s[c] += x[c]; }
        }
        s[D.v_index(k)] += D.a[i];
        s[D.c_index(k)] += D.b[i];
        s[D.v_index(kp)] += D.e[i];
    }
    return D;
}

} // namespace cluster_experts
