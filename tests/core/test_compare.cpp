// Compare mode's core: B's changes are checked like any input, a paired run's A is a plain run of A, B with
// no change is A bit for bit, the pair moves in lockstep, and the paired statistics count what they say.
#include "../same_bits.hpp"
#include "session/compare.hpp"
#include "session/compare_views.hpp"
#include "core/registry.hpp"
#include "core/runner.hpp"
#include <algorithm>
#include <cmath>
#include <cstring>
#include <doctest/doctest.h>

namespace {

session::RunConfig short_config(const core::Lab& lab, uint64_t seed) {
    session::RunConfig c = session::default_config(lab);
    c.seed = seed;
    for (const auto& [k, v] : lab.test_sizes().quick) c.params.set(k, v);   // seconds at most: each lab runs thrice
    return c;
}

// Bit-identical, NaN included.
void check_same_metrics(const core::Runner& x, const core::Runner& y) {
    auto mx = x.metrics(), my = y.metrics();
    REQUIRE(mx.size() == my.size());
    for (size_t k = 0; k < mx.size(); ++k) {
        CAPTURE(mx[k].key);
        CHECK(mx[k].key == my[k].key);
        CHECK(same_bits(mx[k].value, my[k].value));
    }
}

}   // namespace

TEST_CASE("compare: B's changes are parsed and checked, with messages that name B") {
    const core::Lab* lab = core::find_lab("cluster-experts");
    std::pair<std::string, std::string> c;
    CHECK(session::parse_change(lab->schema(), "noise_width=0", c).empty());
    CHECK(c.first == "noise_width");
    CHECK(c.second == "0");
    CHECK(session::parse_change(lab->schema(), "noise_width", c).find("expected name=value") != std::string::npos);
    CHECK(session::parse_change(lab->schema(), "=3", c).find("expected name=value") != std::string::npos);
    CHECK(session::parse_change(lab->schema(), "nosuch=1", c).find("unknown parameter 'nosuch'") != std::string::npos);
    CHECK(session::parse_change(lab->schema(), "eta=abc", c).find("B's change") == 0);

    session::RunConfig a = session::default_config(*lab);
    core::Params b;
    CHECK(session::apply_changes(*lab, a.params, {{"M", "4"}}, b).empty());
    CHECK(b.i("M") == 4);
    CHECK(a.params.i("M") == 8);   // A is untouched
    std::string why = session::apply_changes(*lab, a.params, {{"eta", "7"}}, b);
    CHECK(why.find("B (eta = 7): ") == 0);
    CHECK(why.find("maximum") != std::string::npos);
    why = session::apply_changes(*lab, a.params, {{"d", "4"}}, b);   // in range, but d ≥ 2K fails
    CHECK(why.find("B (d = 4)") == 0);
    why = session::apply_changes(*lab, a.params, {{"M", "4"}, {"M", "5"}}, b);
    CHECK(why.find("twice") != std::string::npos);
    CHECK(session::describe({{"noise_width", "0"}, {"M", "4"}}) == "noise_width = 0, M = 4");
}

TEST_CASE("compare, every lab: A in a pair is a plain run of A, and B with no change is A bit for bit") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        core::Runner plain(*e.lab);
        session::RunConfig c = short_config(*e.lab, 7);
        REQUIRE(core::validate(*e.lab, c.params).ok());
        plain.reset(c.params, c.seed);
        REQUIRE(core::run_to_end(plain).empty());

        session::PairedRun pair;
        REQUIRE(pair.reset(c, {}) == "");
        while (!pair.done()) pair.step();
        check_same_metrics(*pair.a, plain);
        check_same_metrics(*pair.b, *pair.a);
    }
}

TEST_CASE("compare: a real change leaves A alone, changes B, and the pair keeps pace") {
    core::Runner plain(*core::find_lab("cluster-experts"));
    session::RunConfig c = short_config(plain.lab(), 3);
    plain.reset(c.params, c.seed);
    core::run_to_end(plain);

    session::PairedRun pair;
    REQUIRE(pair.reset(c, {{"noise_width", "0"}}) == "");
    double widest_gap = 0, largest_step = 0;
    while (!pair.done()) {
        double pa = pair.a->progress(), pb = pair.b->progress();
        pair.step();
        largest_step = std::max({largest_step, pair.a->progress() - pa, pair.b->progress() - pb});
        if (!session::finished(*pair.a) && !session::finished(*pair.b))
            widest_gap = std::max(widest_gap, std::fabs(pair.a->progress() - pair.b->progress()));
    }
    check_same_metrics(*pair.a, plain);
    CHECK(widest_gap <= largest_step + 1e-12);   // the one behind always steps: never more than a step apart
    bool differs = false;
    for (const session::MetricPair& p : session::headline_pairs(*pair.a, *pair.b)) differs |= !same_bits(p.a, p.b);
    CHECK(differs);
    CHECK(pair.reset(c, {{"eta", "7"}}).find("B (eta = 7)") == 0);   // an invalid B is refused, not run
}

