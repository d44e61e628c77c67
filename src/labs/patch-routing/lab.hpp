// The patch-routing lab (Chowdhury et al. 2023, pMoE): the declaration. Schema, presets, phases, headlines, checks
// and the plan in lab.cpp, the tour in tour.cpp, the comparisons in comparisons.cpp. The live run is Run (run.hpp), made by start(). "§N" after docs/labs/patch-routing.md is a
// section of the lab's own document (data model, choices where the paper is silent, typos, measurements).
#pragma once
#include "core/lab.hpp"
#include "labs/patch-routing/run.hpp"

namespace patch_routing {

core::Validation check_params(const Config& c);
std::vector<core::Phase> make_phases();

class PatchRoutingLab : public core::LabOf<Run> {
public:
    PatchRoutingLab();
    core::Validation check(const Config& c) const override { return check_params(c); }
    core::WorkPlan plan(const Config& c) const override { return work_plan(c); }
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp
    std::vector<core::Outcome> outcomes() const override;         // outcomes.cpp
};

}   // namespace patch_routing
