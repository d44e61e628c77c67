// Limits every lab's check() applies, one rule for all labs: memory and total work.
//
// For lab authors, at the end of check(p) (or, simpler, core::check_work(v, work_plan(p), kUnitsPerSecond)
// with the run's core::WorkPlan, core/work_plan.hpp, which also gives progress()):
//   core::check_memory(v, bytes, "the data set");        // bytes: the run's largest allocations, estimated
//   const double units = data_units + train_units + eval_units;   // the whole run, in step()'s cost units
//   core::check_work(v, units / kUnitsPerSecond,          // → estimated native seconds (measured rate)
//                    train_units >= eval_units ? "lower T or n" : "lower n_test or raise eval_every");
// check_work() refuses runs above kMaxNativeSeconds (about 10 minutes natively, 30 in the page) with
// "…: <what to reduce>" and warns above kSlowNativeSeconds. Name in `reduce` the parameters that
// dominate the estimate, by their schema names, so the user knows what to change.
#pragma once
#include <string>

namespace core {

struct Validation;

constexpr double kMemoryBudgetBytes = 1.0e9;   // the page's WebAssembly heap is capped at 2 GB
constexpr double kMaxNativeSeconds = 600;      // more: an error, the page cannot finish it
constexpr double kSlowNativeSeconds = 20;      // more: a warning
constexpr double kBrowserSlowdown = 3;         // WebAssembly in the page vs native (measured 1–3×, upper end)

// An error when `bytes` exceeds kMemoryBudgetBytes ("<what> needs about … GB of memory …"), in the page's language
// (`what`, the lab's English, translated here).
void check_memory(Validation& v, double bytes, const std::string& what);

// An error above kMaxNativeSeconds ("This run needs about 40 min of computation natively (…), over the
// 10 min limit: <reduce>"), a warning ("Heavy run: …") above kSlowNativeSeconds; nothing below. Both in the page's
// language (core/words.hpp), `reduce` as given: check_work(v, plan, …) (core/work_plan.hpp) gives it translated.
void check_work(Validation& v, double native_seconds, const std::string& reduce);

// Runs at once: compare mode's A and B, reproduce's seeds on threads. While a SharedLimits lives,
// check_memory and check_work allow each run 1/runs of the memory and work above, and say so; nested ones
// multiply (compare --jobs 2: 2 pairs, 4 runs). Set it on the main thread, around validation only.
class SharedLimits {
public:
    explicit SharedLimits(int runs);
    ~SharedLimits();
    SharedLimits(const SharedLimits&) = delete;
    SharedLimits& operator=(const SharedLimits&) = delete;

private:
    int previous_;
};

// "40 s", "12 min", "1.5 h": for messages about durations (in the page's language: "1,5 h").
std::string duration_text(double seconds);

}   // namespace core
