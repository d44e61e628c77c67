// What a finished cluster-experts run showed (core/outcome.hpp), decided by its metrics: the end-of-run line.
// After the cases: the paper's case, and in how many of seeds 1–10 of Lecture it held (`moe-lab reproduce --lab
// cluster-experts --seeds 10` counts them again and fails when they differ).
#include "labs/cluster-experts/lab.hpp"

namespace cluster_experts {

std::vector<core::Outcome> ClusterExpertsLab::outcomes() const {
    return {
        // Theorem 4.2: the nonlinear MoE reaches near-zero test error, routing by cluster
        core::outcome(
            {core::answer_if_above("The nonlinear MoE converged: {acc_moe_cubic} % test accuracy, dispatch entropy "
                                   "{entropy_moe_cubic}, so each cluster goes to its own experts.",
                                   "stage", 1.5),
             core::answer_otherwise(
                 "The nonlinear MoE did not reach the converged stage (≥ 97 % and entropy ≤ {=0.1}): "
                 "{acc_moe_cubic} % test accuracy, dispatch entropy {entropy_moe_cubic}.")},
            0, 7, 10,
            "The nonlinear MoE converges (≥ 97 % test accuracy with dispatch entropy ≤ {=0.1}), so each cluster goes "
            "to its own experts."),
        // Theorem 4.1 (Setting 3) and Tables 1, 3: no single model learns every cluster
        core::outcome(
            {core::answer_if_above(
                 "The single linear model reached {acc_single_linear} % (cubic {acc_single_cubic} %).",
                 "acc_single_linear", 87.5),
             core::answer_if_above(
                 "The single cubic model reached {acc_single_cubic} % (linear {acc_single_linear} %).",
                 "acc_single_cubic", 87.5),
             core::answer_otherwise("Both single models stay under {=87.5} %: cubic {acc_single_cubic} %, linear "
                                    "{acc_single_linear} %.")},
            2, 10, 10, "Both single models stay under {=87.5} % test accuracy."),
        // Sec. 6 (Tables 4–6): the linear MoE's router does not specialise
        core::outcome({core::answer_if_above(
                           "The linear MoE does not specialise: its dispatch entropy stays at {entropy_moe_linear} "
                           "(nonlinear {entropy_moe_cubic}), at {acc_moe_linear} % test accuracy.",
                           "entropy_moe_linear", 0.3),
                       core::answer_otherwise(
                           "The linear MoE's routing specialised too: dispatch entropy {entropy_moe_linear}.")},
                      0, 10, 10, "The linear MoE does not specialise: its dispatch entropy stays above {=0.3}.")};
}

}   // namespace cluster_experts
