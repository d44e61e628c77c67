// Random streams of the gated-regression lab: one root per run (core::Sweep::rep_seed(seed, r), the same seed as
// repetition r of the sweep, so the sweep's largest n at d replays run r's data), split by purpose.
#pragma once
#include "core/rng.hpp"
#include "core/sweep.hpp"

namespace gated {

enum Stream : uint64_t {
    kTruthStream = 1,
    kTestStream,
    kDataStream,
    kInitL4Stream,
    kInitL2Stream,
    kShuffleStream,
    kBatchStream,
    kW0Stream
};

inline uint64_t run_seed(uint64_t seed, int r) { return core::Sweep::rep_seed(seed, r); }
inline core::Rng stream(uint64_t root_seed, Stream s) { return core::Rng(root_seed).split(s); }

}   // namespace gated
