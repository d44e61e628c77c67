// Gradients and invariants of Algorithm 1: finite differences of (E.1), (E.2), Lemma E.1,
// normalized GD (3.4), uniform routing at Θ = 0, and the dispatch entropy (6.1) on Tables 4–6.
#include "labs/cluster-experts/metrics.hpp"
#include "defaults.hpp"
#include "labs/cluster-experts/moe.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include <cmath>
#include <doctest/doctest.h>
#include <vector>

using namespace cluster_experts;

namespace {

// One whole iteration of Algorithm 1 on D (the lab does it in chunks: begin, accumulate over slices, finish).
void iterate(MoE& moe, const Dataset& D) {
    moe.begin(D);
    moe.accumulate(D, 0, D.n);
    moe.finish(D);
}

struct Fixture {
    DataConfig dc = default_data();
    Dataset D;
    MoE moe;
    std::vector<int> routes;
    Fixture(bool cubic) {
        dc.K = 4;
        dc.P = 5;
        dc.d = 8;
        core::Rng rd(3);
        D = generate(dc, 40, rd);
        TrainConfig c = default_moe();
        c.M = 3;
        c.J = 2;
        c.cubic = cubic;
        c.sigma0 = 0.5;
        core::Rng ri(4);
        moe.init(c, dc.d, ri, core::Rng(5));
        core::Rng rt(6);
        for (float& x : moe.router.theta) x = float(0.3 * rt.normal());   // a non-uniform gate
        for (int i = 0; i < D.n; ++i) routes.push_back(int(rt.below(3)));
    }
};

// Relative error between the analytic gradient and central differences over all coordinates.
double fd_error(Fixture& F, std::vector<float>& params, const std::vector<float>& analytic) {
    double num = 0, den = 0;
    for (size_t q = 0; q < params.size(); ++q) {
        const float w = params[q];
        const double h = 1e-2;
        params[q] = float(w + h);
        F.moe.ex.refresh();
        double lp = F.moe.loss_fixed(F.D, F.routes), dp = double(params[q]) - w;
        params[q] = float(w - h);
        F.moe.ex.refresh();
        double lm = F.moe.loss_fixed(F.D, F.routes), dm = double(params[q]) - w;
        params[q] = w;
        F.moe.ex.refresh();
        double fd = (lp - lm) / (dp - dm);
        num += (fd - analytic[q]) * (fd - analytic[q]);
        den += double(analytic[q]) * analytic[q];
    }
    return std::sqrt(num / den);
}

}   // namespace

TEST_CASE("cluster-experts: expert and router gradients match finite differences (cubic and linear)") {
    for (bool cubic : {true, false}) {
        CAPTURE(cubic);
        Fixture F(cubic);
        std::vector<float> gW, gT;
        F.moe.grad_fixed(F.D, F.routes, gW, gT);
        REQUIRE(core::norm2(gW.data(), int(gW.size())) > 1e-4f);
        REQUIRE(core::norm2(gT.data(), int(gT.size())) > 1e-5f);
        CHECK(fd_error(F, F.moe.ex.W, gW) < 2e-3);           // (E.2)
        CHECK(fd_error(F, F.moe.router.theta, gT) < 2e-3);   // (E.1)
    }
}

TEST_CASE("cluster-experts: router gradients sum to zero over experts (Lemma E.1)") {
    for (bool cubic : {true, false}) {
        Fixture F(cubic);
        std::vector<float> gW, gT;
        F.moe.grad_fixed(F.D, F.routes, gW, gT);
        const int d = F.dc.d;
        std::vector<float> sum(size_t(d), 0.f);
        for (int m = 0; m < 3; ++m) core::axpy(1.f, gT.data() + size_t(m * d), sum.data(), d);
        CHECK(core::norm2(sum.data(), d) < 1e-5f * core::norm2(gT.data(), int(gT.size())));
    }
}

