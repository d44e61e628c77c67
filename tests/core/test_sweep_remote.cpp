// The seam for the page's Web Workers (core/sweep_remote.hpp, session/sweep_dispatch.hpp): results as text come back
// as the same bits; the page's dispatcher hands out whole repetitions (never repetition 0), records what comes
// back in the same slots, drops an earlier run's results and anything it did not ask for; a sweep with nothing
// left to run here waits. The labs' own check (every lab, the same numbers with workers) is in test_all_labs.cpp.
#include "../same_bits.hpp"
#include "session/sweep_results.hpp"
#include "core/sweep.hpp"
#include "session/sweep_dispatch.hpp"
#include <array>
#include <cmath>
#include <cstring>
#include <doctest/doctest.h>
#include <limits>
#include <memory>

namespace {

// One unit of work per advance(), `slices` of them; outputs (x + 10 rep), or a failure at x = 3.
struct Job : core::SweepJob {
    core::SweepTask t;
    int slices, used = 0;
    Job(const core::SweepTask& task, int s) : t(task), slices(s) {}
    bool advance(core::WorkBudget& budget) override {
        budget.spend(1);
        return ++used >= slices;
    }
    std::vector<double> outputs() const override { return {t.x + 10 * t.rep}; }
    std::string failure() const override { return t.x == 3 ? "diverged at x = 3" : ""; }
};

void make_sweep(core::Sweep& sw, int reps) {
    for (double x : {1.0, 2.0, 3.0}) sw.add_point(0, x);
    sw.start(reps, 1, 5, [](const core::SweepTask& t) { return std::make_unique<Job>(t, 2); });
}

struct Recorder : session::SweepTransport {
    std::vector<std::array<int, 4>> assigned;   // (worker, run, sweep, rep)
    std::vector<std::vector<core::SweepResult>> fills;
    std::vector<std::string> opened;   // "run query"
    void open(int run, const std::string& query) override { opened.push_back(std::to_string(run) + " " + query); }
    void assign(int w, int run, int sweep, int rep) override { assigned.push_back({w, run, sweep, rep}); }
    void fill(int, int, const std::vector<core::SweepResult>& all) override { fills.push_back(all); }
};

}   // namespace

TEST_CASE("sweep results as text come back as the same bits; malformed text is refused") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<core::SweepResult> in = {{4, 1, {1.0 / 3, -0.0, nan, INFINITY, 1e-310}, ""},
                                         {7, 2, {}, "diverged: η too large\nline 2 & more"}};
    std::vector<core::SweepResult> out;
    REQUIRE(session::decode_results(session::encode_results(in), out));
    REQUIRE(out.size() == 2);
    CHECK(out[0].task == 4);
    CHECK(out[0].rep == 1);
    REQUIRE(out[0].outputs.size() == 5);
    for (size_t k = 0; k < 5; ++k) CHECK(same_bits(out[0].outputs[k], in[0].outputs[k]));
    CHECK(out[1].failure == in[1].failure);
    CHECK(out[1].outputs.empty());
    for (const char* bad : {"x 1 - 0\n", "1 1 - 2 3ff0000000000000\n", "1 1 - 1 3FF0000000000000\n", "1 -1 - 0\n",
                            "1 1 - 1 3ff00000000000001\n", "1 1\n"}) {
        CAPTURE(bad);
        CHECK_FALSE(session::decode_results(bad, out));
        CHECK(out.empty());
    }
    CHECK(session::decode_results("", out));
    CHECK(out.empty());
}

