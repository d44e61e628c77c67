// A view's data as tables (session/view_table.hpp): the rows kept, the shape of each kind, and, for every
// registered lab at the end of its quick run, tables a screen reader can read: every row as wide as its header,
// no more rows than asked for, and data in every view that plots some.
#include "core/runner.hpp"
#include "core/registry.hpp"
#include "session/view_table.hpp"
#include <doctest/doctest.h>
#include <cmath>
#include <string>

TEST_CASE("spread_indices keeps the first and the last, evenly spread, each once") {
    CHECK(session::spread_indices(0, 5).empty());
    CHECK(session::spread_indices(3, 10) == std::vector<size_t>{0, 1, 2});
    CHECK(session::spread_indices(7, 1) == std::vector<size_t>{6});
    CHECK(session::spread_indices(1, 10) == std::vector<size_t>{0});   // one row: found by clang's UBSan (index 2^63)
    const auto k = session::spread_indices(1001, 20);
    REQUIRE(k.size() == 20);
    CHECK(k.front() == 0);
    CHECK(k.back() == 1000);
    for (size_t i = 1; i < k.size(); ++i) {
        CHECK(k[i] > k[i - 1]);
        CHECK(std::abs(double(k[i] - k[i - 1]) - 1000.0 / 19) <= 1);
    }
}

TEST_CASE("view tables: lines on one x are one wide table, on different x a long one; NaN is 'no value'") {
    core::View v;
    v.title = "accuracy";
    v.x_label = "t";
    core::LineSeries a, b;
    a.label = "MoE";
    b.label = "single";
    for (int t = 0; t < 100; ++t) {
        a.x.push_back(t);
        a.y.push_back(t * 0.01);
        b.x.push_back(t);
        b.y.push_back(t == 99 ? NAN : 0.5);
    }
    v.lines = {a, b};
    v.overlays.push_back({core::Overlay::HLine, 0.875, 0, "ceiling"});
    auto t = session::view_tables(v, 10);
    REQUIRE(t.size() == 1);
    CHECK(t[0].columns == std::vector<std::string>{"t", "MoE", "single"});
    CHECK(t[0].rows.size() == 10);
    CHECK(t[0].total_rows == 100);
    CHECK(t[0].rows.back() == std::vector<std::string>{"99", "0.99", "no value"});
    REQUIRE(t[0].notes.size() == 1);
    CHECK(t[0].notes[0] == "reference line: ceiling at y = 0.875");

    v.lines[1].x.resize(50);
    v.lines[1].y.resize(50);
    t = session::view_tables(v, 10);
    CHECK(t[0].columns == std::vector<std::string>{"series", "t", "y"});
    CHECK(t[0].rows.size() == 10);   // 5 of each series
    CHECK(t[0].rows[4][0] == "MoE");
    CHECK(t[0].rows[9] == std::vector<std::string>{"single", "49", "0.5"});
}

TEST_CASE("view tables: heatmap cells with their row and column labels and marks; bars with errors") {
    core::View v;
    v.kind = core::ViewKind::Heatmap;
    v.heat.rows = 2;
    v.heat.cols = 3;
    v.heat.v = {1, 2, 3, 4, 5, NAN};
    v.heat.row_labels = {"expert 1", "expert 2"};
    v.heat.row_title = "expert";
    v.heat.col_title = "cluster";
    v.heat.marks = {{1, 0}};
    v.heat.mark_label = "argmax";
    v.heat.value_format = "%.1f";
    auto t = session::view_tables(v, 20);
    REQUIRE(t.size() == 1);
    CHECK(t[0].columns == std::vector<std::string>{"expert \\ cluster", "1", "2", "3"});
    CHECK(t[0].rows[1] == std::vector<std::string>{"expert 2", "4.0 (argmax)", "5.0", "no value"});

    core::View b;
    b.kind = core::ViewKind::Bars;
    b.bars = {{"router", 0.9, 0.05, -1}, {"random", 0.5, 0, -1}};
    t = session::view_tables(b, 20);
    CHECK(t[0].columns.size() == 3);
    CHECK(t[0].rows[0] == std::vector<std::string>{"router", "0.9", "0.05"});
}

TEST_CASE("view tables: a Grid gives a table per small multiple; scatter points name their group") {
    core::View s;
    s.kind = core::ViewKind::Scatter;
    s.title = "router plane";
    s.legend = {"cluster 1", "cluster 2"};
    for (int i = 0; i < 50; ++i) s.points.push_back({float(i), float(-i), i % 2, false});
    core::View g;
    g.kind = core::ViewKind::Grid;
    g.children = {s, s};
    auto t = session::view_tables(g, 8);
    REQUIRE(t.size() == 2);
    CHECK(t[1].rows.size() == 8);
    CHECK(t[1].total_rows == 50);
    CHECK(t[1].rows.back() == std::vector<std::string>{"49", "-49", "cluster 2"});
}

TEST_CASE("every lab: at the end of its quick run every view's tables are readable and hold its data") {
    for (const core::LabEntry& e : core::all_labs()) {
        const core::Lab* lab = e.lab;
        core::Runner run(*lab);
        CAPTURE(lab->info().id);
        core::Params p(lab->schema());
        for (const auto& [k, v] : lab->test_sizes().quick) p.set(k, v);
        run.reset(p, 5);
        REQUIRE(core::run_to_end(run) == "");
        std::vector<core::View> views;
        run.views(views);
        for (const core::View& v : views) {
            CAPTURE(v.id);
            const auto tables = session::view_tables(v, 12);
            CHECK(!tables.empty());
            size_t rows = 0;
            for (const session::DataTable& t : tables) {
                CHECK(!t.columns.empty());
                CHECK((t.rows.size() <= 12 || t.columns[0] == "series"));   // a long table: a few rows per series
                CHECK(t.rows.size() <= t.total_rows);
                for (const auto& r : t.rows) CHECK(r.size() == t.columns.size());
                rows += t.rows.size();
            }
            CHECK(rows > 0);   // a finished run has something in every view
        }
    }
}
