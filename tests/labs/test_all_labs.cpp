// Rules every registered lab keeps (the labs come from the registry, their sizes from Lab::test_sizes()):
// progress moves from the first steps on, data generation included (a heavy but valid configuration once
// showed 0 for ~27 s while drawing its data), never goes back, ends at 1; plan() estimates the work step()
// charges; the numbers do not depend on the slicing; headlines name metrics; the metric keys are the same
// at every point of a run.
#include "../same_bits.hpp"
#include "session/sweep_results.hpp"
#include "session/compare.hpp"
#include "core/runner.hpp"
#include "core/metric_list.hpp"
#include "session/paced_run.hpp"
#include "core/registry.hpp"
#include "session/share_link.hpp"
#include "session/sweep_dispatch.hpp"
#include "session/view_table.hpp"
#include <algorithm>
#include <cmath>
#include <doctest/doctest.h>
#include <cstring>
#include <memory>
#include <string>

namespace {

core::Params with(const core::Lab& lab, const core::Overrides& set) {
    core::Params p(lab.schema());
    for (const auto& [k, v] : set) p.set(k, v);
    return p;
}

// Bit-identical, NaN included.
// The lab's run at `set` (default: its quick size), stepped in slices of `units` (0: the usual slice) on
// `threads` threads (core::Runner::set_threads), to the end.
std::unique_ptr<core::Runner> run_sliced(const core::LabEntry& e, double units, const core::Overrides* set = nullptr,
                                         int threads = 1, uint64_t shuffle = 0) {
    const core::Lab* lab = e.lab;
    auto run = std::make_unique<core::Runner>(*lab);
    run->set_threads(threads, shuffle);
    run->reset(with(*lab, set ? *set : lab->test_sizes().quick), 3);
    if (units <= 0) units = lab->units_per_second() * core::Runner::kSliceSeconds;
    for (long steps = 0; !run->done() && steps < 10000000; ++steps) run->step_units(units);
    return run;
}

// Every metric and every trace cell of two finished runs, bit for bit.
void check_same_numbers(const core::Runner& a, const core::Runner& b) {
    CHECK(a.failure().empty());
    const auto ma = a.metrics(), mb = b.metrics();
    CHECK(ma.size() == mb.size());
    if (!a.failure().empty() || ma.size() != mb.size()) return;
    for (size_t k = 0; k < ma.size(); ++k) {
        CAPTURE(ma[k].key);
        CHECK(same_bits(ma[k].value, mb[k].value));
    }
    const core::Table &ta = a.trace(), &tb = b.trace();
    CHECK(ta.columns == tb.columns);
    CHECK(ta.rows.size() == tb.rows.size());
    size_t differ = 0;
    for (size_t r = 0; r < ta.rows.size() && r < tb.rows.size(); ++r)
        for (size_t k = 0; k < ta.rows[r].size() && k < tb.rows[r].size(); ++k)
            differ += same_bits(ta.rows[r][k], tb.rows[r][k]) ? 0 : 1;
    CHECK(differ == 0);
}

}   // namespace

TEST_CASE("every lab: progress > 0 within 5 steps of drawing a large data set, and monotone") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        const core::Lab* lab = e.lab;
        core::Runner run(*lab);
        const core::Params p = with(*lab, lab->test_sizes().large_data);
        const core::Validation v = core::validate(*lab, p);
        for (const auto& err : v.errors) INFO(err);
        CHECK(v.ok());
        if (!v.ok()) continue;   // the next lab still runs
        run.reset(p, 1);
        CHECK(run.progress() == 0.0);
        double last = 0;
        for (int s = 0; s < 5; ++s) {
            run.step();
            const double now = run.progress();
            CHECK(now >= last);
            CHECK(now <= 1.0);
            last = now;
        }
        CHECK(last > 0.0);
        INFO(run.clock());
        CHECK(run.clock().find("drawing") == 0);   // still drawing the data: the bar moved during it
    }
}

