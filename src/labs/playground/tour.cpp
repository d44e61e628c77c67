// The playground lab's tour, named comparisons and end-of-run outcomes: what practice does to routing on skewed data.
// Every claim here is counted over seeds 1–10 and 31–40 in docs/labs/playground.md §7.
#include "core/comparison.hpp"
#include "core/outcome.hpp"
#include "core/tour.hpp"
#include "labs/playground/lab.hpp"

namespace playground {

std::vector<core::TourStep> PlaygroundLab::tour() const {
    return {
        core::revealing(   // (its claim answers step 2's question)
            core::TourStep::Reveals::Claim,
            core::with_preset(
                "collapse",
                core::tour_to_phase(
                    1, {"territory", "load"},
                    "Skewed data: one cluster holds 70 % of the points, four experts, no balancing loss. The untrained "
                    "router usually sends each tight cluster to one expert already, so an expert starts idle.",
                    "A router trained by the task alone favours the experts it already favours (Shazeer et al. 2017, "
                    "§4)."))),
        core::with_question(
            {"Without a balancing loss, will training spread the load over the four experts?",
             {core::misread(
                  core::answer_if_above("Yes, every expert ends with a fair share.", "load_entropy", 0.9),
                  "Expects training to share out the work: a router trained by the task alone sends more points to the "
                  "experts it already favours (Shazeer et al. 2017, §4)."),
              core::answer_if_above("No: the load stays on a few experts, and the others sit idle.", "idle_experts",
                                    0.1),
              core::misread(
                  core::answer_otherwise("Partly: all four get points, only unevenly."),
                  "Expects an idle expert to win points back: with top-1 routing an expert that gets no points gets no "
                  "gradient and never improves, so the router has no reason to choose it (Shazeer et al. 2017, §4).")},
             1,
             "An expert that gets a little more of the points trains on them, so the router sends it more: the load "
             "stays on one or two experts, or one per cluster (Shazeer et al. 2017; Fedus et al. 2022)."},
            core::tour_to_end({"load_now", "territory"}, "Where the load ended.",
                              "The experts that won early keep the points (Shazeer et al. 2017, §4).")),
        core::with_preset(
            "skewed",
            core::with_question(
                {"The same data with L_aux = α K Σ f_i P_i, α = {=0.3}. Will balancing the load cost accuracy?",
                 {core::misread(
                      core::answer_if_below("Yes: to even the load the router splits the big cluster, and the "
                                            "accuracy drops.",
                                            "acc", 0.97),
                      "Expects balancing to cost quality: the router does split the big cluster, but each piece is "
                      "still easy for a linear expert (Fedus et al. 2022, §2.2)."),
                  core::misread(
                      core::answer_if_below("No: the load stays uneven, so nothing changes.", "load_entropy", 0.9),
                      "Underrates L_aux: it is smallest when f and P are 1/K, so the router splits the big cluster "
                      "between experts until the load is even (Fedus et al. 2022)."),
                  core::answer_otherwise("No: the load evens out, and the accuracy stays.")},
                 2,
                 "To make f and P even the router splits the big cluster between experts; each piece is still "
                 "easy, so the accuracy stays (Fedus et al. 2022, §2.2)."},
                core::tour_to_end({"load", "territory"}, "The same data with the load-balancing loss, α = {=0.3}.",
                                  "Switch Transformer's load-balancing loss (Fedus et al. 2022, eq. 4), smallest "
                                  "when f and P are 1/K, spreads the load."))),
        core::with_preset(
            "collapse-hurts",
            core::tour_to_end({"accuracy", "territory"},
                              "Two moons, eight experts of width 1, balanced by L_aux: each expert holds a piece of "
                              "the boundary.",
                              "Many small experts, each on its share of the data (Shazeer et al. 2017, §3).")),
        core::with_preset(
            "collapse-hurts",
            core::with_set(
                {{"alpha", 0}},
                core::with_question(
                    {"The same mixture without the balancing loss: will it stay as accurate?",
                     {core::answer_if_below("No: a collapsed router leaves a few small experts to do all the work.",
                                            "acc", 0.93),
                      core::misread(
                          core::answer_if_above("It gets more accurate: L_aux no longer pulls against the task.", "acc",
                                                0.97),
                          "Takes L_aux for a tax on accuracy: on the skewed data it cost nothing, and without it the "
                          "router collapses onto a few small experts, none big enough for a whole moon."),
                      core::misread(
                          core::answer_otherwise("Yes, the accuracy holds."),
                          "Sees balancing as the hardware's concern only: collapsed onto two of eight small experts, "
                          "none big enough for a whole moon, the mixture draws a coarser boundary.")},
                     0,
                     "The router collapses onto two of the eight experts; each is too small for a whole moon, so the "
                     "boundary they draw is coarser. Balancing is not only for the hardware's sake."},
                    core::tour_to_end({"accuracy", "load_now"}, "No balancing: where the load and the accuracy end.",
                                      "Without balancing, the idle experts' capacity is lost (Shazeer et al. 2017, "
                                      "§4).")))),
        core::with_preset(
            "bias",
            core::with_question(
                {"No loss, but a bias that raises an idle expert's score after each batch: does the load even out?",
                 {core::misread(
                      core::answer_if_below("No: it stays uneven.", "load_entropy_recent", 0.9),
                      "Thinks balancing needs a loss's gradient: the bias b_i alone moves the choice towards idle "
                      "experts after each batch and, given time, evens the load (Wang et al. 2024)."),
                  core::misread(
                      core::answer_if_below("Only on average: whole clusters keep hopping between experts.",
                                            "load_entropy", 0.9),
                      "Expects the sign step to overshoot for good: b_i moves by γ whatever the imbalance, but a small "
                      "γ = {=0.01} only jitters around an even load; whole clusters hop with a large step, γ = {=0.1} "
                      "(compare bias-too-large)."),
                  core::answer_otherwise("Yes, as even as with the loss.")},
                 2,
                 "The bias b_i only chooses the experts, it does not weigh their outputs, and no gradient reaches "
                 "it: loss-free balancing (Wang et al. 2024, used by DeepSeek-V3). A small step γ needs time; a "
                 "large one makes whole clusters hop between experts (compare bias-too-large)."},
                core::tour_to_end({"bias", "load"}, "Loss-free balancing, γ = {=0.01}, 5000 steps.",
                                  "The bias alone evens the load (Wang et al. 2024, Algorithm 1)."))),
        core::with_preset(
            "expert-choice",
            core::with_question(
                {"Experts choose their points, each its share of the batch. Does every point get an expert?",
                 {core::misread(
                      core::answer_if_below("Yes: almost every point gets one.", "unrouted", 0.02),
                      "Mistakes an even load for full coverage: each expert takes a fixed share of the batch, so the "
                      "big cluster's overflow gets no expert (Zhou et al. 2022)."),
                  core::answer_if_above("No: many points, over {=10} %, get none.", "unrouted", 0.1),
                  core::misread(
                      core::answer_otherwise("Nearly: only a few points, under {=10} %, get none."),
                      "Takes the lost points for a few at the borders: the big cluster holds {=70} % of the points, "
                      "more than the experts that prefer it take, so a large share of it goes without (Zhou et al. "
                      "2022).")},
                 1,
                 "Each expert takes the same number of points, so the load is even by construction; the big "
                 "cluster has more points than the experts that prefer it take, and its overflow gets no expert "
                 "(Zhou et al. 2022)."},
                core::tour_to_end({"experts_per_point", "territory"},
                                  "Expert choice, c_f = 1: hollow points got no expert and count as errors.",
                                  "Even load, by construction; the big cluster's overflow is lost (Zhou et al. "
                                  "2022, §3)."))),
        core::with_preset(
            "clusters",
            core::with_question(
                {"Each class is two clusters on opposite sides. Will the mixture beat a dense network with as many "
                 "active parameters?",
                 {core::answer_if_above("Yes: the router gives clusters to experts, and each expert's part is simple.",
                                        "acc_gain", 0.01),
                  core::misread(
                      core::answer_if_below("No: the dense network wins; its hidden layer bends the boundary.",
                                            "acc_gain", -0.01),
                      "Counts each linear expert alone: the router cuts the plane into territories, so the mixture's "
                      "boundary bends too, one simple piece per cluster (Chen et al. 2022)."),
                  core::misread(
                      core::answer_otherwise("No: the dense network does as well, within a point."),
                      "Overlooks what the router buys: it gives the clusters to experts whose parts are simple, while "
                      "the dense network draws one boundary for all (Chen et al. 2022).")},
                 0,
                 "A class made of clusters is what cluster-experts proves a mixture learns and a single model cannot "
                 "(Chen et al. 2022, Theorems 4.1 and 4.2), there with cubic experts on the paper's data.",
                 {3}},   // seed 3: the dense network within a point of the mixture
                core::tour_to_end({"territory", "decision_dense"}, "Two clusters per class, four linear experts.",
                                  "The router splits the plane between the clusters; the dense network draws one "
                                  "boundary for all (Chen et al. 2022, Theorem 4.2)."))),
    };
}

std::vector<core::Comparison> PlaygroundLab::comparisons() const {
    return {
        core::compare("no-balancing", "No balancing loss (α = 0)")
            .changes({{"alpha", "0"}})
            .watch({"load_entropy", "idle_experts", "acc"})
            .because("Without L_aux the router's rich-get-richer loop sends most points to one or two experts; "
                     "from collapse-hurts it also costs accuracy."),
        core::compare("bias-balancing", "Loss-free balancing instead (α = 0, γ = {=0.01})")
            .changes({{"alpha", "0"}, {"bias", "0.01"}})
            .watch({"load_entropy", "max_vio"})
            .because("The bias moves the choice towards idle experts without a gradient (Wang et al. 2024); a "
                     "small step needs time: over the bias preset's 5000 steps it evens the load as the loss does."),
        core::compare("bias-too-large", "A bias step too large (γ = {=0.1}): a limit cycle")
            .changes({{"alpha", "0"}, {"bias", "0.1"}})
            .at_preset("bias")
            .watch({"max_vio", "max_vio_recent", "load_entropy", "acc"})
            .because("Each batch moves b_i by γ whatever the imbalance: with γ = {=0.1} a whole cluster flips to "
                     "another expert, overloads it and flips again; the load of recent batches looks even, "
                     "the load at any one moment does not."),
        core::compare("top2", "Two experts a point")
            .changes({{"top_k", "2"}})
            .at_preset("collapse")
            .watch({"load_entropy", "idle_experts", "acc"})
            .because("Each point is a blend of two experts, gated by their renormalised probabilities; from "
                     "the collapse, top-2 alone keeps more experts busy than top-1, without any loss."),
        core::compare("expert-choice", "Expert choice (c_f = 1)")
            .changes({{"expert_choice", "1"}, {"capacity", "1"}})
            .watch({"load_entropy", "unrouted", "acc"})
            .because("Every expert takes exactly its share: the load is even by construction, and some points "
                     "get no expert, which count as errors (Zhou et al. 2022)."),
        core::compare("capacity-1", "Capacity factor 1")
            .changes({{"capacity", "1"}})
            .watch({"dropped", "acc"})
            .because("An expert full for a batch drops the rest of its points, which count as errors (Fedus et "
                     "al. 2022, §2.2)."),
        core::compare("router-noise", "Trainable router noise")
            .changes({{"noise", "1"}})
            .watch({"load_entropy", "load_entropy_recent"})
            .because("L_aux evens the load of the noisy choices made in training (the last batches' load); "
                     "evaluated without the noise, the choices fall back on the experts the router favours."),
        core::compare("z-loss", "Router z-loss (β = {=0.01})")
            .changes({{"z_loss", "0.01"}})
            .watch({"router_z", "load_entropy", "acc"})
            .because("The z-loss keeps the router's logits small (Zoph et al. 2022, for numerical stability); "
                     "here the load and the accuracy stay as they were."),
        core::compare("shared-expert", "A shared expert")
            .changes({{"shared", "1"}})
            .watch({"acc", "load_entropy"})
            .because("Every point also goes through a shared expert (Dai et al. 2024).")};
}

std::vector<core::Outcome> PlaygroundLab::outcomes() const {
    core::Outcome load = core::outcome(
        {core::answer_if_above("The load is even: H(f)/ln K = {load_entropy}, MaxVio = {max_vio}.", "load_entropy",
                               0.9),
         core::answer_otherwise("The load is uneven: H(f)/ln K = {load_entropy}, MaxVio = {max_vio}, idle experts "
                                "{idle_experts%}.")},
        0, 10, 10, "The load is even: H(f)/ln K above {=0.9}.");
    // With no balancing at all (no L_aux, no bias, token choice), what theory predicts is an uneven load (Shazeer et
    // al. 2017, §4): a collapse onto one expert, or one expert per cluster, both.
    load.paper_for = [](const core::Params& p) {
        const Config c = binding().config(p);
        return c.train.alpha == 0 && c.train.gamma == 0 && !c.train.rule.expert_choice ? 1 : 0;
    };
    return {load};
}

}   // namespace playground
