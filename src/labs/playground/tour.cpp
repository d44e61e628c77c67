// The playground lab's tour, named comparisons and end-of-run outcomes: what practice does to routing on skewed data.
#include "core/comparison.hpp"
#include "core/outcome.hpp"
#include "core/tour.hpp"
#include "labs/playground/lab.hpp"

namespace playground {

std::vector<core::TourStep> PlaygroundLab::tour() const {
    return {
        core::with_preset(
            "collapse",
            core::tour_to_phase(1, {"territory", "load"},
                                "Skewed data: one cluster holds 70 % of the points, four experts, no balancing loss.",
                                "A router trained by the task alone favours the experts it already favours (Shazeer "
                                "et al. 2017, §4).")),
        core::with_question(
            {"Without a balancing loss, will every expert get work?",
             {core::answer_if_above("No: some experts sit idle.", "idle_experts", 0.1),
              core::answer_otherwise("Yes, every expert gets a share.")},
             0,
             "An expert that gets a little more of the points trains on them, so the router sends it more: the load "
             "collapses onto one or two experts (Shazeer et al. 2017; Fedus et al. 2022)."},
            core::tour_to_end({"load_now", "territory"}, "Where the load ended.",
                              "Collapse: the experts that won early keep the points (Shazeer et al. 2017, §4).")),
        core::with_preset("skewed",
                          core::tour_to_progress(0.5, {"load", "territory"},
                                                 "The same data with L_aux = α K Σ f_i P_i, α = 0.3.",
                                                 "Switch Transformer's load-balancing loss (Fedus et al. "
                                                 "2022, eq. 4), smallest when f and P are 1/K.")),
        core::with_question(
            {"With the loss, is the load even, and does accuracy suffer?",
             {core::answer_if_above("Even, and the accuracy stays.", "load_entropy", 0.9),
              core::answer_otherwise("Still uneven.")},
             0,
             "To make f and P even the router splits the big cluster between experts; each piece is still easy, so "
             "the accuracy stays (Fedus et al. 2022, §2.2)."},
            core::tour_to_end({"load_now", "territory"}, "Where the load ended with the loss.",
                              "The load-balancing loss spreads the load (Fedus et al. 2022, eq. 4).")),
        core::with_preset(
            "bias",
            core::with_question(
                {"No loss, but a bias that raises idle experts' scores after each batch: does the load spread?",
                 {core::answer_if_above("Yes, far more than with nothing.", "load_entropy", 0.5),
                  core::answer_otherwise("No: it stays on a few experts.")},
                 0,
                 "The bias b_i only chooses the experts, it does not weigh their outputs, and no gradient reaches "
                 "it: loss-free balancing (Wang et al. 2024, used by DeepSeek-V3)."},
                core::tour_to_end({"load_now", "load"}, "Loss-free balancing, γ = 0.1.",
                                  "The bias alone keeps most experts busy (Wang et al. 2024, Algorithm 1)."))),
        core::with_preset(
            "expert-choice",
            core::with_question(
                {"Experts choose their points, each its share of the batch. Does every point get an expert?",
                 {core::answer_if_above("No: some points get none.", "unrouted", 0.05),
                  core::answer_otherwise("Yes: almost every point gets one.")},
                 0,
                 "Each expert takes the same number of points, so the load is even by construction; the big "
                 "cluster has more points than its experts take, and the rest are left out (Zhou et al. 2022)."},
                core::tour_to_end(
                    {"territory", "accuracy"}, "Expert choice, c_f = 1: hollow points got no expert.",
                    "Even load, by construction; the big cluster's overflow is lost (Zhou et al. 2022, §3)."))),
        core::with_preset(
            "clusters",
            core::with_question(
                {"Each class is two clusters on opposite sides. Will the mixture beat a dense network with as many "
                 "active parameters?",
                 {core::answer_if_above("Yes: the router gives clusters to experts, and each expert's part is simple.",
                                        "acc_gain", 0),
                  core::answer_otherwise("No: the dense network does as well.")},
                 0,
                 "A class made of clusters is what cluster-experts proves a mixture learns and a single model cannot "
                 "(Chen et al. 2022, Theorems 4.1 and 4.2), there with cubic experts on the paper's data."},
                core::tour_to_end({"territory", "decision_dense"}, "Two clusters per class, four linear experts.",
                                  "The router splits the plane between the clusters; the dense network draws one "
                                  "boundary for all (Chen et al. 2022, Theorem 4.2)."))),
    };
}

std::vector<core::Comparison> PlaygroundLab::comparisons() const {
    return {core::compare("no-balancing", "No balancing loss (α = 0)")
                .changes({{"alpha", "0"}})
                .watch({"load_entropy", "idle_experts"})
                .because("Without L_aux the router's rich-get-richer loop sends most points to one or two experts."),
            core::compare("bias-balancing", "Loss-free balancing instead (α = 0, γ = 0.1)")
                .changes({{"alpha", "0"}, {"bias", "0.1"}})
                .watch({"load_entropy", "idle_experts"})
                .because("The bias moves the choice towards idle experts without a gradient (Wang et al. 2024); "
                         "here it spreads the load less evenly than the loss does."),
            core::compare("top2", "Two experts a point")
                .changes({{"top_k", "2"}})
                .watch({"acc", "load_entropy"})
                .because("Each point is a blend of two experts, gated by their renormalised probabilities."),
            core::compare("expert-choice", "Expert choice (c_f = 1)")
                .changes({{"expert_choice", "1"}, {"capacity", "1"}})
                .watch({"load_entropy", "unrouted"})
                .because("Every expert takes exactly its share: the load is even by construction, and some points "
                         "get no expert (Zhou et al. 2022)."),
            core::compare("capacity-1", "Capacity factor 1")
                .changes({{"capacity", "1"}})
                .watch({"dropped", "acc"})
                .because("An expert full for a batch drops the rest of its points (Fedus et al. 2022, §2.2)."),
            core::compare("shared-expert", "A shared expert")
                .changes({{"shared", "1"}})
                .watch({"acc"})
                .because("Every point also goes through a shared expert (Dai et al. 2024).")};
}

std::vector<core::Outcome> PlaygroundLab::outcomes() const {
    core::Outcome load = core::outcome(
        {core::answer_if_above("The load is even: H(f)/ln K = {load_entropy}.", "load_entropy", 0.9),
         core::answer_if_above("The load spread only part of the way: H(f)/ln K = {load_entropy}, idle experts "
                               "{idle_experts%}.",
                               "load_entropy", 0.5),
         core::answer_otherwise("The load collapsed: H(f)/ln K = {load_entropy}, idle experts {idle_experts%}.")},
        0, 10, 10);
    // With no balancing at all (no L_aux, no bias, token choice), what theory predicts is the collapse (Shazeer et
    // al. 2017, §4), not an even load.
    load.paper_for = [](const core::Params& p) {
        const Config c = binding().config(p);
        return c.train.alpha == 0 && c.train.gamma == 0 && !c.train.rule.expert_choice ? 2 : 0;
    };
    return {load};
}

}   // namespace playground
