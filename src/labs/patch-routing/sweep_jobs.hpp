// The sample-complexity sweep (N × model × seed) and the l × N threshold grid (separate pMoE), as core::Sweep
// jobs: one RunJob per point and repetition trains a model on the first N samples of its repetition's pool
// (Run::pool_step), then routes the test set.
#pragma once
#include "core/sweep.hpp"
#include "labs/patch-routing/run.hpp"
#include <cstdint>

namespace patch_routing {

// Adds the points to `sw` and starts it from `seed`: the sweep's series are the models (Arch), x = N; the grid's
// series are l = 1 … grid_lmax, x = N.
void start_sweep(core::Sweep& sw, Run& run, uint64_t seed);
void start_grid(core::Sweep& grid, Run& run, uint64_t seed);

// How far a training run is, 0..1: by epochs against the cap (an upper bound: most runs stop earlier).
double run_fraction(const Trainer& t, const TrainSpec& ts);

}   // namespace patch_routing
