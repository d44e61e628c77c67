// The sweep over (criterion, ρ) and the pruning step t, as core::Sweep jobs: one PruneJob per point and repetition
// (series: SeriesLayout, run.hpp). Repetition r prunes the fine-tuned model of seed r, its Pipeline (the main run's
// for r = 0), and the main run's post-FT timeline goes before its post-FT points (Run::timeline_step).
#pragma once
#include "core/sweep.hpp"
#include "labs/expert-pruning/run.hpp"
#include <cstdint>

namespace expert_pruning {

// Adds the sweep's points to `sw` and starts it: `reps` repetitions from `seed`, the jobs working on run's pipelines.
void start_sweep(core::Sweep& sw, Run& run, int reps, uint64_t seed);

}   // namespace expert_pruning
