// Guided tours (core/tour.hpp): which answer of a step's question a run's metrics support.
#include "core/tour.hpp"
#include "core/lab.hpp"
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

}   // namespace core