// One run of each lab's default preset at the page's default seed (1) to its end, stepped as the page steps it:
// everything the generic tests ask of a whole default run is checked on it (played once: it is the slowest run here).
TEST_CASE("every lab: the default run's progress and phase never go back, the plan's estimate is the work charged, "
          "headlines name metrics, the metric keys stay, and every outcome is decided with the paper's case") {
    auto keys = [](const core::Runner& run) {
        std::vector<std::string> k;
        for (const auto& m : run.metrics()) k.push_back(m.key);
        return k;
    };
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        const core::Lab* lab = e.lab;
        core::Runner run(*lab);
        const std::vector<std::string> missing = core::missing_headline_keys(*lab);
        for (const auto& k : missing) INFO("headline without a metric: " << k);
        CHECK(missing.empty());
        core::Params p(lab->schema());
        run.reset(p, 1);
        const std::vector<std::string> at_reset = keys(run);
        CHECK(!at_reset.empty());
        double last = run.progress();
        int reached = run.phase();
        long steps = 0;
        bool monotone = true, phase_monotone = true;
        while (!run.done() && run.failure().empty() && steps < 200000) {
            run.step();
            ++steps;
            const double now = run.progress();
            if (now < last || now > 1.0) monotone = false;
            last = now;
            if (run.phase() < reached) phase_monotone = false;
            reached = std::max(reached, run.phase());
        }
        CHECK(run.failure().empty());
        CHECK(run.done());
        CHECK(monotone);
        CHECK(run.progress() == 1.0);
        // the phase too (the quick-size test below): at the end, the last phase the run reached
        CHECK(phase_monotone);
        CHECK(run.phase() == reached);
        // One unit of work: plan() estimates in the units step() charges (a factor of 2 either way).
        const double planned = run.current_plan().total(), charged = run.work_charged();
        INFO("planned " << planned << " units, charged " << charged);
        CHECK(charged > 0.5 * planned);
        CHECK(charged < 2.0 * planned);
        // the same metric keys as at reset; NaN only by design, and then saying why
        CHECK(keys(run) == at_reset);
        for (const auto& m : run.metrics()) CHECK_MESSAGE((std::isfinite(m.value) || !m.when_nan.empty()), m.key);
        // every declared outcome is decided, the default seed shows the paper's case of each, and the end-of-run
        // line has its numbers
        const std::vector<core::Outcome> outcomes = core::outcomes_for(*lab, p);
        CHECK(!outcomes.empty());
        const std::vector<core::Said> said = core::say_outcomes(outcomes, run.metrics());
        CHECK(said.size() == outcomes.size());
        for (const core::Said& s : said) {
            CAPTURE(s.text);
            CHECK(!s.differs);
            CHECK(s.text.find('{') == std::string::npos);   // every {metric} filled in
            CHECK(s.text.find_first_of("0123456789") != std::string::npos);
        }
        for (const core::Outcome& o : outcomes) {
            CHECK(o.cases.size() >= 2);
            CHECK(o.paper >= 0);
            CHECK(o.paper < int(o.cases.size()));
            CHECK(o.seeds > 0);   // how often seeds show the paper's case, measured by moe-lab reproduce
            CHECK(o.paper_seeds <= o.seeds);
        }
    }
}

TEST_CASE("every lab: the phase never goes back within a quick run, and at the end it is the last phase reached") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        const core::Lab* lab = e.lab;
        core::Runner run(*lab);
        run.reset(with(*lab, lab->test_sizes().quick), 1);
        int reached = run.phase();
        bool monotone = true;
        for (long steps = 0; !run.done() && run.failure().empty() && steps < 10000000; ++steps) {
            run.step();
            if (run.phase() < reached) monotone = false;
            reached = std::max(reached, run.phase());
        }
        REQUIRE(run.failure().empty());
        CHECK(monotone);
        CHECK(run.phase() == reached);   // done: the timeline names the last phase the run reached
        CHECK(run.phase() < int(lab->phases().size()));
    }
}

