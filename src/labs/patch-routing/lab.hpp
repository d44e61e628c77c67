// The patch-routing lab (Chowdhury et al. 2023, pMoE): the declaration. Schema, presets, phases, checks and
// the plan in schema.cpp, headlines and test sizes in lab.cpp, the tour in tour.cpp, the comparisons in
// comparisons.cpp. The live run is Run (run.hpp), made by start(). "notes §N" are sections of the
// implementation notes ../shared/papers/000-patch-routing.md, kept beside the repository (src/labs/README.md).
#pragma once
#include "core/lab.hpp"
#include "labs/patch-routing/run.hpp"

namespace patch_routing {

core::Schema make_schema();
core::Validation check_params(const core::Params& p);
std::vector<core::Phase> make_phases();

class PatchRoutingLab : public core::Lab {
public:
    PatchRoutingLab();
    const core::LabInfo& info() const override { return info_; }
    const core::Schema& schema() const override { return schema_; }
    const std::vector<core::Phase>& phases() const override { return phases_; }
    std::vector<core::Headline> headlines() const override;
    core::Validation check(const core::Params& p) const override { return check_params(p); }
    core::WorkPlan plan(const core::Params& p) const override { return work_plan(make_config(p)); }
    double units_per_second() const override { return kUnitsPerSecond; }
    std::unique_ptr<core::LabRun> start(const core::Params& p, uint64_t seed) const override {
        return std::make_unique<Run>(p, seed);
    }
    core::TestSizes test_sizes() const override;
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp
    const Run& run() const { return run_as<Run>(); }              // for tests

private:
    core::LabInfo info_;
    core::Schema schema_;
    std::vector<core::Phase> phases_;
};

}   // namespace patch_routing