TEST_CASE("dispatcher: repetitions 1… go to idle workers, the sweep runs repetition 0 and waits for the rest") {
    Recorder transport;
    session::SweepDispatcher d(transport);
    d.begin_run(3, "lab=x");
    d.join(2);
    CHECK(transport.opened == std::vector<std::string>{"3 lab=x"});
    core::Sweep sw;
    make_sweep(sw, 4);
    core::WorkBudget first(1, nullptr, &d);
    sw.step(first);
    // reps 1 and 2 to the idle workers 0 and 1, then rep 3 queued behind worker 0's (a worker holds two of a sweep,
    // so that it goes on without waiting for the page's next frame); the sweep took rep 0 itself
    REQUIRE(transport.assigned.size() == 3);
    CHECK(transport.assigned[0] == std::array<int, 4>{0, 3, 0, 1});
    CHECK(transport.assigned[1] == std::array<int, 4>{1, 3, 0, 2});
    CHECK(transport.assigned[2] == std::array<int, 4>{0, 3, 0, 3});
    CHECK(sw.reps_elsewhere() == 3);
    // the page runs rep 0; then it waits
    int slices = 0;
    while (true) {
        core::WorkBudget b(1, nullptr, &d);
        sw.step(b);
        ++slices;
        REQUIRE(slices < 100);
        if (b.waiting()) break;
    }
    CHECK(sw.rep_done(0));
    CHECK_FALSE(sw.rep_done(3));
    CHECK_FALSE(sw.done());
    CHECK(transport.fills.empty());
    // worker 0 sends repetition 1: one result at a time; an earlier run's, another repetition's, a task out of
    // range or an unknown worker's are dropped
    auto result = [](size_t task, int rep, double x) {
        return core::SweepResult{task, rep, x == 3 ? std::vector<double>{} : std::vector<double>{x + 10 * rep},
                                 x == 3 ? "diverged at x = 3" : ""};
    };
    CHECK_FALSE(d.deliver(2, 0, {result(3, 1, 1)}));
    CHECK_FALSE(d.deliver(3, 0, {result(6, 2, 1)}));
    CHECK_FALSE(d.deliver(3, 0, {result(99, 1, 1)}));
    CHECK_FALSE(d.deliver(3, 5, {result(3, 1, 1)}));
    CHECK_FALSE(d.deliver(3, 0, {result(3, 1, 1), result(3, 1, 1)}));   // the same job twice
    CHECK(d.deliver(3, 0, {result(3, 1, 1), result(4, 1, 2)}));
    CHECK_FALSE(d.deliver(3, 0, {result(4, 1, 2)}));              // again
    CHECK(d.deliver(3, 0, {result(5, 1, 3), result(9, 3, 1)}));   // rep 1 complete, and its queued rep 3 begun
    CHECK(d.deliver(3, 1, {result(6, 2, 1), result(7, 2, 2), result(8, 2, 3)}));
    CHECK_FALSE(d.deliver(3, 1, {result(10, 3, 2)}));   // rep 3 is worker 0's
    CHECK(d.deliver(3, 0, {result(10, 3, 2), result(11, 3, 3)}));
    CHECK(d.jobs_elsewhere() == 9);
    core::WorkBudget last(1, nullptr, &d);
    sw.step(last);
    CHECK(sw.done());
    CHECK(transport.assigned.size() == 3);   // nothing left to hand out
    // the same slots as a sweep run here alone, failures in task order
    core::Sweep alone;
    make_sweep(alone, 4);
    while (!alone.done()) {
        core::WorkBudget b(1);
        alone.step(b);
    }
    for (int p = 0; p < 3; ++p)
        for (int r = 0; r < 4; ++r)
            CHECK(same_bits(sw.point(p).results[size_t(r)][0], alone.point(p).results[size_t(r)][0]));
    CHECK(sw.failures() == alone.failures());
    // complete: every result goes to the workers, so that their runs can go on past this sweep
    REQUIRE(transport.fills.size() == 1);
    CHECK(transport.fills[0].size() == 12);
}

TEST_CASE("dispatcher: a new run drops the last one's results; with no workers the sweep runs everything here") {
    Recorder transport;
    session::SweepDispatcher d(transport);
    d.begin_run(1, "lab=x");
    d.join(1);
    core::Sweep sw;
    make_sweep(sw, 2);
    core::WorkBudget b(1, nullptr, &d);
    sw.step(b);
    CHECK(transport.assigned.size() == 1);
    d.begin_run(2, "lab=x");   // reset: the old sweep's worker result is dropped
    CHECK_FALSE(d.deliver(1, 0, {{3, 1, {11}, ""}}));
    core::Sweep again;
    make_sweep(again, 2);
    int slices = 0;
    while (!again.done()) {
        core::WorkBudget s(1, nullptr, &d);
        again.step(s);
        CHECK_FALSE(s.waiting());
        REQUIRE(++slices < 100);
    }
    CHECK(transport.assigned.size() == 1);
    CHECK(d.reps_handed_out() == 0);
    CHECK(transport.fills.empty());   // (complete, but no worker to fill)
}

