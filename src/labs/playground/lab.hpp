// The playground lab: a mixture of experts trained live on points on the plane, and the practice of routing (top-k,
// capacity, expert choice, L_aux, L_z, the balancing bias, a shared expert) as switches. The declaration (lab.cpp:
// schema, presets, phases, checks, the plan; tour.cpp; comparisons.cpp); the live run is Run (run.hpp).
#pragma once
#include "core/lab.hpp"
#include "labs/playground/run.hpp"

namespace playground {

class PlaygroundLab : public core::LabOf<Run> {
public:
    PlaygroundLab();
    core::Validation check(const Config& c) const override;
    core::WorkPlan plan(const Config& c) const override;
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // tour.cpp
    std::vector<core::Outcome> outcomes() const override;         // tour.cpp
};

}   // namespace playground
