// What a finished latent-clusters run showed (core/outcome.hpp), decided by its metrics: the end-of-run line.
// After the cases: the paper's case, and in how many of seeds 1–10 of Lecture it held (`moe-lab reproduce --lab
// latent-clusters --seeds 10` counts them again and fails when they differ).
#include "labs/latent-clusters/lab.hpp"

namespace latent {

std::vector<core::Outcome> LatentClustersLab::outcomes() const {
    return {// Theorem 4.6: the MoE's experts learn the global direction w_g*
            core::outcome(
                {core::answer_if_above("The MoE's experts align with w_g* (best |cos| = {cos_g_moe}) and with the "
                                       "cluster directions w_c* ({cos_c_moe}).",
                                       "cos_g_moe", 0.9),
                 core::answer_otherwise("The MoE's experts did not align with w_g*: best |cos| = {cos_g_moe}.")},
                0, 10, 10, "The MoE's experts align with w_g*: best |cos| above {=0.9}."),
            // Theorem 4.3: the vanilla network never aligns with w_g*
            core::outcome(
                {core::answer_if_below("The vanilla network never finds w_g*: best |cos| = {cos_g_vanilla} (test MSE "
                                       "{mse_vanilla} against the MoE's {mse_moe}).",
                                       "cos_g_vanilla", 0.3),
                 core::answer_otherwise("The vanilla network aligned with w_g* too: best |cos| = {cos_g_vanilla}.")},
                0, 10, 10, "The vanilla network never finds w_g*: best |cos| stays below {=0.3}.")};
}

}   // namespace latent