TEST_CASE("dispatcher: workers that join a run midway get the sweeps already complete and the next repetitions") {
    Recorder transport;
    session::SweepDispatcher d(transport);
    d.begin_run(4, "lab=x");   // no workers yet: the page runs the first sweep alone, recording every result
    core::Sweep first, second;
    make_sweep(first, 2);
    make_sweep(second, 4);
    for (int k = 0; k < 100 && !first.done(); ++k) {
        core::WorkBudget b(1, nullptr, &d);
        first.step(b);
    }
    REQUIRE(first.done());
    core::WorkBudget b(1, nullptr, &d);   // the second sweep starts its repetition 0 here
    second.step(b);
    CHECK(transport.opened.empty());
    CHECK(transport.fills.empty());
    d.join(2);
    REQUIRE(transport.opened == std::vector<std::string>{"4 lab=x"});
    REQUIRE(transport.fills.size() == 1);   // the first sweep, complete: its six results
    CHECK(transport.fills[0].size() == 6);
    d.join(3);   // already joined: nothing again
    CHECK(transport.opened.size() == 1);
    core::WorkBudget next(1, nullptr, &d);
    second.step(next);
    // repetitions 1, 2 and 3 of the second sweep (sweep 1 in the run) go to the two workers (3 queued behind 1)
    REQUIRE(transport.assigned.size() == 3);
    CHECK(transport.assigned[0] == std::array<int, 4>{0, 4, 1, 1});
    CHECK(transport.assigned[1] == std::array<int, 4>{1, 4, 1, 2});
    CHECK(transport.assigned[2] == std::array<int, 4>{0, 4, 1, 3});
    CHECK(second.reps_elsewhere() == 3);
}

TEST_CASE("dispatcher: while the page is paused nothing is handed out (a step runs here)") {
    Recorder transport;
    session::SweepDispatcher d(transport);
    d.begin_run(1, "lab=x");
    d.join(2);
    d.set_accepting(false);
    core::Sweep sw;
    make_sweep(sw, 3);
    for (int k = 0; k < 100 && !sw.done(); ++k) {
        core::WorkBudget b(1, nullptr, &d);
        sw.step(b);
        CHECK_FALSE(b.waiting());
    }
    CHECK(sw.done());
    CHECK(transport.assigned.empty());
}

TEST_CASE("worker: a bad link is refused with the link's message; a worker runs only what it was handed, and rests "
          "where there is none") {
    session::SweepWorker w;
    CHECK(w.open("lab=no-such-lab") != "");
    CHECK(w.idle());
    CHECK(w.open("lab=example&seed=3") == "");
    CHECK(
        w.idle());   // its plan has no repetitions for other processes: nothing to run (test_all_labs.cpp: those with)
    CHECK_FALSE(w.may_run(0, 1));
    w.assign(0, 1);
    CHECK(w.may_run(0, 1));
    CHECK_FALSE(w.may_run(1, 1));
    CHECK(w.hand_out(0, 2) == false);   // a worker never hands work on
}

TEST_CASE("sweep offered before the run reaches it: repetitions go out, nothing runs here, arrivals are recorded") {
    Recorder transport;
    session::SweepDispatcher d(transport);
    d.begin_run(5, "lab=x");
    d.join(1);
    core::Sweep sw;
    make_sweep(sw, 3);
    core::WorkBudget b(1, nullptr, &d);
    sw.offer(b);
    CHECK(b.used() == 0);                      // nothing ran here
    REQUIRE(transport.assigned.size() == 2);   // repetitions 1 and 2 (queued) to the one worker
    CHECK(transport.assigned[0] == std::array<int, 4>{0, 5, 0, 1});
    CHECK(transport.assigned[1] == std::array<int, 4>{0, 5, 0, 2});
    CHECK(d.deliver(5, 0, {{3, 1, {11}, ""}, {4, 1, {12}, ""}, {5, 1, {}, "diverged at x = 3"}}));
    core::WorkBudget again(1, nullptr, &d);
    sw.offer(again);   // repetition 1 recorded; nothing more to hand out
    CHECK(sw.rep_done(1));
    CHECK(sw.jobs_done() == 3);
    CHECK(transport.assigned.size() == 2);
    core::Sweep none;   // without a remote, offer does nothing
    make_sweep(none, 3);
    core::WorkBudget alone(1);
    none.offer(alone);
    CHECK(none.jobs_done() == 0);
    CHECK(alone.used() == 0);
}
