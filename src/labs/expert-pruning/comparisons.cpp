// The A/B contrasts of Chowdhury et al. (2024) that compare mode offers (core/comparison.hpp).
#include "labs/expert-pruning/lab.hpp"

namespace expert_pruning {

std::vector<core::Comparison> ExpertPruningLab::comparisons() const {
    return {
        {"token-choice",
         "Token-choice routing",
         "The theory uses expert-choice routing (eq. 4); the experiments (V-MoE, E³-MoE) use token-choice (eq. 3): the "
         "Δ ordering of the experts holds for both.",
         {{"routing", "token-choice"}}},
        {"hinge",
         "True hinge loss",
         "The paper's analysis applies the gradient of 1 − y f always (App. C); with the true hinge the gradient stops "
         "at margin 1 and the experts interact.",
         {{"loss", "hinge"}}},
        {"short-finetune",
         "Prune after 30 fine-tuning steps",
         "Δ_s separates important from unimportant experts only after T = Θ(l²√(d log l)/η_e) steps (eq. 9, Lemmas "
         "4.1–4.2); pruned too early, the ordering is not yet reliable.",
         {{"T", "30"}, {"t_early", "30"}}},
    };
}

}   // namespace expert_pruning
