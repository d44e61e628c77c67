// What a finished patch-routing run showed (core/outcome.hpp), decided by its metrics: the end-of-run line.
// The seed counts are those of `moe-lab reproduce --lab patch-routing --seeds 10` (Lecture).
#include "labs/patch-routing/lab.hpp"

namespace patch_routing {

std::vector<core::Outcome> PatchRoutingLab::outcomes() const {
    core::Outcome samples;   // Theorems 4.2, 4.3 (Fig. 4): pMoE needs several times fewer samples than the CNN
    samples.cases = {
        core::answer_if_below("The separate pMoE reached 95 % with N* = {nstar_sep} samples, the CNN with {nstar_cnn}: "
                              "{nstar_ratio_sep} times as many.",
                              "nstar_ratio_sep", 0.5),
        core::answer_otherwise("The separate pMoE needed {nstar_ratio_sep} times the CNN's samples (N* = {nstar_sep} "
                               "against {nstar_cnn}), not several times fewer.")};
    samples.paper_seeds = 10;
    samples.seeds = 10;

    core::Outcome routing;   // Lemma 4.1: the separate pMoE's routers keep the discriminative patch
    routing.cases = {
        core::answer_if_above("Its routers keep the discriminative patch in {route_sep%} of the test samples and drop "
                              "{drop_sep%} of the irrelevant patches.",
                              "route_sep", 0.95),
        core::answer_otherwise("Its routers keep the discriminative patch in only {route_sep%} of the test samples.")};
    routing.paper_seeds = 9;
    routing.seeds = 10;
    return {samples, routing};
}

}   // namespace patch_routing
