// The lecture tour of the latent-clusters lab (core/tour.hpp): phases I–IV, each with the view that
// shows it and the paper's lemma or theorem. A step runs until the next phase begins, so its caption tells
// what the phase that just ended did ("Phase II has run") while the timeline already shows the next one.
#include "labs/latent-clusters/lab.hpp"

namespace latent {

std::vector<core::TourStep> LatentClustersLab::tour() const {
    enum { kI = 0, kII = 1, kIII = 2, kIV = 3 };
    return {
        core::revealing(   // (its claim, Theorem 4.3, answers step 4's question)
            core::TourStep::Reveals::Claim,
            core::with_preset(
                "lecture",
                core::tour_to_phase(kI, {"race", "professional"},
                                    "Each input belongs to one of C = 2 hidden clusters; its label adds the "
                                    "cluster's local task h(w_c*·x) and a global task h(w_g*·x). A mixture of "
                                    "experts and a vanilla network train on the same stream. Press → to "
                                    "train.",
                                    "Theorem 4.3: a vanilla network trained by SGD does not learn w_g* (its "
                                    "gradient cancels across clusters); Theorem 4.6: the MoE does."))),
        core::tour_to_phase(
            kII, {"race", "professional"},
            "Phase I has run (the timeline now enters II): each expert's best neuron escapes the 1/√d plateau towards "
            "one cluster's w_c*; no expert moves towards w_g*. The dots mark the cluster predicted for each expert at t "
            "= 0.",
            "Lemma 4.9: professional experts weakly recover w_c* in Õ(d^{k*−1}) steps; Def. 4.7 and Lemma A.4: the race "
            "is decided at t = 0."),
        core::tour_to_phase(
            kIII, {"router"},
            "Phase II has run: one large-batch gradient step of the router from θ = 0; θ_m now points towards the "
            "clusters its expert aligned with and away from the others.",
            "Lemma 4.10: θ_mᵀv_c > 0 for the best m ∈ M_c and < 0 for m ∉ M_c; Σ_m θ_m = 0 (Lemma C.16)."),
        core::with_question(
            {"Which of the two models will align with the global direction w_g*?",
             {core::misread(
                  core::answer_if_above("Both: the vanilla network too, only later.", "cos_g_vanilla", 0.5),
                  "Takes the vanilla network for slow, not blind: its gradient towards w_g* cancels across the "
                  "clusters, so in polynomial time it never leaves the chance band (Theorem 4.3)."),
              core::answer_if_above("Only the mixture's experts.", "cos_g_moe", 0.5),
              core::misread(
                  core::answer_otherwise("Neither: each expert learns only its own cluster's w_c*."),
                  "Thinks an expert learns only its cluster's local task: the global task is in every cluster's "
                  "labels, and on one cluster its gradient does not cancel, so the experts learn w_g* too (Lemmas "
                  "C.21–C.26).")},
             1,
             "Theorem 4.3: the vanilla network's gradient towards w_g* cancels across the clusters, so its "
             "alignment stays Õ(d^{−1/2}); the experts, each trained on its own cluster, learn w_g* (Lemmas "
             "C.21–C.26)."},
            core::tour_to_phase(
                kIV, {"race"},
                "Phase III has run: experts trained on their own cluster learn w_c* and w_g*, and the solid w_g* line "
                "leaves the grey chance band while the vanilla net's (dashed) stays inside it.",
                "Lemmas C.21–C.26: under adaptive top-k the w_g* drive does not cancel, so w_g* is learned; Theorem 4.3: "
                "the vanilla net's stays Õ(d^{−1/2}).")),
        core::tour_to_end(
            {"mse", "race"},
            "Phase IV: ridge regression of the output layer. The MoE's test error falls below the 'local tasks only' "
            "line; the vanilla net and the random-expert MoE stay near 'no routing'.",
            "Theorem 4.6: MoE error ≤ ε with Õ(d^{k*−1}) samples; Remark 4.12: forced top-1 routing is worse than "
            "adaptive top-k."),
    };
}

}   // namespace latent
