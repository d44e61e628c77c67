// Rewind's history (session/rewind.hpp): moments every `spacing` of progress, their views back as they were, the
// memory budget held by thinning evenly (kept moments stay), and rewound line plots with the whole curve and a
// cursor at the moment.
#include "session/rewind.hpp"
#include <cmath>
#include <doctest/doctest.h>

namespace {

// A heatmap of `cells` cells whose values say the progress, and a line plot that grows with it.
std::vector<core::View> views_at(double progress, int cells = 100) {
    core::View heat;
    heat.id = "heat";
    heat.kind = core::ViewKind::Heatmap;
    heat.heat.rows = 1, heat.heat.cols = cells;
    heat.heat.v.assign(size_t(cells), progress);
    core::View line;
    line.id = "curve";
    line.kind = core::ViewKind::Lines;
    core::LineSeries s;
    for (double t = 0; t <= progress + 1e-9; t += 0.01) s.x.push_back(t), s.y.push_back(t * t);
    line.lines = {s};
    return {heat, line};
}

}   // namespace

TEST_CASE("rewind: moments every spacing, found by progress, their views back as they were") {
    session::History h;
    CHECK(h.at(0.5) == -1);
    int recorded = 0;
    for (int step = 0; step <= 1000; ++step) {
        const double p = step / 1000.0;
        if (h.due(p)) {
            h.record({p, 0, false, "t = " + std::to_string(step), size_t(step), false, {}}, views_at(p));
            ++recorded;
        }
    }
    CHECK(recorded == int(h.size()));
    CHECK(h.size() >= 300);   // every 1/400 of the run, at the steps that reach it
    CHECK(h.size() <= 401);
    const int k = h.at(0.5);
    REQUIRE(k >= 0);
    const session::Moment& m = h.moment(size_t(k));
    CHECK(std::fabs(m.progress - 0.5) <= h.spacing());
    const std::vector<core::View> v = h.views(size_t(k));
    REQUIRE(v.size() == 2);
    CHECK(v[0].heat.v[7] == m.progress);   // the heatmap as it was then
    CHECK(h.at(-1) == 0);                  // before the first: the first
    CHECK(h.at(2) == int(h.size()) - 1);
    // the same progress again (a pause right after a moment): it replaces that moment, and keeps it
    const size_t n = h.size();
    h.record({h.moment(n - 1).progress, 0, false, "paused", 5, true, {}}, views_at(1));
    CHECK(h.size() == n);
    CHECK(h.moment(n - 1).kept);
}

TEST_CASE("rewind: the budget holds; thinning keeps moments evenly spread, the first, the last and the kept ones") {
    session::History probe;
    probe.record({0, 0, false, "", 0, false, {}}, views_at(0, 1000));
    const size_t snapshot = probe.bytes();   // ~8 kB: a heatmap of 1000 doubles
    session::History h(snapshot * 40);       // room for about 40 moments
    for (int step = 0; step <= 4000; ++step) {
        const double p = step / 4000.0;
        const bool kept = step == 1234 || step == 4000;   // a pause, and the end
        if (h.due(p) || kept) h.record({p, 0, false, "", 0, kept, {}}, views_at(p, 1000));
        REQUIRE(h.bytes() <= h.budget());
    }
    CHECK(h.size() >= 15);
    CHECK(h.size() <= 41);
    CHECK(h.moment(0).progress == 0);
    CHECK(h.moment(h.size() - 1).progress == 1);
    bool pause_kept = false;
    double widest = 0;
    for (size_t k = 0; k < h.size(); ++k) {
        pause_kept = pause_kept || h.moment(k).progress == 1234 / 4000.0;
        if (k > 0) widest = std::max(widest, h.moment(k).progress - h.moment(k - 1).progress);
    }
    CHECK(pause_kept);
    CHECK(widest <= 4 * h.spacing());   // no gap much wider than the current spacing
    // a snapshot larger than the whole budget: only the last moment is kept
    session::History tiny(snapshot / 2);
    tiny.record({0, 0, false, "", 0, true, {}}, views_at(0, 1000));
    tiny.record({0.5, 0, false, "", 0, true, {}}, views_at(0.5, 1000));
    CHECK(tiny.size() == 1);
    CHECK(tiny.moment(0).progress == 0.5);
}

TEST_CASE("rewind: line plots keep the whole curve with a cursor at the moment; other views are as they were") {
    const std::vector<core::View> then = views_at(0.3), now = views_at(1);
    const std::vector<core::View> shown = session::rewound_views(then, now, "moment");
    REQUIRE(shown.size() == 2);
    CHECK(shown[0].heat.v == then[0].heat.v);
    CHECK(shown[1].lines[0].x == now[1].lines[0].x);   // the whole curve
    REQUIRE(shown[1].overlays.size() == 1);
    CHECK(shown[1].overlays[0].kind == core::Overlay::VLine);
    CHECK(shown[1].overlays[0].a == doctest::Approx(then[1].lines[0].x.back()));
    CHECK(shown[1].overlays[0].label == "moment");
    std::vector<core::View> other = now;   // a later phase shows other series in the same view: as it was
    other[1].lines[0].label = "sweep";
    const std::vector<core::View> as_was = session::rewound_views(then, other, "moment");
    CHECK(as_was[1].lines[0].x == then[1].lines[0].x);
    CHECK(as_was[1].overlays.empty());
    const std::vector<core::View> start = session::rewound_views(views_at(-1), now, "moment");   // no point yet
    CHECK(start[1].lines[0].x.empty());
    CHECK(start[1].overlays.empty());
}
