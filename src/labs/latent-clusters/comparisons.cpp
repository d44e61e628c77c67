// The A/B contrasts of Kawata et al. (2025) that compare mode offers (core/comparison.hpp).
#include "labs/latent-clusters/lab.hpp"

namespace latent {

std::vector<core::Comparison> LatentClustersLab::comparisons() const {
    return {
        core::compare("router-off", "Router off (θ ≡ 0)")
            .changes({{"router", "0"}})
            .watch({"cos_g_moe"})
            .because(
                "With θ = 0 every expert is active for every x, so the MoE is one wide network: the cluster-specific signals "
                "cancel (Σ_c s_c = 0) and no expert learns w_g*, as for the vanilla network (the paper's separation between "
                "MoE and vanilla networks; docs/labs/latent-clusters.md §7.9)."),
        core::compare("no-reinit", "No re-initialisation before Phase III")
            .changes({{"reinit", "0"}, {"J3", "1"}})
            .because(
                "Algorithm 1 re-initialises the experts after the router is learned; without it Phase III starts from the "
                "Phase I experts (with J_I neurons each)."),
    };
}

}   // namespace latent
