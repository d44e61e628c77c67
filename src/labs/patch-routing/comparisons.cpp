// The A/B contrasts of Chowdhury et al. (2023) that compare mode offers (core/comparison.hpp).
#include "labs/patch-routing/lab.hpp"

namespace patch_routing {

std::vector<core::Comparison> PatchRoutingLab::comparisons() const {
    return {
        core::compare("l-below-threshold", "l = l* − 1 (Threshold: c = 2, l* = 3)")
            .changes({{"l_sep", "2"}})
            .at_preset("threshold")
            .watch({"test_acc_sep", "route_sep"})
            .because(
                "With c confusers per side the separate pMoE's router must keep l ≥ l* = c + 1 patches per expert to be sure "
                "to keep the discriminative one (the routing threshold of Sec. 4.2): at l = 2 it generalises no better than "
                "chance at any N, at l = 3 it does."),
        core::compare("confusers", "Add c = 2 confusers per side")
            .changes({{"c", "2"}})
            .watch({"test_acc_sep", "route_sep"})
            .because(
                "The same samples with two confuser patches per side that outrank the discriminative pattern at the routers' "
                "initialisation: with l = 2 ≤ c the separate pMoE's routing fails (l* = c + 1, Sec. 4.2)."),
    };
}

}   // namespace patch_routing
