// The A/B contrasts of Makkuva et al. (2020) that compare mode offers (core/comparison.hpp).
#include "labs/gated-regression/lab.hpp"

namespace gated {

std::vector<core::Comparison> GatedRegressionLab::comparisons() const {
    return {
        {"fewer-samples",
         "Fewer samples (n = 3000)",
         "L_4's landscape is benign for the population loss (Theorem 1); with few samples its empirical moments are "
         "noisy and recovery of A* degrades (the sample-complexity sweep).",
         {{"n", "3000"}, {"n_log", "3000"}}},
        {"overlap",
         "Non-orthogonal experts (ρ = 0.5)",
         "Assumption 3 allows linearly independent experts; L_4 still recovers their directions (as the dual basis, "
         "Theorem 1).",
         {{"overlap", "0.5"}}},
        {"relaxed",
         "Relaxed gating (Fig. 3)",
         "Gating vectors uniform on the sphere, not orthogonal to the experts: L_4 and L_log still recover.",
         {{"relaxed", "1"}}},
    };
}

}   // namespace gated
