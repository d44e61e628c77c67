// What a finished gated-regression run showed (core/outcome.hpp), decided by its metrics: the end-of-run line.
// After the cases: the paper's case, and in how many of seeds 1–10 of Lecture it held (`moe-lab reproduce --lab
// gated-regression --seeds 10` counts them again and fails when they differ).
#include "labs/gated-regression/lab.hpp"

namespace gated {

std::vector<core::Outcome> GatedRegressionLab::outcomes() const {
    return {// Theorem 1: L₄'s local minima are global, so it recovers the experts from any start
            core::outcome({core::answer_if_above("Every L₄ run recovered the experts (median E_reg {ereg_l4}).",
                                                 "success_l4", 0.99),
                           core::answer_otherwise("L₄ recovered the experts in only {success_l4%} of the runs.")},
                          0, 10, 10, "Every L₄ run recovers the experts (E_reg < {=0.05})."),
            // §3.1: ℓ2 has spurious local minima with good prediction and the wrong experts
            core::outcome(
                {core::answer_if_above("ℓ2 got stuck in {stuck_l2} of {runs} runs (E_reg ≥ {stuck_ereg_min}), with a "
                                       "test MSE at most {stuck_excess%} above the truth's.",
                                       "stuck_l2", 0.5),
                 core::answer_otherwise("No ℓ2 run got stuck ({stuck_l2} of {runs}).")},
                0, 10, 10, "At least one ℓ2 run gets stuck with the wrong experts (E_reg ≥ {=0.05}).")};
}

}   // namespace gated
