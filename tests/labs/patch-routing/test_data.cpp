#include "core/linalg.hpp"
#include "labs/patch-routing/config.hpp"
#include "labs/patch-routing/data.hpp"
#include <cmath>
#include <doctest/doctest.h>

using namespace patch_routing;

// The generator of docs/labs/patch-routing.md §2.2.
TEST_CASE("patch-routing data: the patterns meet δ_d, δ_r and the confuser geometry (§4.2)") {
    DataSpec s = binding().defaults().data;
    s.delta_d = 0.3;
    s.delta_r = 0.4;
    s.c = 2;
    s.kappa = 0.85;
    Geometry g = make_geometry(s);
    const int d = s.d;
    CHECK(core::norm2(g.o1.data(), d) == doctest::Approx(1.0).epsilon(1e-6));
    CHECK(core::norm2(g.o2.data(), d) == doctest::Approx(1.0).epsilon(1e-6));
    CHECK(core::dot(g.o1.data(), g.o2.data(), d) == doctest::Approx(0.3).epsilon(1e-6));
    std::vector<float> diff(size_t(d), 0.f);
    for (int k = 0; k < d; ++k) diff[size_t(k)] = g.o1[size_t(k)] - g.o2[size_t(k)];
    for (int i = 0; i < s.p; ++i) {
        const float* q = g.q.data() + size_t(i) * size_t(d);
        CHECK(core::norm2(q, d) == doctest::Approx(1.0).epsilon(1e-5));
        CHECK(std::fabs(core::dot(g.o1.data(), q, d)) <= 0.4 + 1e-6);
        CHECK(std::fabs(core::dot(g.o2.data(), q, d)) <= 0.4 + 1e-6);
        CHECK(std::fabs(core::dot(diff.data(), q, d)) < 1e-6);   // not δ'-closer to either pattern
    }
    // confusers: <o1 - o2, c1*> = κ √(2(1-δ_d)) > δ' = (1-δ_d)/2 (Def. D.1), and the mirror for c2*
    const double expect = 0.85 * std::sqrt(2 * (1 - 0.3));
    CHECK(core::dot(diff.data(), g.c1.data(), d) == doctest::Approx(expect).epsilon(1e-5));
    CHECK(core::dot(diff.data(), g.c2.data(), d) == doctest::Approx(-expect).epsilon(1e-5));
    CHECK(expect > (1 - 0.3) / 2);
}

TEST_CASE("patch-routing data: one discriminative patch per sample, confusers per side, balanced, nested") {
    DataSpec s = binding().defaults().data;
    s.c = 2;
    s.rho = 0.3;
    Geometry g = make_geometry(s);
    Dataset D;
    core::Rng rng(5, 11);
    generate(s, g, rng, 400, D);
    int plus = 0;
    std::vector<int> pos_count(size_t(s.n), 0);
    for (int i = 0; i < D.N; ++i) {
        const int y = D.y[size_t(i)];
        plus += y > 0;
        int disc = 0, c1 = 0, c2 = 0;
        std::vector<float> sum(size_t(s.d), 0.f);
        for (int j = 0; j < s.n; ++j) {
            const uint8_t t = D.type[size_t(i * s.n + j)];
            disc += t == kO1 || t == kO2;
            c1 += t == kC1;
            c2 += t == kC2;
            CHECK(core::norm2(D.patch(i, j), s.d) == doctest::Approx(1.0).epsilon(1e-4));
            core::axpy(1.0f, D.patch(i, j), sum.data(), s.d);
        }
        REQUIRE(disc == 1);
        CHECK(c1 == 2);
        CHECK(c2 == 2);
        const int jo = D.j_o[size_t(i)];
        pos_count[size_t(jo)]++;
        CHECK(D.type[size_t(i * s.n + jo)] == (y > 0 ? kO1 : kO2));
        const float* o = y > 0 ? g.o1.data() : g.o2.data();
        CHECK(core::dot(D.patch(i, jo), o, s.d) == doctest::Approx(1.0).epsilon(1e-6));
        for (int k = 0; k < s.d; ++k)
            CHECK(D.xsum[size_t(i * s.d + k)] == doctest::Approx(sum[size_t(k)]).epsilon(1e-4));
    }
    CHECK(plus == 200);
    // the position is spread over [n]: every position is used, none more than 4x its share
    for (int c : pos_count) {
        CHECK(c > 0);
        CHECK(c < 4 * 400 / s.n);
    }
    // prefixes are nested: the first 100 samples of a 100-sample draw equal those of the 400-sample draw
    Dataset E;
    core::Rng rng2(5, 11);
    generate(s, g, rng2, 100, E);
    for (size_t q = 0; q < E.x.size(); ++q) REQUIRE(E.x[q] == D.x[q]);
}

TEST_CASE("patch-routing data: with a small spread the empirical δ_r stays near the centres' overlap") {
    DataSpec s = binding().defaults().data;
    s.rho = 0.01;
    s.delta_r = 0.2;
    Geometry g = make_geometry(s);
    Dataset D;
    core::Rng rng(9, 11);
    generate(s, g, rng, 200, D);
    double dr = 0;
    for (int i = 0; i < D.N; ++i)
        for (int j = 0; j < s.n; ++j) {
            if (D.type[size_t(i * s.n + j)] < kS0) continue;
            dr = std::max(dr, std::fabs(double(core::dot(D.patch(i, j), g.o1.data(), s.d))));
            dr = std::max(dr, std::fabs(double(core::dot(D.patch(i, j), g.o2.data(), s.d))));
        }
    CHECK(dr <= 0.2 + 0.02);
    CHECK(dr >= 0.2 * std::sqrt(0.5) - 0.02);   // centres: δ_r √((1+δ_d)/2)
}
