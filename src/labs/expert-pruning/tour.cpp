// The lecture tour of the expert-pruning lab (core/tour.hpp): the planted pre-trained model, fine-tuning
// and the router-norm change Δ, pruning at every ratio ρ, pruning early, and the bands over seeds.
#include "labs/expert-pruning/lab.hpp"

namespace expert_pruning {

std::vector<core::TourStep> ExpertPruningLab::tour() const {
    enum { kPretrain = 0, kFinetune = 1, kPrune = 2, kPostFt = 3, kSeeds = 4 };
    return {
        core::with_preset(
            "lecture",
            core::tour_to_phase(
                kFinetune, {"router_change", "who_routes"},
                "A pre-trained MoE of k = 8 experts: half with head +1, half with −1, one important expert in each "
                "half. The model is fine-tuned on a task whose label is set by one pattern o₁ or o₂ among 16 tokens. "
                "Press → to fine-tune.",
                "Chowdhury et al. (ICML 2024), App. C, Def. C.1: at least one important expert per group (p^(s,0) = "
                "Ω(1)), the others O(1/d).")),
        core::tour_to_phase(
            kPrune, {"router_change", "who_routes"},
            "Fine-tuning: the important experts' router-norm change Δ_s (solid) grows about as t²; the others' (dashed) "
            "stay near 0. Their routers gain the task pattern's column in the heatmap.",
            "Lemma 4.1: an important expert ends with Δ_s > (3/2) ln l; Lemma 4.2: an unimportant one keeps Δ_s = "
            "O(log² l/√d)."),
        core::with_question(
            {"Prune 75 % of the experts in each group, those whose router changed least in fine-tuning (smallest Δ): "
             "does the test accuracy stay?",
             {core::answer_if_above("Yes: it stays as it was, with no further training.", "acc_delta_75", 0.95),
              core::misread(
                  core::answer_if_above("Only after the pruned model is fine-tuned again.", "acc_delta_75_ft", 0.95),
                  "Thinks pruning must be repaired: up to ρ = γ, Theorem 4.3 keeps zero test error with no further "
                  "training; post-pruning fine-tuning extends ρ beyond γ (Theorem 4.5)."),
              core::misread(
                  core::answer_otherwise("No: it falls."),
                  "Expects any pruning to cost accuracy: the experts whose router changed least are the unimportant "
                  "ones (Lemma 4.2), so removing them keeps zero test error (Theorem 4.3).")},
             0,
             "Theorem 4.3: the experts with small Δ are the unimportant ones (Lemma 4.2), so pruning them keeps zero "
             "test error for every ρ ≤ γ; §5.2: 50–75 % pruned within 1 % of the unpruned accuracy."},
            core::tour_to_phase(
                kSeeds, {"accuracy_vs_rho"},
                "Each point is a pruned copy of the same fine-tuned model. Pruning the smallest Δ in each group (blue) "
                "keeps 100 % down to one expert per group; random, importance score and reverse Δ fall. Dashed: after "
                "post-pruning fine-tuning.",
                "Theorem 4.3: pruning by Δ keeps zero test error for every ρ ≤ γ; §5.2: 50–75 % of the experts pruned "
                "within 1 % of the unpruned accuracy.")),
        core::tour_to_phase(
            kSeeds, {"trustworthy"},
            "When can a criterion be trusted? Pruned early in fine-tuning, router and neuron magnitudes still keep the "
            "pre-trained specialists; the change Δ is right from the start.",
            "Lemma 4.1 and §4: Δ measures what fine-tuning taught the router, a magnitude what pre-training left."),
        core::tour_to_end(
            {"accuracy_vs_rho", "timeline"},
            "More seeds: the bands of accuracy vs ρ tighten; the counter shows the active experts, FLOPs and parameters "
            "left at ρ.",
            "Figs. 6 and 10: inference FLOPs and time fall linearly with the pruning ratio while Δ keeps the "
            "accuracy."),
    };
}

}   // namespace expert_pruning
