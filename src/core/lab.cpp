#include "core/lab.hpp"
#include <cmath>
#include <cstdio>

namespace core {

Validation validate(const Lab& lab, const Params& p) {
    Validation v;
    v.errors = p.range_errors();
    if (!v.errors.empty()) return v;   // cross checks assume each value is in range
    Validation c = lab.check(p);
    v.errors.insert(v.errors.end(), c.errors.begin(), c.errors.end());
    v.warnings = c.warnings;
    return v;
}

std::string missing_reason(const Metric& m) {
    if (std::isfinite(m.value)) return "";
    if (std::isnan(m.value)) return m.when_nan.empty() ? "NaN" : m.when_nan;
    return m.value > 0 ? "inf" : "-inf";
}

std::string run_to_end(Lab& lab) {
    while (!lab.done() && lab.failure().empty()) lab.step();
    return lab.failure();
}

void check_memory(Validation& v, double bytes, const std::string& what) {
    if (bytes <= kMemoryBudgetBytes) return;
    char buf[200];
    std::snprintf(buf, sizeof buf, "%s needs about %.1f GB of memory (limit %.1f GB): make it smaller",
                  what.c_str(), bytes / 1e9, kMemoryBudgetBytes / 1e9);
    v.errors.push_back(buf);
}

} // namespace core
