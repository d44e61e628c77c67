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

class LatentClustersLab : public core::Lab {
public:
    LatentClustersLab();
    const core::LabInfo& info() const override { return info_; }
    const core::Schema& schema() const override { return schema_; }
    const std::vector<core::Phase>& phases() const override { return phases_; }
    std::vector<core::Headline> headlines() const override;
    core::Validation check(const core::Params& p) const override;
    core::WorkPlan plan(const core::Params& p) const override;
    double units_per_second() const override { return kUnitsPerSecond; }
    std::unique_ptr<core::LabRun> start(const core::Params& p, uint64_t seed) const override;
    core::TestSizes test_sizes() const override;
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp

    const Run& run() const { return run_as<Run>(); }   // for tests

private:
    core::LabInfo info_;
    core::Schema schema_;
    std::vector<core::Phase> phases_;
};

}   // namespace latent
