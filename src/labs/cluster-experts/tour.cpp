// The lecture tour of the cluster-experts lab (core/tour.hpp): from the four models' start through
// exploration, router learning and convergence, then Setting 3, where Theorem 4.1's ceiling applies,
// and Setting 2 (σ_p = 2) at d = 32.
#include "labs/cluster-experts/lab.hpp"

namespace cluster_experts {

std::vector<core::TourStep> ClusterExpertsLab::tour() const {
    enum { kExploration = 0, kRouter = 1, kConverged = 2 };
    return {
        core::revealing(   // (its claim, the 87.5 % ceiling, answers step 6's question)
            core::TourStep::Reveals::Claim,
            core::with_preset(
                "lecture",
                core::tour_to_phase(
                    kExploration, {"accuracy", "entropy"},
                    "Four models learn the same clustered data: a mixture of experts with cubic experts, one with linear "
                    "experts, and single cubic and linear networks. Each input hides its cluster in a centre patch. Press → "
                    "to train.",
                    "No single model that adds up per-patch outputs can beat {=87.5} % when D_α = D_γ (Theorem 4.1); the "
                    "nonlinear MoE reaches near-zero test error (Theorem 4.2)."))),
        core::tour_to_progress(
            0.1, {"expert_alignment", "router_center"},
            "Exploration: the router is still nearly uniform (blank heatmap), yet in each expert's panel one feature "
            "line v_k already rises away from the others.",
            "Lemmas E.5–E.8: each expert's best initial filter/feature pair grows (rich-get-richer); the router barely "
            "moves, ‖h^(t) − h^(0)‖ = O(σ₀^(3/2)) (Lemmas E.3, E.4)."),
        core::tour_to_phase(
            kRouter, {"router_center", "entropy"},
            "Router learning starts: ⟨θ_m, c_k⟩ turns block-structured and the dispatch entropy leaves ln K.",
            "The router learns the cluster centres c_k, not the label features v_k (Prop. E.9, Lemma E.14); Σ_m θ_m = 0 "
            "throughout (Lemma E.1)."),
        core::tour_to_phase(
            kConverged, {"accuracy", "dispatch"},
            "Converged: the nonlinear MoE nears 100 % and each cluster goes to its own experts (one full cell per "
            "column of the dispatch matrix).",
            "Theorem 4.2: zero training error and o(1) test error; the experts split into groups M_k, each good on its "
            "cluster."),
        core::tour_to_end(
            {"accuracy", "dispatch_linear"},
            "At the end the linear MoE lags and its dispatch stays mixed: without nonlinear experts there "
            "is no specialisation.",
            "Table 1 (Setting 1): nonlinear MoE {=99.46} ± {=0.55} %, dispatch entropy {=0.098}; linear MoE {=92.99} "
            "± {=2.11} %, entropy {=1.300}."),
        core::with_preset(
            "theorem41",
            core::with_question(
                {"Setting 3 (D_α = D_γ): can a single cubic network, trained to the end, beat {=87.5} % test accuracy?",
                 {core::misread(
                      core::answer_if_above("Yes: it is nonlinear too, so it gets near the mixture's {=100} %.",
                                            "acc_single_cubic", 95),
                      "Takes nonlinearity for the cure: Theorem 4.1 holds for any activation, cubic included; what "
                      "the mixture adds is a router that separates the clusters first."),
                  core::misread(
                      core::answer_if_above("Yes: with enough training it gets there too.", "acc_single_cubic", 87.5),
                      "Takes longer training for the cure: Theorem 4.1's ceiling holds for any training time and "
                      "width, because a sum of per-patch outputs cannot separate the clusters."),
                  core::answer_if_above("No: it learns part of the task but stays under {=87.5} %.", "acc_single_cubic",
                                        65),
                  core::misread(
                      core::answer_otherwise("No: it stays near chance, {=50} %."),
                      "Reads the ceiling as no learning at all: Theorem 4.1 only says a sum of per-patch outputs errs "
                      "on at least {=12.5} % of the inputs; the single network still learns what such a sum can.")},
                 2,
                 "Theorem 4.1: when D_α = D_γ, any model that adds up per-patch outputs errs on at least {=12.5} % of "
                 "the inputs, however long it trains; the MoE's router separates the clusters first (Theorem "
                 "4.2)."},
                core::tour_to_end({"accuracy", "expert_cluster"},
                                  "Setting 3 (D_α = D_γ), same seed: now Theorem 4.1 applies, and both single "
                                  "models stay under the dashed {=87.5} % ceiling while the nonlinear MoE still "
                                  "reaches ≈ 100 %.",
                                  "Theorem 4.1: single models ≤ {=87.5} % when D_α = D_γ; Table 3: {=72.69} % "
                                  "(cubic) and {=74.81} % (linear) vs {=99.99} % for the MoE."))),
        core::with_preset(
            "setting2",
            core::tour_to_end({"accuracy", "entropy"},
                              "Setting 2: twice the Gaussian noise (σ_p = 2), at d = 32. The nonlinear "
                              "MoE still sends each cluster to its experts; the linear MoE falls further "
                              "behind.",
                              "Table 1, Setting 2: nonlinear MoE {=98.09} ± {=1.27} %, entropy {=0.171}; linear "
                              "{=88.48} ± {=1.96} %, {=1.294}. At d = 16 the noise's share σ_p/√d = {=0.5} on each "
                              "feature would cap even a perfectly routed expert at 97 %.")),
    };
}

}   // namespace cluster_experts
