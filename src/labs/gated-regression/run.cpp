// The gated-regression lab's live run: the set-up, the bounded step(budget), Phase 1 (L_4, ℓ2, EM in lockstep
// over the trials), Phase 2 (L_log for the three frozen A's), then the held-out evaluation and the sweep; the
// scalar metrics (CLI, JSON, CSV, the page's state()): summaries over the runs.
#include "labs/gated-regression/run.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include "core/metric_list.hpp"
#include "core/text.hpp"
#include "core/work_budget.hpp"
#include "core/words.hpp"
#include "labs/gated-regression/costs.hpp"
#include "labs/gated-regression/seeds.hpp"
#include "labs/gated-regression/sweep_jobs.hpp"
#include <algorithm>
#include <cmath>

namespace gated {
using core::strf;

namespace {
constexpr size_t kCurvePoints = 300;   // the thinned curves keep about this many rows per run
}   // namespace

double median(std::vector<double> v) {
    v.erase(std::remove_if(v.begin(), v.end(), [](double x) { return std::isnan(x); }), v.end());
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

Run::Run(const Config& c, uint64_t seed) : RunOf(c, seed, kDone) {
    const int d = cfg_.truth.d, k = cfg_.truth.k;
    kc_ = link_constants(cfg_.truth.link, cfg_.truth.sigma);
    core::Rng rt = stream(seed, kTruthStream);
    truth_ = Truth::make(cfg_.truth, rt);
    core::Rng rtest = stream(seed, kTestStream);
    test_ = Sample();
    test_.draw(truth_, cfg_.n_test, rtest);
    alpha_star_ = mixing_weights(truth_, test_);
    // The sweep's jobs draw their own data from the configuration and the seed (sweep_jobs.cpp), so it starts here
    // and is offered to the page's workers while phases 1 and 2 run (core::Sweep::offer); it runs here after them.
    if (cfg_.sweep) start_sweep(sweep_, cfg_, kc_, seed_);

    runs_.assign(size_t(cfg_.runs), Trial());
    for (int r = 0; r < cfg_.runs; ++r) {
        Trial& R = runs_[size_t(r)];
        R.seed = run_seed(seed, r);
        R.rng_data = stream(R.seed, kDataStream);
        R.rng_batch = stream(R.seed, kBatchStream);
        R.rng_shuffle = stream(R.seed, kShuffleStream);
        R.rng_w0 = stream(R.seed, kW0Stream);
        R.data.X.reserve(size_t(cfg_.n) * size_t(d));
        R.data.y.reserve(size_t(cfg_.n));
        R.data.z.reserve(size_t(cfg_.n));
        R.mom.reset(d, cfg_.truth.link, kc_);
        core::Rng r4 = stream(R.seed, kInitL4Stream);
        R.A4.resize(size_t(k * d));
        // a_i ~ N(0, s₀²/d I) (docs/labs/gated-regression.md §4.3)
        const double s4 = cfg_.init4 / std::sqrt(double(d));
        for (double& v : R.A4) v = s4 * r4.normal();
        core::Rng r2 = stream(R.seed, kInitL2Stream);
        R.l2 = l2_init(d, k, cfg_.truth.link, r2);
        R.em = R.l2;   // EM starts where ℓ2 starts
        R.curve1.reset(kCurvePoints);
        R.curve2.reset(kCurvePoints);
    }
    trace_.columns = {"phase",     "t",       "ereg_l4", "ereg_l2",      "ereg_em",    "loss_l4",
                      "werr_star", "werr_l4", "werr_l2", "egating_star", "egating_l4", "egating_l2"};
}

void Run::step(core::WorkBudget& budget) {
    if (serving_ && stage_ < kSweep) stage_ = cfg_.sweep ? kSweep : kDone;
    if (stage_ < kSweep) sweep_.offer(budget);   // the page's workers run its repetitions meanwhile
    while (!budget.spent() && !done()) {
        switch (stage_) {
        case kDraw: draw(budget); break;
        case kExperts: train_experts(budget); break;
        case kGates: train_gates(budget); break;
        case kEvaluate: evaluate(budget); break;
        case kSweep:
            if (sweep_.step(budget) > 0 && !serving_) summarise();
            if (sweep_.done()) stage_ = kDone;
            break;
        case kDone: break;
        }
    }
    if (!serving_) update_routing_map(budget);
}

core::Where Run::where() const {
    const double runs = cfg_.runs;
    switch (stage_) {
    case kDraw: {
        double drawn = 0;
        for (const Trial& q : runs_) drawn += q.data.n;
        return {kDraw, drawn, double(cfg_.n) * runs};
    }
    case kExperts: return {kExperts, t_ + run_ / runs, double(cfg_.iters)};
    case kGates: return {kGates, t_ + (run_ + gate_ / 3.0) / runs, double(cfg_.iters_log)};
    case kEvaluate: return {kEvaluate, double(run_), runs};
    case kSweep: return {kSweep, sweep_.progress() * sweep_.jobs_total(), double(sweep_.jobs_total())};
    case kDone: break;
    }
    return {kDone};
}

// The fixed datasets, run after run, and their sufficient statistics.
void Run::draw(core::WorkBudget& budget) {
    const int d = cfg_.truth.d, k = cfg_.truth.k;
    Trial& R = runs_[size_t(run_)];
    const double c = draw_cost(d, k) + moment_cost(d);
    const int m = int(budget.take(c, cfg_.n - R.data.n));
    const int first = R.data.n;
    R.data.draw(truth_, m, R.rng_data);
    for (int s = first; s < R.data.n; ++s) R.mom.add(&R.data.X[size_t(s) * size_t(d)], R.data.y[size_t(s)]);
    if (R.data.n < cfg_.n) return;
    R.T = R.mom.tensors();
    budget.spend(tensor_cost(d));
    R.order.resize(size_t(cfg_.n));
    for (int i = 0; i < cfg_.n; ++i) R.order[size_t(i)] = i;
    R.pos = cfg_.n;   // reshuffled before the first minibatch
    if (++run_ < cfg_.runs) return;
    run_ = 0;
    t_ = 0;
    stage_ = kExperts;
}

// One iteration of every learner of one run; runs advance in lockstep so that all lines grow together.
void Run::train_experts(core::WorkBudget& budget) {
    const int d = cfg_.truth.d, k = cfg_.truth.k;
    Trial& R = runs_[size_t(run_)];
    // ℓ2's minibatches come from the same dataset, reshuffled every epoch: a large dataset's reshuffle is cut
    // across slices (the same permutation however it is cut), before this iteration starts.
    const int B = std::min(cfg_.batch2, cfg_.n);
    if (R.pos + B > cfg_.n && R.unshuffled <= 1) R.unshuffled = size_t(cfg_.n);
    if (R.unshuffled > 1) {
        const long swaps = budget.take(kShuffleCost, long(R.unshuffled) - 1);
        R.rng_shuffle.shuffle_part(R.order, R.unshuffled, size_t(swaps));
        if (R.unshuffled > 1) return;
        R.pos = 0;
    }
    double cost = l4_iter_cost(cfg_, d) + l2_iter_cost(cfg_, d, cfg_.n);
    // L_4: GD on the fixed dataset's L̂_4, or SGD on a fresh batch (the batch's L̂_4 is linear in its moments, so
    // its gradient equals the per-sample minibatch gradient (docs/labs/gated-regression.md §4.2).
    if (cfg_.online) {
        Moments mb;
        mb.reset(d, cfg_.truth.link, kc_);
        std::vector<double> x(static_cast<size_t>(d));
        for (int b = 0; b < cfg_.batch4; ++b) {
            int z;
            double y;
            truth_.sample(R.rng_batch, x.data(), z, y);
            mb.add(x.data(), y);
        }
        R.loss4 = l4_step(mb.tensors(), R.A4, k, cfg_.h, cfg_.eta4, cfg_.cap);
    } else {
        R.loss4 = l4_step(R.T, R.A4, k, cfg_.h, cfg_.eta4, cfg_.cap);
    }
    // ℓ2: SGD on a minibatch (reshuffled above)
    R.loss2 = l2_step(R.l2, R.data.X, R.data.y, &R.order[size_t(R.pos)], B, cfg_.eta2);
    R.pos += B;
    if (cfg_.em && t_ < kEmIters) {
        em_step(R.em, R.data.X, R.data.y, std::min(cfg_.n, kEmSamples), cfg_.truth.sigma);
        cost += em_iter_cost(cfg_);
    }
    bool bad = !std::isfinite(R.loss4);
    for (double v : R.A4) bad = bad || !std::isfinite(v);
    if (bad) {
        failure_ = core::trf(
            "L_4 diverged at iteration %d of run %d (loss or A became NaN/inf): the empirical L_4 is unbounded below. "
            "Set a row-norm cap (‖a‖_max ≈ 3), raise δ_F, or lower η₄ = %g.",
            t_ + 1, run_ + 1, cfg_.eta4);
        return;
    }
    bool bad2 = !std::isfinite(R.loss2);
    for (double v : R.l2.A) bad2 = bad2 || !std::isfinite(v);
    for (double v : R.l2.W) bad2 = bad2 || !std::isfinite(v);
    if (bad2) {
        failure_ = core::trf("ℓ2 diverged at iteration %d of run %d (loss NaN/inf): lower η₂ = %g.", t_ + 1, run_ + 1,
                             cfg_.eta2);
        return;
    }
    // the curves: every iteration, thinned (the readout costs O(k³ + k·d), far below a training step)
    const std::vector<double> yx = R.mom.mean_yx();
    R.ereg_now[kL4] = read_experts(R.A4, truth_.A, k, d, yx, true).e_reg;
    R.ereg_now[kL2] = e_reg(R.l2.A, truth_.A, k, d);
    if (cfg_.em && t_ < kEmIters) R.ereg_now[kEM] = e_reg(R.em.A, truth_.A, k, d);   // EM stops after kEmIters
    R.curve1.push({double(t_ + 1), R.ereg_now[kL4], R.ereg_now[kL2], R.ereg_now[kEM], R.loss4});
    if (t_ + 1 == cfg_.iters) {   // its last iteration: the trial's readouts, one trial per call
        finish_experts(R);
        cost += finish_cost(cfg_);
    }
    budget.spend(cost);
    if (++run_ < cfg_.runs) return;
    run_ = 0;
    std::vector<double> e4, e2, ee, l4;
    for (const Trial& q : runs_) {
        e4.push_back(q.ereg_now[kL4]);
        e2.push_back(q.ereg_now[kL2]);
        ee.push_back(q.ereg_now[kEM]);
        l4.push_back(q.loss4);
    }
    const double nan = NAN;
    trace_.add({1, double(t_ + 1), median(e4), median(e2), median(ee), median(l4), nan, nan, nan, nan, nan, nan});
    if (++t_ < cfg_.iters) return;
    stage_ = kGates;
    run_ = 0;
    t_ = 0;
}

// Trial R's readouts (unit rows, signs by Ê[yx], labels by the best permutation) and its Phase 2 set-up, after its
// last Phase 1 iteration.
void Run::finish_experts(Trial& R) {
    const int d = cfg_.truth.d, k = cfg_.truth.k;
    const int n2 = std::min(cfg_.n, cfg_.n_log);
    {
        const std::vector<double> yx = R.mom.mean_yx();
        R.ro[kL4] = read_experts(R.A4, truth_.A, k, d, yx, true);   // Theorem 1: the rows of (A^†)ᵀ
        R.ro[kL2] = read_experts(R.l2.A, truth_.A, k, d, yx, false);
        if (cfg_.em) R.ro[kEM] = read_experts(R.em.A, truth_.A, k, d, yx, false);
        // W₀ uniform in Ω (Theorem 3 holds for any W₀ ∈ Ω), the same for the three A's (paired).
        R.W0.assign(size_t((k - 1) * d), 0.0);
        for (int i = 0; i + 1 < k; ++i) {
            double* w = &R.W0[size_t(i * d)];
            for (int j = 0; j < d; ++j) w[j] = R.rng_w0.normal();
            const double nw = core::norm2(w, d), u = R.rng_w0.uniform();
            const double rad = cfg_.R * core::fm::exp(core::fm::log(std::max(u, 1e-300)) / d);
            for (int j = 0; j < d; ++j) w[j] *= nw > 0 ? rad / nw : 0.0;
        }
        for (int c = 0; c < 3; ++c) {
            R.W[size_t(c)] = R.W0;
            R.werr[c] = w_error(R.W0, truth_.W, k, d);
            R.egat[c] = e_gating(R.W0, truth_.W, k, d);
        }
        R.curve2.push({0.0, R.werr[0], R.werr[1], R.werr[2], R.egat[0], R.egat[1], R.egat[2]});
        R.gdata.n = n2;
        R.gdata.d = d;
        R.gdata.X.assign(R.data.X.begin(), R.data.X.begin() + long(size_t(n2) * size_t(d)));
        R.gdata.y.assign(R.data.y.begin(), R.data.y.begin() + n2);
    }
}

const std::vector<double>& frozen_A(const Trial& R, const std::vector<double>& Astar, int c) {
    return c == kAStar ? Astar : R.ro[c == kAL4 ? kL4 : kL2].A;
}

void Run::train_gates(core::WorkBudget& budget) {
    const int d = cfg_.truth.d, k = cfg_.truth.k;
    Trial& R = runs_[size_t(run_)];
    const int c = gate_;   // one frozen A per call: each step on the n₂ samples is a slice's worth of work
    llog_step(R.gdata, frozen_A(R, truth_.A, c), k, cfg_.truth.link, cfg_.truth.sigma, R.W[size_t(c)], cfg_.alpha_log,
              cfg_.R);
    R.werr[c] = w_error(R.W[size_t(c)], truth_.W, k, d);
    R.egat[c] = e_gating(R.W[size_t(c)], truth_.W, k, d);
    budget.spend(llog_iter_cost(cfg_));
    if (++gate_ < 3) return;
    gate_ = 0;
    R.curve2.push({double(t_ + 1), R.werr[0], R.werr[1], R.werr[2], R.egat[0], R.egat[1], R.egat[2]});
    if (++run_ < cfg_.runs) return;
    run_ = 0;
    std::vector<double> w[3], e[3];
    for (const Trial& q : runs_)
        for (int c = 0; c < 3; ++c) {
            w[c].push_back(q.werr[c]);
            e[c].push_back(q.egat[c]);
        }
    const double nan = NAN;
    trace_.add({2, double(t_ + 1), nan, nan, nan, nan, median(w[0]), median(w[1]), median(w[2]), median(e[0]),
                median(e[1]), median(e[2])});
    if (++t_ < cfg_.iters_log) return;
    stage_ = kEvaluate;
    run_ = 0;
}

// Held-out metrics of one run: test MSE of the recovered model (Â_L4, Ŵ from L_log) and of ℓ2 against the oracle
// E[y|x] and linear regression; routing accuracy of each (A, Ŵ) against the Bayes values of (A*, W*).
void Run::evaluate(core::WorkBudget& budget) {
    const int d = cfg_.truth.d, k = cfg_.truth.k;
    Trial& R = runs_[size_t(run_)];
    RunEval& ev = R.ev;
    const std::vector<int> id = [&] {
        std::vector<int> v(static_cast<size_t>(k));
        for (int i = 0; i < k; ++i) v[size_t(i)] = i;
        return v;
    }();
    GatedModel m;
    m.d = d;
    m.k = k;
    m.link = cfg_.truth.link;
    for (int c = 0; c < 3; ++c) {
        m.A = frozen_A(R, truth_.A, c);
        m.W = R.W[size_t(c)];
        ev.route_gate[c] = routing_accuracy(m, id, test_, cfg_.truth.sigma, false);
        ev.route_post[c] = routing_accuracy(m, id, test_, cfg_.truth.sigma, true);
        if (c == kAL4) ev.mse_l4 = mse(m, test_);
    }
    ev.mse_l2 = mse(R.l2, test_);
    ev.route_gate_l2own = routing_accuracy(R.l2, R.ro[kL2].perm, test_, cfg_.truth.sigma, false);
    ev.route_post_l2own = routing_accuracy(R.l2, R.ro[kL2].perm, test_, cfg_.truth.sigma, true);
    if (cfg_.em) ev.mse_em = mse(R.em, test_);
    ev.mse_oracle = oracle_mse(truth_, test_);
    Sample train;
    train.n = R.gdata.n;
    train.d = d;
    train.X = R.gdata.X;
    train.y = R.gdata.y;
    ev.mse_linreg = linreg_mse(train, test_);
    budget.spend(eval_cost(cfg_));
    if (++run_ < cfg_.runs) return;
    summarise();
    stage_ = cfg_.sweep ? kSweep : kDone;
}

void Run::summarise() {
    Summary s;
    const int nr = int(runs_.size());
    const bool evaluated = stage_ >= kEvaluate;
    std::vector<double> e[3], eg[3], we[3], rg[3], rp[3], m4, m2, mem, mo, ml, l4, p4, p2, rgo, rpo;
    int ok[3] = {0, 0, 0}, gok = 0;
    for (const Trial& R : runs_) {
        for (int l = 0; l < (cfg_.em ? 3 : 2); ++l) {
            e[l].push_back(R.ro[l].e_reg);
            ok[l] += R.ro[l].e_reg < 0.05;
        }
        double mp4 = 0, mp2 = 0;
        for (double v : R.ro[kL4].perp) mp4 = std::max(mp4, v);
        for (double v : R.ro[kL2].perp) mp2 = std::max(mp2, v);
        p4.push_back(mp4);
        p2.push_back(mp2);
        l4.push_back(R.loss4);
        if (!evaluated) continue;
        for (int c = 0; c < 3; ++c) {
            eg[c].push_back(R.egat[c]);
            we[c].push_back(R.werr[c]);
            rg[c].push_back(R.ev.route_gate[c]);
            rp[c].push_back(R.ev.route_post[c]);
        }
        gok += R.egat[kAL4] <= 0.01;
        m4.push_back(R.ev.mse_l4);
        m2.push_back(R.ev.mse_l2);
        mem.push_back(R.ev.mse_em);
        mo.push_back(R.ev.mse_oracle);
        ml.push_back(R.ev.mse_linreg);
        rgo.push_back(R.ev.route_gate_l2own);
        rpo.push_back(R.ev.route_post_l2own);
        if (R.ro[kL2].e_reg >= 0.05) {   // a stuck ℓ2 run: accuracy without recovery
            ++s.stuck;
            const double gap = (R.ev.mse_l2 - R.ev.mse_l4) / R.ev.mse_l4;
            s.stuck_gap =
                std::isnan(s.stuck_gap) ? gap : std::max(s.stuck_gap, gap);   // signed: > 0 when ℓ2 predicts worse
            const double excess = (R.ev.mse_l2 - R.ev.mse_oracle) / R.ev.mse_oracle;
            s.stuck_excess = std::isnan(s.stuck_excess) ? excess : std::max(s.stuck_excess, excess);
            s.stuck_ereg_min =
                std::isnan(s.stuck_ereg_min) ? R.ro[kL2].e_reg : std::min(s.stuck_ereg_min, R.ro[kL2].e_reg);
            const double eg2 = R.egat[kAL2];
            s.stuck_egating_min = std::isnan(s.stuck_egating_min) ? eg2 : std::min(s.stuck_egating_min, eg2);
        }
    }
    for (int l = 0; l < (cfg_.em ? 3 : 2); ++l) {
        s.success[l] = double(ok[l]) / std::max(1, nr);
        s.ereg_median[l] = median(e[l]);
    }
    s.loss4 = median(l4);
    s.perp4 = median(p4);
    s.perp2 = median(p2);
    if (evaluated) {
        for (int c = 0; c < 3; ++c) {
            s.egating[c] = median(eg[c]);
            s.werr[c] = median(we[c]);
            s.route_gate[c] = median(rg[c]);
            s.route_post[c] = median(rp[c]);
        }
        s.gating_ok_l4 = double(gok) / std::max(1, nr);
        s.mse_l4 = median(m4);
        s.mse_l2 = median(m2);
        s.mse_em = median(mem);
        s.mse_oracle = median(mo);
        s.mse_linreg = median(ml);
        s.route_gate_l2own = median(rgo);
        s.route_post_l2own = median(rpo);
    }
    if (sweep_.started()) sweep_summary(sweep_, cfg_, s);
    sum_ = s;
}

std::vector<core::Metric> Run::metrics() const {
    core::MetricList m;
    const Summary& s = sum_;
    const char* p1 = "measured after Phase 1";
    const char* p2 = "measured after Phase 2";
    const char* nostuck = "no ℓ2 run is stuck (all have E_reg < {=0.05}), or measured after Phase 2";
    m.count("runs", "Seeds trained side by side", cfg_.runs);
    m.add("success_l4", "L4: fraction of runs with E_reg < {=0.05}", s.success[kL4], "%.3f", p1);
    m.add("success_l2", "ℓ2: fraction of runs with E_reg < {=0.05}", s.success[kL2], "%.3f", p1);
    m.add("ereg_l4", "L4: median E_reg (§4)", s.ereg_median[kL4], "%.4f", p1);
    m.add("ereg_l2", "ℓ2: median E_reg", s.ereg_median[kL2], "%.4f", p1);
    m.add_if(cfg_.em, "success_em", "EM (not in the paper): fraction with E_reg < {=0.05}", s.success[kEM], "%.3f",
             "em = 0, or measured after Phase 1");
    m.add_if(cfg_.em, "ereg_em", "EM: median E_reg", s.ereg_median[kEM], "%.4f", "em = 0, or measured after Phase 1");
    m.add_if(cfg_.em, "mse_em", "EM: median test MSE", s.mse_em, "%.4f", "em = 0, or measured after Phase 2");
    m.add("loss_l4", "L4: median final empirical L4 (its saddle plateau is λk)", s.loss4, "%.4f", p1);
    m.add("perp_l4", "L4: median max_i ‖P⊥ â_i‖/‖â_i‖ (outside span A*)", s.perp4, "%.4f", p1);
    m.add("perp_l2", "ℓ2: median max_i ‖P⊥ â_i‖/‖â_i‖", s.perp2, "%.4f", p1);
    m.add("mse_l4", "Test MSE of (Â from L4, Ŵ from L_log), median", s.mse_l4, "%.4f", p2);
    m.add("mse_l2", "Test MSE of ℓ2's model, median", s.mse_l2, "%.4f", p2);
    m.add("mse_oracle", "Test MSE of the oracle E[y|x]", s.mse_oracle, "%.4f", p2);
    m.add("mse_linreg", "Test MSE of linear regression", s.mse_linreg, "%.4f", p2);
    m.count("stuck_l2", "ℓ2 runs stuck (E_reg ≥ {=0.05})", s.stuck);
    m.add("stuck_gap", "Stuck ℓ2 runs: max (MSE_ℓ2 − MSE_L4)/MSE_L4", s.stuck_gap, "%.4f", nostuck);
    m.add("stuck_excess", "Stuck ℓ2 runs: max (MSE_ℓ2 − MSE_oracle)/MSE_oracle", s.stuck_excess, "%.4f", nostuck);
    m.add("stuck_ereg_min", "Stuck ℓ2 runs: min E_reg", s.stuck_ereg_min, "%.4f", nostuck);
    m.add("stuck_egating_min", "Stuck ℓ2 runs: min E_gating with their Â", s.stuck_egating_min, "%.4f", nostuck);
    m.add("egating_star", "Phase 2, A = A*: median E_gating", s.egating[kAStar], "%.4f", p2);
    m.add("egating_l4", "Phase 2, A = Â from L4: median E_gating", s.egating[kAL4], "%.4f", p2);
    m.add("egating_l2", "Phase 2, A = Â from ℓ2: median E_gating", s.egating[kAL2], "%.4f", p2);
    m.add("gating_ok_l4", "Phase 2, Â from L4: fraction of runs with E_gating ≤ {=0.01}", s.gating_ok_l4, "%.3f", p2);
    m.add("werr_star", "Phase 2, A = A*: median ‖W − W*‖", s.werr[kAStar], "%.4f", p2);
    m.add("werr_l4", "Phase 2, Â from L4: median ‖W − W*‖", s.werr[kAL4], "%.4f", p2);
    m.add("werr_l2", "Phase 2, Â from ℓ2: median ‖W − W*‖", s.werr[kAL2], "%.4f", p2);
    m.add("route_gate_bayes", "Gate-only routing accuracy of (A*, W*) (Bayes)", s.route_gate[kAStar], "%.4f", p2);
    m.add("route_post_bayes", "Posterior routing accuracy of (A*, W*)", s.route_post[kAStar], "%.4f", p2);
    m.add("route_gate_l4", "Gate-only routing accuracy, (Â_L4, Ŵ)", s.route_gate[kAL4], "%.4f", p2);
    m.add("route_post_l4", "Posterior routing accuracy, (Â_L4, Ŵ)", s.route_post[kAL4], "%.4f", p2);
    m.add("route_gate_l2", "Gate-only routing accuracy, ℓ2's own model", s.route_gate_l2own, "%.4f", p2);
    m.add("route_post_l2", "Posterior routing accuracy, ℓ2's own model", s.route_post_l2own, "%.4f", p2);
    const char* nosweep = "sweep = 0, or measured in Phase 3";
    m.add_if(cfg_.sweep, "sweep_l4_lo", "Sweep: L4 success rate at n = 10³ (d)", s.sweep_l4_lo, "%.3f", nosweep);
    m.add_if(cfg_.sweep, "sweep_l4_hi", "Sweep: L4 success rate at n_max (d)", s.sweep_l4_hi, "%.3f", nosweep);
    m.add_if(cfg_.sweep, "sweep_l4d2_hi", "Sweep: L4 success rate at n_max (d₂)", s.sweep_l4d2_hi, "%.3f", nosweep);
    m.add_if(cfg_.sweep, "sweep_l2_max", "Sweep: ℓ2's highest success rate over n", s.sweep_l2_max, "%.3f", nosweep);
    // per n of the grid: reproduce's mean over lab seeds is then the success rate over all their sweep seeds
    const std::vector<int> grid = sweep_grid(cfg_.sweep_n_max);
    static const char* names[3] = {"l4", "l4d2", "l2"};
    for (int series = 0; series < 3; ++series)
        for (size_t i = 0; i < grid.size(); ++i)
            m.add_if(cfg_.sweep, core::strf("sweep_%s_%d", names[series], grid[i]),
                     core::trf("Sweep: %s success rate at n = %d",
                               series == 2       ? "ℓ2 (d)"
                                   : series == 1 ? "L4 (d₂)"
                                                 : "L4 (d)",
                               grid[i]),
                     i < s.sweep_rate[series].size() ? s.sweep_rate[series][i] : NAN, "%.3f", nosweep);
    return m.take();
}

}   // namespace gated
