#include "labs/patch-routing/sweep_jobs.hpp"
#include "core/work_budget.hpp"
#include "core/fmath.hpp"
#include <algorithm>
#include <limits>

namespace patch_routing {

// How far a training run is, 0..1: by epochs against the cap (an upper bound: most runs stop earlier).
double run_fraction(const Trainer& t, const TrainSpec& ts) {
    if (t.done()) return 1.0;
    return std::min(1.0, double(t.epoch) / std::max(1, ts.one_pass ? 1 : ts.cap));
}

namespace {

using core::kNaN;

// Number of test samples [i0, i1) whose discriminative patch some expert selects (separate: expert 1 for
// y = +1, expert 2 for y = -1, Lemma 4.1; joint and CNN: any expert).
int routed_count(Model& m, const Dataset& test, int i0, int i1) {
    int ok = 0;
    for (int i = i0; i < i1; ++i) {
        m.route(test.sample(i));
        const int jo = test.j_o[size_t(i)];
        bool hit = false;
        for (int s = 0; s < m.k && !hit; ++s) {
            if (m.spec.arch == Arch::Separate && s != (test.y[size_t(i)] > 0 ? 0 : 1)) continue;
            for (int t = 0; t < m.l; ++t) hit = hit || m.sel(s, t) == jo;
        }
        ok += hit;
    }
    return ok;
}

// One training run of the sweep or the grid: outputs {test accuracy, final training accuracy, epochs,
// routed fraction}. It fetches (maybe generates) the data, trains, then routes the test set, all from the
// run's budget.
class RunJob : public core::SweepJob {
public:
    RunJob(Run& run, const core::Sweep& sweep, const core::SweepTask& t, Arch a, int N, int l)
        : run_(run), sweep_(sweep), task_(t), arch_(a), N_(N), l_(l) {}
    bool advance(core::WorkBudget& budget) override {
        // An earlier job of this sweep failed: the run stops there (core::Sweep would go on to the next job
        // within the slice), so this one waits with the rest of the slice.
        if (!sweep_.failures().empty()) {
            budget.spend(std::max(0.0, budget.left()));
            return false;
        }
        if (!run_.pool_step(task_.rep, budget)) return false;   // data first
        has_data_ = true;
        if (!started_) {
            const Config& c = run_.config();
            ModelSpec ms = c.model[int(arch_)];
            if (l_ > 0) ms.l = l_;
            tr_.start(ms, c.train, run_.pool(task_.rep), N_, run_.test_set(),
                      Run::model_seed(task_.seed, arch_, N_, ms.l));
            started_ = true;
            return false;
        }
        if (!tr_.done()) {
            tr_.advance(budget);
            return tr_.done() && (!tr_.failure.empty() || !tr_.model.routed());
        }
        // the routing pass over the test set
        const Dataset& T = run_.test_set();
        const int end = route_pos_ + int(budget.take(route_units(tr_.model), T.N - route_pos_));
        route_ok_ += routed_count(tr_.model, T, route_pos_, end);
        route_pos_ = end;
        if (route_pos_ < T.N) return false;
        route_ = T.N ? double(route_ok_) / T.N : 0.0;
        return true;
    }
    std::vector<double> outputs() const override { return {tr_.test_acc, tr_.train_acc, double(tr_.epoch), route_}; }
    double progress() const override { return started_ ? 0.1 + 0.9 * run_fraction(tr_, run_.config().train) : 0.0; }
    std::string failure() const override { return tr_.failure; }
    // Its repetition's pool is filled by the first job that asks for it; after that every job only reads it.
    bool exclusive() const override { return !has_data_; }

private:
    Run& run_;
    const core::Sweep& sweep_;
    core::SweepTask task_;
    Arch arch_;
    int N_, l_;
    Trainer tr_;
    bool started_ = false, has_data_ = false;
    int route_pos_ = 0, route_ok_ = 0;
    double route_ = kNaN;
};

}   // namespace

void start_sweep(core::Sweep& sw, Run& run, uint64_t seed) {
    const Config& c = run.config();
    for (int a = 0; a < 3; ++a)
        for (int N : c.Ns) sw.add_point(a, N);
    sw.start(c.sweep_seeds, 4, seed, [&run, &sw](const core::SweepTask& task) {
        return std::make_unique<RunJob>(run, sw, task, Arch(task.series), int(task.x), 0);
    });
}

void start_grid(core::Sweep& grid, Run& run, uint64_t seed) {
    const Config& c = run.config();
    for (int l = 1; l <= c.grid_lmax; ++l)
        for (int N : c.Ns) grid.add_point(l, N);
    grid.start(c.grid_seeds, 4, seed, [&run, &grid](const core::SweepTask& task) {
        return std::make_unique<RunJob>(run, grid, task, Arch::Separate, int(task.x), task.series);
    });
}

}   // namespace patch_routing
