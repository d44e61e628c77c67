// gated-regression: L_4, ℓ2 and L_log gradients against finite differences; L_4 on the population
// tensors equals the closed form (8); its population minimiser is a signed permutation of A* scaled by
// 1/√α_i*; the projection keeps ‖w_i‖ ≤ R; the posterior stays finite at σ = 0.01.
#include "labs/gated-regression/config.hpp"
#include "labs/gated-regression/l2.hpp"
#include "labs/gated-regression/l4.hpp"
#include "labs/gated-regression/llog.hpp"
#include "labs/gated-regression/metrics.hpp"
#include "labs/gated-regression/readout.hpp"
#include "labs/gated-regression/truth.hpp"
#include "core/linalg.hpp"
#include <cmath>
#include <doctest/doctest.h>

using namespace gated;

namespace {
std::vector<double> randv(core::Rng& r, size_t n, double s) {
    std::vector<double> v(n);
    for (double& x : v) x = s * r.normal();
    return v;
}

template <class F>
void check_fd(F f, std::vector<double> p, const std::vector<double>& grad, double h, double tol) {
    REQUIRE(grad.size() == p.size());
    for (size_t j = 0; j < p.size(); ++j) {
        std::vector<double> a = p, b = p;
        a[j] += h;
        b[j] -= h;
        const double fd = (f(a) - f(b)) / (2 * h);
        CAPTURE(j);
        CHECK(grad[j] == doctest::Approx(fd).epsilon(tol).scale(1.0));
    }
}
}   // namespace

TEST_CASE("gated-regression: L_4 gradient against finite differences (empirical tensors)") {
    TruthConfig tc = binding().defaults().truth;
    tc.d = 5;
    tc.k = 3;
    core::Rng rng(3);
    Truth t = Truth::make(tc, rng);
    Moments m;
    m.reset(5, Link::Id, link_constants(Link::Id, tc.sigma));
    std::vector<double> x(5);
    for (int i = 0; i < 2000; ++i) {
        int z;
        double y;
        t.sample(rng, x.data(), z, y);
        m.add(x.data(), y);
    }
    Tensors T = m.tensors();
    L4Hyper h{0.1, 1.0, 0.6};
    std::vector<double> A = randv(rng, 15, 0.6), G;
    l4_loss(T, A, 3, h, &G);
    check_fd([&](const std::vector<double>& a) { return l4_loss(T, a, 3, h); }, A, G, 1e-5, 1e-6);
}

TEST_CASE("gated-regression: L_4 on the population tensors is eq. (8)") {
    const int d = 5, k = 2;
    core::Rng rng(5);
    std::vector<double> As = {1, 0, 0, 0, 0, 0.6, 0.8, 0, 0, 0}, alpha = {0.4, 0.6};
    Tensors T = population_tensors(As, k, d, alpha);
    L4Hyper h{0.2, 1.5, 0.3};
    for (int trial = 0; trial < 5; ++trial) {
        std::vector<double> A = randv(rng, size_t(k * d), 0.8);
        double pair = 0, quart = 0, reg = 0, fro = 0;
        for (int m = 0; m < k; ++m) {
            const double* am = &As[size_t(m * d)];
            for (int i = 0; i < k; ++i)
                for (int j = 0; j < k; ++j) {
                    const double ci = core::dot(am, &A[size_t(i * d)], d), cj = core::dot(am, &A[size_t(j * d)], d);
                    if (i != j) pair += alpha[size_t(m)] * ci * ci * cj * cj;
                }
            for (int i = 0; i < k; ++i) {
                double c = core::dot(am, &A[size_t(i * d)], d);
                quart += alpha[size_t(m)] * c * c * c * c;
            }
        }
        for (int i = 0; i < k; ++i) {
            double s = 0;
            for (int m = 0; m < k; ++m) {
                double c = core::dot(&As[size_t(m * d)], &A[size_t(i * d)], d);
                s += alpha[size_t(m)] * c * c;
            }
            reg += (s - 1) * (s - 1);
        }
        fro = core::sum_sq(A.data(), k * d);
        const double eq8 = pair - h.mu * quart + h.lambda * reg + 0.5 * h.delta_F * fro;
        CHECK(l4_loss(T, A, k, h) == doctest::Approx(eq8).epsilon(1e-12));
    }
}

