#include "core/lab.hpp"
#include "core/words.hpp"
#include <cmath>

namespace core {

Validation validate(const Lab& lab, const Params& p) {
    Validation v;
    v.errors = p.range_errors();
    if (!v.errors.empty()) return v;   // cross checks assume each value is in range
    WorkPlan plan;
    Validation c = lab.check(p, plan);
    v.errors.insert(v.errors.end(), c.errors.begin(), c.errors.end());
    v.warnings = c.warnings;
    if (plan.parts() > 0) check_work(v, plan, lab.units_per_second());
    return v;
}

std::string missing_reason(const Metric& m) {
    if (std::isfinite(m.value)) return "";
    if (std::isnan(m.value)) return m.when_nan.empty() ? "NaN" : tr(m.when_nan);   // words: not shown (NaN: JSON)
    return m.value > 0 ? "inf" : "-inf";
}

}   // namespace core
