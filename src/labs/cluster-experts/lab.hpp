// The cluster-experts lab: Chen, Deng, Wu, Gu, Li (2022), "Towards Understanding Mixture of Experts
// in Deep Learning". The declaration: schema, presets, phases, checks and the plan in lab.cpp, the tour in
// tour.cpp, the comparisons in comparisons.cpp. The live run is Run (run.hpp), made by start().
// "§N" after docs/labs/cluster-experts.md is a section of the lab's own document (data model, choices where the
// paper is silent, typos, measurements).
#pragma once
#include "core/lab.hpp"
#include "labs/cluster-experts/run.hpp"

namespace cluster_experts {

// The run's parts (drawing the data; training with its evaluations) in multiply-adds (lab.cpp).
core::WorkPlan work_plan(const Config& c);

class ClusterExpertsLab : public core::LabOf<Run> {
public:
    ClusterExpertsLab();
    core::Validation check(const Config& c) const override;
    core::WorkPlan plan(const Config& c) const override { return work_plan(c); }
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp
    std::vector<core::Outcome> outcomes() const override;         // outcomes.cpp
};

}   // namespace cluster_experts
