#include "core/thin.hpp"
#include <doctest/doctest.h>

TEST_CASE("ThinnedRows keeps every stride-th row, at most cap (+ the latest), and always the latest") {
    core::ThinnedRows r;
    r.reset(10);
    for (int t = 0; t < 1000; ++t) {
        r.push({double(t), 2.0 * t});
        REQUIRE(r.size() <= 11);
        CHECK(r.row(r.size() - 1)[0] == t);   // the latest row is shown
        CHECK(r.row(0)[0] == 0);              // the first row stays
    }
    CHECK(r.size() >= 5);
    const size_t s = size_t(r.row(1)[0] - r.row(0)[0]);   // rows pushed per row kept
    CHECK(s == 128);                                      // 1000 rows, at most 10 kept: strides 1, 2, ..., 128
    for (size_t i = 0; i + 1 < r.size(); ++i) {           // the kept rows are t = i·stride
        CHECK(r.row(i)[0] == double(i * s));
        CHECK(r.row(i)[1] == 2.0 * double(i * s));
    }
    CHECK(r.column(1).size() == r.size());
}

TEST_CASE("ThinnedRows: replace_last revises the latest row, kept or not") {
    core::ThinnedRows r;
    r.reset(4);
    r.push({0.0, 1.0});
    r.replace_last({0.0, 5.0});
    CHECK(r.size() == 1);
    CHECK(r.row(0)[1] == 5.0);
    for (int t = 1; t < 20; ++t) r.push({double(t), 0.0});
    r.replace_last({19.0, 7.0});
    CHECK(r.row(r.size() - 1)[0] == 19.0);
    CHECK(r.row(r.size() - 1)[1] == 7.0);
}

TEST_CASE("ThinnedLines: series keep their style and end at the latest point") {
    core::ThinnedLines h;
    core::LineSeries a, b;
    a.label = "a";
    a.color = 2;
    b.label = "b";
    b.dashed = true;
    h.reset({a, b}, 8);
    for (int t = 0; t < 100; ++t) {
        const double y[2] = {double(t), -double(t)};
        h.push(10.0 * t, y);
    }
    std::vector<core::LineSeries> out;
    h.append_to(out);
    REQUIRE(out.size() == 2);
    CHECK(out[0].label == "a");
    CHECK(out[0].color == 2);
    CHECK(out[1].dashed);
    CHECK(out[0].x.size() == h.points());
    CHECK(out[0].x.size() <= 9);
    CHECK(out[0].x.back() == 990.0);
    CHECK(out[1].y.back() == -99.0);
    CHECK(out[0].y.front() == 0.0);
}
