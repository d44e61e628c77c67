// A tour as a run plays it (session/tour_steps.hpp): a step's configuration, and whether a run has reached it.
#include "session/tour_steps.hpp"
#include "core/runner.hpp"
#include "session/compare.hpp"   // finished
#include <algorithm>

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

static bool asks_at_end(const core::TourStep& s) {
    return !s.question.prompt.empty() && s.until == core::TourStep::Until::End;
}

std::vector<int> questions_decided_at_end(const core::Lab& lab, const std::vector<core::TourStep>& steps,
                                          const RunConfig& c) {
    std::vector<int> decided;
    for (int k = 0; k < int(steps.size()); ++k)
        if (asks_at_end(steps[size_t(k)]) && tour_config(lab, c, steps, k).params == c.params) decided.push_back(k);
    return decided;
}

std::string question_preset(const core::Lab& lab, const std::vector<core::TourStep>& steps, int k) {
    if (!asks_at_end(steps[size_t(k)])) return "";
    const RunConfig c = tour_config(lab, default_config(lab), steps, k);
    core::Params preset(lab.schema());
    preset.apply_preset(c.preset);
    return c.params == preset ? c.preset : "";
}

std::vector<QuestionSeeds> question_seeds(const core::Lab& lab, const RunConfig& c,
                                          const std::vector<SeedResult>& runs) {
    if (int(runs.size()) != core::kQuestionSeeds) return {};
    for (size_t i = 0; i < runs.size(); ++i)
        if (runs[i].seed != i + 1) return {};
    const std::vector<core::TourStep> steps = lab.tour();
    std::vector<QuestionSeeds> checked;
    for (int k : questions_decided_at_end(lab, steps, c)) {
        const core::TourQuestion& q = steps[size_t(k)].question;
        QuestionSeeds s;
        s.step = k;
        for (const SeedResult& r : runs)
            if (!r.failure.empty() || core::supported_answer(q, r.metrics) != q.key) s.unlike.push_back(int(r.seed));
        s.declared = q.unlike_paper;
        std::sort(s.declared.begin(), s.declared.end());
        checked.push_back(std::move(s));
    }
    return checked;
}

}   // namespace session
