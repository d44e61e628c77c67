// The view builder (core/view_builder.hpp): each call sets what it names and nothing else, so a declared view is
// the same data, bit for bit (compared through the snapshot codec, which writes every field), as the view filled
// field by field; what no call sets keeps View's default.
#include "session/run_snapshot.hpp"
#include "core/view_builder.hpp"
#include <doctest/doctest.h>
#include <cmath>
#include <string>
#include <vector>

namespace {

std::string bytes(const core::View& v) {
    std::string out;
    session::encode_views({v}, out);
    return out;
}

}   // namespace

TEST_CASE("view builder: a line plot declared is the view filled field by field") {
    const std::vector<core::Overlay> stages = {{core::Overlay::VBand, 0, 10, "exploration", 5},
                                               {core::Overlay::VBand, 10, 30, "router learning", 6}};
    core::View hand;
    hand.id = "entropy";
    hand.title = "Dispatch entropy";
    hand.kind = core::ViewKind::Lines;
    hand.caption = "It stays near ln K, then drops.";
    hand.x_label = "iteration t";
    hand.x_min = 0;
    hand.x_max = 30;
    hand.y_label = "nats";
    hand.y_min = 0.25;
    hand.y_max = 1.5;
    hand.log_y = true;
    core::LineSeries s;
    s.label = "MoE";
    s.color = 1;
    s.dashed = true;
    s.x = {1, 2};
    s.y = {3, 4};
    hand.lines.push_back(s);
    hand.overlays.push_back({core::Overlay::HLine, 1.1, 0, "ln K"});
    hand.overlays.insert(hand.overlays.end(), stages.begin(), stages.end());
    hand.overlays.push_back({core::Overlay::VLine, 12, 0, "prune", 2});
    hand.overlays.push_back({core::Overlay::HBand, 0.5, 0.6, "chance", -1});
    hand.readouts = {"first", "second"};

    const core::View built = core::lines("entropy", "Dispatch entropy")
                                 .caption("It stays near ln K, then drops.")
                                 .x("iteration t", 0, 30)
                                 .y("nats", 0.25, 1.5)
                                 .log_y()
                                 .series(core::line("MoE", {1, 2}, {3, 4}, 1, true))
                                 .hline(1.1, "ln K")
                                 .overlays(stages)
                                 .vline(12, "prune", 2)
                                 .hband(0.5, 0.6, "chance")
                                 .readout("first")
                                 .readout("second");
    CHECK(bytes(built) == bytes(hand));
    CHECK(built.overlays.size() == 5);
    CHECK(built.overlays[1].label == "exploration");   // in the order declared

    // a change of any one value shows
    core::View other = hand;
    other.y_max = 1.25;
    CHECK(bytes(built) != bytes(other));
}

TEST_CASE("view builder: a heatmap's cells, labelled rows and columns, scale, format and marks") {
    core::View hand;
    hand.id = "router_center";
    hand.title = "Router ↔ center";
    hand.kind = core::ViewKind::Heatmap;
    core::Heatmap& h = hand.heat;
    h.rows = 2;
    h.cols = 3;
    h.v = {1, -2, 3, 0, 0.5, -1};
    h.row_title = "expert m";
    h.col_title = "cluster k";
    h.row_labels = {"1", "2"};
    h.col_labels = {"a1*", "a2*", "a3*"};
    h.lo = -2.5;
    h.hi = 2.5;
    h.diverging = true;
    h.value_format = "%.0f";
    h.show_values = false;
    h.marks = {{0, 2}, {1, 0}};
    h.mark_label = "sent here";
    hand.readouts = {"‖Σ θ‖ = 0"};

    const core::View built = core::heatmap("router_center", "Router ↔ center")
                                 .cells(2, 3, {1, -2, 3, 0, 0.5, -1})
                                 .rows("expert m", core::numbered(2))
                                 .cols("cluster k", core::numbered(3, "a", "*"))
                                 .diverging(2.5)
                                 .format("%.0f")
                                 .show_values(false)
                                 .marks({{0, 2}, {1, 0}}, "sent here")
                                 .readout("‖Σ θ‖ = 0");
    CHECK(bytes(built) == bytes(hand));

    // the sequential scale leaves the colours sequential
    const core::View seq = core::heatmap("", "").scale(50, 100);
    CHECK(seq.heat.lo == 50);
    CHECK(seq.heat.hi == 100);
    CHECK_FALSE(seq.heat.diverging);
}

