// The gated-regression lab: Makkuva, Oh, Kannan, Viswanath, "Learning in Gated Neural Networks".
// Phase 1 trains, on the same data from the same seeds, L_4 (eq. 7: the experts), ℓ2 (squared loss, jointly)
// and optionally EM (not in the paper); several runs side by side (one thin line each, a bold median).
// Phase 2 freezes A ∈ {A*, Â from L_4, Â from ℓ2} and runs projected GD on L_log (eq. 9) from one random W₀.
// Phase 3 sweeps the success rate against n (core::Sweep), nested prefixes of one stream per seed.
// The declaration: schema, presets, phases, headlines and checks in lab.cpp, the plan in costs.cpp, the tour in
// tour.cpp, the comparisons in comparisons.cpp. The live run is Run (run.hpp), made by start().
#pragma once
#include "core/lab.hpp"
#include "labs/gated-regression/run.hpp"

namespace gated {

class GatedRegressionLab : public core::Lab {
public:
    GatedRegressionLab();
    const core::LabInfo& info() const override { return info_; }
    const core::Schema& schema() const override { return schema_; }
    const std::vector<core::Phase>& phases() const override { return phases_; }
    std::vector<core::Headline> headlines() const override;
    core::Validation check(const core::Params& p) const override;
    core::WorkPlan plan(const core::Params& p) const override;
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

}   // namespace gated
