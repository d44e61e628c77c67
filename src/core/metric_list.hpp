// MetricList: builds a lab's metrics() with one rule for numbers that do not apply. Every run of a lab
// lists the same keys, in the same order, whatever its configuration and however far it is: a number that
// does not exist for this configuration (a baseline switched off) or not yet (measured in a later phase)
// is NaN with its reason in Metric::when_nan; outputs write it as null / "n/a" and `reproduce` counts it
// as "n/a", not as a value.
//
// For lab authors:
//   std::vector<core::Metric> MyLab::metrics() const {
//       core::MetricList m;
//       m.count("t", "Iteration t", t_);                                   // "%.0f"
//       m.percent("acc_moe", "MoE test accuracy (%)", acc_moe_);           // "%.2f"
//       m.add("entropy", "Dispatch entropy (eq. 6.1)", entropy_);          // "%.4f", or a format of your own
//       m.add_if(singles_, "acc_single", "Single model test accuracy", acc_single_, "%.2f", "singles = 0");
//       m.add_if(fitted_, "mse", "Test MSE", mse_, "%.3g", "measured in Phase IV");   // NaN until then
//       m.add("nstar", "N for 95 %", nstar_, "%.1f", "not reached within the sweep"); // NaN by design
//       return m.take();
//   }
// Headlines (Lab::headlines()) name metric keys: missing_headline_keys(lab) lists any that are not
// metrics (a test for every lab checks it is empty).
#pragma once
#include "core/lab.hpp"
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace core {

constexpr double kNotApplicable = std::numeric_limits<double>::quiet_NaN();

class MetricList {
public:
    // when_nan: why the value can be NaN by design (Metric::when_nan), if it can.
    MetricList& add(std::string key, std::string label, double value, std::string format = "%.4f",
                    std::string when_nan = "") {
        list_.push_back({std::move(key), std::move(label), value, std::move(format), std::move(when_nan)});
        return *this;
    }
    // `value` when `applies`, else NaN because `why_not` ("baselines = 0", "measured after Phase II"):
    // the key stays in the list. The same arguments as add(), in the same order.
    MetricList& add_if(bool applies, std::string key, std::string label, double value, std::string format,
                       std::string why_not) {
        return add(std::move(key), std::move(label), applies ? value : kNotApplicable, std::move(format),
                   std::move(why_not));
    }
    MetricList& count(std::string key, std::string label, double value) {
        return add(std::move(key), std::move(label), value, "%.0f");
    }
    MetricList& percent(std::string key, std::string label, double value) {
        return add(std::move(key), std::move(label), value, "%.2f");
    }
    std::vector<Metric> take() { return std::move(list_); }

private:
    std::vector<Metric> list_;
};

// Headline keys of `lab` that are not among its metrics() (after a reset to its defaults): should be none.
std::vector<std::string> missing_headline_keys(const Lab& lab);

}   // namespace core
