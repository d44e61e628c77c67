// The expert-pruning lab as a whole: registration, presets, validation messages, a full run with its
// metrics and views, determinism.
#include "../lab_test_util.hpp"
#include "core/registry.hpp"
#include "labs/expert-pruning/lab.hpp"
#include <cmath>
#include <doctest/doctest.h>

using lab_test::has;

using namespace expert_pruning;

namespace {

core::Validation check_with(std::initializer_list<std::pair<const char*, double>> values) {
    const core::Lab* lab = core::find_lab("expert-pruning");
    core::Params p(lab->schema());
    for (const auto& [k, v] : values) p.set(k, v);
    return core::validate(*lab, p);
}

double metric(const core::Runner& run, const std::string& key) {
    for (const auto& m : run.metrics())
        if (m.key == key) return m.value;
    FAIL("no metric " << key);
    return 0;
}

}   // namespace

TEST_CASE("expert-pruning is registered, Lecture is its default, and every preset validates") {
    const core::Lab* lab = core::find_lab("expert-pruning");
    REQUIRE(lab);
    CHECK(lab->info().id == "expert-pruning");
    CHECK(lab->schema().presets[0].id == "lecture");
    CHECK(lab->schema().presets.size() == 7);
    for (const auto& pr : lab->schema().presets) {
        core::Params p(lab->schema());
        REQUIRE(p.apply_preset(pr.id));
        CAPTURE(pr.id);
        CHECK(core::validate(*lab, p).ok());
    }
}

TEST_CASE("expert-pruning validation: bad combinations are errors that say what to change") {
    CHECK(has(check_with({{"l", 1}}).errors, "l = 1"));
    CHECK(has(check_with({{"k", 7}}).errors, "k = 7 must be even"));
    CHECK(has(check_with({{"l", 10}, {"n", 8}}).errors, "l = 10 must be ≤ n = 8"));
    CHECK(has(check_with({{"routing", 1}, {"l", 10}}).errors, "l = 10 must be ≤ k = 8"));
    CHECK(has(check_with({{"d", 8}}).errors, "d = 8 is too small"));
    CHECK(check_with({{"d", 8}, {"mode", 2}}).ok());   // scratch needs no concept patterns
    CHECK(has(check_with({{"important", 5}}).errors, "important = 5"));
    CHECK(has(check_with({{"important", 4}}).warnings, "Every expert is important"));
    CHECK(has(check_with({{"mode", 1}, {"C", 1}}).errors, "C ≥ 2"));
    CHECK(has(check_with({{"routing", 1}, {"l", 3}, {"rho", 0.75}}).errors, "fewer than l = 3"));
    CHECK(has(check_with({{"inspect", 9}}).errors, "inspect = 9"));
    CHECK(has(check_with({{"t_early", 400}}).errors, "t_early = 400"));
    CHECK(has(check_with({{"eta_r", 4.8828125e-05}}).warnings, "certificate"));
    // too large: memory, then time
    CHECK(has(
        check_with({{"d", 512}, {"k", 64}, {"m", 64}, {"n", 256}, {"n_test", 20000}, {"n_val", 5000}, {"T", 100000}})
            .errors,
        "limit"));
    auto slow = check_with({{"T", 100000}, {"B", 4096}, {"seeds", 20}});
    CHECK(has(slow.errors, "natively"));
    CHECK(has(check_with({{"T", 40000}}).warnings, "Heavy run"));
}

