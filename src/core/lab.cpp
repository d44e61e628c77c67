#include "core/lab.hpp"
#include "core/words.hpp"
#include "core/workers.hpp"
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

std::string run_to_end(Lab& lab) {
    while (!lab.done() && lab.failure().empty()) lab.step();
    return lab.failure();
}

Lab::Lab() = default;
Lab::~Lab() = default;

void Lab::set_threads(int threads, uint64_t shuffle) {
    workers_ = threads > 1 || shuffle != 0 ? std::make_unique<Workers>(threads, shuffle) : nullptr;
}

void Lab::reset(const Params& p, uint64_t seed) {
    run_.reset();   // the old run's memory goes before the new one's is taken
    run_ = start(p, seed, plan_);
    charged_ = 0;
    waiting_ = false;
}

void Lab::serve_sweeps() {
    if (run_) run_->serve_sweeps();
}

void Lab::step() { step_units(units_per_second() * kSliceSeconds); }

void Lab::step_units(double units) {
    if (!run_ || done()) return;
    WorkBudget budget(units, workers_.get(), remote_);
    run_->step(budget);
    charged_ += budget.used();
    waiting_ = budget.waiting();
}

bool Lab::done() const { return !run_ || run_->done(); }
std::string Lab::failure() const { return run_ ? run_->failure() : ""; }
int Lab::phase() const { return run_ ? plan_.phase(run_->where()) : 0; }
double Lab::progress() const { return run_ ? plan_.progress(run_->where()) : 0.0; }
std::string Lab::clock() const { return run_ ? plan_.clock(run_->where()) : ""; }
std::vector<Metric> Lab::metrics() const { return run_ ? run_->metrics() : std::vector<Metric>{}; }
const Table& Lab::trace() const {
    static const Table none;
    return run_ ? run_->trace() : none;
}
void Lab::views(std::vector<View>& out) const {
    if (run_) run_->views(out);
}

}   // namespace core
