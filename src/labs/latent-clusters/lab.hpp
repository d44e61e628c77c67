// The latent-clusters lab (Kawata et al., paper 004): declarations shared by lab.cpp (schema,
// presets, phases, metrics) and views.cpp (the plots).
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
    void reset(const core::Params& p, uint64_t seed) override { run_.reset(config_from(p), seed); }
    void step() override { run_.step(); }
    bool done() const override { return run_.done() || !run_.failure().empty(); }
    std::string failure() const override { return run_.failure(); }
    int phase() const override { return run_.phase(); }
    double progress() const override { return run_.progress(); }
    std::string clock() const override { return run_.clock(); }
    std::vector<core::Metric> metrics() const override;
    const core::Table& trace() const override { return run_.trace(); }
    void views(std::vector<core::View>& out) const override;
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp

    const Run& run() const { return run_; }

private:
    core::LabInfo info_;
    core::Schema schema_;
    std::vector<core::Phase> phases_;
    Run run_;
};

}   // namespace latent
