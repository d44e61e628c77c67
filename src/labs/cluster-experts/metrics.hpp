// Metrics of Sec. 6 and of the proofs (App. D, E), computed at evaluation points and cached.
#pragma once
#include "labs/cluster-experts/data.hpp"
#include "labs/cluster-experts/moe.hpp"
#include "core/rng.hpp"
#include <vector>

namespace cluster_experts {

// Dispatch entropy, eq. (6.1), is core::dispatch_entropy (core/stats.hpp).

struct MoeEval {
    double acc = 0;                       // % test accuracy, noise-free argmax routing (Sec. 3.2)
    std::vector<double> counts;           // K·M test dispatch with the noisy router (as in Tables 4–6)
    std::vector<double> counts_clean;     // K·M test dispatch with the noise-free router
    double entropy = 0, entropy_clean = 0;   // eq. (6.1) on the two
};

// Test accuracy and dispatch of a MoE; noise_rng draws r for the noisy dispatch (width from m.cfg).
MoeEval evaluate_moe(const MoE& m, const Dataset& test, core::Rng& noise_rng);
// % test accuracy of a single model (the M = 1 case).
double accuracy_single(const MoE& s, const Dataset& test);
// M·K table of P_test(y f_m(x) > 0 | x ∈ Ω_k) in %, every expert alone on every test point (Lemma 5.2).
std::vector<double> expert_cluster_accuracy(const MoE& m, const Dataset& test);

struct Alignment {
    std::vector<double> feat;        // M·K  A_{m,k} = max_j ⟨w_{m,j}, v_k⟩, signed (notes §6.4, plot 3)
    std::vector<double> center;      // M    max_{j,k} |⟨w_{m,j}, c_k⟩|  ("experts don't learn centers")
    std::vector<double> rc, rv;      // M·K  ⟨θ_m, c_k⟩ and ⟨θ_m, v_k⟩
    double max_rc = 0, max_abs_rc = 0, max_abs_rv = 0;   // router–center / router–feature summaries
    double mean_top_feat = 0, max_center = 0;            // expert–feature / expert–center summaries
    double sum_theta = 0;            // ‖Σ_m θ_m‖ (0 by Lemma E.1)
    std::vector<int> learned;        // M  argmax_k A_{m,k}: the learned specialty
};
Alignment alignment(const MoE& m, int K);

// k*_m = argmax over (k, j) of the signed ⟨v_k, w^(0)_{m,j}⟩ (Definition D.3), for each expert.
std::vector<int> predicted_specialty(const MoE& m, int K);

// Empirical stage (notes §6.5), 0 exploration, 1 router learning, 2 converged; never goes back.
//  exploration: entropy ≥ 0.9 ln K and max|⟨θ_m, c_k⟩|·E[β] < 0.2;
//  converged: accuracy ≥ 97 % and entropy ≤ 0.1; router learning in between.
int detect_stage(int previous, double entropy, double acc, double max_abs_rc, double mean_beta, int K);

} // namespace cluster_experts
