// The latent-clusters lab (Kawata et al., paper 004): the declaration (lab.cpp: schema, presets, phases,
// checks, the plan; tour.cpp; comparisons.cpp). The live run is Run (run.hpp), made by start().
// "§N" after docs/labs/latent-clusters.md is a section of the lab's own document (data model, choices where the
// paper is silent, typos, measurements).
#pragma once
#include "labs/latent-clusters/run.hpp"
#include "core/lab.hpp"

namespace latent {

core::Schema make_schema();

class LatentClustersLab : public core::LabOf<Run> {
public:
    LatentClustersLab();
    core::Validation check(const Config& c) const override;
    core::WorkPlan plan(const Config& c) const override;
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp
    std::vector<core::Outcome> outcomes() const override;         // outcomes.cpp
};

}   // namespace latent
