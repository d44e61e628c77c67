// The A/B contrasts of Makkuva et al. (2020) that compare mode offers (core/comparison.hpp).
#include "labs/gated-regression/lab.hpp"

namespace gated {

std::vector<core::Comparison> GatedRegressionLab::comparisons() const {
    return {
        core::compare("fewer-samples", "Fewer samples (n = 3000)")
            .changes({{"n", "3000"}, {"n_log", "3000"}})
            .because(
                "L_4's landscape is benign for the population loss (Theorem 1); with few samples its empirical moments are "
                "noisy and recovery of A* degrades (the sample-complexity sweep)."),
        core::compare("overlap", "Non-orthogonal experts (ρ = {=0.5})")
            .changes({{"overlap", "0.5"}})
            .because(
                "Assumption 3 allows linearly independent experts; L_4 still recovers their directions (as the dual basis, "
                "Theorem 1)."),
        core::compare("relaxed", "Relaxed gating (Fig. 3)")
            .changes({{"relaxed", "1"}})
            .because(
                "Gating vectors uniform on the sphere, not orthogonal to the experts: L_4 and L_log still recover."),
    };
}

}   // namespace gated
