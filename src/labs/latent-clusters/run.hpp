// The live run of the latent-clusters lab (made by LatentClustersLab::start): Algorithm 1, all four phases,
// as a resumable state machine. step(budget) spends the run's budget on the current part of the plan (a chunk
// of online SGD steps, of the Phase II batch, of the ridge samples or of the test evaluation); the parts, in
// order, are the Part enum below and work_plan() (lab.cpp). The baselines train on the same sample stream:
//  - vanilla: one expert of the same total width M·J_III (Sec. 4.1), Phase III step size per neuron;
//  - random expert (the θ = 0 routing rule): Phase III with one uniformly random expert per sample (the
//    `router` switch is another thing: θ stays 0 after Phase II, and adaptive top-k then activates every expert);
//  - forced top-1: Phase III and IV routed by m(x) = argmax h_m(x) instead of adaptive top-k (Remark 4.12).
#pragma once
#include "labs/latent-clusters/config.hpp"
#include "labs/latent-clusters/experts.hpp"
#include "labs/latent-clusters/ode.hpp"
#include "labs/latent-clusters/router.hpp"
#include "labs/latent-clusters/teacher.hpp"
#include "core/lab.hpp"
#include "core/ridge.hpp"
#include "core/table.hpp"
#include "core/thin.hpp"
#include "core/work_budget.hpp"
#include "core/work_plan.hpp"
#include "core/view.hpp"
#include <string>
#include <vector>

namespace latent {

// Smallest ridge penalty λ̄: with λ̄ > 0 the system G/T_4 + λ̄ I is positive definite even when an expert is
// never active (its feature columns are zero) or T_4 is below the number of features.
constexpr double kLambdaMin = 1e-6;

// The plan's parts, in order; kDone past the last. kTestSet: the fixed test set, drawn a slice at a time before
// Phase I; kRouterEval: Phase II's routing statistics on the test set; kSolve: Phase IV's Cholesky, row by row.
enum Part { kTestSet, kPhaseI, kPhaseII, kRouterEval, kPhaseIII, kPhaseIV, kSolve, kTest, kDone };
// The run's parts (Part) with their phases and estimated multiply-adds (lab.cpp).
core::WorkPlan work_plan(const Config& c);
constexpr double kUnitsPerSecond = 3e9;   // multiply-adds per second natively (-O3): moe-lab bench measured 2.9e9

enum Model { kMoE = 0, kTop1 = 1, kOff = 2, kVanilla = 3, kModels = 4 };

// Everything the views and metrics read; refreshed at evaluation points only.
constexpr size_t kRaceMax = 1000;   // points per race series (plus the latest evaluation)

struct Snapshot {
    std::vector<double> cos_moe;   // (M·J) x (2C+1) for the adaptive MoE (Phase I experts before III)
    std::vector<double> cos_van;   // J_v x (2C+1)
    int J_moe = 0;
    double cos_g[kModels] = {0, 0, 0, 0}, cos_c[kModels] = {0, 0, 0, 0};
    // Lemma 4.8: professional experts predicted at t = 0 and the Phase I outcome
    std::vector<int> pred_init, outcome_I;   // per expert: cluster index
    std::vector<double> align_I;             // M x C: max_j |cos(w_{m,j}, w_c*)| after Phase I
    // Phase II: the router
    std::vector<double> cos_theta_v;          // M x C: cos(θ_m, v_c)   (Lemma 4.10)
    std::vector<double> G_centered;           // M x C: G_{m,c} − (1/M) Σ_m' G_{m',c}
                                              // (docs/labs/latent-clusters.md §4.6)
    std::vector<core::ScatterPoint> points;   // 500 test points on (v_1·x, v_2·x): cluster, then top-1 expert
    double route_acc = 0, leak = 0, none_active = 0, k_mean = 0, zero_sum = 0;
    bool routed = false;
    core::View territory;   // the router's territories on the (v_1, v_2) plane (a Field), made once routed
    // Phase IV
    double mse[kModels] = {0, 0, 0, 0};
    double mse_zero = 0, mse_local_only = 0;
    bool fitted = false;
    // Mean-field ODE overlay (docs/labs/latent-clusters.md §4.10), started from the measured mean best alignments
    OdeCurve ode_I, ode_III_c, ode_III_g;
    // The alignment race, rebuilt at each evaluation from the trace decimated to ≤ kRaceMax + 1 points
    // (the views copy these, never the whole trace). Clamped to ≥ 1e-3 for the log axis.
    std::vector<double> race_t;
    std::vector<std::vector<double>> race_c;   // C: best |cos(w, w_c*)| over the experts serving cluster c
    std::vector<double> race_g;                // best |cos(w, w_g*)| over the MoE's experts
    std::vector<double> race_van_g, race_van_c, race_off_g;
};

class Run : public core::RunOf<Config> {
public:
    Run(const Config& cfg, uint64_t seed) : RunOf(cfg, seed, kDone) { reset(cfg, seed); }
    // Phases I and III renormalise the weights (and check them) every kRenormEvery steps of the phase,
    // independently of how step() slices the work, so the numbers do not depend on the slicing.
    static constexpr long kRenormEvery = 512;
    static constexpr double kSampleCost = 8;   // drawing one sample, per input coordinate, in multiply-adds

