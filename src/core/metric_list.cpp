#include "core/metric_list.hpp"
#include "core/runner.hpp"

namespace core {

std::vector<std::string> missing_headline_keys(const Lab& lab) {
    Runner run(lab);
    run.reset(Params(lab.schema()), 1);
    const std::vector<Metric> ms = run.metrics();
    std::vector<std::string> missing;
    for (const Headline& h : lab.headlines()) {
        bool found = false;
        for (const Metric& m : ms) found = found || m.key == h.key;
        if (!found) missing.push_back(h.key);
    }
    return missing;
}

}   // namespace core