TEST_CASE("every lab: the plan's parts name themselves and keep the timeline's phases in order") {
    for (const auto& e : core::all_labs()) {
        const core::Lab* lab = e.lab;
        CAPTURE(e.id);
        for (const core::Preset& pr : lab->schema().presets) {
            CAPTURE(pr.id);
            core::Params p(lab->schema());
            CHECK(p.apply_preset(pr.id));
            core::WorkPlan plan;
            CHECK(lab->check(p, plan).ok());
            CHECK(plan.parts() > 0);
            CHECK(plan.total() > 0);
            CHECK(lab->units_per_second() > 0);
            for (int k = 0; k < plan.parts(); ++k) {
                CHECK(!plan.part(k).what.empty());
                CHECK(plan.part(k).phase >= 0);
                CHECK(plan.part(k).phase < int(lab->phases().size()));
                if (k > 0) CHECK(plan.part(k).phase >= plan.part(k - 1).phase);
            }
        }
    }
}

TEST_CASE("every lab: its test sizes validate, and the numbers do not depend on how the work is sliced") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        const core::Lab* probe = e.lab;
        const core::TestSizes sizes = probe->test_sizes();
        for (const core::Overrides& set : {sizes.quick, sizes.large_data, sizes.sweeps}) {
            const core::Validation v = core::validate(*probe, with(*probe, set));
            for (const auto& err : v.errors) INFO(err);
            CHECK(v.ok());
        }
        const double slice = probe->units_per_second() * core::Runner::kSliceSeconds;
        auto fine = run_sliced(e, 0.1 * slice), coarse = run_sliced(e, 10 * slice);
        check_same_numbers(*fine, *coarse);
    }
}

TEST_CASE("every lab: the same numbers on 1 thread and on 3, with sweep jobs starting and finishing in shuffled "
          "orders") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        const core::TestSizes sizes = e.lab->test_sizes();
        const core::Overrides& set = sizes.sweeps.empty() ? sizes.quick : sizes.sweeps;
        auto one = run_sliced(e, 0, &set);
        for (uint64_t shuffle : {11, 12}) {
            CAPTURE(shuffle);
            check_same_numbers(*one, *run_sliced(e, 0, &set, 3, shuffle));
        }
    }
}

// The page's Web Workers, in one process: each worker a SweepWorker of its own, every message through the text
// the page's messages carry (encode_results), delivered between the page's slices.
struct LoopbackWorkers : session::SweepTransport {
    std::vector<session::SweepWorker> workers;
    int fills = 0;
    explicit LoopbackWorkers(int n) : workers(size_t(n)) {}
    void open(int, const std::string& query) override {
        for (auto& w : workers) REQUIRE(w.open(query) == "");
    }
    void assign(int w, int, int sweep, int rep) override { workers[size_t(w)].assign(sweep, rep); }
    void fill(int, int sweep, const std::vector<core::SweepResult>& all) override {
        ++fills;
        for (auto& w : workers) {
            std::vector<core::SweepResult> copy;
            REQUIRE(session::decode_results(session::encode_results(all), copy));
            w.fill(sweep, copy);
        }
    }
};

std::vector<std::string> view_texts(const core::Runner& run) {
    std::vector<core::View> views;
    run.views(views);
    std::vector<std::string> out;
    for (const auto& v : views)
        for (const auto& t : session::view_tables(v, 100000)) {
            std::string s = v.id + ": " + t.caption + "\n";
            for (const auto& row : t.rows)
                for (const auto& cell : row) s += cell + ",";
            out.push_back(s);
        }
    return out;
}

