// Every preset validates and runs; the largest filter counts (J_single = 512, P = 16) run without
// overrunning any buffer; gradients stay right when J exceeds the old fixed scratch size (64).
#include "labs/cluster-experts/lab.hpp"
#include "labs/cluster-experts/moe.hpp"
#include "defaults.hpp"
#include "core/linalg.hpp"
#include "core/runner.hpp"
#include <cmath>
#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace cluster_experts;

namespace {

bool metrics_finite(const core::Runner& run) {
    for (const auto& m : run.metrics())
        if (!std::isfinite(m.value)) return false;
    return true;
}

}   // namespace

TEST_CASE("cluster-experts: every preset validates and runs a few steps") {
    ClusterExpertsLab lab;
    core::Runner run(lab);
    for (const auto& pr : lab.schema().presets) {
        CAPTURE(pr.id);
        core::Params p(lab.schema());
        REQUIRE(p.apply_preset(pr.id));
        core::Validation v = core::validate(lab, p);
        CHECK(v.ok());
        if (!v.ok()) continue;
        run.reset(p, 3);
        for (int s = 0; s < 5 && !run.done(); ++s) run.step();
        CHECK(run.failure().empty());
        CHECK(metrics_finite(run));
        std::vector<core::View> views;
        run.views(views);
        CHECK(views.size() >= 6);
    }
}

TEST_CASE("cluster-experts: J_single = 512 and P = 16 train and evaluate (no fixed-size scratch)") {
    ClusterExpertsLab lab;
    core::Runner run(lab);
    core::Params p(lab.schema());
    p.set("J_single", 512);
    p.set("P", 16);
    p.set("J", 64);
    p.set("n", 50);
    p.set("n_test", 100);
    p.set("T", 2);
    p.set("eval_every", 1);
    p.set("cell_every", 1);
    REQUIRE(core::validate(lab, p).ok());
    run.reset(p, 5);
    std::string fail = core::run_to_end(run);
    CHECK(fail.empty());
    CHECK(run.done());
    CHECK(metrics_finite(run));
    REQUIRE(run.trace().rows.size() == 3);   // t = 0, 1, 2
    for (const auto& m : run.metrics())
        if (m.key == "acc_single_cubic" || m.key == "acc_single_linear") {
            CHECK(m.value >= 0);
            CHECK(m.value <= 100);
        }
}

TEST_CASE("cluster-experts: single-model gradient matches finite differences at J = 80, P = 16") {
    DataConfig dc = default_data();
    dc.K = 2;
    dc.P = 16;
    dc.d = 4;
    core::Rng rd(21);
    Dataset D = generate(dc, 12, rd);
    TrainConfig c = default_moe();
    c.M = 1;
    c.J = 80;
    c.cubic = true;
    c.sigma0 = 0.3;
    MoE moe;
    core::Rng ri(22);
    moe.init(c, dc.d, ri, core::Rng(23));
    std::vector<int> routes(size_t(D.n), 0);
    std::vector<float> gW, gT;
    moe.grad_fixed(D, routes, gW, gT);
    REQUIRE(core::norm2(gW.data(), int(gW.size())) > 1e-6f);
    double num = 0, den = 0;
    for (size_t q = 0; q < moe.ex.W.size(); q += 7) {   // a spread of coordinates, filters j ≥ 64 included
        const float w = moe.ex.W[q];
        const double h = 1e-2;
        moe.ex.W[q] = float(w + h);
        double lp = moe.loss_fixed(D, routes), dp = double(moe.ex.W[q]) - w;
        moe.ex.W[q] = float(w - h);
        double lm = moe.loss_fixed(D, routes), dm = double(moe.ex.W[q]) - w;
        moe.ex.W[q] = w;
        double fd = (lp - lm) / (dp - dm);
        num += (fd - gW[q]) * (fd - gW[q]);
        den += double(gW[q]) * gW[q];
    }
    CHECK(std::sqrt(num / den) < 2e-3);
}

TEST_CASE("cluster-experts: reset() is cheap and large data and evaluations fill in over many steps") {
    ClusterExpertsLab lab;
    core::Runner run(lab);
    core::Params p(lab.schema());
    p.set("n", 2000);
    p.set("n_test", 8000);
    p.set("d", 64);
    p.set("P", 16);
    p.set("M", 32);
    p.set("J", 64);
    p.set("T", 2);
    REQUIRE(core::validate(lab, p).ok());
    run.reset(p, 1);
    CHECK(!run.run_as<Run>().data_ready());   // reset() draws nothing
    run.step();
    CHECK(!run.run_as<Run>().data_ready());   // one step draws only part of the data
    CHECK(run.clock().find("drawing the data") != std::string::npos);
    int steps = 1;
    while (!run.run_as<Run>().data_ready() && steps < 100000) {
        run.step();
        ++steps;
    }
    REQUIRE(run.run_as<Run>().data_ready());
    CHECK(steps > 10);
    for (int s = 0; s < 3; ++s) run.step();
    CHECK(run.trace().rows.empty());   // the t = 0 evaluation (32 experts × 8000 test points) is still running
    CHECK(run.metrics().size() > 5);   // metrics and views stay available meanwhile
    std::vector<core::View> views;
    run.views(views);
    CHECK(views.size() >= 6);
}

TEST_CASE("cluster-experts: long histories are thinned, the latest point is always shown") {
    ClusterExpertsLab lab;
    core::Runner run(lab);
    core::Params p(lab.schema());
    p.set("K", 2);
    p.set("M", 2);
    p.set("d", 8);
    p.set("n", 50);
    p.set("n_test", 100);
    p.set("J_single", 4);
    p.set("T", 2500);
    p.set("eval_every", 1);
    REQUIRE(core::validate(lab, p).ok());
    run.reset(p, 2);
    REQUIRE(core::run_to_end(run).empty());
    CHECK(run.trace().rows.size() == 2501);   // the CSV trace keeps every evaluation
    std::vector<core::View> views;
    run.views(views);
    int checked = 0;
    auto check_lines = [&](const std::vector<core::LineSeries>& lines) {
        for (const auto& s : lines) {
            CAPTURE(s.label);
            REQUIRE(!s.x.empty());
            CHECK(s.x.size() == s.y.size());
            CHECK(s.x.size() <= 1001);
            CHECK(s.x.size() >= 500);
            CHECK(s.x.front() == 0);
            CHECK(s.x.back() == 2500);
            bool increasing = true;
            for (size_t q = 1; q < s.x.size(); ++q) increasing = increasing && s.x[q] > s.x[q - 1];
            CHECK(increasing);
            ++checked;
        }
    };
    for (const auto& v : views) {   // the time series (a field's lines are places on its plane, not series)
        if (v.kind != core::ViewKind::Field) check_lines(v.lines);
        for (const auto& c : v.children)
            if (c.kind != core::ViewKind::Field) check_lines(c.lines);
    }
    CHECK(checked == 4 + 3 + 4 + 2 * 3);   // accuracy, entropy, router trajectory, 2 experts × (K + 1)
    // the last point of the accuracy lines is the final metric
    for (const auto& v : views)
        if (v.id == "accuracy") {
            REQUIRE(v.lines.size() == 4);
            CHECK(v.lines[0].y.back() == run.metrics()[1].value);
        }
}
