// latent-clusters: Hermite links, the teacher of Assumptions 3.2–3.3 and its sample statistics.
#include "labs/latent-clusters/config.hpp"
#include "labs/latent-clusters/experts.hpp"
#include "labs/latent-clusters/teacher.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include "core/ziggurat.hpp"
#include <cmath>
#include <doctest/doctest.h>

using namespace latent;

TEST_CASE("latent-clusters: link polynomials match core::hermite and are orthonormal under N(0,1)") {
    // Σ_i c_i h_i evaluated by the lab equals the core's normalised Hermite polynomials.
    for (int k = 0; k <= 6; ++k) {
        HermitePoly f;
        f.p = 6;
        f.c[k] = 1;
        for (double z = -3; z <= 3; z += 0.37) CHECK(f(z) == doctest::Approx(core::hermite(k, z)).epsilon(1e-12));
    }
    // Lemma A.2 by Monte Carlo with the ziggurat sampler: E[h_i h_j] = δ_ij.
    core::Rng r(21);
    const int n = 400000;
    double G[6][6] = {};
    for (int t = 0; t < n; ++t) {
        double z = core::Ziggurat::normal(r);
        double h[6];
        for (int i = 0; i < 6; ++i) h[i] = core::hermite(i, z);
        for (int i = 0; i < 6; ++i)
            for (int j = 0; j < 6; ++j) G[i][j] += h[i] * h[j] / n;
    }
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) CHECK(std::abs(G[i][j] - (i == j ? 1.0 : 0.0)) < (i + j < 8 ? 0.03 : 0.08));
}

TEST_CASE("latent-clusters: activation derivative matches finite differences (Hermite and ReLU)") {
    core::Rng r(3);
    for (Act act : {Act::Hermite, Act::Relu}) {
        Experts E;
        E.init(2, 3, 8, act, 3, 5, 2.0, r);
        for (int n = 0; n < E.n_neurons(); ++n)
            for (double z = -2.3; z <= 2.3; z += 0.41) {
                float ds, dummy;
                E.sigma(n, float(z), ds);
                const double h = 1e-2;
                double fd = (E.sigma(n, float(z + h), dummy) - E.sigma(n, float(z - h), dummy)) / (2 * h);
                if (act == Act::Relu && std::abs(z) < 2 * h) continue;   // kink
                CHECK(ds == doctest::Approx(fd).epsilon(2e-3).scale(1.0));
            }
    }
}

TEST_CASE("latent-clusters: teacher directions are orthonormal, Σ s_c = 0, and samples have the model's statistics") {
    for (int C : {2, 3, 4}) {
        TeacherConfig cfg = binding().defaults().teacher;
        cfg.d = 24;
        cfg.C = C;
        cfg.rho = 3;
        cfg.zeta = 0.1;
        Teacher T;
        core::Rng r(5);
        T.build(cfg, r);
        for (int a = 0; a < T.n_dirs(); ++a)
            for (int b = 0; b < T.n_dirs(); ++b)
                CHECK(core::dot(T.dir(a), T.dir(b), T.d) ==
                      doctest::Approx(a == b ? 1.0 : 0.0).epsilon(1e-6).scale(1.0));
        double s = 0;
        for (double sc : T.s) s += sc;
        CHECK(s == 0.0);
    }
    TeacherConfig cfg = binding().defaults().teacher;
    cfg.d = 24;
    cfg.C = 2;
    cfg.rho = 3;
    cfg.zeta = 0.1;
    Teacher T;
    core::Rng r(8);
    T.build(cfg, r);
    const int n = 100000;
    std::vector<float> x(size_t(T.d));
    double mv[2] = {0, 0}, cnt[2] = {0, 0}, mw = 0, vw = 0, y2 = 0, noise2 = 0;
    for (int t = 0; t < n; ++t) {
        int c;
        double yc, y;
        T.sample(r, x.data(), c, yc, y);
        cnt[c] += 1;
        mv[c] += core::dot(x.data(), T.dir(T.C + 1 + c), T.d);   // v_c·x = ρ + N(0,1)
        double u = core::dot(x.data(), T.dir(T.C), T.d);         // w_g*·x = w_g*·z ~ N(0,1)
        mw += u;
        vw += u * u;
        y2 += yc * yc;
        noise2 += (y - yc) * (y - yc);
    }
    CHECK(std::abs(cnt[0] / n - 0.5) < 0.01);
    CHECK(std::abs(mv[0] / cnt[0] - 3.0) < 0.03);
    CHECK(std::abs(mv[1] / cnt[1] - 3.0) < 0.03);
    CHECK(std::abs(mw / n) < 0.02);
    CHECK(std::abs(vw / n - 1.0) < 0.02);
    CHECK(std::abs(y2 / n - T.zero_mse()) < 0.1);   // E[y²] = Σ β² + s² γ² = 2 (Lemma A.2)
    CHECK(T.zero_mse() == doctest::Approx(2.0));
    CHECK(T.local_only_mse() == doctest::Approx(1.0));
    CHECK(std::abs(noise2 / n - 0.01) < 0.001);
}

TEST_CASE("latent-clusters: paper links f1 = h3 + h5, f2 = h3 + h4, g = h3 share the information exponent 3") {
    TeacherConfig cfg = binding().defaults().teacher;
    cfg.d = 16;
    cfg.C = 2;
    cfg.links = Links::PaperExperiment;
    Teacher T;
    core::Rng r(2);
    T.build(cfg, r);
    CHECK(T.k_star == 3);
    for (const auto& f : T.f) CHECK(f.information_exponent() == 3);
    CHECK(T.g.information_exponent() == 3);
    CHECK(T.f[0].c[5] == 1.0);
    CHECK(T.f[1].c[4] == 1.0);
    CHECK(T.f[0].c[3] == T.g.c[3]);   // |β_{c,k*}| = |γ_{k*}| (Assumption 3.2)
}

TEST_CASE("core::Ziggurat gives N(0,1) moments and tails") {
    core::Rng r(17);
    const int n = 1000000;
    double s = 0, s2 = 0, s4 = 0, tail = 0;
    for (int t = 0; t < n; ++t) {
        double z = core::Ziggurat::normal(r);
        s += z;
        s2 += z * z;
        s4 += z * z * z * z;
        tail += std::abs(z) > 3.0;
    }
    CHECK(std::abs(s / n) < 0.005);
    CHECK(std::abs(s2 / n - 1) < 0.006);
    CHECK(std::abs(s4 / n - 3) < 0.05);
    CHECK(std::abs(tail / n - 0.0026998) < 0.0003);   // P(|z| > 3)
}