// Workers join at the start, or when the run is `join_at` of the way through (the page's workers are ready only
// after their module loaded): they run the run's own parts themselves and take the sweeps already complete from
// the page.
TEST_CASE("every lab: sweep repetitions run by workers (the page's Web Workers) give the same numbers and views, "
          "whenever the workers join") {
    for (const auto& e : core::all_labs())
        for (double join_at : {0.0, 0.4, 0.8}) {
            CAPTURE(e.id);
            CAPTURE(join_at);
            const core::TestSizes sizes = e.lab->test_sizes();
            const core::Overrides& set = sizes.sweeps.empty() ? sizes.quick : sizes.sweeps;
            auto one = run_sliced(e, 0, &set);
            const core::Lab* lab = e.lab;
            core::Runner run(*lab);
            session::RunConfig config{e.id, lab->schema().presets.front().id, 3, with(*lab, set)};
            LoopbackWorkers pool(2);
            session::SweepDispatcher dispatcher(pool);
            run.set_remote(&dispatcher);
            run.reset(config.params, config.seed);
            dispatcher.begin_run(7, session::encode_query(config));
            const double units = lab->units_per_second() * core::Runner::kSliceSeconds;
            int waits = 0, backwards = 0;
            double progress = 0;
            for (long steps = 0; !run.done() && steps < 10000000; ++steps) {
                if (run.progress() >= join_at) dispatcher.join(2);
                run.step_units(units);
                waits += run.waiting() ? 1 : 0;
                backwards += run.progress() < progress ? 1 : 0;   // the page's progress bar never goes back
                progress = run.progress();
                for (size_t w = 0; w < pool.workers.size(); ++w) {
                    if (pool.workers[w].idle()) continue;
                    std::vector<core::SweepResult> results;
                    for (auto& [sweep, r] : pool.workers[w].run(3 * units)) results.push_back(r);
                    std::vector<core::SweepResult> sent;
                    REQUIRE(session::decode_results(session::encode_results(results), sent));
                    CHECK(dispatcher.deliver(7, int(w), sent));
                    CHECK(!dispatcher.deliver(6, int(w), sent));   // an earlier run's results are dropped
                }
            }
            check_same_numbers(*one, run);
            CHECK(view_texts(*one) == view_texts(run));
            CHECK(backwards == 0);
            // joined at the start, every lab whose plan declares work elsewhere handed repetitions out, and only those;
            // the workers' results were recorded
            const bool elsewhere = run.current_plan().units_elsewhere() > 0;
            CAPTURE(dispatcher.reps_handed_out());
            if (join_at == 0) CHECK(elsewhere == (dispatcher.reps_handed_out() > 0));
            if (!elsewhere) CHECK(dispatcher.reps_handed_out() == 0);
            if (dispatcher.reps_handed_out() > 0) CHECK(dispatcher.jobs_elsewhere() > 0);
            for (auto& w : pool.workers) CHECK(w.idle());   // past the last sweep, a worker rests
            MESSAGE(e.id << " (workers from " << join_at << "): " << dispatcher.reps_handed_out() << " repetitions, "
                         << dispatcher.jobs_elsewhere() << " jobs on workers, " << pool.fills << " fills, " << waits
                         << " slices waited");
        }
}

// Compare mode's run B in the page's Web Worker, in one process: A steps as the page does (session::may_step_ahead),
// B as the worker does (session::PacedRun, paced by session::pace_limit), and the page sees B only through decoded
// snapshots. Halfway, A pauses and B catches up with it.
TEST_CASE("every lab: compare mode's run B paced from another process ends as B run here, within the window") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        const core::Lab* lab = e.lab;
        core::Runner a(*lab);
        const core::Params pa = with(*lab, lab->test_sizes().quick);
        core::Params pb;
        std::string b_name;
        for (const core::Comparison& c : lab->comparisons())
            if (session::apply_changes(*lab, pa, c.b, pb).empty()) {
                b_name = c.id;
                break;
            }
        REQUIRE_MESSAGE(!b_name.empty(), "no comparison of " << e.id << " applies at its quick size");
        CAPTURE(b_name);
        a.reset(pa, 3);
        session::PacedRun b;
        REQUIRE(b.open(session::encode_query({e.id, lab->schema().presets.front().id, 3, pb})) == "");
        session::RunSnapshot seen;   // the page's B
        std::string bytes;
        REQUIRE(b.take_snapshot(bytes));
        REQUIRE(session::decode_snapshot(bytes, seen) == "");
        CHECK(seen.progress == 0);
        CHECK(!seen.views.empty());      // the page shows B's views from its start
        double widest = 0, stride = 0;   // the largest gap between A and B; the largest single slice's progress
        bool paused = false;
        for (long rounds = 0; !(session::finished(a) && seen.finished()) && rounds < 10000000; ++rounds) {
            for (int k = 0; k < 3 && session::may_step_ahead(a, seen); ++k) {   // the page's frame
                const double p = a.progress();
                a.step();
                stride = std::max(stride, a.progress() - p);
            }
            b.set_limit(session::pace_limit(a, true));
            for (int k = 0; k < 2; ++k) {   // the worker's slice
                const double p = b.run()->progress();
                b.step();
                stride = std::max(stride, b.run()->progress() - p);
            }
            if (b.take_snapshot(bytes)) REQUIRE(session::decode_snapshot(bytes, seen) == "");
            if (!session::finished(a) && !seen.finished())
                widest = std::max(widest, std::fabs(a.progress() - seen.progress));
            if (!paused && a.progress() > 0.5 && !session::finished(a)) {   // pause: B catches up with A and stops
                paused = true;
                b.set_limit(session::pace_limit(a, false));
                for (long k = 0; !b.idle() && k < 10000000; ++k) b.step();
                if (b.take_snapshot(bytes)) REQUIRE(session::decode_snapshot(bytes, seen) == "");
                CHECK((seen.progress >= a.progress() || seen.finished()));
            }
        }
        if (stride < 0.5) CHECK(paused);   // (a run of one or two slices has no middle)
        CHECK(a.done());
        CHECK(seen.done);
        CHECK(widest <= session::kLockstepWindow + 3 * stride);
        core::Runner here(*lab);   // B in lockstep-free isolation: its numbers do not depend on its slices
        here.reset(pb, 3);
        REQUIRE(core::run_to_end(here) == "");
        CHECK(session::encode_snapshot(session::snapshot_of(here)) == session::encode_snapshot(seen));
        MESSAGE(e.id << " (B: " << b_name << "): widest gap " << widest << ", largest slice " << stride);
    }
}