TEST_CASE("cluster-experts: normalized GD moves each expert by exactly η per step, Σθ stays 0") {
    const DataConfig dc = default_data();
    core::Rng rd(8);
    Dataset D = generate(dc, 300, rd);
    const TrainConfig c = default_moe();   // M = 8, J = 4, η = 0.005, η_r = 0.5
    MoE moe;
    core::Rng ri(9);
    moe.init(c, dc.d, ri, core::Rng(10));
    const size_t B = moe.ex.block();
    for (int t = 1; t <= 30; ++t) {
        std::vector<float> before = moe.ex.W;
        iterate(moe, D);
        for (int m = 0; m < c.M; ++m) {
            double step = 0, total = 0;
            for (size_t q = m * B; q < (m + 1) * B; ++q) {
                step += double(moe.ex.W[q] - before[q]) * (moe.ex.W[q] - before[q]);
                total += double(moe.ex.W[q] - moe.W0[q]) * (moe.ex.W[q] - moe.W0[q]);
            }
            CHECK(std::sqrt(step) == doctest::Approx(c.eta).epsilon(1e-3));   // (3.4): ‖ΔW_m‖_F = η
            CHECK(std::sqrt(total) <= c.eta * t * (1 + 1e-3));
        }
    }
    Alignment a = alignment(moe, dc.K);
    CHECK(a.sum_theta < 1e-5);
    CHECK(a.max_abs_rc > 0);   // the router did move
}

TEST_CASE("cluster-experts: at Θ = 0 noisy routing is uniform over experts (Lemma 5.1)") {
    const DataConfig dc = default_data();
    core::Rng rd(12);
    Dataset D = generate(dc, 8000, rd);
    const TrainConfig c = default_moe();
    MoE moe;
    core::Rng ri(13);
    moe.init(c, dc.d, ri, core::Rng(14));
    iterate(moe, D);
    std::vector<int> cnt(8, 0);
    for (int m : moe.routes()) cnt[size_t(m)]++;
    for (int x : cnt) CHECK(std::fabs(x - 1000.0) < 5 * std::sqrt(8000 * (1.0 / 8) * (7.0 / 8)));
}

TEST_CASE("cluster-experts: chunked iterations give bit-identical weights") {
    const DataConfig dc = default_data();
    core::Rng rd(15);
    Dataset D = generate(dc, 500, rd);
    const TrainConfig c = default_moe();
    MoE a, b;
    core::Rng r1(16), r2(16);
    a.init(c, dc.d, r1, core::Rng(17));
    b.init(c, dc.d, r2, core::Rng(17));
    for (int t = 0; t < 5; ++t) {
        iterate(a, D);
        b.begin(D);
        for (int i = 0; i < D.n; i += 37) b.accumulate(D, i, std::min(D.n, i + 37));
        b.finish(D);
    }
    CHECK(a.ex.W == b.ex.W);
    CHECK(a.router.theta == b.router.theta);
}

TEST_CASE("cluster-experts: dispatch entropy (6.1) reproduces the paper's Tables 4-6") {
    const std::vector<double> t4 = {0, 0, 0, 0, 0, 3971, 0, 0,    0, 0,    4009, 0, 0, 0, 0, 0,
                                    0, 0, 0, 0, 0, 0,    0, 4041, 0, 3979, 0,    0, 0, 0, 0, 0};
    const std::vector<double> t5 = {0, 0, 3971, 0, 0, 0,    0, 0,    0,    0, 0, 0, 0, 4, 4005, 0,
                                    8, 4, 4,    6, 0, 1304, 4, 2711, 3979, 0, 0, 0, 0, 0, 0,    0};
    const std::vector<double> t6 = {0, 630, 1629, 1298, 27, 87, 4, 296, 136, 1107, 1884, 651,  0, 0, 0, 231,
                                    0, 594, 1976, 1471, 0,  0,  0, 0,   0,   377,  1480, 1891, 0, 0, 0, 231};
    CHECK(core::dispatch_entropy(t4, 4, 8) == doctest::Approx(0.0));
    CHECK(core::dispatch_entropy(t5, 4, 8) == doctest::Approx(0.00925).epsilon(0.01));
    CHECK(core::dispatch_entropy(t6, 4, 8) == doctest::Approx(1.31458).epsilon(0.001));
    std::vector<double> uniform(32, 100.0);
    CHECK(core::dispatch_entropy(uniform, 4, 8) == doctest::Approx(std::log(4.0)));
}
