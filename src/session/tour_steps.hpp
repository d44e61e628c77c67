// A tour as a run plays it (core/tour.hpp declares the steps): the configuration a step opens, and whether
// the run has reached what the step runs to.
#pragma once
#include "core/tour.hpp"
#include "session/run_seeds.hpp"    // SeedResult
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

// The steps whose question the end of run c decides, seed for seed, as the question's own runs do: each runs to the
// end, and its configuration is c's, parameter for parameter. A reproduction of c over seeds 1–kQuestionSeeds
// (moe-lab reproduce) checks what those questions declare of the seeds, with no run of its own.
std::vector<int> questions_decided_at_end(const core::Lab& lab, const std::vector<core::TourStep>& steps,
                                          const RunConfig& c);

// The preset whose reproduction decides step k's question (questions_decided_at_end): the step's configuration is
// that preset's own, and the step runs to the end; "" for any other step. scripts/check-outcomes.sh reproduces it.
std::string question_preset(const core::Lab& lab, const std::vector<core::TourStep>& steps, int k);

// What a reproduction of c over seeds 1–kQuestionSeeds says of each question it decides: the seeds on which the run
// supports another answer than the paper's (a failed run supports none), beside the seeds the question declares
// (TourQuestion::unlike_paper). Empty for runs of other seeds.
struct QuestionSeeds {
    int step = 0;                        // the tour's step, from 0
    std::vector<int> unlike, declared;   // in seed order
    bool as_declared() const { return unlike == declared; }
};
std::vector<QuestionSeeds> question_seeds(const core::Lab& lab, const RunConfig& c,
                                          const std::vector<SeedResult>& runs);

}   // namespace session