// B in the worker reads the class's text: opened with it, its snapshots route it in the view "class-text" as the
// page's own B does; a text typed later is read where B is, and the next snapshot routes it at the same progress.
TEST_CASE("every lab that reads a text: compare mode's run B in another process routes the class's text") {
    auto routed = [](const std::string& bytes) {   // the tokens of the snapshot's "class-text", one string
        session::RunSnapshot s;
        REQUIRE(session::decode_snapshot(bytes, s) == "");
        std::string out;
        for (const core::View& v : s.views)
            if (v.id == "class-text")
                for (const core::TextLine& l : v.text.lines)
                    for (const core::TextToken& t : l.tokens) out += t.text + " ";
        return std::make_pair(out, s.progress);
    };
    for (const auto& e : core::all_labs()) {
        const core::Lab* lab = e.lab;
        if (!lab->info().reads_text()) continue;
        CAPTURE(e.id);
        const core::Params p = with(*lab, lab->test_sizes().quick);
        session::PacedRun b;
        REQUIRE(b.open(session::encode_query({e.id, lab->schema().presets.front().id, 3, p}), "the zebra sees") == "");
        std::string bytes;
        REQUIRE(b.take_snapshot(bytes));
        CHECK(routed(bytes).first.find("zebra") != std::string::npos);
        b.set_limit(0.01);
        while (!b.idle()) b.step();
        b.read_text("the dog runs");
        REQUIRE(b.take_snapshot(bytes));
        const auto [tokens, progress] = routed(bytes);
        CHECK(tokens.find("dog") != std::string::npos);
        CHECK(tokens.find("zebra") == std::string::npos);
        CHECK(progress == b.run()->progress());
        CHECK(progress >= 0.01);   // where it was: the text did not start it again
    }
}

TEST_CASE("every lab: the same view ids from reset to the end (a link's view=ID names a view that is there)") {
    auto ids = [](const core::Runner& run) {
        std::vector<core::View> views;
        run.views(views);
        std::vector<std::string> k;
        for (const auto& v : views) k.push_back(v.id);
        return k;
    };
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        const core::Lab* lab = e.lab;
        core::Runner run(*lab);
        core::Params p(lab->schema());
        for (const auto& [k, v] : lab->test_sizes().quick) p.set(k, v);
        run.reset(p, 1);
        const std::vector<std::string> at_reset = ids(run);
        REQUIRE(core::run_to_end(run) == "");
        CHECK(ids(run) == at_reset);
    }
}
