// The lecture tour of the patch-routing lab (core/tour.hpp): routers, experts at one N, the sample
// complexity sweep, then the l-threshold of the Threshold preset.
#include "labs/patch-routing/lab.hpp"

namespace patch_routing {

std::vector<core::TourStep> PatchRoutingLab::tour() const {
    enum { kRouters = 0, kExperts = 1, kSweep = 2, kGrid = 3 };
    return {
        core::with_preset(
            "lecture",
            core::tour_to_phase(kRouters, {"routing_types", "router_alignment"},
                                "Each image is n patches; one discriminative patch (o1 or o2) decides the "
                                "class, the rest are noise. A patch-level MoE (pMoE) routes only l "
                                "patches to each expert; a CNN of the same size sees them all. Press → to "
                                "train.",
                                "Chowdhury et al.: pMoE provably needs a factor poly(n/l) fewer samples "
                                "than the CNN (Theorems 4.2, 4.3).")),
        core::tour_to_phase(
            kExperts, {"routing_types", "router_alignment"},
            "The routers have trained: o1 goes to expert 1, o2 to expert 2, and the irrelevant patches are dropped.",
            "Lemma 4.1: for l ≥ l*, Ω(1/(1−δ_d)) router steps with batches B_r = Ω(n²/(1−δ_d)²) put the discriminative "
            "patch in the top l of its class's expert."),
        core::tour_to_phase(
            kSweep, {"dynamics"},
            "Expert training at one N: the separate pMoE fits in a few epochs and generalises; the CNN needs far longer "
            "and, at small N, fits the training set with lower test accuracy.",
            "Theorems 4.2, 4.3 and Table 1: fewer samples and fewer iterations, T = O(l⁴/ε⁸) against O(n⁴/ε⁸)."),
        core::tour_to_phase(
            kGrid, {"sample_complexity"},
            "The sweep: test accuracy against N, mean ± sd over seeds. The separate pMoE crosses 95 % at a much smaller "
            "N than the CNN; the joint pMoE lies in between. Below N ≈ 40 the separate router still misroutes, so the "
            "ratio varies by seed.",
            "Theorem 4.2 vs 4.3: N_CNN / N_pMoE = Θ((n/l)⁸) as bounds; Fig. 4: pMoE needs 60 % of the CNN's samples."),
        core::with_preset(
            "threshold",
            core::with_question(
                {"c = 2 confusers per side, so l* = 3. Will a pMoE that routes l = 2 patches to each expert succeed "
                 "if it gets enough samples?",
                 {core::misread(
                      core::answer_if_above("Yes: more samples make up for a small l.", "thr_acc_lstar_m1", 0.95),
                      "Takes more samples for the cure: with l < l* the confusers fill the router's top l ahead of the "
                      "discriminative patch, whatever N (Lemma 4.1)."),
                  core::answer_if_above("No: l = 2 fails at any N, while l = l* = 3 succeeds.", "thr_acc_lstar", 0.95),
                  core::misread(
                      core::answer_otherwise("Neither: l = 3 fails as well."),
                      "Thinks the confusers beat every l: from l = l* the top l has room for the discriminative patch "
                      "beside the c confusers, and Theorem 4.2 applies (Fig. 7).")},
                 1,
                 "Lemma 4.1: with l < l* a confuser can take the discriminative patch's place in the top l, so the "
                 "router never isolates it, whatever N; from l = l* it does, and Theorem 4.2 applies (Fig. 7)."},
                core::tour_to_end(
                    {"threshold_grid"},
                    "Threshold preset: c = 2 confusers per side, so l* = 3. Every l ≤ 2 fails at any N; from "
                    "l = l* the separate pMoE succeeds at small N.",
                    "Lemma 4.1 and Theorem 4.2 hold for l ≥ l*; Fig. 7: accuracy jumps at l = l*."))),
    };
}

}   // namespace patch_routing
