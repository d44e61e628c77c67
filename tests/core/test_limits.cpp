#include "core/lab.hpp"
#include "core/limits.hpp"
#include "core/work_plan.hpp"
#include <doctest/doctest.h>

namespace {
bool has(const std::vector<std::string>& v, const std::string& s) {
    for (const auto& e : v)
        if (e.find(s) != std::string::npos) return true;
    return false;
}
}   // namespace

TEST_CASE("work limit: an error above ~10 min natively, saying what to reduce; a warning above 20 s") {
    core::Validation fast;
    core::check_work(fast, 5, "lower T");
    CHECK(fast.ok());
    CHECK(fast.warnings.empty());

    core::Validation slow;
    core::check_work(slow, 90, "lower T");
    CHECK(slow.ok());
    REQUIRE(slow.warnings.size() == 1);
    CHECK(has(slow.warnings, "Heavy run: about 90 s natively"));
    CHECK(has(slow.warnings, "lower T"));

    core::Validation huge;
    core::check_work(huge, 2400, "lower T1 or T3");
    REQUIRE(huge.errors.size() == 1);
    CHECK(has(huge.errors, "about 40 min of computation natively"));
    CHECK(has(huge.errors, "over the 10 min limit: lower T1 or T3"));
    CHECK(huge.warnings.empty());

    core::Validation edge;
    core::check_work(edge, core::kMaxNativeSeconds, "x");   // at the limit: allowed, with a warning
    CHECK(edge.ok());
    CHECK(edge.warnings.size() == 1);
}

TEST_CASE("duration_text picks seconds, minutes or hours") {
    CHECK(core::duration_text(42) == "42 s");
    CHECK(core::duration_text(600) == "10 min");
    CHECK(core::duration_text(5400) == "90 min");
    CHECK(core::duration_text(9000) == "2.5 h");
}

TEST_CASE("WorkPlan: progress runs through the parts by their work, exactly 1 at the end") {
    core::WorkPlan w;
    CHECK(w.progress(0, 0.5) == 1.0);   // empty plan: nothing to do
    const int data = w.add(0, "drawing the data", 10, "lower n");
    const int skip = w.add(0, "an empty part", 0);
    const int train = w.add(0, "training", 30, "lower T");
    CHECK(w.total() == 40);
    CHECK(w.progress(data, 0) == 0.0);
    CHECK(w.progress(data, 0.5) == doctest::Approx(0.125));   // data generation moves the bar
    CHECK(w.progress(skip, 0.7) == doctest::Approx(0.25));
    CHECK(w.progress(train, 0.5) == doctest::Approx(0.625));
    CHECK(w.progress(train, 1.0) == 1.0);
    CHECK(w.progress(train, 2.0) == 1.0);   // clamped
    CHECK(w.largest().what == "training");

    core::Validation v;
    core::check_work(v, w, 40.0 / 3000);   // 3000 s
    REQUIRE(v.errors.size() == 1);
    CHECK(has(v.errors, "training dominates: lower T"));
}
