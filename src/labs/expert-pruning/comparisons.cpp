// The A/B contrasts of Chowdhury et al. (2024) that compare mode offers (core/comparison.hpp).
#include "labs/expert-pruning/lab.hpp"

namespace expert_pruning {

std::vector<core::Comparison> ExpertPruningLab::comparisons() const {
    return {
        core::compare("token-choice", "Token-choice routing")
            .changes({{"routing", "token-choice"}})
            .because(
                "The theory uses expert-choice routing (eq. 4); the experiments (V-MoE, E³-MoE) use token-choice (eq. 3): the "
                "Δ ordering of the experts holds for both."),
        core::compare("hinge", "True hinge loss")
            .changes({{"loss", "hinge"}})
            .because(
                "The paper's analysis applies the gradient of 1 − y f always (App. C); with the true hinge the gradient stops "
                "at margin 1 and the experts interact."),
        core::compare("short-finetune", "Prune after 30 fine-tuning steps")
            .changes({{"T", "30"}, {"t_early", "30"}})
            .because(
                "Δ_s separates important from unimportant experts only after T = Θ(l²√(d log l)/η_e) steps (eq. 9, Lemmas "
                "4.1–4.2); pruned too early, the ordering is not yet reliable."),
    };
}

}   // namespace expert_pruning
