#include "core/work_plan.hpp"
#include "core/limits.hpp"
#include <algorithm>

namespace core {

int WorkPlan::add(std::string what, double units, std::string reduce) {
    parts_.push_back({std::move(what), std::max(0.0, units), std::move(reduce)});
    return int(parts_.size()) - 1;
}

double WorkPlan::total() const {
    double s = 0;
    for (const Part& p : parts_) s += p.units;
    return s;
}

double WorkPlan::progress(int part, double fraction) const {
    if (part < 0) return 0.0;
    if (part >= parts()) return 1.0;
    const double all = total();
    if (all <= 0)
        return std::clamp((part + std::clamp(fraction, 0.0, 1.0)) / parts(), 0.0,
                          1.0);   // no estimate: parts count alike
    double before = 0;
    for (int q = 0; q < part; ++q) before += parts_[size_t(q)].units;
    const double f = std::clamp(fraction, 0.0, 1.0);
    return std::clamp((before + f * parts_[size_t(part)].units) / all, 0.0, 1.0);
}

const WorkPlan::Part& WorkPlan::largest() const {
    static const Part none;
    if (parts_.empty()) return none;
    return *std::max_element(parts_.begin(), parts_.end(),
                             [](const Part& a, const Part& b) { return a.units < b.units; });
}

void check_work(Validation& v, const WorkPlan& plan, double units_per_second) {
    const WorkPlan::Part& big = plan.largest();
    check_work(v, plan.total() / units_per_second, big.what + " dominates: " + big.reduce);
}

}   // namespace core
