#include "core/lab.hpp"
#include <cmath>

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

}   // namespace core