TEST_CASE("expert-pruning lecture run: the headline numbers, the views, the same numbers twice") {
    const core::Lab* lab = core::find_lab("expert-pruning");
    core::Runner run(*lab);
    core::Params p(lab->schema());
    p.set("seeds", 2);
    run.reset(p, 5);
    CHECK(run.phase() == 0);   // the pre-trained model takes shape in the first steps
    int steps = 0, last_phase = 0;
    while (!run.done() && run.failure().empty()) {
        run.step();
        ++steps;
        CHECK(run.phase() >= last_phase);   // the timeline only moves forward
        last_phase = run.phase();
    }
    REQUIRE(run.failure() == "");
    CHECK(steps > 20);   // the run is cut into many bounded slices
    CHECK(run.progress() == doctest::Approx(1.0));
    CHECK(metric(run, "acc_unpruned") >= 0.99);
    CHECK(metric(run, "acc_delta_worst") >= 0.99);
    CHECK(metric(run, "delta_separated") == 1);
    CHECK(metric(run, "k_prime") == 2);
    CHECK(metric(run, "flops_rel") == doctest::Approx(0.25));
    CHECK(metric(run, "acc_reverse_delta_75") < metric(run, "acc_delta_75"));
    for (const auto& m : run.metrics()) {   // every number exists at the end, except those of other modes
        CAPTURE(m.key);
        CHECK((std::isfinite(m.value) || m.key == "concept_both_groups"));
    }
    CHECK(run.trace().rows.size() == 22);   // checkpoints 0, 15, ..., 300 and t_early = 100

    std::vector<core::View> views;
    run.views(views);
    REQUIRE(views.size() == 7);
    CHECK(views[6].id == "territory");
    const core::View& acc = views[1];
    CHECK(acc.id == "accuracy_vs_rho");
    int banded = 0;
    for (const auto& l : acc.lines) {
        for (double y : l.y) CHECK(std::isfinite(y));
        banded += !l.lo.empty();
        if (l.label.find("Δ router") == 0) {
            REQUIRE(l.y.size() == 4);
            CHECK(l.x.back() == doctest::Approx(0.75));
        }
    }
    CHECK(banded == 7);                  // one band per criterion (no post-FT), over the 2 seeds
    CHECK(views[0].lines.size() == 8);   // one Δ line per expert
    CHECK(views[3].children.size() == 2);

    // the same seed gives the same numbers
    core::Runner again(*lab);
    again.reset(p, 5);
    core::run_to_end(again);
    const auto a = run.metrics(), b = again.metrics();
    REQUIRE(a.size() == b.size());
    for (size_t q = 0; q < a.size(); ++q) {
        CAPTURE(a[q].key);
        CHECK((a[q].value == b[q].value || (std::isnan(a[q].value) && std::isnan(b[q].value))));
    }
}

TEST_CASE("expert-pruning: every other preset runs to the end without failure (one seed, shortened)") {
    for (const char* id : {"s64", "learned", "token_choice", "hinge", "theory", "paper51"}) {
        const core::Lab* lab = core::find_lab("expert-pruning");
        core::Runner run(*lab);
        core::Params p(lab->schema());
        REQUIRE(p.apply_preset(id));
        p.set("seeds", 1);
        p.set("T", std::min(p["T"], 60.0));
        p.set("t_early", 30);
        p.set("T_post", 20);
        if (std::string(id) == "learned") p.set("T_pre", 100);
        CAPTURE(id);
        REQUIRE(core::validate(*lab, p).ok());
        run.reset(p, 1);
        CHECK(core::run_to_end(run) == "");
        CHECK(metric(run, "acc_delta_25_ft") >= 0);   // post-FT results exist (coupled runs or the continued one)
    }
}

TEST_CASE("expert-pruning: the run goes through the plan's parts in order, drawing first, and ends past the last") {
    ExpertPruningLab lab;
    core::Runner run(lab);
    core::Params p(lab.schema());
    for (const auto& [k, v] : lab.test_sizes().quick) p.set(k, v);
    p.set("seeds", 2);
    REQUIRE(core::validate(lab, p).ok());
    run.reset(p, 1);
    CHECK(run.run_as<Run>().where().part == kDrawing);
    CHECK(run.clock().find("drawing the test and validation sets") == 0);
    int part = kDrawing;
    while (!run.done() && run.failure().empty()) {
        run.step();
        const int now = run.run_as<Run>().where().part;
        CHECK(now >= part);   // the parts of the plan, in order
        part = now;
    }
    REQUIRE(run.failure() == "");
    CHECK(part == kDone);
    const Run& ran = run.run_as<Run>();
    CHECK(ran.main_run().ranked());
    CHECK(ran.sweep().done());
    CHECK(ran.sweep().jobs_done() == 2 * (ran.layout().jobs_before_ft() + ran.layout().jobs_ft()));
    CHECK(run.phase() == 4);   // more seeds
    CHECK(run.clock() == "done");
}
