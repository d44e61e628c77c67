// Guided tours (core/tour.hpp): a step's configuration, whether a run has reached a step, and which answer
// of a step's question a run's metrics support.
#include "core/tour.hpp"
#include "core/compare.hpp"
#include "core/lab.hpp"
#include "core/share_link.hpp"
#include <cmath>

namespace core {

int supported_answer(const TourQuestion& q, const std::vector<Metric>& metrics) {
    for (size_t k = 0; k < q.answers.size(); ++k) {
        const TourAnswer& a = q.answers[k];
        if (a.metric.empty()) return int(k);
        const Metric* m = nullptr;
        for (const Metric& x : metrics)
            if (x.key == a.metric) m = &x;
        if (!m || !std::isfinite(m->value)) return -1;   // the run cannot decide it (yet)
        if (a.above ? m->value > a.bound : m->value < a.bound) return int(k);
    }
    return -1;
}

RunConfig tour_config(const Lab& lab, const RunConfig& running, const std::vector<TourStep>& steps, int k) {
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

bool tour_step_reached(const TourStep& s, const Lab& lab) {
    switch (s.until) {
    case TourStep::Until::Now: return true;
    case TourStep::Until::Phase: return lab.phase() >= s.phase || finished(lab);
    case TourStep::Until::Progress: return lab.progress() >= s.progress || finished(lab);
    case TourStep::Until::End: return finished(lab);
    }
    return true;
}

}   // namespace core
