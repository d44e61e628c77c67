// Phase 3: success rate (E_reg < 0.05) against n, as core::Sweep jobs: L_4 (fixed data, GD) at d and at d₂, and
// ℓ2 (SGD) at d. Repetition r uses the seed of run r, so each curve is computed on nested prefixes of one data
// stream per seed (the job at n draws that stream's first n samples) and at the largest n the d-curves replay
// the runs of Phase 1.
#pragma once
#include "core/sweep.hpp"
#include "labs/gated-regression/config.hpp"
#include "labs/gated-regression/trial.hpp"

namespace gated {

enum SweepSeries { kSweepL4 = 0, kSweepL4d2 = 1, kSweepL2 = 2 };

void start_sweep(core::Sweep& sw, const Config& c, const LinkConstants& kc, uint64_t seed);
// success rates: at the smallest and the largest n (L_4 at d), at the largest n (L_4 at d₂), ℓ2's maximum over n
void sweep_summary(const core::Sweep& sw, const Config& c, Summary& s);

}   // namespace gated
