// The gated-regression lab: Makkuva, Oh, Kannan, Viswanath, "Learning in Gated Neural Networks".
// Phase 1 trains, on the same data from the same seeds, L_4 (eq. 7: the experts), ℓ2 (squared loss, jointly)
// and optionally EM (not in the paper); several runs side by side (one thin line each, a bold median).
// Phase 2 freezes A ∈ {A*, Â from L_4, Â from ℓ2} and runs projected GD on L_log (eq. 9) from one random W₀.
// Phase 3 sweeps the success rate against n (core::Sweep), nested prefixes of one stream per seed.
// The declaration: schema, presets, phases, headlines, checks and the plan in lab.cpp, the tour in tour.cpp, the
// comparisons in comparisons.cpp. The live run is Run (run.hpp), made by start().
#pragma once
#include "core/lab.hpp"
#include "labs/gated-regression/run.hpp"

namespace gated {

class GatedRegressionLab : public core::LabOf<Run> {
public:
    GatedRegressionLab();
    core::Validation check(const Config& c) const override;
    core::WorkPlan plan(const Config& c) const override;
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp
    std::vector<core::Outcome> outcomes() const override;         // outcomes.cpp
};

}   // namespace gated
