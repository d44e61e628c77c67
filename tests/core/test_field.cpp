// Field views (core/field.hpp): cells sampled at their centres, winners and territories, bilinear reading,
// their tables; and, for every registered lab that shows a field, at least two territories at the end of its
// quick run (a map with one colour teaches nothing).
#include "session/compare_views.hpp"
#include "core/field.hpp"
#include "core/keep_field.hpp"
#include "core/runner.hpp"
#include "core/registry.hpp"
#include "session/view_table.hpp"
#include <doctest/doctest.h>
#include <algorithm>
#include <cmath>

namespace {

// Two channels on [−1, 1]²: x and −x (the boundary at x = 0).
core::View halves() {
    core::View v;
    v.kind = core::ViewKind::Field;
    v.title = "halves";
    v.x_min = -1, v.x_max = 1, v.y_min = -1, v.y_max = 1;
    v.legend = {"right", "left"};
    core::fill_field(v, 4, 8, 2, [](double x, double, float* out) {
        out[0] = float(x);
        out[1] = float(-x);
    });
    return v;
}

}   // namespace

TEST_CASE("fill_field samples cell centres, row 0 at y_min; winners, territories and bilinear reading") {
    core::View v;
    v.x_min = 0, v.x_max = 4, v.y_min = 10, v.y_max = 12;
    std::vector<std::pair<double, double>> seen;
    core::fill_field(v, 2, 4, 1, [&](double x, double y, float* out) {
        seen.push_back({x, y});
        out[0] = float(x + 10 * y);
    });
    REQUIRE(seen.size() == 8);
    CHECK(seen[0] == std::pair<double, double>{0.5, 10.5});
    CHECK(seen[7] == std::pair<double, double>{3.5, 11.5});
    CHECK(core::field_at(v, 2.0, 11.0)[0] == doctest::Approx(2.0 + 110));   // linear: exact between centres
    CHECK(core::field_at(v, -5, 0)[0] == doctest::Approx(0.5 + 105));       // clamped to the first centre

    const core::View h = halves();
    CHECK(core::field_winner(h.field, 0, 0) == 1);
    CHECK(core::field_winner(h.field, 3, 7) == 0);
    CHECK(core::field_territories(h.field) == std::vector<int>{16, 16});
}

TEST_CASE("a field's tables: each territory's share and who wins on a coarse grid, top row first") {
    const auto t = session::view_tables(halves(), 20);
    REQUIRE(t.size() == 2);
    CHECK(t[0].rows == std::vector<std::vector<std::string>>{{"right", "50.0 %"}, {"left", "50.0 %"}});
    CHECK(t[1].rows.front().front() == "0.75");   // the top row: y of the highest cell centre
    CHECK(t[1].rows.front()[1] == "left");
    CHECK(t[1].rows.front().back() == "right");
}

TEST_CASE("every lab that shows a field: at least two territories at the end of its quick run") {
    int fields = 0;
    for (const core::LabEntry& e : core::all_labs()) {
        const core::Lab* lab = e.lab;
        core::Runner run(*lab);
        CAPTURE(lab->info().id);
        core::Params p(lab->schema());
        for (const auto& [k, v] : lab->test_sizes().quick) p.set(k, v);
        run.reset(p, 2);
        REQUIRE(core::run_to_end(run) == "");
        std::vector<core::View> views;
        run.views(views);
        std::vector<const core::View*> all;   // the views and their small multiples
        for (const core::View& v : views) {
            all.push_back(&v);
            for (const core::View& c : v.children) all.push_back(&c);
        }
        int here = 0;
        for (const core::View* pv : all) {
            const core::View& v = *pv;
            if (v.kind != core::ViewKind::Field) continue;
            CAPTURE(v.id);
            ++here;
            const std::vector<int> won = core::field_territories(v.field);
            CHECK(std::count_if(won.begin(), won.end(), [](int n) { return n > 0; }) >= 2);
            CHECK(v.legend.size() == size_t(v.field.channels));
        }
        CHECK(here >= 1);   // every lab has a routing territory, under one id for links
        CHECK(std::any_of(views.begin(), views.end(), [](const core::View& v) { return v.id == "territory"; }));
        fields += here;
    }
    CHECK(fields >= int(core::all_labs().size()));
}

TEST_CASE("top-l routing territories: margins over each router's smallest kept score, and a 'dropped' channel") {
    const double g[5] = {0.3, -1, 2, 0.7, 0.1};
    CHECK(core::lth_best(g, 5, 1) == 2);
    CHECK(core::lth_best(g, 5, 3) == doctest::Approx(0.3));
    CHECK(core::lth_best(g, 5, 9) == -1);   // l clamped to n
    CHECK(core::median({3, 1, 2}) == 2);
    CHECK(core::median({4, 1, 3, 2}) == doctest::Approx(2.5));
    CHECK(std::isnan(core::median({})));

    // router 1 scores x, router 2 scores −x; each keeps what beats 0.5: |x| < 0.5 is dropped by both
    core::View v;
    v.x_min = -1, v.x_max = 1, v.y_min = 0, v.y_max = 1;
    core::fill_keep_field(v, 2, 20, {0.5, 0.5}, {"one", "two"}, [](double x, double, double* out) {
        out[0] = x;
        out[1] = -x;
    });
    CHECK(v.field.channels == 3);
    CHECK(v.field.none == 2);
    CHECK_FALSE(v.field.softmax);
    CHECK(v.field.scale == doctest::Approx(0.45));   // the widest margin: 0.95 − 0.5 at the outermost cell
    CHECK(v.legend == std::vector<std::string>{"one", "two", "dropped by every router"});
    CHECK(core::field_winner(v.field, 0, 0) == 1);    // x = −0.95: router 2 keeps it
    CHECK(core::field_winner(v.field, 0, 10) == 2);   // x = 0.05: dropped
    CHECK(core::field_winner(v.field, 1, 19) == 0);   // x = 0.95: router 1
    CHECK(core::field_territories(v.field) == std::vector<int>{10, 10, 20});
}

TEST_CASE("compare mode: A's and B's fields on one scale") {
    core::View a = halves(), b = halves();
    a.id = b.id = "f";
    a.field.softmax = b.field.softmax = false;
    a.field.scale = 1;
    b.field.scale = 3;
    const core::View both = session::compare_view(a, b, "x = 1");
    REQUIRE(both.children.size() == 2);
    CHECK(both.children[0].field.scale == 3);
    CHECK(both.children[1].field.scale == 3);
    core::View ga, gb;   // the same inside grids: A's panel k with B's panel k
    ga.kind = gb.kind = core::ViewKind::Grid;
    ga.id = gb.id = "g";
    ga.children = {a};
    gb.children = {b};
    const core::View grid = session::compare_view(ga, gb, "x = 1");
    REQUIRE(grid.children.size() == 2);
    CHECK(grid.children[0].field.scale == 3);
    CHECK(grid.children[1].field.scale == 3);
}
