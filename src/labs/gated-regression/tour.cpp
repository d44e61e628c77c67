// The lecture tour of the gated-regression lab (core/tour.hpp): the two fates of Phase 1, what a stuck
// squared-loss run looks like, the gates of Phase 2, and the sample-complexity sweep.
#include "labs/gated-regression/lab.hpp"

namespace gated {

std::vector<core::TourStep> GatedRegressionLab::tour() const {
    enum { kExperts = 0, kGates = 1, kSweep = 2 };
    return {
        core::with_preset(
            "lecture",
            core::tour_to_progress(
                0.0, {"two_fates"},
                "A gated mixture of two experts: x ~ N(0, I), a softmax gate on ⟨w*, x⟩ picks an expert, y = ⟨a_z*, x⟩ "
                "+ noise. Six runs learn the experts from the same data and the same starts with two losses: the "
                "paper's L₄ (blue) and plain squared loss ℓ2 (orange). Press → to train.",
                "Makkuva et al., §3: a new loss L₄ whose local minima are all global (Theorem 1), against ℓ2, 'prone to "
                "bad local minima' (§3.1).")),
        core::tour_to_phase(
            kGates, {"two_fates"},
            "Phase 1: every blue L₄ run sits on a plateau (the saddle at A = 0), then drops below the {=0.05} line. The "
            "orange ℓ2 runs split: some recover, the others freeze at E_reg ≈ {=0.6}, yet their test MSE is almost the "
            "truth's.",
            "Theorem 1 / eq. (8): every approximate local minimum of L₄ recovers A* up to permutation and scale; Fig. "
            "2a: ℓ2 gets stuck."),
        core::tour_to_phase(
            kGates, {"territory", "alignment"},
            "Accuracy is not recovery: a stuck ℓ2 run predicts well with the wrong parameters, its experts mixed and "
            "its gate boundary turned. The alignment matrix of L₄ is a permutation; ℓ2's is not.",
            "§3.1: ℓ2 reaches good prediction error at a spurious local minimum; Theorem 1: L₄ has none."),
        core::tour_to_phase(
            kSweep, {"gates"},
            "Phase 2: with the experts frozen, projected GD on L_log learns the gate from a random W₀ three times, "
            "with A* and with L₄'s Â (both fall geometrically) and with a stuck ℓ2 run's Â (it stalls far from W*).",
            "Theorem 3: ‖W_t − W*‖ ≤ ρ^t‖W₀ − W*‖ + κ·ε_reg, so the gates are learned as well as the experts were "
            "(Fig. 2b)."),
        core::with_question(
            {"Phase 3 repeats Phase 1 at n from 10³ to 10⁵ samples. With 10⁵ samples, will every run of both losses "
             "recover the experts?",
             {core::misread(
                  core::answer_if_above("Yes: enough data rescues ℓ2 as well.", "sweep_l2_100000", 0.99),
                  "Blames ℓ2's failure on too little data: its spurious local minima (§3.1) belong to the loss, not the "
                  "sample, so stuck runs stay stuck at any n."),
              core::answer_if_above("Only L₄'s: some ℓ2 runs stay stuck however many samples.", "sweep_l4_100000",
                                    0.99),
              core::misread(
                  core::answer_otherwise("No: neither loss always recovers them."),
                  "Doubts L₄'s guarantee: its local minima are all global (Theorem 1), and n ≥ poly(d, 1/ε) samples "
                  "carry that landscape over to the empirical loss (Theorem 2).")},
             1,
             "Theorem 2: n ≥ poly(d, 1/ε) samples suffice for L₄, whose local minima are all global (Theorem 1); "
             "ℓ2's spurious local minima (§3.1) do not go away with more data."},
            core::tour_to_end(
                {"sample_complexity"},
                "Phase 3: success rate against the number of samples n. L₄ goes from failing to always recovering between "
                "10³ and 10⁵ samples; ℓ2's rate stays flat: more data does not rescue the runs it gets stuck in.",
                "Theorem 2: n ≥ poly(d, 1/ε) samples suffice for the empirical L₄, 'the first sample complexity results for "
                "parameter recovery in this model for any algorithm'.")),
    };
}

}   // namespace gated
