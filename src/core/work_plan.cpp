#include "core/work_plan.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>

namespace core {

int WorkPlan::add(int phase, std::string what, double units, std::string reduce, std::string counter) {
    parts_.push_back({phase, std::move(what), std::max(0.0, units), std::move(reduce), std::move(counter)});
    return int(parts_.size()) - 1;
}

void WorkPlan::elsewhere(int part, double units) {
    Part& p = parts_.at(size_t(part));
    p.elsewhere = std::clamp(units, 0.0, p.units);
}

double WorkPlan::units_elsewhere() const {
    double s = 0;
    for (const Part& p : parts_) s += p.elsewhere;
    return s;
}

int WorkPlan::last_elsewhere() const {
    for (int q = parts() - 1; q >= 0; --q)
        if (parts_[size_t(q)].elsewhere > 0) return q;
    return -1;
}

double WorkPlan::total() const {
    double s = 0;
    for (const Part& p : parts_) s += p.units;
    return s;
}

double WorkPlan::progress(int part, double fraction) const {
    if (part < 0) return 0.0;
    if (part >= parts()) return 1.0;
    const double f = std::clamp(fraction, 0.0, 1.0);
    const double all = total();
    if (all <= 0) return std::clamp((part + f) / parts(), 0.0, 1.0);   // no estimate: parts count alike
    double before = 0;
    for (int q = 0; q < part; ++q) before += parts_[size_t(q)].units;
    return std::clamp((before + f * parts_[size_t(part)].units) / all, 0.0, 1.0);
}

double WorkPlan::progress(const Where& w) const { return progress(w.part, w.of > 0 ? w.done / w.of : 0.0); }

std::string WorkPlan::clock(const Where& w) const {
    if (w.part < 0 || w.part >= parts()) return tr("done");
    const Part& p = parts_[size_t(w.part)];
    const std::string what = tr(p.what);   // the clock is shown: in the page's language (core/words.hpp)
    if (!w.detail.empty()) return what + ": " + w.detail;
    if (w.of <= 0) return what;
    if (p.counter.empty()) return trf("%s: %.0f %%", what.c_str(), 100 * std::clamp(w.done / w.of, 0.0, 1.0));
    return trf("%s: %s = %.0f / %.0f", what.c_str(), tr(p.counter).c_str(), std::floor(w.done),
               w.of);   // finished ones
}

int WorkPlan::phase(const Where& w) const {
    if (w.phase >= 0) return w.phase;
    if (parts_.empty()) return 0;
    return parts_[size_t(std::clamp(w.part, 0, parts() - 1))].phase;
}

const WorkPlan::Part& WorkPlan::largest() const {
    static const Part none;
    if (parts_.empty()) return none;
    return *std::max_element(parts_.begin(), parts_.end(),
                             [](const Part& a, const Part& b) { return a.units < b.units; });
}

void check_work(Validation& v, const WorkPlan& plan, double units_per_second) {
    const WorkPlan::Part& big = plan.largest();
    check_work(v, plan.total() / units_per_second,
               trf("%s dominates: %s", tr(big.what).c_str(), tr(big.reduce).c_str()));   // (the lab's texts)
}

}   // namespace core
