// What a finished token-routing run showed (core/outcome.hpp), decided by its metrics: the end-of-run line. After the
// cases: the paper's case, and in how many of seeds 1–10 of the default preset it held (`moe-lab reproduce --lab
// token-routing --seeds 10` counts them again and fails when they differ). Where the small model does not show a
// paper's claim the sentence says so with the numbers (docs/labs/token-routing.md §7.9).
#include "labs/token-routing/lab.hpp"

namespace token_routing {

std::vector<core::Outcome> TokenRoutingLab::outcomes() const {
    return {
        // Mixtral §5, OpenMoE's context-independent specialisation: the token's id decides its expert
        core::outcome({core::answer_if_above("Routing follows the token: {token_purity%} of the held-out tokens go to "
                                             "their id's usual expert (by chance {purity_chance%}; the random router "
                                             "before training {purity_init%}).",
                                             "token_purity", 0.5),
                       core::answer_otherwise("Routing does not follow the token: only {token_purity%} of the held-out "
                                              "tokens go to their id's usual expert (by chance {purity_chance%}).")},
                      0, 10, 10, "More than half of the held-out tokens go to their id's usual expert."),
        // Mixtral §5: not by topic. Shown in the first MoE layer; the last one routes partly by topic here (§7.1)
        core::outcome(
            {core::answer_if_below("In the first layer the topic adds little once the token is known "
                                   "({domain_given_token_first}), as Mixtral §5 finds. In the last layer it adds "
                                   "{domain_given_token} against {domain_given_token_chance} by chance: over seeds "
                                   "1–10 that layer routes partly by topic ({=0.35} ± {=0.12}), which Mixtral does "
                                   "not find.",
                                   "domain_given_token_first", 0.2),
             core::answer_otherwise("The topic decides part of the routing in the first layer too: once the token is "
                                    "known it adds {domain_given_token_first} (last layer {domain_given_token}).")},
            0, 10, 10,
            "In the first MoE layer the domain adds less than {=0.2} to what the token tells about the expert."),
        // OpenMoE, early routing learning
        core::outcome({core::answer_if_above("The routing is learned early: at a tenth of the training "
                                             "{early_agreement%} of the token ids already have the expert they end "
                                             "with (before training {init_agreement%}).",
                                             "early_agreement", 0.5),
                       core::answer_otherwise("The routing is not settled early: at a tenth of the training only "
                                              "{early_agreement%} of the token ids have the expert they end with.")},
                      0, 10, 10, "More than half of the token ids have their final expert at a tenth of the training."),
        // Mixtral §5: repeated consecutive assignments
        core::outcome({core::answer_if_above("Consecutive tokens share an expert more often than chance: "
                                             "{neighbour_same%} against {neighbour_chance%}.",
                                             "neighbour_excess", 0),
                       core::answer_otherwise("Consecutive tokens share an expert no more often than chance: "
                                              "{neighbour_same%} against {neighbour_chance%}.")},
                      0, 9, 10, "Consecutive tokens share an expert more often than independent choices would."),
        // Switch §3: below the dense model at the same active parameters. Level within noise here (§7.5)
        core::outcome({core::answer_if_above("The MoE ends below its dense twin: held-out loss {loss_moe} against "
                                             "{loss_dense} nats. The gap is within the noise: over seeds 1–10 it "
                                             "averages {=0.000} ± {=0.004} nats.",
                                             "loss_gap", 0),
                       core::answer_otherwise("The MoE does not end below its dense twin: held-out loss {loss_moe} "
                                              "against {loss_dense} nats (Switch §3 finds it lower at scale; on the "
                                              "default preset the two end level over seeds 1–10).")},
                      0, 5, 10, "The MoE's held-out loss ends below the dense model's."),
    };
}

}   // namespace token_routing
