#include "session/compare_views.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>

namespace session {

namespace {

constexpr float kBAlpha = 0.6f;   // B's lines: A's colours, lighter and dashed

// A fixed axis range (min < max) covering both; automatic (equal) when either is automatic.
void union_range(double& lo, double& hi, double b_lo, double b_hi) {
    if (!(lo < hi) || !(b_lo < b_hi)) {
        lo = hi = 0;
        return;
    }
    lo = std::min(lo, b_lo);
    hi = std::max(hi, b_hi);
}

// The page translates the views after they are merged (App::build_views): a text made here is made in the page's
// language, from A's and B's texts translated first (core::retranslate; those left as they are, it translates then).

// Readouts that differ are shown for both, prefixed "A:" and "B:"; equal ones once.
std::vector<std::string> both_readouts(const core::View& a, const core::View& b) {
    std::vector<std::string> out;
    size_t n = std::max(a.readouts.size(), b.readouts.size());
    for (size_t k = 0; k < n; ++k) {
        const std::string* x = k < a.readouts.size() ? &a.readouts[k] : nullptr;
        const std::string* y = k < b.readouts.size() ? &b.readouts[k] : nullptr;
        if (x && y && *x == *y) out.push_back(*x);
        else {
            if (x) out.push_back("A: " + core::retranslate(*x));
            if (y) out.push_back("B: " + core::retranslate(*y));
        }
    }
    return out;
}

bool same_overlay(const core::Overlay& x, const core::Overlay& y) {
    return x.kind == y.kind && x.a == y.a && x.b == y.b && x.label == y.label;
}

// B's own reference lines and thresholds (those A does not draw), marked "(B)"; B's stage bands are left
// out, they would hide A's.
void add_b_overlays(core::View& v, const core::View& a, const core::View& b) {
    for (const core::Overlay& o : b.overlays) {
        if (o.kind == core::Overlay::VBand || o.kind == core::Overlay::HBand) continue;
        bool shared = false;
        for (const core::Overlay& x : a.overlays) shared |= same_overlay(x, o);
        if (shared) continue;
        core::Overlay mine = o;
        if (!mine.label.empty()) mine.label = core::retranslate(mine.label) + " (B)";
        v.overlays.push_back(mine);
    }
}

core::View overlay_lines(const core::View& a, const core::View& b, const std::string& b_name) {
    core::View v = a;
    union_range(v.x_min, v.x_max, b.x_min, b.x_max);
    union_range(v.y_min, v.y_max, b.y_min, b.y_max);
    int repeated = 0;
    for (size_t k = 0; k < b.lines.size(); ++k) {
        core::LineSeries s = b.lines[k];
        if (k < a.lines.size() && a.lines[k].x == s.x && a.lines[k].y == s.y && !s.x.empty()) {
            ++repeated;   // a baseline the change does not touch (same data, same seed): drawn once
            continue;
        }
        if (s.color < 0) s.color = int(k);   // A's colour for the same series
        s.label.clear();                     // B's series are named once, by the legend entry below
        s.dashed = true;
        s.alpha *= kBAlpha;
        s.lo.clear();   // one band (A's) keeps the plot readable
        s.hi.clear();
        v.lines.push_back(std::move(s));
    }
    add_b_overlays(v, a, b);
    // The legend's key to B: an empty series, drawn only as a legend entry (A's lines keep their style).
    core::LineSeries key;
    key.label = core::trf("B: dashed, lighter (%s)", b_name.c_str());
    key.color = 7;
    key.dashed = true;
    v.lines.push_back(key);
    v.readouts = both_readouts(a, b);
    if (repeated > 0)
        v.readouts.push_back(
            core::trnf(repeated, "%d of B's lines equals A's (the change does not touch it): drawn once",
                       "%d of B's lines equal A's (the change does not touch them): drawn once", repeated));
    return v;
}

// A's and B's panels of the same plot on one colour scale: heatmaps on the union of their ranges, fields (whose
// channels are not logits) saturated at the larger of their scales. Their planes are their own.
void one_scale(core::View& pa, core::View& pb) {
    if (pa.kind == core::ViewKind::Heatmap && pb.kind == core::ViewKind::Heatmap) {
        double lo = std::min(pa.heat.lo, pb.heat.lo), hi = std::max(pa.heat.hi, pb.heat.hi);
        pa.heat.lo = pb.heat.lo = lo;
        pa.heat.hi = pb.heat.hi = hi;
    }
    if (pa.kind == core::ViewKind::Field && pb.kind == core::ViewKind::Field)
        pa.field.scale = pb.field.scale = std::max(pa.field.scale, pb.field.scale);
}

// A and B as two panels of one grid, on one scale.
core::View side_by_side(const core::View& a, const core::View& b, const std::string& b_name) {
    core::View pa = a, pb = b;
    pa.title = "A";
    pb.title = "B: " + b_name;
    one_scale(pa, pb);
    if (a.kind == core::ViewKind::Scatter || a.kind == core::ViewKind::Lines) {
        union_range(pa.x_min, pa.x_max, b.x_min, b.x_max);
        union_range(pa.y_min, pa.y_max, b.y_min, b.y_max);
        pb.x_min = pa.x_min, pb.x_max = pa.x_max, pb.y_min = pa.y_min, pb.y_max = pa.y_max;
    }
    core::View v = a;
    v.kind = core::ViewKind::Grid;
    v.children = {pa, pb};
    v.grid_cols = 2;
    v.lines.clear();
    v.overlays.clear();
    v.bars.clear();
    v.points.clear();
    v.heat = core::Heatmap{};
    v.readouts = both_readouts(a, b);
    return v;
}

// Bars: each of B's bars right after A's bar of the same index, in its colour, labelled "B", on A's axes
// with A's reference lines (and B's own, marked "(B)"); two half-width charts would squeeze their labels.
core::View pair_bars(const core::View& a, const core::View& b, const std::string& b_name) {
    core::View v = a;
    v.bars.clear();
    for (size_t k = 0; k < std::max(a.bars.size(), b.bars.size()); ++k) {
        if (k < a.bars.size()) {
            v.bars.push_back(a.bars[k]);
            if (v.bars.back().color < 0) v.bars.back().color = int(k);
        }
        if (k < b.bars.size()) {
            core::Bar bar = b.bars[k];
            if (bar.color < 0) bar.color = int(k);
            bar.label = "B";
            v.bars.push_back(bar);
        }
    }
    add_b_overlays(v, a, b);
    v.readouts = both_readouts(a, b);
    v.readouts.push_back(core::trf("each bar labelled B is run B (%s) beside A's bar on its left", b_name.c_str()));
    return v;
}

// Small multiples: panel by panel when every panel is a line plot, else A's panels then B's.
core::View compare_grid(const core::View& a, const core::View& b, const std::string& b_name) {
    bool lines = a.children.size() == b.children.size();
    for (size_t k = 0; lines && k < a.children.size(); ++k)
        lines = a.children[k].kind == core::ViewKind::Lines && b.children[k].kind == core::ViewKind::Lines;
    core::View v = a;
    v.readouts = both_readouts(a, b);
    if (lines) {
        for (size_t k = 0; k < a.children.size(); ++k)
            v.children[k] = overlay_lines(a.children[k], b.children[k], b_name);
        return v;
    }
    v.children.clear();
    for (const core::View& c : a.children) {
        v.children.push_back(c);
        v.children.back().title = "A: " + core::retranslate(c.title);
    }
    for (const core::View& c : b.children) {
        v.children.push_back(c);
        v.children.back().title = "B: " + core::retranslate(c.title);
    }
    if (a.children.size() == b.children.size())   // A's panel k and B's panel k on one scale
        for (size_t k = 0; k < a.children.size(); ++k) one_scale(v.children[k], v.children[k + a.children.size()]);
    v.grid_cols = a.children.size() <= 4 ? int(std::max<size_t>(1, a.children.size())) : 0;
    return v;
}

}   // namespace

core::View compare_view(const core::View& a, const core::View& b, const std::string& b_name) {
    if (a.kind == core::ViewKind::Lines && b.kind == core::ViewKind::Lines) return overlay_lines(a, b, b_name);
    if (a.kind == core::ViewKind::Grid && b.kind == core::ViewKind::Grid) return compare_grid(a, b, b_name);
    if (a.kind == core::ViewKind::Bars && b.kind == core::ViewKind::Bars) return pair_bars(a, b, b_name);
    return side_by_side(a, b, b_name);
}

std::vector<core::View> compare_views(const std::vector<core::View>& a, const std::vector<core::View>& b,
                                      const std::string& b_name) {
    std::vector<core::View> out;
    std::vector<bool> used(b.size(), false);
    for (const core::View& va : a) {
        size_t k = 0;
        while (k < b.size() && (used[k] || b[k].id != va.id)) ++k;
        if (k == b.size()) {   // B does not draw this view (its change turned it off)
            out.push_back(va);
            out.back().title = core::trf("%s (A only)", core::retranslate(va.title).c_str());
            continue;
        }
        used[k] = true;
        out.push_back(compare_view(va, b[k], b_name));
    }
    for (size_t k = 0; k < b.size(); ++k)
        if (!used[k]) {
            out.push_back(b[k]);
            out.back().title = core::trf("%s (B only)", core::retranslate(b[k].title).c_str());
        }
    return out;
}

}   // namespace session
