// The playground lab's tour, named comparisons and end-of-run outcomes: what practice does to routing on skewed data.
#include "core/comparison.hpp"
#include "core/outcome.hpp"
#include "core/tour.hpp"
#include "labs/playground/lab.hpp"

namespace playground {

std::vector<core::TourStep> PlaygroundLab::tour() const {
    return {
        core::with_preset("collapse",
                          core::tour_to_phase(1, {"territory", "load"},
                                              "Skewed data: one cluster holds 70 % of the points. No balancing loss.",
                                              "—")),
        core::with_question(
            {"Without a balancing loss, will every expert get work?",
             {core::answer_if_above("No: some experts sit idle.", "idle_experts", 0.1),
              core::answer_otherwise("Yes, every expert gets a share.")},
             0,
             "A router that sends a little more to an expert trains it more, and then sends it more: the load "
             "collapses (Shazeer et al. 2017; Fedus et al. 2022)."},
            core::tour_to_end({"load_now", "territory"}, "The load ends on one or two experts.", "—")),
        core::with_preset("skewed",
                          core::tour_to_progress(0.5, {"load", "territory"},
                                                 "The same data with L_aux = α K Σ f_i P_i, α = 0.3.", "—")),
        core::with_question({"With the loss, is the load even, and does accuracy suffer?",
                             {core::answer_if_above("Even, and the accuracy stays.", "load_entropy", 0.9),
                              core::answer_otherwise("Still uneven.")},
                             0,
                             "The loss is smallest when f and P are both 1/K: the router splits even the big "
                             "cluster between experts (Fedus et al. 2022, eq. 4)."},
                            core::tour_to_end({"load_now", "accuracy"}, "The load ends even.", "—")),
    };
}

std::vector<core::Comparison> PlaygroundLab::comparisons() const {
    return {core::compare("no-balancing", "No balancing loss (α = 0)")
                .changes({{"alpha", "0"}})
                .watch({"load_entropy", "idle_experts"})
                .because("Without L_aux the router's rich-get-richer loop sends most points to one or two experts."),
            core::compare("bias-balancing", "Loss-free balancing instead (α = 0, γ = 0.01)")
                .changes({{"alpha", "0"}, {"bias", "0.01"}})
                .watch({"load_entropy"})
                .because("The bias moves the choice towards idle experts without a gradient (Wang et al. 2024)."),
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
    return {core::outcome({core::answer_if_above("The load is even: H(f)/ln K = {load_entropy}.", "load_entropy", 0.9),
                           core::answer_otherwise("The load is uneven: H(f)/ln K = {load_entropy}, idle experts "
                                                  "{idle_experts%}.")},
                          0, 0, 0)};
}

}   // namespace playground
