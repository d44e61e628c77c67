// What a finished gated-regression run showed (core/outcome.hpp), decided by its metrics: the end-of-run line.
// The seed counts are those of `moe-lab reproduce --lab gated-regression --seeds 10` (Lecture).
#include "labs/gated-regression/lab.hpp"

namespace gated {

std::vector<core::Outcome> GatedRegressionLab::outcomes() const {
    core::Outcome l4;   // Theorem 1: L₄'s local minima are global, so it recovers the experts from any start
    l4.cases = {
        core::answer_if_above("Every L₄ run recovered the experts (median E_reg {ereg_l4}).", "success_l4", 0.99),
        core::answer_otherwise("L₄ recovered the experts in only {success_l4%} of the runs.")};
    l4.paper_seeds = 10;
    l4.seeds = 10;

    core::Outcome l2;   // §3.1: ℓ2 has spurious local minima with good prediction and the wrong experts
    l2.cases = {core::answer_if_above("ℓ2 got stuck in {stuck_l2} of {runs} runs (E_reg ≥ {stuck_ereg_min}), with a "
                                      "test MSE at most {stuck_excess%} above the truth's.",
                                      "stuck_l2", 0.5),
                core::answer_otherwise("No ℓ2 run got stuck ({stuck_l2} of {runs}).")};
    l2.paper_seeds = 10;
    l2.seeds = 10;
    return {l4, l2};
}

}   // namespace gated
