// The training loop of the cluster-experts lab: the run's set-up, bounded steps, evaluations, metrics.
#include "labs/cluster-experts/run.hpp"
#include "core/divergence.hpp"
#include "core/fmath.hpp"
#include "core/metric_list.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>

namespace cluster_experts {
namespace {
enum Tag : uint64_t {
    kTrainData = 1,
    kTestData,
    kInitMoe,
    kInitSingleCubic,
    kInitSingleLinear,
    kNoiseCubic,
    kNoiseLinear,
    kEvalNoise
};
}   // namespace

Run::Run(const Config& c, uint64_t seed)
    : RunOf(c, seed, kDone), T_(c.T), eval_every_(c.eval_every), cell_every_(c.cell_every), singles_(c.singles),
      dc_(c.data_model()) {
    core::Rng root(seed);
    // The data are drawn by the first step() calls (a large set takes seconds), each set from its own stream.
    gen_train_.start(dc_, c.n, root.split(kTrainData), train_);
    gen_test_.start(dc_, c.n_test, root.split(kTestData), test_);

    // Both MoEs start from the same W^(0) (same init stream), so they differ only by σ.
    for (int m = 0; m < 2; ++m) {
        TrainConfig cm = c.moe;
        cm.cubic = (m == kCubic);
        core::Rng ri = root.split(kInitMoe);
        moe_[size_t(m)].init(cm, dc_.d, ri, root.split(m == kCubic ? kNoiseCubic : kNoiseLinear));
    }
    // Single models: eq. (3.1) with one expert of J_single filters, normalized GD
    // (docs/labs/cluster-experts.md §4.5) or Adam.
    TrainConfig cs{};
    cs.M = 1;
    cs.J = c.J_single;
    cs.sigma0 = c.moe.sigma0;
    cs.eta = c.eta_single;
    cs.eta_r = 0;
    cs.noise_width = 0;
    cs.adam = c.single_adam;   // App. A.2: Adam, lr 0.01 (cubic) / 0.003 (linear), weight decay 5e-4
    cs.adam_cfg.weight_decay = c.weight_decay;
    for (int m = 0; m < 2; ++m) {
        TrainConfig cm = cs;
        cm.cubic = (m == kCubic);
        cm.adam_cfg.lr = m == kCubic ? c.adam_lr_cubic : c.adam_lr_linear;
        core::Rng ri = root.split(m == kCubic ? kInitSingleCubic : kInitSingleLinear);
        single_[size_t(m)].init(cm, dc_.d, ri, core::Rng(0));
    }
    eval_rng_ = root.split(kEvalNoise);

    t_ = 0;
    cursor_ = 0;
    model_ = 0;
    pending_eval_ = true;
    eval_started_ = false;
    failure_.clear();
    stage_ = 0;
    stage_start_ = {{0, -1, -1}};
    kstar_ = predicted_specialty(moe_[kCubic], dc_.K);
    for (int m = 0; m < 2; ++m) {
        cell_[size_t(m)].clear();
        cell_t_[size_t(m)] = -1;
        ev_[size_t(m)] = MoeEval();
        al_[size_t(m)] = Alignment();
    }
    acc_single_ = {{0, 0}};
    reset_histories();
    trace_ = core::Table();
    trace_.columns = {"t",
                      "acc_moe_cubic",
                      "acc_moe_linear",
                      "acc_single_cubic",
                      "acc_single_linear",
                      "entropy_moe_cubic",
                      "entropy_moe_linear",
                      "entropy_clean_moe_cubic",
                      "entropy_clean_moe_linear",
                      "loss_moe_cubic",
                      "loss_moe_linear",
                      "loss_single_cubic",
                      "loss_single_linear",
                      "router_center_cubic",
                      "router_feature_cubic",
                      "router_center_linear",
                      "router_feature_linear",
                      "expert_feature_cubic",
                      "expert_center_cubic",
                      "sum_theta_norm",
                      "stage"};
}

// One slice of the run's budget: drawing the data, then alternately an evaluation pass (training waits for
// it) and training iterations, each cut wherever the budget runs out.
void Run::step(core::WorkBudget& budget) {
    while (!budget.spent() && !done()) {
        Generator& g = !gen_train_.done() ? gen_train_ : gen_test_;
        if (!g.done()) {
            const double c = g.cost_per_sample();
            budget.spend(c * g.fill(!gen_train_.done() ? train_ : test_, int(budget.fit(c, g.remaining()))));
            continue;
        }
        if (pending_eval_) {
            if (!eval_started_) {
                eval_.start(moe_, singles_ ? &single_ : nullptr, t_ % cell_every_ == 0 || t_ == T_, test_);
                eval_started_ = true;
            }
            if (!eval_.run(budget, eval_rng_)) return;
            publish_eval();
            pending_eval_ = eval_started_ = false;
            continue;
        }
        train(budget);
    }
}

void Run::train(core::WorkBudget& budget) {
    const int n = train_.n;
    const int nmodels = singles_ ? 4 : 2;
    auto model = [&](int k) -> MoE& { return k < 2 ? moe_[size_t(k)] : single_[size_t(k - 2)]; };
    if (model_ == 0 && cursor_ == 0) {
        const bool want_loss = (t_ + 1) % eval_every_ == 0 || t_ + 1 == T_;
        for (int k = 0; k < nmodels; ++k) {
            model(k).want_loss = want_loss;
            model(k).begin(train_);
        }
    }
    MoE& mk = model(model_);
    const int i1 = cursor_ + int(budget.take(mk.cost_per_sample(dc_.P), n - cursor_));
    mk.accumulate(train_, cursor_, i1);
    cursor_ = i1;
    if (cursor_ < n) return;
    cursor_ = 0;
    if (++model_ < nmodels) return;
    model_ = 0;
    static const char* names[4] = {"nonlinear MoE", "linear MoE", "single cubic model", "single linear model"};
    for (int k = 0; k < nmodels; ++k) {
        model(k).finish(train_);
        if (!model(k).finite() && failure_.empty()) {
            const TrainConfig& tc = model(k).cfg;
            const std::string what = core::trf("The %s", core::tr(names[k])), when = core::trf("t = %d", t_ + 1);
            const char* cause = "the loss or the weights became NaN or infinite";
            if (k < 2 && tc.plain_gd)
                failure_ =
                    core::diverged(what, when, cause,
                                   core::trf("η_gd = %g is too large for plain GD with cubic experts: lower η_gd "
                                             "(about 3 works) or use normalized GD (3.4), whose step is η whatever the "
                                             "gradient's size.",
                                             tc.eta_gd));
            else
                failure_ = core::diverged(what, when, cause,
                                          core::trf("Lower the step sizes (η = %g, η_r = %g).", tc.eta, tc.eta_r));
        }
    }
    ++t_;
    if (!failure_.empty()) return;
    if (t_ % eval_every_ == 0 || t_ == T_) pending_eval_ = true;
}

void Run::publish_eval() {
    for (int m = 0; m < 2; ++m) {
        ev_[size_t(m)] = eval_.ev[size_t(m)];
        al_[size_t(m)] = alignment(moe_[size_t(m)], dc_.K);
        if (!eval_.cell[size_t(m)].empty()) {
            cell_[size_t(m)] = eval_.cell[size_t(m)];
            cell_t_[size_t(m)] = t_;
        }
    }
    if (singles_) acc_single_ = eval_.acc_single;
    make_territory();
    const double mean_beta = 0.5 * (dc_.beta.lo + dc_.beta.hi);
    int s = detect_stage(stage_, ev_[kCubic].entropy, ev_[kCubic].acc, al_[kCubic].max_abs_rc, mean_beta, dc_.K);
    for (int q = stage_ + 1; q <= s; ++q) stage_start_[size_t(q)] = t_;
    stage_ = s;

    const Alignment& a = al_[kCubic];
    const double x = t_;
    const double acc[4] = {ev_[0].acc, ev_[1].acc, acc_single_[0], acc_single_[1]};
    hist_acc_.push(x, acc);
    const double ent[3] = {ev_[0].entropy, ev_[1].entropy, ev_[0].entropy_clean};
    hist_entropy_.push(x, ent);
    const double rt[4] = {al_[0].max_rc, al_[0].max_abs_rv, al_[1].max_rc, al_[1].max_abs_rv};
    hist_router_.push(x, rt);
    const int K = dc_.K;
    std::vector<double> row(size_t(K + 1));
    for (size_t m = 0; m < hist_expert_.size(); ++m) {
        for (int k = 0; k < K; ++k) row[size_t(k)] = a.feat[m * size_t(K) + size_t(k)];
        row[size_t(K)] = a.center[m];
        hist_expert_[m].push(x, row.data());
    }
    const double nan = std::nan("");
    trace_.add({double(t_),
                ev_[0].acc,
                ev_[1].acc,
                singles_ ? acc_single_[0] : nan,
                singles_ ? acc_single_[1] : nan,
                ev_[0].entropy,
                ev_[1].entropy,
                ev_[0].entropy_clean,
                ev_[1].entropy_clean,
                t_ > 0 ? moe_[0].loss : nan,
                t_ > 0 ? moe_[1].loss : nan,
                singles_ && t_ > 0 ? single_[0].loss : nan,
                singles_ && t_ > 0 ? single_[1].loss : nan,
                al_[0].max_rc,
                al_[0].max_abs_rv,
                al_[1].max_rc,
                al_[1].max_abs_rv,
                a.mean_top_feat,
                a.max_center,
                std::max(al_[0].sum_theta, al_[1].sum_theta),
                double(stage_)});
}

core::Where Run::where() const {
    if (!data_ready()) return {kDraw, double(gen_train_.drawn() + gen_test_.drawn()), double(train_.n + test_.n)};
    // the detected stage (phases()) holds at the end too: the timeline names the last stage the run reached
    const bool finished = t_ >= T_ && !pending_eval_ && cursor_ == 0 && model_ == 0;   // T_ and its evaluation
    if (finished) return {kDone, 0, 0, "", stage_};
    return {kTrain, double(t_), double(T_), "", stage_};
}

std::vector<core::Metric> Run::metrics() const {
    core::MetricList m;
    m.count("t", "Iteration t", t_);
    m.percent("acc_moe_cubic", "Nonlinear (cubic) MoE test accuracy (%)", ev_[0].acc);
    m.percent("acc_moe_linear", "Linear MoE test accuracy (%)", ev_[1].acc);
    m.add_if(singles_, "acc_single_cubic", "Single cubic model test accuracy (%)", acc_single_[0], "%.2f",
             "singles = 0: not trained");
    m.add_if(singles_, "acc_single_linear", "Single linear model test accuracy (%)", acc_single_[1], "%.2f",
             "singles = 0: not trained");
    m.add("entropy_moe_cubic", "Nonlinear MoE dispatch entropy, noisy router (eq. 6.1)", ev_[0].entropy);
    m.add("entropy_moe_linear", "Linear MoE dispatch entropy, noisy router (eq. 6.1)", ev_[1].entropy);
    m.add("entropy_clean_moe_cubic", "Nonlinear MoE dispatch entropy, noise-free router", ev_[0].entropy_clean);
    m.add("entropy_clean_moe_linear", "Linear MoE dispatch entropy, noise-free router", ev_[1].entropy_clean);
    m.percent("acc_noisy_moe_cubic", "Nonlinear MoE test accuracy with the noisy router (%), as the paper's code",
              ev_[0].acc_noisy);
    m.percent("acc_noisy_moe_linear", "Linear MoE test accuracy with the noisy router (%), as the paper's code",
              ev_[1].acc_noisy);
    m.add("loss_moe_cubic", "Nonlinear MoE training loss (3.3)", moe_[0].loss);
    m.add("loss_moe_linear", "Linear MoE training loss (3.3)", moe_[1].loss);
    m.add("router_center_cubic", "Nonlinear MoE max ⟨θ_m, c_k⟩", al_[0].max_rc);
    m.add("router_feature_cubic", "Nonlinear MoE max |⟨θ_m, v_k⟩|", al_[0].max_abs_rv);
    m.add("router_center_linear", "Linear MoE max ⟨θ_m, c_k⟩", al_[1].max_rc);
    m.add("router_feature_linear", "Linear MoE max |⟨θ_m, v_k⟩|", al_[1].max_abs_rv);
    m.add("expert_feature_cubic", "Nonlinear MoE mean over experts of max_k,j ⟨w_m,j, v_k⟩", al_[0].mean_top_feat);
    m.add("expert_center_cubic", "Nonlinear MoE max |⟨w_m,j, c_k⟩|", al_[0].max_center);
    m.add("expert_feature_linear", "Linear MoE mean over experts of max_k,j ⟨w_m,j, v_k⟩", al_[1].mean_top_feat);
    m.add("sum_theta_norm", "‖Σ_m θ_m‖ (0 by Lemma E.1)", std::max(al_[0].sum_theta, al_[1].sum_theta), "%.2e");
    int agree = 0, used = 0;
    for (size_t e = 0; e < kstar_.size() && e < al_[0].learned.size(); ++e) agree += kstar_[e] == al_[0].learned[e];
    const int M = moe_[0].cfg.M;
    for (int e = 0; e < M && !ev_[0].counts_clean.empty(); ++e) {
        double ne = 0;
        for (int k = 0; k < dc_.K; ++k) ne += ev_[0].counts_clean[size_t(k * M + e)];
        used += ne >= 0.01 * test_.n;
    }
    m.count("kstar_agree", "Experts whose learned feature is the predicted k*_m (Def. D.3)", agree);
    m.count("experts_used_cubic", "Nonlinear MoE experts receiving ≥ 1 % of the test data", used);
    m.count("stage", "Detected stage (0 exploration, 1 router learning, 2 converged)", stage_);
    return m.take();
}

}   // namespace cluster_experts
