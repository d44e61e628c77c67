// gated-regression: the App. B constants (solved by quadrature) against the table of
// docs/labs/gated-regression.md §4.7, the Stein conditions they must satisfy, and zero means of Q_4, Q_2 and the input
// transforms under the model.
#include "labs/gated-regression/config.hpp"
#include "labs/gated-regression/link.hpp"
#include "labs/gated-regression/moments.hpp"
#include "labs/gated-regression/truth.hpp"
#include "core/linalg.hpp"
#include <cmath>
#include <doctest/doctest.h>

using namespace gated;

TEST_CASE("gated-regression: App. B constants match the lab document's table (with the ReLU typo fixed)") {
    const double s2 = 0.05 * 0.05, pi = 3.14159265358979323846, s = std::sqrt(2 / pi);
    LinkConstants id = link_constants(Link::Id, 0.05);
    CHECK(id.alpha == 0);
    CHECK(id.gamma == 0);
    CHECK(id.beta == doctest::Approx(-6 - 6 * s2).epsilon(1e-9));
    CHECK(id.c == doctest::Approx(24).epsilon(1e-9));
    CHECK(id.c_prime == doctest::Approx(2).epsilon(1e-9));
    // docs/labs/gated-regression.md §5.3: not 3 + 3σ⁴ − 6σ²
    CHECK(id.kappa4 == doctest::Approx(3 * (1 + s2) * (1 + s2)).epsilon(1e-9));
    CHECK(id.kappa2 == doctest::Approx(-(1 + s2)).epsilon(1e-9));
    LinkConstants re = link_constants(Link::Relu, 0.05);
    CHECK(re.alpha == doctest::Approx(s * (6 * pi - 16) / (9 - 3 * pi)).epsilon(1e-7));
    CHECK(re.beta == doctest::Approx((20 - 6 * pi) / (pi - 3) - 6 * s2).epsilon(1e-7));
    CHECK(re.gamma == doctest::Approx(s * (10 * pi - 32) / (pi - 3) - 3 * re.alpha * s2).epsilon(1e-7));
    CHECK(re.beta == doctest::Approx(8.1100).epsilon(1e-4));     // corrected system; the printed one gives 8.1995
    CHECK(re.gamma == doctest::Approx(-3.2512).epsilon(1e-4));   // printed: −3.3428
    CHECK(re.delta == doctest::Approx(-2 * s).epsilon(1e-7));
    CHECK(re.c == doctest::Approx(12 - (22 * pi - 64) / (pi * (pi - 3))).epsilon(1e-7));
    CHECK(re.c_prime == doctest::Approx(1 - 2 / pi).epsilon(1e-7));
    LinkConstants sg = link_constants(Link::Sigmoid, 0.05);
    CHECK(sg.alpha == doctest::Approx(-2).epsilon(1e-7));
    CHECK(sg.beta == doctest::Approx(1.338631 - 6 * s2).epsilon(1e-5));
    CHECK(sg.gamma == doctest::Approx(-0.338631 + 6 * s2).epsilon(1e-5));
    CHECK(sg.delta == doctest::Approx(-1).epsilon(1e-7));
    CHECK(sg.c == doctest::Approx(0.009359).epsilon(1e-3));
    CHECK(sg.c_prime == doctest::Approx(0.062396).epsilon(1e-4));
    LinkConstants th = link_constants(Link::Tanh, 0.05);
    CHECK(th.beta == doctest::Approx(-1.019260 - 6 * s2).epsilon(1e-5));
    CHECK(th.c == doctest::Approx(0.156872).epsilon(1e-4));
    CHECK(th.c_prime == doctest::Approx(0.363595).epsilon(1e-5));
}