TEST_CASE("compare, every lab: its named comparisons apply to its configuration and change something") {
    for (const auto& e : core::all_labs()) {
        const core::Lab* lab = e.lab;
        for (const core::Comparison& n : lab->comparisons()) {
            CAPTURE(e.id);
            CAPTURE(n.id);
            CHECK(!n.title.empty());
            CHECK(!n.contrast.empty());
            session::RunConfig a = session::default_config(*lab);
            if (!n.preset.empty()) REQUIRE(a.params.apply_preset(n.preset));
            core::Params b;
            CHECK(session::apply_changes(*lab, a.params, n.b, b) == "");
            CHECK(!(b == a.params));   // B differs from A at the comparison's own preset
            CHECK(session::find_comparison(lab->comparisons(), n.id) != nullptr);
        }
        CHECK(lab->comparisons().size() >= 2);
    }
}

TEST_CASE("compare: paired differences count each seed once and skip missing values") {
    session::PairedDiff p = session::paired_diff({1, 2, NAN, 4}, {2, 1, 5, 4});
    CHECK(p.diff.n == 3);
    CHECK(p.diff.mean == doctest::Approx(0.0));
    CHECK(p.b_higher == 1);
    CHECK(p.b_lower == 1);
    CHECK(p.ties == 1);
    CHECK(p.missing == 1);
    CHECK(p.a.n == 3);
    CHECK(p.b.n == 4);
    session::PairedDiff q = session::paired_diff({0.5, 0.6}, {0.7, 0.9});
    CHECK(q.diff.mean == doctest::Approx(0.25));
    CHECK(q.diff.sd == doctest::Approx(std::sqrt(0.005)));
}

TEST_CASE("compare views: lines overlay B (dashed, lighter, A's colours) with a key; heatmaps side by side") {
    core::View a;
    a.id = "acc";
    a.kind = core::ViewKind::Lines;
    a.lines.push_back({"MoE", {0, 1}, {0.5, 0.9}});
    a.overlays.push_back({core::Overlay::HLine, 0.875, 0, "ceiling"});
    core::View b = a;
    b.lines[0].y = {0.5, 0.6};
    b.overlays.push_back({core::Overlay::VLine, 1, 0, "l*"});
    core::View v = session::compare_view(a, b, "r = 0");
    REQUIRE(v.lines.size() == 3);   // A's, B's and the legend's key
    CHECK(v.lines[1].dashed);
    CHECK(v.lines[1].color == 0);
    CHECK(v.lines[1].alpha < 1);
    CHECK(v.lines[1].label.empty());
    CHECK(v.lines[2].label == "B: dashed, lighter (r = 0)");
    b.lines[0].y = a.lines[0].y;   // a line B shares with A is drawn once, and the readout says so
    core::View same = session::compare_view(a, b, "r = 0");
    CHECK(same.lines.size() == 2);
    CHECK(same.readouts.back().find("1 of B's lines equals A's") == 0);   // (its singular form)
    CHECK(v.overlays.size() == 2);   // the shared ceiling once, B's own l* marked (B)
    CHECK(v.overlays[1].label == "l* (B)");

    core::View h;
    h.id = "heat";
    h.kind = core::ViewKind::Heatmap;
    h.heat.lo = 0;
    h.heat.hi = 1;
    core::View hb = h;
    hb.heat.hi = 2;
    core::View g = session::compare_view(h, hb, "M = 4");
    CHECK(g.kind == core::ViewKind::Grid);
    REQUIRE(g.children.size() == 2);
    CHECK(g.children[0].heat.hi == 2);   // one colour scale for both
    CHECK(g.children[1].title == "B: M = 4");

    std::vector<core::View> only_a = session::compare_views({a, h}, {b}, "x");
    REQUIRE(only_a.size() == 2);
    CHECK(only_a[1].title.find("(A only)") != std::string::npos);
}

TEST_CASE("compare: A and B share the limits of one run (each gets half the work), with a message that says so") {
    const core::Lab* lab = core::find_lab("cluster-experts");
    core::Params a = session::default_config(*lab).params;
    a.set("n", 8000);
    a.set("n_test", 8000);
    a.set("d", 256);
    a.set("T", 4000);   // about 7–8 min natively: a valid single run, too much for two at once
    REQUIRE(core::validate(*lab, a).ok());
    core::Params b;
    std::string why = session::apply_changes(*lab, a, {{"noise_width", "0"}}, b);
    CHECK(why.find("A, run beside B: ") == 0);
    CHECK(why.find("for each of 2 runs at once") != std::string::npos);
    CHECK(why.find("B (noise_width = 0): ") != std::string::npos);
    CHECK(core::validate(*lab, a).ok());   // the shared limits end with the check
}

TEST_CASE("compare views: bar charts pair each A bar with its B bar, in its colour, labelled B") {
    core::View a;
    a.id = "mse";
    a.kind = core::ViewKind::Bars;
    a.bars = {{"MoE", 0.9, 0, -1}, {"vanilla", 1.7, 0, 5}};
    a.overlays.push_back({core::Overlay::HLine, 1.8, 0, "zero predictor"});
    core::View b = a;
    b.bars[0].value = 1.6;
    core::View v = session::compare_view(a, b, "router = 0");
    REQUIRE(v.bars.size() == 4);
    CHECK(v.bars[0].label == "MoE");
    CHECK(v.bars[1].label == "B");
    CHECK(v.bars[1].value == 1.6);
    CHECK(v.bars[1].color == v.bars[0].color);
    CHECK(v.bars[3].color == 5);
    CHECK(v.overlays.size() == 1);   // the shared reference line once
    CHECK(v.readouts.back().find("router = 0") != std::string::npos);
}
