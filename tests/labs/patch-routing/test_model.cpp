#include "core/fmath.hpp"
#include "labs/patch-routing/config.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include "labs/patch-routing/train.hpp"
#include <cmath>
#include <doctest/doctest.h>

using namespace patch_routing;

namespace {

struct Fixture {
    DataSpec s = binding().defaults().data;
    Geometry g;
    Dataset D;
    explicit Fixture(int N = 8) {
        s.d = 12;
        s.n = 8;
        s.p = 6;
        s.rho = 0.5;
        g = make_geometry(s);
        core::Rng rng(3, 11);
        generate(s, g, rng, N, D);
    }
};

double loss(Model& m, const float* x, int y) { return core::fm::softplus(-y * m.forward(x)); }

// Central differences of the logistic loss of one sample against backward(); returns the fraction of
// checked coordinates that agree (a coordinate next to a ReLU kink may legitimately disagree).
double fd_agreement(Model& m, const Dataset& D, int i, bool routers, int* checked) {
    const float* x = D.sample(i);
    const int y = D.y[size_t(i)];
    std::vector<float> gW(m.W.size(), 0.f), gwr(m.wr.size(), 0.f);
    const double f = m.forward(x);
    m.backward(x, -y * core::fm::sigmoid(-y * f), gW.data(), gwr.data());
    std::vector<float>& P = routers ? m.wr : m.W;
    const std::vector<float>& G = routers ? gwr : gW;
    int ok = 0, n = 0;
    for (size_t q = 0; q < P.size(); q += 3) {
        const float keep = P[q];
        const float eps = 2e-3f;
        P[q] = keep + eps;
        const double lp = loss(m, x, y);
        P[q] = keep - eps;
        const double lm = loss(m, x, y);
        P[q] = keep;
        const double fd = (lp - lm) / (2.0 * double(eps));
        ++n;
        if (std::fabs(fd - G[q]) <= 2e-3 + 3e-2 * std::fabs(G[q])) ++ok;
    }
    *checked = n;
    return double(ok) / n;
}

}   // namespace

TEST_CASE("patch-routing gradients match finite differences: CNN (eq. 21), separate experts (eq. 13)") {
    Fixture fx;
    for (Arch a : {Arch::CNN, Arch::Separate}) {
        ModelSpec ms{a, a == Arch::CNN ? 1 : 2, a == Arch::CNN ? 8 : 4, a == Arch::CNN ? fx.s.n : 3, false, 1.0};
        Model m;
        core::Rng rng(17);
        m.init(ms, fx.s.d, fx.s.n, rng);
        for (float& w : m.W) w *= 4.f;   // larger activations: the gradient is well above float noise
        for (int i = 0; i < 4; ++i) {
            int n = 0;
            CAPTURE(arch_name(a));
            CHECK(fd_agreement(m, fx.D, i, false, &n) >= 0.95);
            CHECK(n > 10);
        }
    }
}

TEST_CASE("patch-routing gradients match finite differences: joint experts (eq. 19) and routers (eq. 26)") {
    Fixture fx;
    ModelSpec ms{Arch::Joint, 3, 4, 3, false, 1.0};   // routers ~ N(0, 1): the top-l sets are stable under ±eps
    Model m;
    core::Rng rng(23);
    m.init(ms, fx.s.d, fx.s.n, rng);
    for (float& w : m.W) w *= 4.f;
    int checked = 0;
    for (int i = 0; i < 4; ++i) {
        CHECK(fd_agreement(m, fx.D, i, false, &checked) >= 0.95);
        CHECK(fd_agreement(m, fx.D, i, true, &checked) >= 0.95);
    }
    // a wrong router gradient is caught: the check is not vacuous
    std::vector<float> gW(m.W.size(), 0.f), gwr(m.wr.size(), 0.f);
    const float* x = fx.D.sample(0);
    const double f = m.forward(x);
    m.backward(x, 1.0, gW.data(), gwr.data());
    CHECK(core::norm2(gwr.data(), int(gwr.size())) > 1e-4);
    (void)f;
}

