// A tour as a run plays it (core/tour.hpp declares the steps): the configuration a step opens, and whether
// the run has reached what the step runs to.
#pragma once
#include "core/tour.hpp"
#include "session/share_link.hpp"   // RunConfig
#include <cstdint>
#include <vector>

namespace session {

// The configuration of step k: the last preset named up to k (or the lab's first), then every parameter
// change from that step on; the seed stays the running one.
RunConfig tour_config(const core::Lab& lab, const RunConfig& running, const std::vector<core::TourStep>& steps, int k);

// Whether the run has reached what step s runs to (its phase, its fraction of the run, or the end).
bool tour_step_reached(const core::TourStep& s, const core::Runner& run);

// The answer to step k's question that the step's run supports on `seed` (its configuration from the lab's default
// run, trained to the step's moment), or -1 when the run cannot decide it (a failure, a missing metric).
int question_run_answer(const core::Lab& lab, const std::vector<core::TourStep>& steps, int k, uint64_t seed);

}   // namespace session
