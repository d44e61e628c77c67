// The cluster-experts lab: Chen, Deng, Wu, Gu, Li (2022), "Towards Understanding Mixture of Experts
// in Deep Learning". The declaration: schema, presets, phases, checks and the plan in lab.cpp, the tour in
// tour.cpp, the comparisons in comparisons.cpp. The live run is Run (run.hpp), made by start().
// "notes §N" are sections of the implementation notes ../shared/papers/001-cluster-experts.md, kept beside
// the repository (src/labs/README.md).
#pragma once
#include "core/lab.hpp"
#include "labs/cluster-experts/run.hpp"

namespace cluster_experts {

// The run's parts (drawing the data; training with its evaluations) in multiply-adds (lab.cpp).
core::WorkPlan work_plan(const core::Params& p);

class ClusterExpertsLab : public core::Lab {
public:
    ClusterExpertsLab();
    const core::LabInfo& info() const override { return info_; }
    const core::Schema& schema() const override { return schema_; }
    const std::vector<core::Phase>& phases() const override { return phases_; }
    std::vector<core::Headline> headlines() const override;
    core::Validation check(const core::Params& p) const override;
    core::WorkPlan plan(const core::Params& p) const override { return work_plan(p); }
    double units_per_second() const override;
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

}   // namespace cluster_experts