    void step(core::WorkBudget& budget) override;   // test set, Phases I–IV (Algorithm 1), solve, test
    core::Where where() const override;
    std::vector<core::Metric> metrics() const override;
    void views(std::vector<core::View>& out) const override;   // views.cpp

    const Teacher& teacher() const { return T_; }
    const Router& router() const { return R_; }
    const Experts& experts(Model k) const;
    const Snapshot& snap() const { return S_; }
    long sgd_step() const { return t_sgd_; }   // online SGD steps so far (x axis of the race)

    // Test set (fixed at reset, because y is heavy-tailed: docs/labs/latent-clusters.md §4.8)
    const std::vector<float>& test_x() const { return test_x_; }
    const std::vector<int>& test_c() const { return test_c_; }

    // Features of Phase IV for one model: φ_{(m,j)} = 1[m active] σ(ŵ_{m,j}ᵀx + b_{m,j}) / J.
    // Returns the number of non-zero features; idx ascending.
    int features(Model k, const float* x, double* phi, int* idx) const;
    double predict(Model k, const float* x) const;   // F̂(x) with the ridge weights â

private:
    void reset(const Config& cfg, uint64_t seed);
    void sample();
    void test_set_slice(core::WorkBudget& budget);
    void phase_I_slice(core::WorkBudget& budget);
    void phase_II_slice(core::WorkBudget& budget);
    void phase_III_slice(core::WorkBudget& budget);
    void phase_IV_slice(core::WorkBudget& budget);
    void solve_slice(core::WorkBudget& budget);
    void test_slice(core::WorkBudget& budget);
    void router_eval_slice(core::WorkBudget& budget);
    bool after_sgd_step(long t, long T, const char* phase, double cost, core::WorkBudget& budget);
    bool renorm_point(const char* where);   // every kRenormEvery steps of a phase: finiteness check + renormalise
    // Work estimates in multiply-adds, the lab's unit of work, charged to step()'s budget.
    double sgd_cost() const;    // one online SGD step of the current phase (all models)
    double eval_cost() const;   // one evaluate()
    double renorm_cost() const;
    double check_cost() const;          // one check_finite()
    double ridge_sample_cost() const;   // one Phase IV sample (features + Gram update, all models)
    double test_point_cost() const;     // one test prediction (all models)
    void begin_phase_III();
    void begin_phase_IV();
    void finish_router_step();
    void evaluate();   // alignment snapshot + one trace row
    void race_rebuild();
    void router_snapshot();   // router heatmaps; the test-set routing is router_eval_slice()
    void mean_field_overlay(bool phase_III);
    void scatter_points();
    void territory();                                         // territory.cpp: S_.territory from the learned router
    bool check_finite(const char* where, double tolerance);   // false (and failure_ set) when diverged
    void active_mask(Model k, const float* x, unsigned char* act) const;
    int act_degree() const { return cfg_.act_deg > 0 ? cfg_.act_deg : T_.p_star; }

    Teacher T_;
    Router R_;
    Experts E1_;           // Phase I experts (width J_I)
    Experts E_[kModels];   // Phase III/IV: adaptive MoE, top-1, random expert (θ = 0 rule), vanilla
    core::Rng data_, route_, off_route_, reinit_rng_, phase4_rng_;
    Part stage_ = kTestSet;
    core::WorkPlan plan_;   // work_plan(cfg_): the trace's phase column reads it
    core::Rng test_rng_;    // draws the test set (its own stream)
    long test_drawn_ = 0;
    long t_sgd_ = 0, t1_ = 0, t3_ = 0, t4_ = 0, n_done2_ = 0, test_i_ = 0;
    int k2_ = 0;
    long route_i_ = 0;                     // kRouterEval: test points done
    double route_sum_[4] = {0, 0, 0, 0};   // top-1 correct, leak, none active, Σ k
    int solve_k_ = 0, solve_row_ = 0;      // kSolve: model and Cholesky row
    double solve_lambda_ = 0;              // kSolve: λ̄, floored relative to the largest feature moment
    // current sample
    std::vector<float> x_;
    float xx_ = 0;
    int c_ = 0;
    double y_ = 0, y_clean_ = 0;
    // Phase II accumulators
    std::vector<double> grad_, G_, Gn_;
    std::vector<double> h_, pi_;
    // Phase IV
    core::RidgeAccumulator ridge_[kModels];
    std::vector<double> a_hat_[kModels];
    std::vector<double> phi_;
    std::vector<int> idx_;
    double sq_err_[kModels] = {0, 0, 0, 0}, sq_zero_ = 0;
    // test set
    std::vector<float> test_x_;
    std::vector<double> test_y_;
    std::vector<int> test_c_;
    Snapshot S_;
    core::ThinnedRows race_rows_;   // the trace rows the race plots, thinned to ≤ kRaceMax + 1
};

}   // namespace latent
