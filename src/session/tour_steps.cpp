// A tour as a run plays it (session/tour_steps.hpp): a step's configuration, and whether a run has reached it.
#include "session/tour_steps.hpp"
#include "core/runner.hpp"
#include "session/compare.hpp"   // finished

namespace session {

RunConfig tour_config(const core::Lab& lab, const RunConfig& running, const std::vector<core::TourStep>& steps, int k) {
    RunConfig c = default_config(lab);
    c.seed = running.seed;
    int from = 0;
    for (int j = 0; j <= k; ++j)
        if (!steps[size_t(j)].preset.empty()) {
            c.preset = steps[size_t(j)].preset;
            from = j;
        }
    c.params.apply_preset(c.preset);
    for (int j = from; j <= k; ++j)
        for (const auto& [name, value] : steps[size_t(j)].set) c.params.set(name, value);
    return c;
}

bool tour_step_reached(const core::TourStep& s, const core::Runner& run) {
    switch (s.until) {
    case core::TourStep::Until::Now: return true;
    case core::TourStep::Until::Phase: return run.phase() >= s.phase || finished(run);
    case core::TourStep::Until::Progress: return run.progress() >= s.progress || finished(run);
    case core::TourStep::Until::End: return finished(run);
    }
    return true;
}

int question_run_answer(const core::Lab& lab, const std::vector<core::TourStep>& steps, int k, uint64_t seed) {
    RunConfig base = default_config(lab);
    base.seed = seed;
    const RunConfig c = tour_config(lab, base, steps, k);
    core::Runner run(lab);
    run.reset(c.params, c.seed);
    while (!tour_step_reached(steps[size_t(k)], run) && !run.done() && run.failure().empty()) run.step();
    return run.failure().empty() ? supported_answer(steps[size_t(k)].question, run.metrics()) : -1;
}

}   // namespace session
