// The token-routing lab: a tiny mixture-of-experts language model and what its router learns, measured as
// the language-model papers measure it (Mixtral §5; OpenMoE; ST-MoE §7; Switch §3). The declaration (lab.cpp: the
// parameters and presets, phases, headlines, checks, the plan; tour.cpp; outcomes.cpp; comparisons.cpp). The live run
// is Run (run.hpp), made by start(). "§N" after docs/labs/token-routing.md is a section of the lab's own document.
#pragma once
#include "labs/token-routing/run.hpp"
#include "core/lab.hpp"

namespace token_routing {

// The one calibration: units of work per second natively (-O3), measured by `moe-lab bench --lab token-routing`.
inline constexpr double kUnitsPerSecond = 5.3e9;   // measured 5.27–5.34e9 (moe-lab bench, default preset)

core::WorkPlan work_plan(const Config& c);

class TokenRoutingLab : public core::LabOf<Run> {
public:
    TokenRoutingLab();
    core::Validation check(const Config& c) const override;
    core::WorkPlan plan(const Config& c) const override;
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp
    std::vector<core::Outcome> outcomes() const override;         // outcomes.cpp
};

}   // namespace token_routing