TEST_CASE("patch-routing router phase: the gradient of the linear loss (6) does not depend on w") {
    Fixture fx(64);
    TrainSpec ts = binding().defaults().train;
    ts.eta_r = 0.1;
    ts.B_r = 16;
    Trainer a, b;
    ModelSpec small{Arch::Separate, 2, 4, 2, false, 1e-3}, big = small;
    big.sigma_r = 10.0;   // very different starting routers, same seed: same batches
    a.start(small, ts, fx.D, 64, fx.D, 42);
    b.start(big, ts, fx.D, 64, fx.D, 42);
    std::vector<float> a0 = a.model.wr, b0 = b.model.wr;
    while (a.stage == Trainer::Stage::Router) a.advance(1);
    while (b.stage == Trainer::Stage::Router) b.advance(1);
    CHECK(a.router_steps == 4);
    // the displacement is the same, and equals (η_r / B_r) Σ_i y_i Σ_j x_i^(j) over one pass (eq. 11)
    std::vector<float> expect(size_t(fx.s.d), 0.f);
    for (int i = 0; i < 64; ++i)
        core::axpy(float(fx.D.y[size_t(i)]) * 0.1f / 16.f, fx.D.xsum.data() + i * fx.s.d, expect.data(), fx.s.d);
    for (int k = 0; k < fx.s.d; ++k) {
        const float da = a.model.wr[size_t(k)] - a0[size_t(k)], db = b.model.wr[size_t(k)] - b0[size_t(k)];
        CHECK(da == doctest::Approx(db).epsilon(1e-3).scale(1.0));
        CHECK(da == doctest::Approx(expect[size_t(k)]).epsilon(1e-3).scale(1.0));
        CHECK(a.model.wr[size_t(fx.s.d + k)] - a0[size_t(fx.s.d + k)] == doctest::Approx(-da).epsilon(1e-3).scale(1.0));
    }
    // Lemma E.1: on a large balanced set the gradient is -(o1 - o2)/2 (irrelevant patches cancel)
    DataSpec s = binding().defaults().data;
    s.rho = 0.3;
    Geometry g = make_geometry(s);
    Dataset big_set;
    core::Rng rng(8, 11);
    generate(s, g, rng, 4000, big_set);
    std::vector<int> idx(4000);
    for (int i = 0; i < 4000; ++i) idx[size_t(i)] = i;
    std::vector<float> g1(size_t(s.d));
    router_gradient(big_set, idx.data(), 4000, g1.data());
    for (int k = 0; k < s.d; ++k)
        CHECK(g1[size_t(k)] == doctest::Approx(-(g.o1[size_t(k)] - g.o2[size_t(k)]) / 2).epsilon(0.05).scale(1.0));
}

TEST_CASE("patch-routing top-l: ties go to the lower patch index, every time") {
    DataSpec s = binding().defaults().data;
    s.d = 8;
    s.n = 10;
    s.p = 1;
    s.rho = 0.0;   // every irrelevant patch is exactly q_1*: all tie
    Geometry g = make_geometry(s);
    Dataset D;
    core::Rng rng(1, 11);
    generate(s, g, rng, 4, D);
    Model m;
    core::Rng init(2);
    m.init({Arch::Separate, 2, 2, 3, false, 1e-3}, s.d, s.n, init);
    for (int k = 0; k < s.d; ++k) m.wr[size_t(k)] = g.q[size_t(k)];   // router 1 = q_1*: irrelevant patches score 1
    for (int i = 0; i < D.N; ++i) {
        m.route(D.sample(i));
        std::vector<int> expect;
        for (int j = 0; j < s.n && int(expect.size()) < 3; ++j)
            if (j != D.j_o[size_t(i)]) expect.push_back(j);
        for (int rep = 0; rep < 2; ++rep) {
            for (int t = 0; t < 3; ++t) CHECK(m.sel(0, t) == expect[size_t(t)]);
            m.route(D.sample(i));
        }
    }
}

TEST_CASE("patch-routing: a huge step size stops the trainer with an explanation, no crash") {
    Fixture fx(32);
    TrainSpec ts = binding().defaults().train;
    ts.eta = 1e36;
    Trainer t;
    t.start({Arch::CNN, 1, 8, fx.s.n, false, 1e-3}, ts, fx.D, 32, fx.D, 1);
    int guard = 0;
    while (!t.advance(1e6) && ++guard < 100000) {}
    CHECK(t.done());
    CHECK_FALSE(t.failure.empty());
    CHECK(t.failure.find("η") != std::string::npos);
}

TEST_CASE("patch-routing top-l and joint gates agree with core::top_k and core::softmax (ties included)") {
    const int d = 4, n = 12, l = 5;
    Model m;
    core::Rng init(5);
    m.init({Arch::Joint, 2, 4, l, false, 1.0}, d, n, init);
    core::Rng rng(9);
    std::vector<float> x(static_cast<size_t>(n * d), 0.f);
    for (int rep = 0; rep < 50; ++rep) {
        for (float& v : x) v = float(rng.below(3)) - 1.f;   // entries in {-1, 0, 1}: many tied scores
        m.route(x.data());
        for (int s = 0; s < m.k; ++s) {
            std::vector<double> g(static_cast<size_t>(n), 0.0);
            for (int j = 0; j < n; ++j) g[size_t(j)] = core::dot(m.router(s), x.data() + j * d, d);
            const std::vector<int> top = core::top_k(g, l);
            std::vector<double> h(static_cast<size_t>(l), 0.0), pi(static_cast<size_t>(l), 0.0);
            for (int t = 0; t < l; ++t) h[size_t(t)] = g[size_t(top[size_t(t)])];
            core::softmax(h.data(), pi.data(), l);
            for (int t = 0; t < l; ++t) {
                CHECK(m.sel(s, t) == top[size_t(t)]);
                CHECK(m.gate(s, t) == pi[size_t(t)]);   // bit-identical: same order of operations
            }
        }
    }
}
