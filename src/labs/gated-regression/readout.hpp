// Reading out learned experts (§4, Theorem 1, Remark 1) and the paper's error measures.
//  * L_4 recovers A* only up to permutation, sign and scale: Theorem 1 gives (A^†)ᵀ = P D Γ A* + E, so the
//    experts are the rows of (A^†)ᵀ = (A Aᵀ)⁻¹ A, normalised to unit norm (for orthonormal A* these are the
//    rows of A up to scale; for non-orthogonal A* the learned rows are the dual basis:
//    docs/labs/gated-regression.md §4.6).
//  * Signs: Remark 1 defers to "Algorithm 1 in [15]", which this paper does not give. We use
//    s_i = sign⟨â_i, Ê[y x]⟩, valid because E[y x] = E[g′(Z)] Σ_m α_m* a_m* when w* ⊥ span A*
//    (docs/labs/gated-regression.md §4.6).
//  * Labels: the permutation π maximising min_i |⟨â_i, a*_π(i)⟩| (the one in E_reg, §4).
#pragma once
#include <vector>

namespace gated {

struct Readout {
    std::vector<double> A;     // k×d: unit rows, signs fixed, reordered so that row i estimates a_i*
    std::vector<int> perm;     // learned row perm[i] is matched to true expert i
    double e_reg = 1;          // E_reg = 1 − max_π min_i |⟨â_i, a*_π(i)⟩|  (§4)
    std::vector<double> cos;   // k×k: |cos(â_i, a*_m)|, learned rows (original order) × true experts
    std::vector<double> B;     // k×k: raw Â A*ᵀ (original rows, before normalisation)
    std::vector<double> perp;   // k: ‖P_⊥ â_i‖ / ‖â_i‖, the part of each raw row outside span A* (original order)
};

// dual: use the rows of (A Aᵀ)⁻¹ A (L_4, Theorem 1); otherwise the rows of A (ℓ2, EM). yx = Ê[y x].
Readout read_experts(const std::vector<double>& A, const std::vector<double>& Astar, int k, int d,
                     const std::vector<double>& yx, bool dual);

// E_reg alone for unit-normalised rows (no sign or dual step): used per iteration for the curves.
double e_reg(const std::vector<double>& A, const std::vector<double>& Astar, int k, int d);

// E_gating (§4: "defined similarly") over the k − 1 gating vectors, and ‖W − W*‖ = max_i ‖w_i − w_i*‖.
// Both assume W is expressed in the true expert labelling (Phase 2 runs on a label-aligned Â).
double e_gating(const std::vector<double>& W, const std::vector<double>& Wstar, int k, int d);
double w_error(const std::vector<double>& W, const std::vector<double>& Wstar, int k, int d);

// All permutations of 0..k−1 in lexicographic order (k ≤ 4 here).
std::vector<std::vector<int>> permutations(int k);

}   // namespace gated
