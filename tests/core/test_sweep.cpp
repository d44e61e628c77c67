#include "core/sweep.hpp"
#include <cmath>
#include <doctest/doctest.h>
#include <memory>
#include <set>

namespace {

// A job that needs `slices` advance() calls (one unit of work each) and outputs (x * 10 + rep, slices used).
struct CountingJob : core::SweepJob {
    core::SweepTask t;
    int slices, used = 0;
    int* calls;
    bool fail;
    CountingJob(const core::SweepTask& task, int s, int* c, bool f) : t(task), slices(s), calls(c), fail(f) {}
    bool advance(core::WorkBudget& budget) override {
        budget.spend(1);
        ++used;
        ++*calls;
        return used >= slices;
    }
    std::vector<double> outputs() const override { return {t.x * 10 + t.rep, double(used)}; }
    std::string failure() const override { return fail ? "diverged" : ""; }
};

// One slice of one job: a budget of one unit.
bool step1(core::Sweep& sw) {
    core::WorkBudget budget(1);
    return sw.step(budget) > 0;
}

}   // namespace

TEST_CASE("sweep: every job runs to completion in bounded slices, then the sweep is done") {
    core::Sweep sw;
    for (int s = 0; s < 2; ++s)
        for (double x : {1.0, 2.0, 4.0}) sw.add_point(s, x);
    int calls = 0;
    sw.start(3, 2, 99, [&](const core::SweepTask& t) {
        return std::make_unique<CountingJob>(t, 1 + int(t.x), &calls, false);   // 2, 3 or 5 slices
    });
    CHECK(sw.jobs_total() == 18);
    int finished = 0, steps = 0;
    while (!sw.done()) {
        int before = calls;
        if (step1(sw)) ++finished;
        CHECK(calls - before == 1);   // exactly one slice of one job per step
        ++steps;
        REQUIRE(steps < 1000);
    }
    CHECK(finished == 18);
    CHECK(sw.jobs_done() == 18);
    CHECK(sw.progress() == doctest::Approx(1.0));
    CHECK(calls == 3 * 2 * (2 + 3 + 5));
    CHECK(sw.current() == nullptr);
    CHECK_FALSE(step1(sw));
}

TEST_CASE("sweep: results aggregate into mean ± sd per grid point, and lines sort by x") {
    core::Sweep sw;
    sw.add_point(0, 4.0);
    sw.add_point(0, 1.0);
    sw.add_point(1, 2.0);
    int calls = 0;
    sw.start(3, 2, 5, [&](const core::SweepTask& t) { return std::make_unique<CountingJob>(t, 1, &calls, false); });
    while (!sw.done()) step1(sw);
    int p = sw.find(0, 4.0);
    REQUIRE(p >= 0);
    // outputs 40, 41, 42 over reps: mean 41, sample sd 1
    auto m = sw.stat(p, 0);
    CHECK(m.n == 3);
    CHECK(m.mean == doctest::Approx(41.0));
    CHECK(m.sd == doctest::Approx(1.0));
    core::LineSeries l = sw.line(0, 0, "a", 2.0);
    REQUIRE(l.x.size() == 2);
    CHECK(l.x[0] == 1.0);
    CHECK(l.x[1] == 4.0);
    CHECK(l.y[0] == doctest::Approx(11.0));
    CHECK(l.lo[1] == doctest::Approx(39.0));
    CHECK(l.hi[1] == doctest::Approx(43.0));
    CHECK(sw.find(1, 4.0) == -1);
}

TEST_CASE("sweep: rep-major order fills every point once before repeating; seeds are paired across points") {
    core::Sweep sw;
    for (double x : {1.0, 2.0, 3.0}) sw.add_point(0, x);
    std::vector<core::SweepTask> seen;
    int calls = 0;
    sw.start(2, 2, 7, [&](const core::SweepTask& t) {
        seen.push_back(t);
        return std::make_unique<CountingJob>(t, 2, &calls, false);
    });
    // partial: after the first repetition every point has one result and the line has 3 points
    while (sw.jobs_done() < 3) step1(sw);
    CHECK(sw.line(0, 0, "a").x.size() == 3);
    for (int i = 0; i < 3; ++i) CHECK(sw.point(i).results.size() == 1);
    while (!sw.done()) step1(sw);
    REQUIRE(seen.size() == 6);
    std::set<uint64_t> seeds;
    for (const auto& t : seen) {
        CHECK(t.seed == core::Sweep::rep_seed(7, t.rep));
        seeds.insert(t.seed);
    }
    CHECK(seeds.size() == 2);   // one per repetition, shared by the points
    CHECK(seen[0].rep == 0);
    CHECK(seen[3].rep == 1);

    // point-major finishes one point first
    seen.clear();
    sw.start(
        2, 2, 7,
        [&](const core::SweepTask& t) {
            seen.push_back(t);
            return std::make_unique<CountingJob>(t, 1, &calls, false);
        },
        core::Sweep::Order::PointMajor);
    while (!sw.done()) step1(sw);
    CHECK(seen[0].point == seen[1].point);
    CHECK(seen[0].rep != seen[1].rep);
}

TEST_CASE("sweep: a failed job is recorded as NaN and skipped by the aggregate") {
    core::Sweep sw;
    sw.add_point(0, 1.0);
    int calls = 0;
    sw.start(3, 2, 1,
             [&](const core::SweepTask& t) { return std::make_unique<CountingJob>(t, 1, &calls, t.rep == 1); });
    while (!sw.done()) step1(sw);
    CHECK(sw.failures().size() == 1);
    auto v = sw.values(0, 0);
    REQUIRE(v.size() == 3);
    CHECK(std::isnan(v[1]));
    auto m = sw.stat(0, 0);
    CHECK(m.n == 2);
    CHECK(m.mean == doctest::Approx(11.0));   // (10 + 12) / 2
}
