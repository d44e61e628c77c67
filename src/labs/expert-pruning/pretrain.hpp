// The pre-trained model. The paper has no pre-training distribution or algorithm: the pre-trained model
// enters only through assumptions on its weights (App. C, Def. C.1: at least one expert per group is
// important, p^(s,0) = Ω(1); the others have p^(s,0) = O(1/d)). Three designs (docs/labs/expert-pruning.md §4.1):
//   P "planted": weights built to satisfy Def. C.1, with "specialists" on concepts absent downstream whose
//     pre-trained norms are larger than the important experts' (why magnitude criteria fail early);
//   L "learned": C concept pairs, trained with the true hinge; the downstream concept is picked afterwards;
//   S "scratch": the §5.1 synthetic experiment, tiny Gaussian weights and no pre-training.
#pragma once
#include "labs/expert-pruning/data.hpp"
#include "labs/expert-pruning/model.hpp"
#include "core/rng.hpp"
#include <vector>

namespace expert_pruning {

enum class Mode { Planted = 0, Learned = 1, Scratch = 2 };

// Set by the lab's parameters (config.hpp, the binding in lab.cpp): no defaults here.
struct PlantSpec {
    int important;            // important experts per group
    double r_imp, mu_imp;     // router and neuron mass of an important expert along its o
    double r_spec, mu_spec;   // the same for the specialists (absent concepts)
    double sigma_r, sigma_n;
};

// Small Gaussian weights: w_s ~ N(0, σ_r² I), every neuron entry ~ N(0, σ_n²), expert after expert
// (init_expert draws expert s's share, so that an initialisation can be spread over bounded steps).
void init_gaussian(Moe& M, double sigma_r, double sigma_n, core::Rng& rng);
void init_expert(Moe& M, int s, double sigma_r, double sigma_n, core::Rng& rng);

// Mode P (docs/labs/expert-pruning.md §4.1): w_s^(0) = ε_s + r_s e_u(s), W^(s,0) = E_s + μ_s e_u(s) 1_mᵀ, where u(s) is
// o₁ for the important experts of S₁, o₂ for those of S₂ (chosen at random in each group), a pattern of another concept
// (+ side for S₁, − side for S₂, concepts 1..C−1 in turn) for the others, or none when C = 1.
// Returns u(s) per expert (−1: none). plant_roles adds the planted mass to noise already drawn (by
// init_expert with σ_r, σ_n); plant does both.
std::vector<int> plant(Moe& M, const DataSpec& data, const PlantSpec& ps, core::Rng& rng);
std::vector<int> plant_roles(Moe& M, const DataSpec& data, const PlantSpec& ps, core::Rng& rng);

// Mode L: after pre-training on all C concepts, the downstream concept is the one with at least one
// specialist (p ≥ 0.3 on its own-sign pattern) in both groups and the fewest specialists
// (docs/labs/expert-pruning.md §4.1); if none has both, the one with the most. `prof` is measured on a set holding
// every concept.
struct ConceptChoice {
    int concept = 0;
    bool both_groups = false;
    int specialists = 0;
};
ConceptChoice choose_concept(const Moe& M, const DataSpec& data, const Dataset& probe, Work& w);
// Relabels concept c as concept 0 (o₁, o₂) by swapping the basis vectors e_2c ↔ e_0, e_2c+1 ↔ e_1 in every
// router and neuron (an orthonormal change of basis: the model computes the same function of the data).
void swap_concept(Moe& M, int c);

constexpr double kImportantThreshold = 0.3;   // p ≥ 0.3 stands for Ω(1) (docs/labs/expert-pruning.md §4.2)

}   // namespace expert_pruning
