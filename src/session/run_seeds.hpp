// Many seeds of one configuration, each on its own copy of the lab, on up to `jobs` threads: `moe-lab
// reproduce --jobs N` (fewer seeds than threads: the rest run the seeds' sweep jobs). Every seed writes its own slot, so the results, in seed order, are the same bits for
// every number of jobs and every order in which the seeds finish (tests/core/test_run_seeds.cpp forces a
// shuffled order). WebAssembly has no threads here: there `jobs` is 1.
#pragma once
#include "core/lab.hpp"
#include "session/share_link.hpp"
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace session {

struct SeedResult {
    uint64_t seed = 0;
    std::vector<core::Metric> metrics;   // at the end of the run (or where it stopped)
    std::string failure;                 // "" when it finished
};

// How many threads this machine runs at once (1 in WebAssembly, or when it cannot tell).
int machine_jobs();

// Calls f(i) once for every i in [0, n), on up to `jobs` threads (the calling thread is one of them), taking
// the indices in `order` when it is given (a permutation of 0..n−1: tests shuffle it). An exception in f is
// rethrown here once every thread has stopped.
void for_each_index(int n, int jobs, const std::function<void(int)>& f, const std::vector<int>& order = {});

// When `jobs` threads run `runs` runs, the threads each run gives its sweep's jobs (core::Runner::set_threads):
// the ones left over once every run has a thread of its own.
int sweep_threads(int jobs, int runs);

// Runs c (validated) with seeds first, first + 1, …, first + seeds − 1; `done(k)` is called, one call at a
// time, after each of the k finished seeds.
std::vector<SeedResult> run_seeds(const RunConfig& c, int seeds, uint64_t first, int jobs,
                                  const std::function<void(int)>& done = {}, const std::vector<int>& order = {});

}   // namespace session