TEST_CASE("gated-regression: the population L_4 minimiser is a signed permutation of A* scaled by 1/√α*") {
    // Population tensors with the model's own α* (k = 3: unequal weights), μ and δ_F small: GD from a small
    // random start ends at rows ±a*_π(i)·√t_i with t = (2λα − δ_F/2)/(2α(λα − μ)) → 1/α as μ, δ_F → 0.
    TruthConfig tc = binding().defaults().truth;
    tc.d = 6;
    tc.k = 3;
    core::Rng rng(11);
    Truth t = Truth::make(tc, rng);
    Sample s;
    s.draw(t, 200000, rng);
    std::vector<double> alpha = mixing_weights(t, s);
    CHECK(alpha[0] == doctest::Approx(0.3453).epsilon(0.02));   // docs/labs/gated-regression.md §2.3
    CHECK(alpha[2] == doctest::Approx(0.3093).epsilon(0.02));
    Tensors T = population_tensors(t.A, 3, 6, alpha);
    L4Hyper h{0.01, 1.0, 0.01};
    std::vector<double> A = randv(rng, 18, 0.1 / std::sqrt(6.0));
    for (int it = 0; it < 20000; ++it) l4_step(T, A, 3, h, 0.05, 0);
    Readout r = read_experts(A, t.A, 3, 6, std::vector<double>(6, 1.0), true);
    CHECK(r.e_reg < 1e-6);
    for (int m = 0; m < 3; ++m) {
        const int i = r.perm[size_t(m)];
        const double a = alpha[size_t(m)];
        const double tt = (2 * h.lambda * a - h.delta_F / 2) / (2 * a * (h.lambda * a - h.mu));
        CHECK(std::fabs(r.B[size_t(i * 3 + m)]) == doctest::Approx(std::sqrt(tt)).epsilon(1e-6));
        CHECK(std::fabs(r.B[size_t(i * 3 + m)]) == doctest::Approx(1 / std::sqrt(a)).epsilon(0.03));
    }
}

TEST_CASE("gated-regression: the empirical L_4 minimiser at large n is close to a signed, scaled permutation of A*") {
    TruthConfig tc = binding().defaults().truth;
    tc.d = 4;
    tc.k = 2;
    core::Rng rng(2);
    Truth t = Truth::make(tc, rng);
    Moments m;
    m.reset(4, Link::Id, link_constants(Link::Id, tc.sigma));
    std::vector<double> x(4);
    for (int i = 0; i < 400000; ++i) {
        int z;
        double y;
        t.sample(rng, x.data(), z, y);
        m.add(x.data(), y);
    }
    Tensors T = m.tensors();
    L4Hyper h{0.1, 1.0, 0.6};   // μ = 0.1, λ = 1, δ_F = 0.6: t = 1.75 at α = 1/2
    std::vector<double> A = randv(rng, 8, 0.05);
    for (int it = 0; it < 1500; ++it) l4_step(T, A, 2, h, 0.05, 3.0);
    Readout r = read_experts(A, t.A, 2, 4, m.mean_yx(), true);
    CHECK(r.e_reg < 0.02);
    for (int mm = 0; mm < 2; ++mm)
        CHECK(std::fabs(r.B[size_t(r.perm[size_t(mm)] * 2 + mm)]) == doctest::Approx(std::sqrt(1.75)).epsilon(0.1));
}

