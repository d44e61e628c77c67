// The patch-routing lab's run: its set-up, the bounded step(budget), and the cached metrics the views read; the
// sweep jobs are in sweep_jobs.cpp.
#include "labs/patch-routing/run.hpp"
#include "labs/patch-routing/sweep_jobs.hpp"
#include "labs/patch-routing/territory.hpp"
#include "core/metric_list.hpp"
#include "core/text.hpp"
#include "core/work_budget.hpp"
#include "core/words.hpp"
#include "core/fmath.hpp"
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

namespace patch_routing {

namespace {

constexpr double kStatsBudget =
    1.2e7;   // operations of one routing-statistics pass (the full test set at every preset)
constexpr int kTerritorySamples = 100;   // test samples behind the territory's thresholds τ_s
constexpr Arch kSingleOrder[3] = {Arch::Separate, Arch::Joint, Arch::CNN};
using core::kNaN;

}   // namespace

// The threshold readout's row: the grid N nearest to N_run on a log scale, i.e. the smallest ratio
// max(N, N_run) / min(N, N_run), compared exactly in integers (cross-multiplied) so that no log enters the
// choice; ties keep the smaller N.
int nearest_N_index(const Config& c) {
    int best = 0;
    auto hi = [&](int i) { return int64_t(std::max(c.Ns[size_t(i)], c.N_run)); };
    auto lo = [&](int i) { return int64_t(std::min(c.Ns[size_t(i)], c.N_run)); };
    for (int i = 1; i < int(c.Ns.size()); ++i)
        if (hi(i) * lo(best) < hi(best) * lo(i)) best = i;
    return best;
}

uint64_t Run::model_seed(uint64_t rep_seed, Arch a, int N, int l) {
    return core::Sweep::rep_seed(rep_seed, int(a) * 10000000 + N * 64 + l);
}

void Run::draw(Dataset& D, core::Rng& rng, int& filled, core::WorkBudget& budget) {
    const double cost = kGenerateCost * double(cfg_.data.n) * cfg_.data.d;   // one sample's n·d coordinates
    const int end = filled + int(budget.take(cost, D.N - filled));
    generate_part(cfg_.data, geo_, rng, filled, end, D);
    filled = end;
}

bool Run::pool_step(int rep, core::WorkBudget& budget) {
    if (!pools_[size_t(rep)]) {
        auto P = std::make_unique<Pool>();
        P->rng = core::Rng(core::Sweep::rep_seed(seed_, rep), 11);
        allocate(cfg_.data, pool_size(cfg_), P->data);
        pools_[size_t(rep)] = std::move(P);
    }
    Pool& P = *pools_[size_t(rep)];
    if (P.filled < P.data.N) draw(P.data, P.rng, P.filled, budget);
    return P.filled >= P.data.N;
}

Run::Run(const Config& c, uint64_t seed) : RunOf(c, seed, kDone) {
    geo_ = make_geometry(cfg_.data);
    allocate(cfg_.data, cfg_.n_test, test_);
    test_rng_ = core::Rng(seed, 3);
    nstar_.fill(kNaN);
    route_sep_.assign(cfg_.Ns.size(), kNaN);
    trace_.columns = {"t",           "model",      "epoch",       "train_acc", "test_acc", "router_cos1",
                      "router_cos2", "route_plus", "route_minus", "align_o1",  "align_o2"};
    thr_lstar_ = thr_lstar_m1_ = kNaN;
    thr_N_ = cfg_.Ns.empty() ? 0 : cfg_.Ns[size_t(nearest_N_index(cfg_))];
    // a pool per repetition of the sweep and the grid, filled by its first job: jobs of other repetitions may
    // run at once (core::Sweep), so the list itself never changes size after this
    pools_.resize(size_t(std::max({1, cfg_.sweep_seeds, cfg_.grid_seeds})));
}

void Run::start_single(int which) {
    const Arch a = kSingleOrder[which];
    Trainer& t = run_[size_t(a)];
    t.hook = [this](const Trainer& tr, bool router) { record(tr, router); };
    t.start(cfg_.model[int(a)], cfg_.train, pool(0), cfg_.N_run, test_,
            model_seed(core::Sweep::rep_seed(seed_, 0), a, cfg_.N_run, cfg_.model[int(a)].l), true);
    record(t, true);   // the initial state (iteration 0)
}

void Run::record(const Trainer& tr, bool router) {
    const int a = int(tr.model.spec.arch);
    Model& m = run_[size_t(a)].model;
    History& h = hist_[size_t(a)];
    const Alignment A = alignment(m, geo_);
    h.iter.push_back(double(tr.iter));
    h.epoch.push_back(double(tr.epoch));
    h.train_acc.push_back(router ? kNaN : tr.train_acc);
    h.test_acc.push_back(router ? kNaN : tr.test_acc);
    h.router1.push_back(m.routed() ? A.router1 : kNaN);
    h.router2.push_back(m.routed() ? A.router2 : kNaN);
    h.A_o1.push_back(A.A_o1);
    h.A_o2.push_back(A.A_o2);
    h.router_steps = tr.router_steps;
    // the routing pictures: at every evaluation, and when the router phase ends (or at the start)
    const bool phase_end = router && (tr.stage != Trainer::Stage::Router || tr.iter == 0);
    if (!router || phase_end) {
        // intermediate evaluations on the first 250 test samples, the final one on all; both capped at
        // kStatsBudget operations so that the step stays bounded at large k, n, l, d, n_test (the cap leaves
        // the full test set at every preset)
        const int cap = std::max(50, int(kStatsBudget / route_cost(m)));
        const int count = std::min((tr.stage == Trainer::Stage::Done || phase_end) ? test_.N : 250, cap);
        if (m.routed()) {
            routing_[size_t(a)] = routing_stats(m, test_, kS0 + cfg_.data.p, count);
            if (budget_) budget_->spend(route_units(m) * count);
        }
        int ip = 0, im = 1;   // samples 0 and 1 of the test set are y = +1 and y = -1
        inspect_[size_t(a)] = {inspect(m, test_, ip), inspect(m, test_, im)};
        neurons_[size_t(a)] = neuron_points(m, geo_);
        if (m.routed()) {
            const int samples = std::min(count, kTerritorySamples);
            territory_[size_t(a)] = territory_view(m, geo_, test_, samples, arch_name(Arch(a)));
            if (budget_) budget_->spend(territory_units(m, samples));
        }
    }
    const RoutingStats& R = routing_[size_t(a)];
    trace_.add({double(tr.iter), double(a), double(tr.epoch), h.train_acc.back(), h.test_acc.back(), h.router1.back(),
                h.router2.back(), m.routed() ? R.R_plus : kNaN, m.routed() ? R.R_minus : kNaN, A.A_o1, A.A_o2});
}

// One slice of the run's budget: the test set and the single run's pool, the single run (separate, joint,
// CNN), the sweep, the threshold grid, each cut wherever the budget runs out. The end of the separate pMoE's
// router phase ends the slice, so that the page shows the routing it learned.
void Run::step(core::WorkBudget& budget) {
    budget_ = &budget;
    if (part_ == kRouters || part_ == kSingle) sweep_.offer(budget);
    bool slice_ends = false;
    while (!budget.spent() && !done() && !slice_ends) {
        switch (part_) {
        case kDraw: {   // the test set, then the single run's pool
            if (test_filled_ < test_.N) {
                draw(test_, test_rng_, test_filled_, budget);
                break;
            }
            if (!pool_step(0, budget)) break;
            // The sweep's jobs read the test set and their own pools, never the single run: the sweep starts now
            // and is offered to the page's workers while the single run runs here (a worker's run skips it).
            start_sweep(sweep_, *this, seed_);
            part_ = serving_ ? kSweep : kRouters;
            break;
        }
        case kRouters:   // the single run's first model, the separate pMoE, through its router phase
        case kSingle: {
            if (!single_started_) {   // a step of its own when the budget is left: its routing statistics are costly
                start_single(single_);
                single_started_ = true;
                break;
            }
            Trainer& t = run_[size_t(kSingleOrder[single_])];
            const bool routers = t.stage == Trainer::Stage::Router;
            t.advance(budget);
            if (!t.failure.empty()) {
                failure_ = core::trf("%s (single run at N = %d)", t.failure.c_str(), cfg_.N_run);
                break;
            }
            slice_ends = routers && t.stage != Trainer::Stage::Router;
            if (slice_ends) part_ = kSingle;
            if (!t.done()) break;
            if (++single_ < 3) {
                single_started_ = false;
                break;
            }
            part_ = kSweep;
            break;
        }
        case kSweep: {
            if (sweep_.step(budget) > 0 && !serving_) update_sweep_cache();
            if (!sweep_.failures().empty()) {
                failure_ = "sweep: " + sweep_.failures().front();
                break;
            }
            if (!sweep_.done()) break;
            if (cfg_.grid_lmax <= 0) {
                part_ = kDone;
                break;
            }
            start_grid(grid_, *this, seed_);
            update_grid_cache();
            part_ = kGrid;
            break;
        }
        case kGrid: {
            if (grid_.step(budget) > 0 && !serving_) update_grid_cache();
            if (!grid_.failures().empty()) {
                failure_ = core::trf("threshold grid: %s", grid_.failures().front().c_str());
                break;
            }
            if (grid_.done()) part_ = kDone;
            break;
        }
        case kDone: break;
        }
    }
    budget_ = nullptr;
}

void Run::update_sweep_cache() {
    const char* names[3] = {"CNN", "separate pMoE", "joint pMoE"};
    for (int a = 0; a < 3; ++a) {
        curve_[size_t(a)] = sweep_.line(a, 0, names[a]);
        curve_[size_t(a)].color = a;
        nstar_[size_t(a)] = n_star(curve_[size_t(a)].x, curve_[size_t(a)].y, cfg_.target);
    }
    // The spread behind N*_sep / N*_CNN: each sweep seed's own ratio, once that seed has a full curve for both
    // models (results[r] of every point is seed r's slot).
    const std::vector<int>& Ns = cfg_.Ns;
    seed_ratio_sep_.clear();
    for (int r = 0; r < cfg_.sweep_seeds; ++r) {
        std::vector<double> acc[2];
        bool complete = true;
        for (int a = 0; a < 2 && complete; ++a)
            for (int N : Ns) {
                const int pt = sweep_.find(a, N);
                const std::vector<double>* v = pt < 0 ? nullptr : &sweep_.point(pt).results[size_t(r)];
                if (!v || v->empty()) {
                    complete = false;
                    break;
                }
                acc[a].push_back((*v)[0]);
            }
        if (!complete) continue;
        const std::vector<double> xs(Ns.begin(), Ns.end());
        seed_ratio_sep_.push_back(n_star(xs, acc[1], cfg_.target) / n_star(xs, acc[0], cfg_.target));
    }
    // Lemma 4.1 at every N of the sweep: the separate router's routed share, mean over the finished seeds
    route_sep_.assign(Ns.size(), kNaN);
    for (size_t i = 0; i < Ns.size(); ++i) {
        const int pt = sweep_.find(int(Arch::Separate), Ns[i]);
        if (pt >= 0 && sweep_.point(pt).finished > 0) route_sep_[i] = sweep_.stat(pt, 3).mean;
    }
}

void Run::update_grid_cache() {
    const int L = cfg_.grid_lmax, nN = int(cfg_.Ns.size());
    grid_success_.assign(size_t(L * nN), kNaN);
    grid_acc_.assign(size_t(L * nN), kNaN);
    grid_route_.assign(size_t(L * nN), kNaN);
    for (int i = 0; i < nN; ++i)
        for (int l = 1; l <= L; ++l) {
            const int pt = grid_.find(l, cfg_.Ns[size_t(i)]);
            if (pt < 0 || grid_.point(pt).finished == 0) continue;
            const auto acc = grid_.values(pt, 0);
            double ok = 0;
            for (double v : acc) ok += v >= cfg_.target;
            grid_success_[size_t(i * L + l - 1)] = ok / acc.size();
            grid_acc_[size_t(i * L + l - 1)] = grid_.stat(pt, 0).mean;
            grid_route_[size_t(i * L + l - 1)] = grid_.stat(pt, 3).mean;
        }
    const int best = nearest_N_index(cfg_);
    const int lstar = cfg_.data.c + 1;
    thr_lstar_ = lstar <= L && nN ? grid_acc_[size_t(best * L + lstar - 1)] : kNaN;
    thr_lstar_m1_ = lstar >= 2 && lstar - 1 <= L && nN ? grid_acc_[size_t(best * L + lstar - 2)] : kNaN;
}

// The plan's parts (Part): the rest of the single run counts a third per model, within a model epochs / cap (an
// upper bound on the epochs).
core::Where Run::where() const {
    switch (part_) {
    case kDraw: {
        const double pool = pools_.empty() || !pools_[0] ? 0.0 : pools_[0]->filled;
        return {kDraw, test_filled_ + pool, double(test_.N + pool_size(cfg_))};
    }
    case kRouters: {
        const Trainer& t = run_[size_t(kSingleOrder[0])];
        return {kRouters, single_started_ ? double(t.router_steps) : 0.0, double(router_steps(cfg_))};
    }
    case kSingle: {
        const Trainer& t = run_[size_t(kSingleOrder[single_])];
        if (!single_started_) return {kSingle, double(single_), 3.0};
        return {kSingle, single_ + run_fraction(t, cfg_.train), 3.0,
                core::trf("%s, epoch %d", core::tr(arch_name(kSingleOrder[single_])), t.epoch)};
    }
    case kSweep:
    case kGrid: {
        const bool sweep = part_ == kSweep;
        const core::Sweep& sw = sweep ? sweep_ : grid_;
        const core::SweepTask* t = sw.current();
        std::string detail;
        if (t && sweep)
            detail = core::trf("run %d / %d: %s, N = %.0f, seed %d", sw.jobs_done() + 1, sw.jobs_total(),
                               arch_name(Arch(t->series)), t->x, t->rep + 1);
        else if (t)
            detail = core::trf("run %d / %d: l = %d, N = %.0f, seed %d", sw.jobs_done() + 1, sw.jobs_total(), t->series,
                               t->x, t->rep + 1);
        return {part_, sw.progress(), 1.0, detail};
    }
    case kDone: break;
    }
    return {kDone};
}

std::vector<core::Metric> Run::metrics() const {
    const Trainer& c = run_[0];
    const Trainer& s = run_[1];
    const Trainer& j = run_[2];
    auto last = [](const std::vector<double>& v) { return v.empty() ? kNaN : v.back(); };
    const History& hs = hist_[1];
    const History& hj = hist_[2];
    const double ratio_s = nstar_[1] / nstar_[0], ratio_j = nstar_[2] / nstar_[0];
    const char* kNotReached = "not reached: no N of the sweep reached 95 % test accuracy";
    core::MetricList m;
    m.add("test_acc_cnn", "CNN test accuracy at N_run", c.test_acc);
    m.add("test_acc_sep", "separate pMoE test accuracy at N_run", s.test_acc);
    m.add("test_acc_joint", "joint pMoE test accuracy at N_run", j.test_acc);
    m.count("epochs_cnn", "CNN epochs to zero training error (or cap)", double(c.epoch));
    m.count("epochs_sep", "separate pMoE epochs", double(s.epoch));
    m.count("epochs_joint", "joint pMoE epochs", double(j.epoch));
    m.add("router_cos_sep", "separate routers: mean of cos(w1, o1−o2), cos(w2, o2−o1)",
          (last(hs.router1) + last(hs.router2)) / 2);
    m.add("router_cos_joint", "joint routers: mean of max_s cos(w_s, o1), max_s cos(w_s, o2)",
          (last(hj.router1) + last(hj.router2)) / 2);
    m.add("route_sep", "separate: fraction of test samples whose discriminative patch is routed (R1+R2)/2",
          (routing_[1].R_plus + routing_[1].R_minus) / 2);
    m.add("route_joint", "joint: top-gate capture rate (R+ + R−)/2", (routing_[2].R_plus + routing_[2].R_minus) / 2);
    m.add("drop_sep", "separate: irrelevant patches routed to no expert", routing_[1].drop);
    m.add("nstar_cnn", "CNN: N for 95 % test accuracy", nstar_[0], "%.1f", kNotReached);
    m.add("nstar_sep", "separate pMoE: N for 95 %", nstar_[1], "%.1f", kNotReached);
    m.add("nstar_joint", "joint pMoE: N for 95 %", nstar_[2], "%.1f", kNotReached);
    m.add("nstar_ratio_sep", "N*_sep / N*_CNN", ratio_s, "%.4f", kNotReached);
    m.add("nstar_ratio_joint", "N*_joint / N*_CNN", ratio_j, "%.4f", kNotReached);
    // 0/1 per run, so that `reproduce` (mean over seeds) reports the share of seeds that meet 1/4
    m.add("quarter_sep", "N*_sep / N*_CNN ≤ 1/4 in this run: 1, else 0 (mean over seeds: the share that meet it)",
          std::isnan(ratio_s) ? kNaN : double(ratio_s <= 0.25), "%.2f", kNotReached);
    // Lemma 4.1 at the sweep's second N (20 at Lecture): why the separate pMoE's N* is set by its router there
    const size_t ir = cfg_.Ns.size() > 1 ? 1 : 0;
    m.add("sweep_route_sep",
          core::trf("separate router in the sweep at N = %d: share of test samples whose discriminative patch it "
                    "routes (mean over seeds)",
                    cfg_.Ns.empty() ? 0 : cfg_.Ns[ir]),
          ir < route_sep_.size() ? route_sep_[ir] : kNaN, "%.4f",
          "measured by the sweep's separate pMoE runs at that N");
    m.count("l_star", "routing threshold l* = c + 1", double(cfg_.data.c + 1));
    m.add("thr_acc_lstar", "grid: separate pMoE accuracy at l = l*", thr_lstar_, "%.4f",
          "the threshold grid does not reach l* (grid_lmax < c + 1)");
    m.add_if(cfg_.data.c > 0, "thr_acc_lstar_m1",
             cfg_.data.c == 0 ? "grid: separate pMoE accuracy at l = l* − 1 (not defined for c = 0: l* − 1 = 0)"
                              : "grid: separate pMoE accuracy at l = l* − 1",
             thr_lstar_m1_, "%.4f", "not defined for c = 0 (l* − 1 = 0)");
    m.count("sweep_runs", "sweep runs finished", double(sweep_.jobs_done()));
    return m.take();
}

}   // namespace patch_routing
