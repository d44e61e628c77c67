// The lab's run: reset, the bounded step(), the sweep jobs, and the cached metrics the views read.
#include "labs/patch-routing/lab.hpp"
#include "core/metric_list.hpp"
#include "core/text.hpp"
#include "core/work_budget.hpp"
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

namespace patch_routing {

namespace {

constexpr double kBudget = 4e6;             // multiply-adds per step(): ~0.6 ms natively, ~2 ms in WebAssembly
constexpr int kGenNormals = 16 * 32 * 24;   // normals drawn per step: 16 samples at n = 32, d = 24 (they dominate)
constexpr double kStatsBudget =
    1.2e7;   // operations of one routing-statistics pass (the full test set at every preset)
// Samples generated per step: bounded by the number of normals, not by a fixed count.
int gen_chunk(const DataSpec& s) { return std::max(1, kGenNormals / std::max(1, s.n * s.d)); }
// Operations to route one sample and rank its discriminative patch: k (n d + l n) + n d.
double route_cost(const Model& m) { return double(m.k) * (double(m.n) * m.d + double(m.l) * m.n) + double(m.n) * m.d; }
constexpr Arch kSingleOrder[3] = {Arch::Separate, Arch::Joint, Arch::CNN};
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// How far a training run is, 0..1: by epochs against the cap (an upper bound: most runs stop earlier).
double run_fraction(const Trainer& t, const TrainSpec& ts) {
    if (t.done()) return 1.0;
    return std::min(1.0, double(t.epoch) / std::max(1, ts.one_pass ? 1 : ts.cap));
}

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
// routed fraction}. Slice 1 fetches (maybe generates) the data; then training slices; then the routing pass.
class RunJob : public core::SweepJob {
public:
    RunJob(PatchRoutingLab& lab, const core::SweepTask& t, Arch a, int N, int l)
        : lab_(lab), task_(t), arch_(a), N_(N), l_(l) {}
    bool advance() override {
        if (!lab_.pool_step(task_.rep)) return false;   // data first, a chunk per slice
        if (!started_) {
            const Config& c = lab_.config();
            ModelSpec ms = c.model[int(arch_)];
            if (l_ > 0) ms.l = l_;
            tr_.start(ms, c.train, lab_.pool(task_.rep), N_, lab_.test_set(),
                      PatchRoutingLab::model_seed(task_.seed, arch_, N_, ms.l));
            started_ = true;
            return false;
        }
        if (!tr_.done()) {
            tr_.advance(kBudget);
            return tr_.done() && (!tr_.failure.empty() || !tr_.model.routed());
        }
        // the routing pass over the test set, in slices of about kBudget operations
        const Dataset& T = lab_.test_set();
        core::WorkBudget budget(kBudget);
        const int end = route_pos_ + int(budget.take(route_cost(tr_.model), T.N - route_pos_));
        route_ok_ += routed_count(tr_.model, T, route_pos_, end);
        route_pos_ = end;
        if (route_pos_ < T.N) return false;
        route_ = T.N ? double(route_ok_) / T.N : 0.0;
        return true;
    }
    std::vector<double> outputs() const override { return {tr_.test_acc, tr_.train_acc, double(tr_.epoch), route_}; }
    double progress() const override { return started_ ? 0.1 + 0.9 * run_fraction(tr_, lab_.config().train) : 0.0; }
    std::string failure() const override { return tr_.failure; }

private:
    PatchRoutingLab& lab_;
    core::SweepTask task_;
    Arch arch_;
    int N_, l_;
    Trainer tr_;
    bool started_ = false;
    int route_pos_ = 0, route_ok_ = 0;
    double route_ = kNaN;
};

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

PatchRoutingLab::PatchRoutingLab() {
    info_.id = "patch-routing";
    info_.title = "Patch routing (pMoE)";
    info_.citation = "Chowdhury, Zhang, Wang, Liu, Chen (ICML 2023): Patch-level Routing in Mixture-of-Experts is "
                     "Provably Sample-efficient for Convolutional Neural Networks";
    info_.seed_file = "000_a9bf423586cd9919.txt";
    info_.summary =
        "Every input is n patches; one of them (o1 or o2) decides the label, the rest are irrelevant. A patch-level "
        "MoE (pMoE) whose routers send only the top-l patches to each expert learns the discriminative patch from "
        "far fewer samples than a CNN of the same size that sees all n patches: the routers drop the irrelevant "
        "patches, and the sample need falls polynomially in n/l. With c confusers per side the routing fails for "
        "l ≤ c and works from l* = c + 1.";
    schema_ = make_schema();
    phases_ = make_phases();
    trace_.columns = {"t",           "model",      "epoch",       "train_acc", "test_acc", "router_cos1",
                      "router_cos2", "route_plus", "route_minus", "align_o1",  "align_o2"};
}

std::vector<core::Headline> PatchRoutingLab::headlines() const {
    return {
        {"nstar_cnn", "CNN N for 95 %: ≈160 in the notes' prototype (lecture)"},
        {"nstar_sep", "separate pMoE: ≈20 (notes)"},
        {"nstar_joint", "joint pMoE: ≈90 (notes; ≈50 in their WASM run)"},
        {"nstar_ratio_sep", "N*_sep / N*_CNN ≤ 0.25 (notes ≈0.13; Thm 4.2 vs 4.3: (l/n)^8 as a bound)"},
        {"quarter_sep", "share of seeds with N*_sep / N*_CNN ≤ 1/4 (the mean over seeds; 1 = every seed)"},
        {"sweep_route_sep",
         "notes' router table (d = 32, n = 32, l = 2): 0.64 at N_r = 20; Lemma 4.1 asks B_r = Ω(n²/(1−δ_d)²), and N_r "
         "≤ N "
         "(eq. 6)"},
        {"nstar_ratio_joint", "N*_joint / N*_CNN ≤ 0.6 (paper Fig. 4: pMoE needs 60 % of the CNN's samples)"},
        {"thr_acc_lstar", "separate pMoE at l = l*, N = 80: ≥ 0.95 (notes: 1.00 with c = 2)"},
        {"thr_acc_lstar_m1", "at l = l* − 1: ≤ 0.75 (notes: 0.57)"},
    };
}

uint64_t PatchRoutingLab::model_seed(uint64_t rep_seed, Arch a, int N, int l) {
    return core::Sweep::rep_seed(rep_seed, int(a) * 10000000 + N * 64 + l);
}

bool PatchRoutingLab::pool_step(int rep) {
    if (int(pools_.size()) <= rep) pools_.resize(size_t(rep + 1));
    if (!pools_[size_t(rep)]) {
        auto P = std::make_unique<Pool>();
        P->rng = core::Rng(core::Sweep::rep_seed(seed_, rep), 11);
        allocate(cfg_.data, pool_size(cfg_), P->data);
        pools_[size_t(rep)] = std::move(P);
    }
    Pool& P = *pools_[size_t(rep)];
    if (P.filled < P.data.N) {
        const int end = std::min(P.data.N, P.filled + gen_chunk(cfg_.data));
        generate_part(cfg_.data, geo_, P.rng, P.filled, end, P.data);
        P.filled = end;
    }
    return P.filled >= P.data.N;
}

void PatchRoutingLab::reset(const core::Params& p, uint64_t seed) {
    cfg_ = make_config(p);
    plan_ = work_plan(cfg_);
    seed_ = seed;
    failure_.clear();
    pools_.clear();
    geo_ = make_geometry(cfg_.data);
    test_ = Dataset();
    allocate(cfg_.data, cfg_.n_test, test_);
    test_rng_ = core::Rng(seed, 3);
    test_filled_ = 0;
    for (auto& h : hist_) h = History();
    for (auto& r : routing_) r = RoutingStats();
    for (auto& v : inspect_) v.clear();
    for (auto& v : neurons_) v.clear();
    for (auto& t : run_) t = Trainer();
    for (auto& c : curve_) c = core::LineSeries();
    nstar_.fill(kNaN);
    seed_ratio_sep_.clear();
    route_sep_.assign(cfg_.Ns.size(), kNaN);
    trace_.clear();
    sweep_.clear();
    grid_.clear();
    grid_success_.clear();
    grid_acc_.clear();
    grid_route_.clear();
    thr_lstar_ = thr_lstar_m1_ = kNaN;
    thr_N_ = cfg_.Ns.empty() ? 0 : cfg_.Ns[size_t(nearest_N_index(cfg_))];
    single_ = 0;
    stage_ = Stage::Start;
}

void PatchRoutingLab::start_single(int which) {
    const Arch a = kSingleOrder[which];
    Trainer& t = run_[size_t(a)];
    t.hook = [this](const Trainer& tr, bool router) { record(tr, router); };
    t.start(cfg_.model[int(a)], cfg_.train, pool(0), cfg_.N_run, test_,
            model_seed(core::Sweep::rep_seed(seed_, 0), a, cfg_.N_run, cfg_.model[int(a)].l), true);
    record(t, true);   // the initial state (iteration 0)
}

void PatchRoutingLab::record(const Trainer& tr, bool router) {
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
        if (m.routed()) routing_[size_t(a)] = routing_stats(m, test_, kS0 + cfg_.data.p, count);
        int ip = 0, im = 1;   // samples 0 and 1 of the test set are y = +1 and y = -1
        inspect_[size_t(a)] = {inspect(m, test_, ip), inspect(m, test_, im)};
        neurons_[size_t(a)] = neuron_points(m, geo_);
    }
    const RoutingStats& R = routing_[size_t(a)];
    trace_.add({double(tr.iter), double(a), double(tr.epoch), h.train_acc.back(), h.test_acc.back(), h.router1.back(),
                h.router2.back(), m.routed() ? R.R_plus : kNaN, m.routed() ? R.R_minus : kNaN, A.A_o1, A.A_o2});
}

void PatchRoutingLab::step() {
    if (done()) return;
    switch (stage_) {
    case Stage::Start: {   // the test set, then the single run's pool, a chunk per step
        if (test_filled_ < test_.N) {
            const int end = std::min(test_.N, test_filled_ + gen_chunk(cfg_.data));
            generate_part(cfg_.data, geo_, test_rng_, test_filled_, end, test_);
            test_filled_ = end;
            return;
        }
        if (!pool_step(0)) return;
        start_single(0);
        stage_ = Stage::Single;
        return;
    }
    case Stage::Single: {
        Trainer& t = run_[size_t(kSingleOrder[single_])];
        t.advance(kBudget);
        if (!t.failure.empty()) {
            failure_ = t.failure + " (single run at N = " + std::to_string(cfg_.N_run) + ")";
            return;
        }
        if (!t.done()) return;
        if (++single_ < 3) {
            start_single(single_);
            return;
        }
        for (int a = 0; a < 3; ++a)
            for (int N : cfg_.Ns) sweep_.add_point(a, N);
        sweep_.start(cfg_.sweep_seeds, 4, seed_, [this](const core::SweepTask& task) {
            return std::make_unique<RunJob>(*this, task, Arch(task.series), int(task.x), 0);
        });
        stage_ = Stage::Sweep;
        return;
    }
    case Stage::Sweep: {
        if (sweep_.step()) update_sweep_cache();
        if (!sweep_.failures().empty()) {
            failure_ = "sweep: " + sweep_.failures().front();
            return;
        }
        if (!sweep_.done()) return;
        if (cfg_.grid_lmax <= 0) {
            stage_ = Stage::Done;
            return;
        }
        for (int l = 1; l <= cfg_.grid_lmax; ++l)
            for (int N : cfg_.Ns) grid_.add_point(l, N);
        grid_.start(cfg_.grid_seeds, 4, seed_, [this](const core::SweepTask& task) {
            return std::make_unique<RunJob>(*this, task, Arch::Separate, int(task.x), task.series);
        });
        update_grid_cache();
        stage_ = Stage::Grid;
        return;
    }
    case Stage::Grid: {
        if (grid_.step()) update_grid_cache();
        if (!grid_.failures().empty()) {
            failure_ = "threshold grid: " + grid_.failures().front();
            return;
        }
        if (grid_.done()) stage_ = Stage::Done;
        return;
    }
    case Stage::Done: return;
    }
}

void PatchRoutingLab::update_sweep_cache() {
    const char* names[3] = {"CNN", "separate pMoE", "joint pMoE"};
    for (int a = 0; a < 3; ++a) {
        curve_[size_t(a)] = sweep_.line(a, 0, names[a]);
        curve_[size_t(a)].color = a;
        nstar_[size_t(a)] = n_star(curve_[size_t(a)].x, curve_[size_t(a)].y, cfg_.target);
    }
    // The spread behind N*_sep / N*_CNN: each sweep seed's own ratio, once that seed has a full curve for both
    // models (the sweep runs seed by seed, so results[r] of every point is seed r).
    const std::vector<int>& Ns = cfg_.Ns;
    seed_ratio_sep_.clear();
    for (int r = 0; r < cfg_.sweep_seeds; ++r) {
        std::vector<double> acc[2];
        bool complete = true;
        for (int a = 0; a < 2 && complete; ++a)
            for (int N : Ns) {
                const int pt = sweep_.find(a, N);
                const auto v = pt < 0 ? std::vector<double>() : sweep_.values(pt, 0);
                if (int(v.size()) <= r) {
                    complete = false;
                    break;
                }
                acc[a].push_back(v[size_t(r)]);
            }
        if (!complete) break;
        const std::vector<double> xs(Ns.begin(), Ns.end());
        seed_ratio_sep_.push_back(n_star(xs, acc[1], cfg_.target) / n_star(xs, acc[0], cfg_.target));
    }
    // Lemma 4.1 at every N of the sweep: the separate router's routed share, mean over the finished seeds
    route_sep_.assign(Ns.size(), kNaN);
    for (size_t i = 0; i < Ns.size(); ++i) {
        const int pt = sweep_.find(int(Arch::Separate), Ns[i]);
        if (pt >= 0 && !sweep_.point(pt).results.empty()) route_sep_[i] = sweep_.stat(pt, 3).mean;
    }
}

void PatchRoutingLab::update_grid_cache() {
    const int L = cfg_.grid_lmax, nN = int(cfg_.Ns.size());
    grid_success_.assign(size_t(L * nN), kNaN);
    grid_acc_.assign(size_t(L * nN), kNaN);
    grid_route_.assign(size_t(L * nN), kNaN);
    for (int i = 0; i < nN; ++i)
        for (int l = 1; l <= L; ++l) {
            const int pt = grid_.find(l, cfg_.Ns[size_t(i)]);
            if (pt < 0 || grid_.point(pt).results.empty()) continue;
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

int PatchRoutingLab::phase() const {
    switch (stage_) {
    case Stage::Start: return 0;
    case Stage::Single: return (single_ == 0 && run_[size_t(Arch::Separate)].stage == Trainer::Stage::Router) ? 0 : 1;
    case Stage::Sweep: return 2;
    case Stage::Grid: return 3;
    case Stage::Done: return cfg_.grid_lmax > 0 ? 3 : 2;
    }
    return 0;
}

// The parts of work_plan(cfg_), in order; within a training run, epochs / cap (an upper bound on the epochs).
double PatchRoutingLab::progress() const {
    switch (stage_) {
    case Stage::Start: {
        const double pool = pools_.empty() || !pools_[0] ? 0.0 : pools_[0]->filled;
        const double all = test_.N + pool_size(cfg_);
        return plan_.progress(0, (test_filled_ + pool) / all);
    }
    case Stage::Single:
        return plan_.progress(1, (single_ + run_fraction(run_[size_t(kSingleOrder[single_])], cfg_.train)) / 3.0);
    case Stage::Sweep: return plan_.progress(2, sweep_.progress());
    case Stage::Grid: return plan_.progress(3, grid_.progress());
    case Stage::Done: return 1.0;
    }
    return 0;
}

std::string PatchRoutingLab::clock() const {
    char buf[160];
    if (stage_ == Stage::Start) {
        if (test_filled_ < test_.N) return core::strf("drawing the test set: %d / %d", test_filled_, test_.N);
        const int filled = pools_.empty() || !pools_[0] ? 0 : pools_[0]->filled;
        return core::strf("drawing the training pool: %d / %d", filled, pool_size(cfg_));
    }
    if (stage_ == Stage::Single) {
        const Trainer& t = run_[size_t(kSingleOrder[single_])];
        std::snprintf(buf, sizeof buf, "%s at N = %d: %s %d", arch_name(kSingleOrder[single_]), cfg_.N_run,
                      t.stage == Trainer::Stage::Router ? "router step" : "epoch",
                      t.stage == Trainer::Stage::Router ? t.router_steps : t.epoch);
        return buf;
    }
    const core::Sweep* sw = stage_ == Stage::Sweep ? &sweep_ : stage_ == Stage::Grid ? &grid_ : nullptr;
    if (sw && sw->current()) {
        const core::SweepTask* t = sw->current();
        if (sw == &sweep_)
            std::snprintf(buf, sizeof buf, "sweep run %d / %d: %s, N = %.0f, seed %d", sw->jobs_done() + 1,
                          sw->jobs_total(), arch_name(Arch(t->series)), t->x, t->rep + 1);
        else
            std::snprintf(buf, sizeof buf, "grid run %d / %d: l = %d, N = %.0f, seed %d", sw->jobs_done() + 1,
                          sw->jobs_total(), t->series, t->x, t->rep + 1);
        return buf;
    }
    return stage_ == Stage::Done ? "done" : "";
}

std::vector<core::Metric> PatchRoutingLab::metrics() const {
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
          core::strf("separate router in the sweep at N = %d: share of test samples whose discriminative patch it "
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
             thr_lstar_m1_, "not defined for c = 0 (l* − 1 = 0)");
    m.count("sweep_runs", "sweep runs finished", double(sweep_.jobs_done()));
    return m.take();
}

}   // namespace patch_routing
