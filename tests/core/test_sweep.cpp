#include "core/sweep.hpp"
#include "core/workers.hpp"
#include <atomic>
#include <cmath>
#include <doctest/doctest.h>
#include <memory>
#include <set>

namespace {

// A job that needs `slices` advance() calls (one unit of work each) and outputs (x * 10 + rep, slices used).
struct CountingJob : core::SweepJob {
    core::SweepTask t;
    int slices, used = 0;
    std::atomic<int>* calls;   // shared by the jobs, which may run on threads
    bool fail;
    CountingJob(const core::SweepTask& task, int s, std::atomic<int>* c, bool f)
        : t(task), slices(s), calls(c), fail(f) {}
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
    std::atomic<int> calls{0};
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
    std::atomic<int> calls{0};
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
    std::atomic<int> calls{0};
    sw.start(2, 2, 7, [&](const core::SweepTask& t) {
        seen.push_back(t);
        return std::make_unique<CountingJob>(t, 2, &calls, false);
    });
    // partial: after the first repetition every point has one result and the line has 3 points
    while (sw.jobs_done() < 3) step1(sw);
    CHECK(sw.line(0, 0, "a").x.size() == 3);
    for (int i = 0; i < 3; ++i) CHECK(sw.point(i).finished == 1);
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
    std::atomic<int> calls{0};
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

namespace {

// A job whose repetition's jobs share one log (what its repetition's lazily filled inputs would be): it
// writes its point there on its first advance. Exclusive throughout (outputs whether another job of its
// repetition ran beside it), or only until that first advance (`lazy`: then it only reads).
struct SharingJob : core::SweepJob {
    core::SweepTask t;
    std::vector<int>* log;    // its repetition's
    std::atomic<int>* busy;   // its repetition's running jobs
    int slices, used = 0;
    bool lazy, overlap = false;
    SharingJob(const core::SweepTask& task, std::vector<int>* l, std::atomic<int>* b, bool lz)
        : t(task), log(l), busy(b), slices(1 + task.point % 3), lazy(lz) {}
    bool exclusive() const override { return !lazy || used == 0; }
    bool advance(core::WorkBudget& budget) override {
        if (++*busy != 1 && !lazy) overlap = true;
        if (used == 0) log->push_back(t.point);
        budget.spend(double(1 + t.rep));   // repetitions spend differently: their slices end at other places
        ++used;
        --*busy;
        return used >= slices;
    }
    std::vector<double> outputs() const override {
        return {t.x * 10 + t.rep + double(t.seed % 7), overlap ? 1.0 : 0.0};
    }
};

struct SharedRun {
    core::Sweep sw;
    std::vector<std::vector<int>> logs = std::vector<std::vector<int>>(4);
    std::vector<std::atomic<int>> busy = std::vector<std::atomic<int>>(4);
    double charged = 0;
    SharedRun(int threads, uint64_t shuffle, core::Sweep::Order order, bool lazy) {
        for (double x : {1.0, 2.0, 3.0, 5.0, 8.0}) sw.add_point(0, x);
        sw.start(
            4, 2, 5,
            [this, lazy](const core::SweepTask& t) {
                return std::make_unique<SharingJob>(t, &logs[size_t(t.rep)], &busy[size_t(t.rep)], lazy);
            },
            order);
        core::Workers workers(threads, shuffle);
        for (int steps = 0; !sw.done() && steps < 1000; ++steps) {
            core::WorkBudget budget(2, &workers);
            sw.step(budget);
            charged += budget.used();
        }
    }
};

}   // namespace

TEST_CASE("sweep on threads: the same slots for every thread count and finishing order; a repetition's jobs start "
          "in order, and never beside an exclusive one") {
    for (auto setting : {std::pair{core::Sweep::Order::RepMajor, false},
                         {core::Sweep::Order::PointMajor, false},
                         {core::Sweep::Order::RepMajor, true}}) {
        const core::Sweep::Order order = setting.first;   // (clang 14 cannot capture structured bindings)
        const bool lazy = setting.second;
        CAPTURE(lazy);
        SharedRun one(1, 0, order, lazy);
        REQUIRE(one.sw.done());
        for (auto run : {std::pair<int, uint64_t>{3, 0}, {3, 21}, {4, 22}, {2, 23}}) {
            const int threads = run.first;
            const uint64_t shuffle = run.second;
            CAPTURE(threads);
            CAPTURE(shuffle);
            SharedRun many(threads, shuffle, order, lazy);
            REQUIRE(many.sw.done());
            CHECK(many.charged == one.charged);   // every job's work, charged once
            for (int r = 0; r < 4; ++r) CHECK(many.logs[size_t(r)] == std::vector<int>{0, 1, 2, 3, 4});
            for (int pt = 0; pt < 5; ++pt) {
                CHECK(many.sw.point(pt).results == one.sw.point(pt).results);
                CHECK(many.sw.values(pt, 1) == std::vector<double>(4, 0.0));   // no overlap within a repetition
            }
        }
    }
}

TEST_CASE("sweep on threads: a failed job is listed in task order, however the jobs finish") {
    auto run = [](int threads, uint64_t shuffle) {
        core::Sweep sw;
        for (double x : {1.0, 2.0, 3.0}) sw.add_point(0, x);
        std::atomic<int> calls{0};
        sw.start(3, 2, 1, [&](const core::SweepTask& t) -> std::unique_ptr<core::SweepJob> {
            if (t.rep == 2 && t.point == 0) return nullptr;   // the factory declines
            return std::make_unique<CountingJob>(t, 1 + t.point, &calls, t.rep == 1 && t.point == 2);
        });
        core::Workers workers(threads, shuffle);
        while (!sw.done()) {
            core::WorkBudget budget(1, &workers);
            sw.step(budget);
        }
        return sw.failures();
    };
    const std::vector<std::string> want = {"diverged", "job could not be created"};
    CHECK(run(1, 0) == want);
    for (uint64_t shuffle : {3, 4, 5}) CHECK(run(3, shuffle) == want);
}
