// Data model of Definition 3.1: generator statistics and the patch layout.
#include "labs/cluster-experts/data.hpp"
#include "defaults.hpp"
#include <cmath>
#include <doctest/doctest.h>
#include <vector>

using namespace cluster_experts;

TEST_CASE("cluster-experts: generated data follow Definition 3.1") {
    DataConfig cfg = default_data();
    cfg.K = 4;
    cfg.P = 5;
    cfg.d = 20;
    core::Rng rng(11);
    const int n = 20000;
    Dataset D = generate(cfg, n, rng);
    REQUIRE(D.n == n);
    std::vector<int> kc(4, 0), pair(16, 0);
    double ypos = 0, eps_pos = 0, ye = 0, sa = 0, sb = 0, sg = 0, noise2 = 0;
    bool ranges_ok = true, k_differs = true, s_ok = true;
    std::vector<float> buf(size_t(cfg.d)), sum(size_t(cfg.d));
    for (int i = 0; i < n; ++i) {
        const size_t I = size_t(i);
        kc[size_t(D.k[I])]++;
        pair[size_t(D.k[I] * 4 + D.kp[I])]++;
        k_differs = k_differs && D.k[I] != D.kp[I];
        ypos += D.y[I] > 0;
        eps_pos += D.eps[I] > 0;
        ye += D.y[I] * D.eps[I];
        sa += D.alpha[I];
        sb += D.beta[I];
        sg += D.gamma[I];
        ranges_ok = ranges_ok && D.alpha[I] >= 0.5f && D.alpha[I] <= 2.f && D.beta[I] >= 1.f && D.beta[I] <= 2.f &&
            D.gamma[I] >= 0.5f && D.gamma[I] <= 3.f;
        // the patch sum the router sees equals Σ_p x^(p) built from the dense patches
        std::fill(sum.begin(), sum.end(), 0.f);
        for (int p = 0; p < cfg.P; ++p) {
            D.patch(i, p, buf.data());
            for (int c = 0; c < cfg.d; ++c) sum[size_t(c)] += buf[size_t(c)];
            if (p >= 3)
                for (int c = 0; c < cfg.d; ++c) noise2 += double(buf[size_t(c)]) * buf[size_t(c)];
        }
        for (int c = 0; c < cfg.d; ++c) s_ok = s_ok && std::fabs(sum[size_t(c)] - D.s_of(i)[c]) < 1e-5f;
        if (i == 0) {
            // feature patch y·α·v_k, center β·c_k, feature noise ε·γ·v_k' with v_k = e_k, c_k = e_{K+k}
            D.patch(i, 0, buf.data());
            CHECK(buf[size_t(D.k[0])] == doctest::Approx(D.y[0] * D.alpha[0]));
            D.patch(i, 1, buf.data());
            CHECK(buf[size_t(4 + D.k[0])] == doctest::Approx(D.beta[0]));
            D.patch(i, 2, buf.data());
            CHECK(buf[size_t(D.kp[0])] == doctest::Approx(D.eps[0] * D.gamma[0]));
        }
    }
    CHECK(k_differs);
    CHECK(ranges_ok);
    CHECK(s_ok);
    for (int c : kc) CHECK(std::fabs(c / double(n) - 0.25) < 0.015);
    for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 4; ++b)
            if (a != b)
                CHECK(std::fabs(pair[size_t(a * 4 + b)] / double(n) - 1.0 / 12) < 0.008);   // ordered pairs k ≠ k'
    CHECK(std::fabs(ypos / n - 0.5) < 0.015);
    CHECK(std::fabs(eps_pos / n - 0.5) < 0.015);
    CHECK(std::fabs(ye / n) < 0.03);                        // ε independent of y
    CHECK(sa / n == doctest::Approx(1.25).epsilon(0.01));   // E α = (0.5 + 2)/2
    CHECK(sb / n == doctest::Approx(1.5).epsilon(0.01));
    CHECK(sg / n == doctest::Approx(1.75).epsilon(0.01));
    // ξ ~ N(0, σ_p²/d I): E‖ξ‖² = σ_p² per Gaussian patch (P − 3 = 2 of them)
    CHECK(noise2 / (2.0 * n) == doctest::Approx(1.0).epsilon(0.02));
}

TEST_CASE("cluster-experts: settings 1-4 set the paper's distributions") {
    DataConfig c{};
    apply_setting(0, c);
    CHECK(c.gamma.hi == 3.0);
    CHECK(c.sigma_p == 1.0);
    apply_setting(1, c);
    CHECK(c.gamma.hi == 3.0);
    CHECK(c.sigma_p == 2.0);
    apply_setting(2, c);
    CHECK(c.gamma.lo == c.alpha.lo);
    CHECK(c.gamma.hi == c.alpha.hi);
    CHECK(c.sigma_p == 1.0);   // D_α = D_γ
    apply_setting(3, c);
    CHECK(c.gamma.hi == 2.0);
    CHECK(c.sigma_p == 2.0);
    c.alpha = {0.1, 0.2};
    apply_setting(kCustomSetting, c);   // custom keeps the given ranges
    CHECK(c.alpha.hi == 0.2);
}

TEST_CASE("cluster-experts: the same seed gives the same data, another seed other data") {
    const DataConfig cfg = default_data();
    core::Rng a(5), b(5), c(6);
    Dataset A = generate(cfg, 200, a), B = generate(cfg, 200, b), C = generate(cfg, 200, c);
    CHECK(A.s == B.s);
    CHECK(A.k == B.k);
    CHECK(A.s != C.s);
}
