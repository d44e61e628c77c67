// Metrics of Sec. 6 and of the proofs (App. D, E), computed at evaluation points and cached.
#pragma once
#include "labs/cluster-experts/data.hpp"
#include "labs/cluster-experts/moe.hpp"
#include "core/rng.hpp"
#include "core/work_budget.hpp"
#include <array>
#include <vector>

namespace cluster_experts {

// Dispatch entropy, eq. (6.1), is core::dispatch_entropy (core/stats.hpp).

struct MoeEval {
    double acc = 0;                          // % test accuracy, noise-free argmax routing (Sec. 3.2)
    double acc_noisy = 0;                    // % test accuracy with the noisy router, as the paper's released
                                             // code measures it (its router adds r ~ Unif[0, 1] at test too)
    std::vector<double> counts;              // K·M test dispatch with the noisy router (as in Tables 4–6)
    std::vector<double> counts_clean;        // K·M test dispatch with the noise-free router
    double entropy = 0, entropy_clean = 0;   // eq. (6.1) on the two
};

// Multiply-adds of one forward pass f_m(x) (eq. 3.1), and per test sample of the evaluation tasks below.
double forward_cost(int J, int d, int P, bool cubic);
double eval_moe_cost(int M, int J, int d, int P, bool cubic);     // tasks 1–2
double eval_cells_cost(int M, int J, int d, int P, bool cubic);   // tasks 3–4

// One evaluation of all models on the test set, sliced over step() calls (training waits meanwhile,
// so the models do not change). Its tasks run one after the other, each over the test samples in
// order, so the routing noise is drawn exactly as by one unsliced pass:
//  1–2. each MoE: test accuracy with noise-free argmax routing, dispatch with the noisy and the
//       noise-free router (noise_rng draws r, width from the MoE's cfg);
//  3–4. when asked, each MoE's M·K table P_test(y f_m(x) > 0 | x ∈ Ω_k) in %, every expert alone on
//       every test point (Lemma 5.2);
//  5–6. when given, the single models' test accuracy (the M = 1 case).
class EvalPass {
public:
    std::array<MoeEval, 2> ev;
    std::array<std::vector<double>, 2> cell;   // M·K in %, when cells
    std::array<double, 2> acc_single{{0, 0}};

    void start(const std::array<MoE, 2>& moe, const std::array<MoE, 2>* singles, bool cells, const Dataset& test);
    // Works through about what is left of `budget` in multiply-adds (at least one sample), charging it.
    // Returns true once the pass is complete.
    bool run(core::WorkBudget& budget, core::Rng& noise_rng);
    bool complete() const { return task_ >= kTasks; }

private:
    static constexpr int kTasks = 6;
    bool enabled(int task) const { return task < 2 || (task < 4 ? cells_ : single_ != nullptr); }
    const MoE& model(int task) const { return task < 4 ? (*moe_)[size_t(task % 2)] : (*single_)[size_t(task % 2)]; }
    double cost(int task) const;   // multiply-adds per test sample
    void finish_task(int task);
    const std::array<MoE, 2>* moe_ = nullptr;
    const std::array<MoE, 2>* single_ = nullptr;
    const Dataset* T_ = nullptr;
    bool cells_ = false;
    int task_ = 0, i_ = 0, correct_ = 0, correct_noisy_ = 0;
    std::vector<double> good_, cnt_, h_, r_;
    std::vector<float> z_, thT_;       // scratch for Experts::f_group (sized for the largest model), Θᵀ
    std::vector<int> idx_, mc_, mn_;   // a block's samples for one expert; its noise-free and noisy routes
    std::vector<double> f_;            // their f_m(x_i)
};

struct Alignment {
    std::vector<double> feat;     // M·K  A_{m,k} = max_j ⟨w_{m,j}, v_k⟩, signed
                                  // (docs/labs/cluster-experts.md §4.10)
    std::vector<double> center;   // M    max_{j,k} |⟨w_{m,j}, c_k⟩|  ("experts don't learn centers")
    std::vector<double> rc, rv;   // M·K  ⟨θ_m, c_k⟩ and ⟨θ_m, v_k⟩
    double max_rc = 0, max_abs_rc = 0, max_abs_rv = 0;   // router–center / router–feature summaries
    double mean_top_feat = 0, max_center = 0;            // expert–feature / expert–center summaries
    double sum_theta = 0;                                // ‖Σ_m θ_m‖ (0 by Lemma E.1)
    std::vector<int> learned;                            // M  argmax_k A_{m,k}: the learned specialty
};
Alignment alignment(const MoE& m, int K);

// k*_m = argmax over (k, j) of the signed ⟨v_k, w^(0)_{m,j}⟩ (Definition D.3), for each expert.
std::vector<int> predicted_specialty(const MoE& m, int K);

// Empirical stage (docs/labs/cluster-experts.md §4.11), 0 exploration, 1 router learning, 2 converged; never goes back.
//  exploration: entropy ≥ 0.9 ln K and max|⟨θ_m, c_k⟩|·E[β] < 0.2;
//  converged: accuracy ≥ 97 % and entropy ≤ 0.1; router learning in between.
int detect_stage(int previous, double entropy, double acc, double max_abs_rc, double mean_beta, int K);

}   // namespace cluster_experts