TEST_CASE("gated-regression: ℓ2 gradient against finite differences") {
    for (Link l : {Link::Id, Link::Tanh, Link::Sigmoid}) {
        TruthConfig tc = binding().defaults().truth;
        tc.d = 5;
        tc.k = 3;
        tc.link = l;
        core::Rng rng(4);
        Truth t = Truth::make(tc, rng);
        Sample s;
        s.draw(t, 64, rng);
        GatedModel m = l2_init(5, 3, l, rng);
        for (double& w : m.W) w *= 10;
        std::vector<int> idx(64);
        for (int i = 0; i < 64; ++i) idx[size_t(i)] = i;
        std::vector<double> G, p = m.A;
        l2_loss(m, s.X, s.y, idx.data(), 64, &G);
        p.insert(p.end(), m.W.begin(), m.W.end());
        auto f = [&](const std::vector<double>& q) {
            GatedModel mm = m;
            std::copy(q.begin(), q.begin() + 15, mm.A.begin());
            std::copy(q.begin() + 15, q.end(), mm.W.begin());
            return l2_loss(mm, s.X, s.y, idx.data(), 64);
        };
        CAPTURE(link_name(l));
        check_fd(f, p, G, 1e-6, 1e-5);
    }
}

TEST_CASE("gated-regression: L_log gradient (eq. 14) against finite differences, k = 2 and 3") {
    for (int k : {2, 3}) {
        TruthConfig tc = binding().defaults().truth;
        tc.d = 6;
        tc.k = k;
        tc.sigma = 0.3;
        core::Rng rng(9);
        Truth t = Truth::make(tc, rng);
        Sample s;
        s.draw(t, 300, rng);
        LlogData data{s.n, s.d, s.X, s.y};
        std::vector<double> A = t.A;
        for (double& a : A) a += 0.05 * rng.normal();
        std::vector<double> W = randv(rng, size_t((k - 1) * 6), 0.5), G;
        llog_loss(data, A, k, Link::Id, tc.sigma, W, &G);
        CAPTURE(k);
        check_fd([&](const std::vector<double>& w) { return llog_loss(data, A, k, Link::Id, tc.sigma, w); }, W, G, 1e-5,
                 1e-6);
    }
}

TEST_CASE("gated-regression: L_log at σ = 0.01 stays finite and its gradient vanishes at (W*, A*) in expectation") {
    TruthConfig tc = binding().defaults().truth;
    tc.d = 6;
    tc.k = 2;
    tc.sigma = 0.01;
    core::Rng rng(12);
    Truth t = Truth::make(tc, rng);
    Sample s;
    s.draw(t, 20000, rng);
    LlogData data{s.n, s.d, s.X, s.y};
    std::vector<double> W = {0, 0, 0, -1.5, 0, 0}, G;   // far from W*: posteriors at the extremes
    double L = llog_loss(data, t.A, 2, Link::Id, tc.sigma, W, &G);
    CHECK(std::isfinite(L));
    for (double v : G) CHECK(std::isfinite(v));
    std::vector<double> A_far = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};   // wrong experts: N(y|·) underflows for both
    L = llog_loss(data, A_far, 2, Link::Id, tc.sigma, W, &G);
    CHECK(std::isfinite(L));
    for (double v : G) CHECK(std::isfinite(v));
    llog_loss(data, t.A, 2, Link::Id, tc.sigma, t.W, &G);
    CHECK(core::norm2(G.data(), 6) < 0.02);   // E[P(z|x,y)] = E[P(z|x)] at the truth (App. D.3); sampling error ~1/√n
}

TEST_CASE("gated-regression: projected GD keeps every ‖w_i‖ ≤ R and recovers W* with A = A*") {
    TruthConfig tc = binding().defaults().truth;
    tc.d = 6;
    tc.k = 3;
    core::Rng rng(13);
    Truth t = Truth::make(tc, rng);
    Sample s;
    s.draw(t, 10000, rng);
    LlogData data{s.n, s.d, s.X, s.y};
    std::vector<double> W = randv(rng, 12, 3.0);
    const double R = 2;
    project_rows(W, 2, 6, R);
    for (int it = 0; it < 60; ++it) {
        llog_step(data, t.A, 3, Link::Id, tc.sigma, W, 2.0, R);
        for (int i = 0; i < 2; ++i) CHECK(core::norm2(&W[size_t(i * 6)], 6) <= R * (1 + 1e-12));
    }
    CHECK(w_error(W, t.W, 3, 6) < 0.15);
    CHECK(e_gating(W, t.W, 3, 6) < 0.01);
}
