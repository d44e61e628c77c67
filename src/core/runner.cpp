#include "core/runner.hpp"
#include "core/workers.hpp"

namespace core {

Runner::Runner(const Lab& lab) : lab_(lab) {}
Runner::~Runner() = default;

std::string run_to_end(Runner& run) {
    while (!run.done() && run.failure().empty()) run.step();
    return run.failure();
}

void Runner::set_threads(int threads, uint64_t shuffle) {
    workers_ = threads > 1 || shuffle != 0 ? std::make_unique<Workers>(threads, shuffle) : nullptr;
}

void Runner::reset(const Params& p, uint64_t seed) {
    run_.reset();   // the old run's memory goes before the new one's is taken
    run_ = lab_.start(p, seed, plan_);
    charged_ = 0;
    waiting_ = false;
    read_ = text_.empty() ? TextRead{} : run_->read_text(text_);
}

TextRead Runner::read_text(const std::string& text) {
    read_ = run_ ? run_->read_text(text) : TextRead{};
    if (!read_.refused) text_ = text;   // (a refused text is not kept for the runs after: the last one stays)
    return read_;
}

void Runner::serve_sweeps() {
    if (run_) run_->serve_sweeps();
}

void Runner::step() { step_units(lab_.units_per_second() * kSliceSeconds); }

void Runner::step_units(double units) {
    if (!run_ || done()) return;
    WorkBudget budget(units, workers_.get(), remote_);
    run_->step(budget);
    charged_ += budget.used();
    waiting_ = budget.waiting();
}

bool Runner::done() const { return !run_ || run_->done(); }
std::string Runner::failure() const { return run_ ? run_->failure() : ""; }
int Runner::phase() const { return run_ ? plan_.phase(run_->where()) : 0; }
double Runner::progress() const { return run_ ? plan_.progress(run_->where()) : 0.0; }
std::string Runner::clock() const { return run_ ? plan_.clock(run_->where()) : ""; }
std::vector<Metric> Runner::metrics() const { return run_ ? run_->metrics() : std::vector<Metric>{}; }
const Table& Runner::trace() const {
    static const Table none;
    return run_ ? run_->trace() : none;
}
void Runner::views(std::vector<View>& out) const {
    if (run_) run_->views(out);
}

}   // namespace core
