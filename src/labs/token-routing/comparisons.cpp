// The A/B contrasts compare mode offers (core/comparison.hpp). MoE against dense needs none: both models train in
// every run, on the same batches.
#include "labs/token-routing/lab.hpp"

namespace token_routing {

std::vector<core::Comparison> TokenRoutingLab::comparisons() const {
    return {
        core::compare("top-2", "Top-2 (Mixtral) against top-1 (Switch)")
            .changes({{"k", "2"}})
            .watch({"token_purity", "loss_moe", "loss_gap"})
            .because("Mixtral sends each token to two experts and mixes them by the softmax of their logits "
                     "(Mixtral §2.1); Switch sends it to one (Switch §2.1). The dense twin doubles its hidden units "
                     "with k. Measured: top-2 routes by token at least as clearly (purity {=0.86} / {=0.83} in the two "
                     "layers) and ends level with its dense twin too (docs/labs/token-routing.md §7.1, §7.5)."),
        core::compare("no-balancing", "Without the balancing loss (α = 0)")
            .changes({{"alpha", "0"}})
            .watch({"max_vio", "max_load", "loss_moe"})
            .because("Switch's auxiliary loss α K Σ f_i P_i keeps the load even (Switch eq. (4)); without it the load "
                     "drifts. Measured: MaxVio two to three times larger, no collapse onto one expert in 600 steps, "
                     "and no worse loss (docs/labs/token-routing.md §7.6)."),
        core::compare("capacity", "Capacity factor c_f = 1 against no limit")
            .changes({{"capacity", "1"}})
            .watch({"drop_early", "drop_late", "loss_gap"})
            .because("With capacity C = c_f k T / K an expert takes at most C tokens of a sequence, in the order of "
                     "positions (Switch eq. (3)); OpenMoE finds the drops towards the end. The first quarter is "
                     "never dropped here, by the order of filling, and the drops cost loss (the MoE above its dense "
                     "twin in 8 of 10 seeds; docs/labs/token-routing.md §7.4)."),
    };
}

}   // namespace token_routing