TEST_CASE("view builder: cells without rows × cols values are filled with the missing value") {
    const core::View none = core::heatmap("a", "b").cells(2, 2, {});
    REQUIRE(none.heat.v.size() == 4);
    for (double x : none.heat.v) CHECK(std::isnan(x));
    const core::View zero = core::heatmap("a", "b").cells(3, 1, {1, 2}, 0.0);
    CHECK(zero.heat.v == std::vector<double>{0, 0, 0});
    const core::View kept = core::heatmap("a", "b").cells(1, 2, {7, 8}, 0.0);
    CHECK(kept.heat.v == std::vector<double>{7, 8});
    CHECK(kept.heat.rows == 1);
    CHECK(kept.heat.cols == 2);
}

TEST_CASE("view builder: what no call sets keeps View's default; each kind is its own") {
    const struct {
        core::View built;
        core::ViewKind kind;
    } cases[] = {
        {core::lines("i", "t"), core::ViewKind::Lines},      {core::heatmap("i", "t"), core::ViewKind::Heatmap},
        {core::bars("i", "t"), core::ViewKind::Bars},        {core::scatter("i", "t"), core::ViewKind::Scatter},
        {core::field_view("i", "t"), core::ViewKind::Field}, {core::grid("i", "t"), core::ViewKind::Grid}};
    for (const auto& c : cases) {
        core::View hand;
        hand.id = "i";
        hand.title = "t";
        hand.kind = c.kind;
        CHECK(c.built.kind == c.kind);
        CHECK(bytes(c.built) == bytes(hand));
    }
}

TEST_CASE("view builder: a grid of small multiples, bars, a field's legend and value scale") {
    core::View bars;
    bars.kind = core::ViewKind::Bars;
    bars.title = "share";
    bars.y_min = 0;
    bars.y_max = 1;
    bars.bars = {{"L₄ 1", 0.25, 0, 0}, {"ℓ2 1", 0.5, 0.1, 3}, {"zero", 0.75, 0, -1}};
    core::View pts;
    pts.kind = core::ViewKind::Field;
    pts.title = "map";
    pts.x_label = "u";
    pts.y_label = "v";
    pts.x_min = pts.y_min = -3;
    pts.x_max = pts.y_max = 3;
    pts.value_lo = 0;
    pts.value_hi = 2;
    pts.value_diverging = true;
    pts.legend = {"expert 1", "expert 2"};
    core::View hand;
    hand.id = "alignment";
    hand.title = "Alignment";
    hand.kind = core::ViewKind::Grid;
    hand.caption = "Panels.";
    hand.grid_cols = 2;
    hand.children = {bars, pts};

    core::View built = core::grid("alignment", "Alignment").caption("Panels.").columns(2);
    core::View share = core::bars("", "share").y("", 0, 1);
    share.bars = {{"L₄ 1", 0.25, 0, 0}, {"ℓ2 1", 0.5, 0.1, 3}, {"zero", 0.75, 0, -1}};
    built.children.push_back(std::move(share));
    built.children.push_back(core::field_view("", "map")
                                 .x("u", -3, 3)
                                 .y("v", -3, 3)
                                 .value_scale(0, 2, true)
                                 .legend(core::numbered(2, "expert ")));
    CHECK(bytes(built) == bytes(hand));
}

TEST_CASE("view builder: the pieces: overlays, line series, numbered labels") {
    const core::Overlay o = core::vband(1, 2, "stage", 5);
    CHECK(o.kind == core::Overlay::VBand);
    CHECK(o.a == 1);
    CHECK(o.b == 2);
    CHECK(o.label == "stage");
    CHECK(o.color == 5);
    CHECK(core::hline(0.875, "ceiling").color == -1);
    CHECK(core::hline(0.875, "ceiling").b == 0);
    const core::LineSeries s = core::line("v_1", 3);
    CHECK(s.label == "v_1");
    CHECK(s.color == 3);
    CHECK_FALSE(s.dashed);
    CHECK(s.x.empty());
    CHECK(s.width == 1);
    CHECK(core::numbered(0).empty());
    CHECK(core::numbered(3) == std::vector<std::string>{"1", "2", "3"});
    CHECK(core::numbered(2, "cluster ") == std::vector<std::string>{"cluster 1", "cluster 2"});
    CHECK(core::numbered(2, "w", "*") == std::vector<std::string>{"w1*", "w2*"});
}
