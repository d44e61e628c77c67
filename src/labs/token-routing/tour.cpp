// The lecture tour of the token-routing lab (core/tour.hpp): the set-up, the routing learned early, the question
// of what decides a token's expert, the class's own sentence, where the small model parts from the papers, and the
// question of where capacity drops tokens. Two runs: the default preset (Switch, top-1) and capacity c_f = 1.
#include "labs/token-routing/lab.hpp"

namespace token_routing {

std::vector<core::TourStep> TokenRoutingLab::tour() const {
    enum { kEarlyPhase = 1, kTrainPhase = 2 };   // phases_ (lab.cpp)
    return {
        core::with_preset(
            "default",
            core::tour_to_phase(
                kEarlyPhase, {"loss", "load"},
                "A small transformer with four experts in each block (top-1, as Switch) and a dense twin with the "
                "same active parameters train on the same batches of prose, arithmetic and code-like lines. The "
                "three share function words, numbers and signs. Press → to train.",
                "Mixtral §5 asks whether experts specialise by topic; OpenMoE (Xue et al. 2024) and ST-MoE §7 ask "
                "what the tokens on one expert have in common.")),
        core::tour_to_phase(
            kTrainPhase, {"early", "load"},
            "The first tenth of the training has run. The dashed lines, the share of held-out tokens on their id's "
            "usual expert, rose from what the random router gave; the balancing loss keeps the load near 1/K.",
            "OpenMoE, early routing learning: which expert a token goes to is learned early in pre-training and "
            "then hardly changes; the solid lines, drawn at the end, say how many ids kept their expert."),
        core::with_question(
            {"When the training ends, what decides the expert a held-out token goes to?",
             {core::misread(core::answer_if_above("Its topic: each domain has experts of its own.", "mi_domain", 0.8),
                            "Reads the router's input as the topic: the router sees one token's hidden state, and "
                            "attention fills it mostly with the token itself, so the token decides (Mixtral §5)."),
              core::answer_if_above("The token itself: the same token goes to the same expert in every domain.",
                                    "token_purity", 0.5),
              core::misread(core::answer_otherwise("Nothing in particular: tokens are spread at random."),
                            "Takes the balancing loss's even load for random routing: the load is even over the "
                            "batch, but each token id goes to its usual expert in most of its occurrences, far "
                            "more often than the third that chance gives.")},
             1,
             "Mixtral §5: the router chooses by the token, its syntax more than the topic; ST-MoE §7: experts hold "
             "kinds of tokens (punctuation, numbers). Over seeds 1–10 the token's usual expert takes {=0.78} of the "
             "held-out tokens against {=0.33} by chance (docs/labs/token-routing.md §7.1)."},
            core::tour_to_end(
                {"painted", "kinds"},
                "Trained to the end. The start of a held-out sequence of each domain, each token painted with the "
                "expert it went to in each layer: a token that comes back, such as 'the', '.' or a number, has the "
                "same colour each time, in every domain. By token kind, most rows have one dark cell: the function "
                "words, numbers and signs that all three domains use have experts of their own.",
                "Mixtral §5 paints text by expert the same way (routing by token, not topic); ST-MoE §7 (experts for "
                "kinds of tokens); OpenMoE (context-independent specialisation).")),
        core::tour_to_end(
            {"class-text", "expert-tokens"},
            "Your class's turn: type a sentence in 'Your sentence', under the parameters. The trained model paints each of its tokens with the expert it sends it to; a word it has "
            "never seen is outlined and named. Put a number into a story, or 'the' into a line of code: does it keep "
            "its expert?",
            "OpenMoE calls it context-independent specialisation: a token's id mostly decides its expert. Beside "
            "it, each expert's most frequent held-out tokens."),
        core::tour_to_end(
            {"domains", "loss"},
            "Where the small model parts from the papers. In the first layer the three domains' rows are alike; in "
            "the last they differ on most seeds: that router also reads the topic from the context. And the MoE's "
            "loss ends close to the dense model's, below it on some seeds and above on others.",
            "Mixtral §5 finds no topic experts; here that holds in the first layer only (what the domain adds to "
            "the token: {=0.09} in the first, {=0.35} in the last, {=0.02} by chance). Switch §3 finds the MoE "
            "lower at the same compute; here the two end level over seeds 1–10 ({=0.000} ± {=0.004} nats; "
            "docs/labs/token-routing.md §7.5)."),
        core::with_question(
            {"With c_f = 1 an expert takes at most a quarter of a sequence's tokens, in the order of positions. Where "
             "are tokens dropped?",
             {core::misread(core::answer_if_above("At the start of the sequence.", "drop_early", 0.1),
                            "Forgets that the buffers fill in the order of positions: the first tokens always find "
                            "room, so the first quarter is never dropped (docs/labs/token-routing.md §4.2)."),
              core::answer_if_above("Towards the end of the sequence.", "drop_late", 0.2),
              core::misread(core::answer_otherwise("Evenly along the sequence."),
                            "Takes capacity for a random cut: an expert refuses a token only once its buffer is "
                            "full, and the buffers fill as the sequence goes on.")},
             1,
             "OpenMoE, drop-towards-the-end: an expert's buffer fills in the order of positions (Switch eq. (3): C = "
             "c_f k T / K), so the late tokens find it full; the tokens of one sequence crowd onto the same experts "
             "though the load over the batch is even. Over seeds 1–10 the last layer drops {=0.68} of the last "
             "quarter's choices and none of the first's (docs/labs/token-routing.md §7.4)."},
            core::with_preset(
                "capacity",
                core::tour_to_end({"drops", "tokens"},
                                  "Capacity c_f = 1, trained to the end: the share of choices dropped at each range "
                                  "of positions. A token without a dot in a layer was dropped there: it passes "
                                  "through the residual connection only (Switch §2.2).",
                                  "OpenMoE, drop-towards-the-end; Switch eq. (3): capacity C = c_f k T / K."))),
    };
}

}   // namespace token_routing
