// The expert-pruning lab: Chowdhury, Wang, El Maghraoui, Wang, Chen, Carothers (ICML 2024), "A Provably
// Effective Method for Pruning Experts in Fine-tuned Sparse Mixture-of-Experts". A pre-trained MoE layer is
// fine-tuned on a binary task (pipeline.hpp), every criterion ranks the experts of each head-sign group, the
// pruned copies are evaluated with and without post-pruning fine-tuning, over a grid of ratios ρ and over
// seeds (core::Sweep). The declaration: schema, presets, phases, headlines, checks and the plan in lab.cpp,
// the tour in tour.cpp, the comparisons in comparisons.cpp. The live run is Run (run.hpp), made by start().
// "§N" after docs/labs/expert-pruning.md is a section of the lab's own document (data model, choices where the
// paper is silent, typos, measurements).
#pragma once
#include "core/lab.hpp"
#include "labs/expert-pruning/run.hpp"
#include <memory>

namespace expert_pruning {

// The run's parts (drawing the sets, pre-training, fine-tuning, pruning, post-pruning fine-tuning, the other
// seeds) and their work in step()'s units (lab.cpp): for core::validate and the progress core derives.
core::WorkPlan work_plan(const Config& c);
std::vector<core::Phase> make_phases();
core::Validation check_params(const Config& c);

class ExpertPruningLab : public core::LabOf<Run> {
public:
    ExpertPruningLab();
    core::Validation check(const Config& c) const override { return check_params(c); }
    core::WorkPlan plan(const Config& c) const override { return work_plan(c); }
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp
    std::vector<core::Outcome> outcomes() const override;         // outcomes.cpp
};

}   // namespace expert_pruning
