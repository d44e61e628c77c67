#include "core/metric_list.hpp"

namespace core {

std::vector<std::string> missing_headline_keys(Lab& lab) {
    Params p(lab.schema());
    lab.reset(p, 1);
    const std::vector<Metric> ms = lab.metrics();
    std::vector<std::string> missing;
    for (const Headline& h : lab.headlines()) {
        bool found = false;
        for (const Metric& m : ms) found = found || m.key == h.key;
        if (!found) missing.push_back(h.key);
    }
    return missing;
}

}   // namespace core
