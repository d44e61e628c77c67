// The playground lab as a whole, before its registration line: its checks, a run through every part, its views, the
// plan against the work charged, and the tour's two claims on seeds 1–3 (collapse without L_aux, an even load with
// it).
#include "core/comparison.hpp"
#include "core/runner.hpp"
#include "core/outcome.hpp"
#include "core/view.hpp"
#include "labs/playground/lab.hpp"
#include <cmath>
#include <doctest/doctest.h>

namespace {

core::Params preset(const core::Lab& lab, const std::string& id) {
    core::Params p(lab.schema());
    for (const auto& [k, v] : lab.schema().preset(id)->values) p.set(k, v);
    return p;
}

double metric(const core::Runner& run, const std::string& key) {
    for (const core::Metric& m : run.metrics())
        if (m.key == key) return m.value;
    return NAN;
}

}   // namespace

TEST_CASE("playground lab: its checks, every part, its views and the plan against the work charged") {
    playground::PlaygroundLab lab;
    core::Runner run(lab);
    core::Params p(lab.schema());
    CHECK(core::validate(lab, p).ok());
    core::Params bad = p;
    bad.set("top_k", 5);
    CHECK(core::validate(lab, bad).errors.front().find("top_k = 5 is more than the K = 4") != std::string::npos);
    bad = p;
    bad.set("expert_choice", 1);
    CHECK(!core::validate(lab, bad).ok());
    for (const auto& [k, v] : lab.test_sizes().quick) p.set(k, v);
    run.reset(p, 1);
    for (const core::Metric& m : run.metrics()) CHECK((m.key == "t" || std::isnan(m.value)));   // nothing measured yet
    CHECK(core::run_to_end(run) == "");
    for (const core::Metric& m : run.metrics()) {
        CAPTURE(m.key);
        CHECK(std::isfinite(m.value));
    }
    std::vector<core::View> views;
    run.views(views);
    REQUIRE(views.size() == 9);   // no bias, token choice: no b_i view, no experts-per-point view
    CHECK(views[0].id == "territory");
    CHECK(views[0].field.channels == 4);
    CHECK(views[0].points.size() == 100);
    CHECK(views[1].field.channels == 3);
    const std::vector<double>& last = run.trace().rows.back();   // t, …, the load f_i, then P_i: each sums to 1
    REQUIRE(run.trace().columns[playground::kPerExpert] == "load_1");
    double f = 0, P = 0;
    for (size_t i = 0; i < 4; ++i) f += last[playground::kPerExpert + i], P += last[playground::kPerExpert + 4 + i];
    CHECK(f == doctest::Approx(1));
    CHECK(P == doctest::Approx(1));
    const double plan = run.current_plan().total(), charged = run.work_charged();
    CHECK(charged > plan / 2);
    CHECK(charged < plan * 2);
}

TEST_CASE("playground lab: on skewed data the router collapses without L_aux and spreads the load with it") {
    playground::PlaygroundLab lab;
    core::Runner run(lab);
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        CAPTURE(seed);
        run.reset(preset(lab, "collapse"), seed);
        REQUIRE(core::run_to_end(run) == "");
        CHECK(metric(run, "idle_experts") > 0.1);
        CHECK(metric(run, "load_entropy") < 0.6);
        const std::string said = core::end_of_run_line(lab, "collapse", preset(lab, "collapse"), run.metrics());
        CHECK(said.find("uneven") != std::string::npos);
        CHECK(said.find("Unlike the paper") == std::string::npos);   // without balancing, collapse is the prediction
        run.reset(preset(lab, "skewed"), seed);
        REQUIRE(core::run_to_end(run) == "");
        CHECK(metric(run, "load_entropy") > 0.9);
        CHECK(metric(run, "acc") > 0.95);
    }
}

TEST_CASE("playground lab: in every preset and comparison a point no expert answers is an error") {
    playground::PlaygroundLab lab;
    core::Runner run(lab);
    auto check_run = [&](const core::Params& p, uint64_t seed) {
        run.reset(p, seed);
        REQUIRE(core::run_to_end(run) == "");
        const double acc = metric(run, "acc"), unrouted = metric(run, "unrouted"), dropped = metric(run, "dropped");
        if (std::isnan(acc)) return;   // draw: no points yet, nothing measured
        CHECK(acc + unrouted <= 1 + 1e-12);
        if (!p.b("shared")) CHECK(acc + dropped <= 1 + 1e-12);
    };
    // (every preset's data and routing, trained at most 400 steps: the evaluation's count is the claim, at any step)
    for (const core::Preset& pr : lab.schema().presets)
        for (uint64_t seed = 1; seed <= 2; ++seed) {
            CAPTURE(pr.id);
            CAPTURE(seed);
            core::Params p = preset(lab, pr.id);
            if (p.i("T") > 400) p.set("T", 400);
            check_run(p, seed);
        }
    for (const core::Comparison& c : lab.comparisons()) {   // B, from its preset or the default one, shorter
        CAPTURE(c.id);
        core::Params p = preset(lab, c.preset.empty() ? "skewed" : c.preset);
        p.set("T", 200);
        for (const auto& [k, v] : c.b) REQUIRE(p.set_from_text(k, v) == "");
        check_run(p, 1);
    }
}

TEST_CASE("playground lab: expert choice loses the big cluster's overflow; a collapse costs accuracy on the moons") {
    playground::PlaygroundLab lab;
    core::Runner run(lab);
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        CAPTURE(seed);
        run.reset(preset(lab, "expert-choice"), seed);
        REQUIRE(core::run_to_end(run) == "");
        CHECK(metric(run, "unrouted") > 0.05);
        CHECK(metric(run, "load_entropy") > 0.99);
        core::Params hurts = preset(lab, "collapse-hurts");
        run.reset(hurts, seed);
        REQUIRE(core::run_to_end(run) == "");
        const double balanced = metric(run, "acc");
        hurts.set("alpha", 0);
        run.reset(hurts, seed);
        REQUIRE(core::run_to_end(run) == "");
        CHECK(balanced > 0.93);
        CHECK(metric(run, "acc") < 0.93);
        CHECK(metric(run, "idle_experts") > 0.5);
    }
}
