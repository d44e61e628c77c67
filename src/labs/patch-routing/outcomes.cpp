// What a finished patch-routing run showed (core/outcome.hpp), decided by its metrics: the end-of-run line.
// After the cases: the paper's case, and in how many of seeds 1–10 of Lecture it held (`moe-lab reproduce --lab
// patch-routing --seeds 10` counts them again and fails when they differ).
#include "labs/patch-routing/lab.hpp"

namespace patch_routing {

std::vector<core::Outcome> PatchRoutingLab::outcomes() const {
    return {
        // Theorems 4.2, 4.3 (Fig. 4): pMoE needs several times fewer samples than the CNN
        core::outcome(
            {core::answer_if_below(
                 "The separate pMoE reached 95 % with N* = {nstar_sep} samples, {nstar_ratio_sep} times the CNN's "
                 "{nstar_cnn}.",
                 "nstar_ratio_sep", 0.5),
             core::answer_otherwise(
                 "The separate pMoE needed {nstar_ratio_sep} times the CNN's samples (N* = {nstar_sep} "
                 "against {nstar_cnn}), not several times fewer.")},
            0, 10, 10, "The separate pMoE reaches 95 % test accuracy with fewer than half the samples the CNN needs."),
        // Lemma 4.1: the separate pMoE's routers keep the discriminative patch
        core::outcome({core::answer_if_above(
                           "Its routers keep the discriminative patch in {route_sep%} of the test samples and drop "
                           "{drop_sep%} of the irrelevant patches.",
                           "route_sep", 0.95),
                       core::answer_otherwise(
                           "Its routers keep the discriminative patch in only {route_sep%} of the test samples.")},
                      0, 9, 10,
                      "The separate pMoE's routers keep the discriminative patch in over 95 % of the test samples.")};
}

}   // namespace patch_routing
