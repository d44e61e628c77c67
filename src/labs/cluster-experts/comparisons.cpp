// The A/B contrasts of Chen et al. (2022) that compare mode offers (core/comparison.hpp).
#include "labs/cluster-experts/lab.hpp"

namespace cluster_experts {

std::vector<core::Comparison> ClusterExpertsLab::comparisons() const {
    return {
        core::compare("noise-off", "Routing noise off (r ≡ 0)")
            .changes({{"noise_width", "0"}})
            .because(
                "Without the routing noise the router commits before the experts have diverged: dispatch entropy stays high "
                "and some clusters are learned by no expert (exploration via routing noise, Lemma 5.1, Key Techniques 1–2; "
                "prototype, docs/labs/cluster-experts.md §7.6: {=92.6} % instead of {=99.6} % at the Fast preset)."),
        core::compare("large-init", "Large initialisation (σ0 = {=0.4})")
            .changes({{"sigma0", "0.4"}})
            .because(
                "Algorithm 1 starts the experts small so that each one's cubic activation amplifies the cluster it leads on; "
                "from σ0 = {=0.4} the exploration stage no longer separates the experts."),
        core::compare("plain-gd", "Plain GD for the experts")
            .changes({{"expert_opt", "plain"}})
            .because(
                "The analysis uses normalized GD (3.4), which moves every expert at the same pace whatever its gradient's "
                "size; plain GD lets the experts that lead early run away."),
    };
}

}   // namespace cluster_experts