TEST_CASE("gated-regression: Conditions 1 and 2 hold at several σ (E[S_4 He_m] = 0 for m = 1..3, E[S_2 Z] = 0)") {
    for (Link l : {Link::Id, Link::Tanh, Link::Relu, Link::Sigmoid})
        for (double sigma : {0.01, 0.05, 0.5}) {
            LinkConstants k = link_constants(l, sigma);
            const double s2 = sigma * sigma;
            auto S4 = [&](double z) {
                const double v = g(l, z);
                return v * v * v * v + 6 * v * v * s2 + 3 * s2 * s2 + k.alpha * (v * v * v + 3 * v * s2) +
                    k.beta * (v * v + s2) + k.gamma * v + k.kappa4;
            };
            auto S2 = [&](double z) {
                double v = g(l, z);
                return v * v + k.delta * v + s2 + k.kappa2;
            };
            CAPTURE(link_name(l));
            CAPTURE(sigma);
            CHECK(std::fabs(gauss_expect([&](double z) { return S4(z); })) < 1e-9);
            CHECK(std::fabs(gauss_expect([&](double z) { return S4(z) * z; })) < 1e-9);
            CHECK(std::fabs(gauss_expect([&](double z) { return S4(z) * (z * z - 1); })) < 1e-9);
            CHECK(std::fabs(gauss_expect([&](double z) { return S4(z) * (z * z * z - 3 * z); })) < 1e-9);
            CHECK(gauss_expect([&](double z) { return S4(z) * (z * z * z * z - 6 * z * z + 3); }) ==
                  doctest::Approx(k.c).epsilon(1e-9));
            CHECK(std::fabs(gauss_expect([&](double z) { return S2(z); })) < 1e-9);
            CHECK(std::fabs(gauss_expect([&](double z) { return S2(z) * z; })) < 1e-9);
            CHECK(std::fabs(k.c) > 1e-3);   // the ≠ 0 parts of the conditions
            CHECK(std::fabs(k.c_prime) > 1e-3);
        }
}

TEST_CASE("gated-regression: Q_4, Q_2 and the input transforms have zero mean under the model (Monte Carlo)") {
    // Sample means over n draws with their standard errors: each must be within 5 standard errors of 0.
    for (Link l : {Link::Id, Link::Tanh}) {
        TruthConfig tc = binding().defaults().truth;
        tc.d = 6;
        tc.k = 2;
        tc.link = l;
        core::Rng rng(7);
        Truth t = Truth::make(tc, rng);
        LinkConstants kc = link_constants(l, tc.sigma);
        const int n = 200000;
        double s[5] = {}, ss[5] = {};
        std::vector<double> x(6), u = {0.3, -0.5, 0.2, 0.7, 0.1, -0.4}, v = {0.6, 0.1, -0.3, 0.2, -0.5, 0.3};
        const double uu = core::sum_sq(u.data(), 6), vv = core::sum_sq(v.data(), 6),
                     uv = core::dot(u.data(), v.data(), 6);
        for (int i = 0; i < n; ++i) {
            int z;
            double y;
            t.sample(rng, x.data(), z, y);
            const double ux = core::dot(u.data(), x.data(), 6), vx = core::dot(v.data(), x.data(), 6);
            const double val[5] = {Q4(kc, y), Q2(kc, y),
                                   ux * ux * ux * ux - 6 * uu * ux * ux + 3 * uu * uu,   // c·t_2(u, x)
                                   ux * ux - uu,                                         // c′·t_3(u, x)
                                   ux * ux * vx * vx - uu * vx * vx - 4 * ux * vx * uv - vv * ux * ux + uu * vv +
                                       2 * uv * uv};   // c·t_1(u, v, x)
            for (int q = 0; q < 5; ++q) {
                s[q] += val[q];
                ss[q] += val[q] * val[q];
            }
        }
        for (int q = 0; q < 5; ++q) {
            const double mean = s[q] / n, se = std::sqrt((ss[q] / n - mean * mean) / n);
            CAPTURE(link_name(l));
            CAPTURE(q);
            CAPTURE(mean);
            CAPTURE(se);
            CHECK(std::fabs(mean) < 5 * se);
        }
    }
}
