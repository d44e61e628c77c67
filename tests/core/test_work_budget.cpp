#include "core/work_budget.hpp"
#include <doctest/doctest.h>

TEST_CASE("WorkBudget: take() fills what is left, at least one item, at most what remains") {
    core::WorkBudget b(100);
    CHECK(!b.spent());
    CHECK(b.take(30, 1000) == 4);   // ceil(100 / 30): the last item may overrun
    CHECK(b.spent());
    CHECK(b.used() == doctest::Approx(120));
    CHECK(b.take(30, 1000) == 1);   // nothing left: still one item, so every slice progresses
    core::WorkBudget c(100);
    CHECK(c.take(10, 3) == 3);   // only 3 remain in the loop
    CHECK(c.left() == doctest::Approx(70));
    CHECK(c.take(10, 0) == 0);    // the loop is finished: no item
    CHECK(c.fit(10, 100) == 7);   // fit() counts without charging
    CHECK(c.left() == doctest::Approx(70));
    CHECK(c.left() >= 70);   // 70 more units stay within, 70.5 would not
    CHECK(c.left() < 70.5);
}

TEST_CASE("WorkBudget: a resumable loop does all items over several slices, each bounded") {
    long i = 0, slices = 0;
    const long n = 1000;
    const double cost = 7, units = 100;
    while (i < n) {
        core::WorkBudget b(units);
        while (!b.spent() && i < n) i += b.take(cost, n - i);
        CHECK(b.used() < units + cost);   // overruns by less than one item
        ++slices;
    }
    CHECK(i == n);
    CHECK(slices == (n + 14) / 15);   // 15 items of 7 per slice (105 ≥ 100)
}
