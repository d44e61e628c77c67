// The latent-clusters lab (Kawata et al., paper 004): the declaration (lab.cpp: schema, presets, phases,
// checks, the plan; tour.cpp; comparisons.cpp). The live run is Run (run.hpp), made by start().
// "notes §N" are sections of the implementation notes ../shared/papers/004-latent-clusters.md, kept beside
// the repository (src/labs/README.md).
#pragma once
#include "labs/latent-clusters/run.hpp"
#include "core/lab.hpp"

namespace latent {

Config config_from(const core::Params& p);
core::Schema make_schema();

class LatentClustersLab : public core::LabOf<Run> {
public:
    LatentClustersLab();
    core::Validation check(const core::Params& p) const override;
    core::WorkPlan plan(const core::Params& p) const override;
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp
    std::vector<core::Outcome> outcomes() const override;         // outcomes.cpp
};

}   // namespace latent
