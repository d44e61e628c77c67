// Run snapshots (session/run_snapshot.hpp): what compare mode's run B sends from its Web Worker to the page. Every
// field of every kind of view comes back, numbers as the same bits; cut, padded or corrupt bytes are refused
// with a reason and never read past their end. Every lab's own snapshots are checked in test_all_labs.cpp.
#include "../same_bits.hpp"
#include "session/run_snapshot.hpp"
#include "session/view_table.hpp"
#include <cmath>
#include <cstring>
#include <doctest/doctest.h>
#include <limits>

namespace {

core::View every_field() {
    core::View v;
    v.id = "routing";
    v.title = "Routing η → θ";
    v.caption = "what to look for";
    v.kind = core::ViewKind::Grid;
    v.x_label = "t";
    v.y_label = "acc";
    v.log_x = true;
    v.x_min = -1, v.x_max = 2, v.y_min = 0.5, v.y_max = 1;
    v.lines = {{"train",
                {0, 1, 2},
                {0.1, -0.0, std::numeric_limits<double>::quiet_NaN()},
                {0, 0, 0},
                {1, 1, 1},
                3,
                true,
                true,
                0.5f,
                0.35f}};
    v.overlays = {{core::Overlay::VBand, 0.2, 0.4, "stage II", 2}};
    v.heat.rows = 1, v.heat.cols = 2, v.heat.v = {1e-310, INFINITY};
    v.heat.row_labels = {"expert 1"}, v.heat.col_labels = {"c1", "c2"};
    v.heat.diverging = true, v.heat.show_values = false, v.heat.marks = {{0, 1}}, v.heat.mark_label = "argmax";
    v.field.rows = 1, v.field.cols = 1, v.field.channels = 3, v.field.v = {0.5f, -1, 2}, v.field.softmax = false;
    v.field.scale = 2, v.field.none = 2;
    v.bars = {{"top-1", 0.9, 0.01, 4}};
    v.points = {{0.5f, -0.5f, 1, true, 0.25f}};
    v.legend = {"cluster 1"};
    v.value_lo = -2, v.value_hi = 2, v.value_diverging = true;
    v.readouts = {"‖Σθ_m‖ = 3e-7"};
    core::View child = v;
    child.id = "child";
    child.kind = core::ViewKind::Field;
    v.children = {child};
    v.grid_cols = 2;
    return v;
}

session::RunSnapshot example() {
    session::RunSnapshot s;
    s.failure = "diverged";
    s.phase = 2;
    s.progress = 0.625;
    s.clock = "phase II: t = 240 / 600";
    s.metrics = {{"acc", "Test accuracy", std::numeric_limits<double>::quiet_NaN(), "%.3f", "not reached"}};
    s.trace.columns = {"t", "acc"};
    s.trace.rows = {{0, 0.5}, {1, 0.75}};
    s.views = {every_field()};
    return s;
}

}   // namespace

TEST_CASE("a run snapshot comes back field for field, its numbers as the same bits") {
    const session::RunSnapshot in = example();
    const std::string bytes = session::encode_snapshot(in);
    session::RunSnapshot out;
    REQUIRE(session::decode_snapshot(bytes, out) == "");
    CHECK(session::encode_snapshot(out) == bytes);
    CHECK(out.failure == in.failure);
    CHECK(out.finished());
    CHECK(out.phase == 2);
    CHECK(out.clock == in.clock);
    REQUIRE(out.metrics.size() == 1);
    CHECK(std::isnan(out.metrics[0].value));
    CHECK(out.metrics[0].when_nan == "not reached");
    CHECK(out.trace.rows == in.trace.rows);
    REQUIRE(out.views.size() == 1);
    const core::View &v = out.views[0], &w = in.views[0];
    CHECK(v.kind == core::ViewKind::Grid);
    CHECK(v.title == w.title);
    CHECK(v.log_x);
    REQUIRE(v.lines.size() == 1);
    CHECK(same_bits(v.lines[0].y[1], -0.0));
    CHECK(std::isnan(v.lines[0].y[2]));
    CHECK(v.lines[0].dashed);
    CHECK(v.lines[0].alpha == 0.35f);
    CHECK(v.overlays[0].kind == core::Overlay::VBand);
    CHECK(same_bits(v.heat.v[0], 1e-310));
    CHECK(v.heat.marks == w.heat.marks);
    CHECK(v.field.v == w.field.v);
    CHECK(v.field.none == 2);
    CHECK(v.points[0].hollow);
    CHECK(v.points[0].value == 0.25f);
    CHECK(v.readouts == w.readouts);
    REQUIRE(v.children.size() == 1);
    CHECK(v.children[0].kind == core::ViewKind::Field);
    CHECK(v.grid_cols == 2);
    // what the page's tables (and so its screen readers) show of it
    auto texts = [](const core::View& x) {
        std::string s;
        for (const auto& t : session::view_tables(x, 1000))
            for (const auto& row : t.rows)
                for (const auto& cell : row) s += cell + ",";
        return s;
    };
    CHECK(texts(v) == texts(w));
}

TEST_CASE("cut, padded or corrupt snapshot bytes are refused with a reason") {
    const std::string bytes = session::encode_snapshot(example());
    session::RunSnapshot out = example();
    out.clock = "unchanged";
    for (size_t n = 0; n < bytes.size(); ++n) {
        CAPTURE(n);
        CHECK(session::decode_snapshot(bytes.substr(0, n), out) != "");   // every cut
    }
    CHECK(session::decode_snapshot(bytes + "x", out) == "a snapshot with bytes after its end");
    CHECK(session::decode_snapshot("RUN2" + bytes.substr(4), out) == "not a snapshot of this build");
    CHECK(out.clock == "unchanged");   // a refusal leaves it as it was
    // a count far beyond the message (the metrics' count, right after done, the failure, phase and progress)
    std::string huge = bytes;
    const size_t metrics_at = 4 + 1 + 4 + std::string("diverged").size() + 4 + 8 + 4 + example().clock.size();
    std::memset(&huge[metrics_at], 0xff, 4);
    CHECK(session::decode_snapshot(huge, out) == "a snapshot cut short or malformed");
    // a view kind that does not exist
    std::vector<core::View> views = {every_field()}, back;
    std::string vb;
    session::encode_views(views, vb);
    REQUIRE(session::decode_views(vb, back) == "");
    const size_t kind_at =
        4 + 4 + (4 + views[0].id.size()) + (4 + views[0].title.size()) + (4 + views[0].caption.size());
    int32_t kind = 0;
    std::memcpy(&kind, &vb[kind_at], 4);
    REQUIRE(kind == int32_t(core::ViewKind::Grid));
    kind = 17;
    std::memcpy(&vb[kind_at], &kind, 4);
    CHECK(session::decode_views(vb, back) != "");
}
