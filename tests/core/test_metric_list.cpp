#include "core/metric_list.hpp"
#include <cmath>
#include <doctest/doctest.h>

TEST_CASE("MetricList: formats, and a metric that does not apply is NaN with its reason, never left out") {
    core::MetricList m;
    m.count("t", "Iteration t", 40);
    m.percent("acc", "Accuracy (%)", 97.5);
    m.add("loss", "Loss", 0.25);
    m.add_if(false, "acc_single", "Single model accuracy", 80, "%.4f", "singles = 0: not trained");
    m.add_if(true, "mse", "Test MSE", 0.5, "%.3g", "measured in Phase IV");
    const std::vector<core::Metric> v = m.take();
    REQUIRE(v.size() == 5);
    CHECK(v[0].format == "%.0f");
    CHECK(v[1].format == "%.2f");
    CHECK(v[2].format == "%.4f");
    CHECK(v[2].when_nan.empty());
    CHECK(v[3].key == "acc_single");
    CHECK(std::isnan(v[3].value));
    CHECK(v[3].when_nan == "singles = 0: not trained");
    CHECK(v[4].value == 0.5);
    CHECK(v[4].format == "%.3g");
}
