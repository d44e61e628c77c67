// What a finished expert-pruning run showed (core/outcome.hpp), decided by its metrics: the end-of-run line.
// After the cases: the paper's case, and in how many of seeds 1–10 of Lecture it held (`moe-lab reproduce --lab
// expert-pruning --seeds 10` counts them again and fails when they differ).
#include "labs/expert-pruning/lab.hpp"

namespace expert_pruning {

std::vector<core::Outcome> ExpertPruningLab::outcomes() const {
    return {// Lemmas 4.1, 4.2: Δ of every important expert above every unimportant one
            core::outcome(
                {core::answer_if_above(
                     "Δ separates the experts: the smallest important one is {delta_imp_min}, the largest "
                     "unimportant one {delta_unimp_max}.",
                     "delta_separated", 0.5),
                 core::answer_otherwise(
                     "Δ did not separate the experts: the smallest important one is {delta_imp_min}, the "
                     "largest unimportant one {delta_unimp_max}.")},
                0, 10, 10,
                "Δ separates the experts: in each group, every important expert's Δ is above every unimportant one's."),
            // Theorem 4.3: pruning by smallest Δ keeps the accuracy
            core::outcome(
                {core::answer_if_above("Pruning 75 % of the experts by smallest Δ keeps {acc_delta_75%} test accuracy.",
                                       "acc_delta_75", 0.99),
                 core::answer_otherwise("Pruning 75 % by smallest Δ lost accuracy: {acc_delta_75%}.")},
                0, 10, 10, "Pruning 75 % of the experts by smallest Δ keeps test accuracy above 99 %."),
            // Sec. 5: pruning the largest Δ instead (reverse Δ) loses it
            core::outcome(
                {core::answer_if_below("Pruning 75 % by largest Δ instead falls to {acc_reverse_delta_75%} (random: "
                                       "{acc_random_75%}).",
                                       "acc_reverse_delta_75", 0.9),
                 core::answer_otherwise("Pruning 75 % by largest Δ kept {acc_reverse_delta_75%} too.")},
                0, 10, 10, "Pruning 75 % by largest Δ instead brings test accuracy below 90 %.")};
}

}   // namespace expert_pruning
