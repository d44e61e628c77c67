// Line plots: series with optional mean ± sd bands, dashed lines, markers, overlays and a hover readout.
#include "app/plot/ink.hpp"
#include "app/plot/plot.hpp"
#include "app/plot/plot_axes.hpp"
#include "app/plot/view_report.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace app {

static bool ok(double v) { return std::isfinite(v); }

// Labelled series at least this opaque carry their palette entry's marker (app/plot/plot.hpp draw_marker); faint runs
// behind a bold median do not.
constexpr float kMarkedAlpha = 0.6f;

// Dash patterns, in font heights (on, off): solid, dashed, dotted, long dashes.
static const float kPattern[4][2] = {{0, 0}, {0.5f, 0.5f}, {0.16f, 0.3f}, {0.9f, 0.35f}};

int line_pattern(const core::View& v, size_t k) {
    const core::LineSeries& s = v.lines[k];
    const int color = s.color < 0 ? int(k) : s.color;
    // series that share colour and dash but not label are told apart by dots, then long dashes; unlabelled
    // series (faint runs behind a bold median) are not in the legend and keep their plain stroke
    if (s.label.empty()) return s.dashed ? 1 : 0;
    std::vector<std::string> before;
    for (size_t j = 0; j < k; ++j) {
        const core::LineSeries& o = v.lines[j];
        if (o.label.empty()) continue;
        if ((o.color < 0 ? int(j) : o.color) == color && o.dashed == s.dashed && o.label != s.label &&
            std::find(before.begin(), before.end(), o.label) == before.end())
            before.push_back(o.label);
    }
    if (before.empty()) return s.dashed ? 1 : 0;
    return before.size() % 2 == 1 ? 2 : 3;
}

float stroke_segment(ImDrawList* dl, ImVec2 p, ImVec2 q, ImU32 col, float thick, int pattern, float walked) {
    float len = std::sqrt((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y));
    if (pattern <= 0 || pattern > 3) {
        dl->AddLine(p, q, col, thick);
        return walked + len;
    }
    const float fh = ImGui::GetFontSize(), on = kPattern[pattern][0] * fh, period = on + kPattern[pattern][1] * fh;
    for (float t = 0; t < len;) {   // dashes measured on screen, whatever the data density
        float phase = std::fmod(walked + t, period), piece = std::fmin(len - t, (phase < on ? on : period) - phase);
        if (phase < on) {
            float t0 = t / len, t1 = (t + piece) / len;
            dl->AddLine(ImVec2(p.x + (q.x - p.x) * t0, p.y + (q.y - p.y) * t0),
                        ImVec2(p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1), col, thick);
        }
        t += std::fmax(piece, 0.5f);
    }
    return walked + len;
}

std::vector<LegendItem> line_legend(const core::View& v) {
    std::vector<LegendItem> legend;
    for (size_t k = 0; k < v.lines.size(); ++k) {
        const core::LineSeries& s = v.lines[k];
        if (s.label.empty()) continue;
        LegendItem it{s.label, palette(s.color < 0 ? int(k) : s.color), s.dashed};
        it.pattern = line_pattern(v, k);
        if (s.alpha >= kMarkedAlpha) it.marker = s.color < 0 ? int(k) : s.color;
        bool seen = false;
        for (const LegendItem& e : legend) seen |= e.name == it.name && e.color == it.color && e.pattern == it.pattern;
        if (!seen) legend.push_back(it);
    }
    // bands across x (training stages) are named in the legend: their labels would collide above narrow bands
    for (const core::Overlay& o : v.overlays)
        if (o.kind == core::Overlay::VBand && !o.label.empty()) {
            bool seen = false;
            for (const LegendItem& e : legend) seen |= e.name == o.label;
            if (!seen) legend.push_back({o.label, o.color < 0 ? ink(colors().overlay) : palette(o.color), false, true});
        }
    return legend;
}

void plot_lines(const core::View& v, ImVec2 a, ImVec2 b) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    // The legend is always drawn (a projector has no hover): above the plot, its text shrinking to
    // 70 % before it takes more than a sixth of the height. In a grid of small multiples that
    // share their series the grid draws one legend for all (legend_shared_by_grid()).
    if (!legend_shared_by_grid()) {
        std::vector<LegendItem> legend = line_legend(v);
        float sc = legend_scale(legend, b.x - a.x, (b.y - a.y) * 0.16f);
        a.y += draw_legend(legend, a, b.x - a.x, sc);
    }
    if (ViewReport* r = current_report())
        for (const auto& s : v.lines)
            if (!s.label.empty()) r->series.push_back(s.label);

    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (const auto& s : v.lines)
        for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            if (!ok(s.x[i]) || !ok(s.y[i]) || (v.log_x && s.x[i] <= 0) || (v.log_y && s.y[i] <= 0)) continue;
            x0 = std::fmin(x0, s.x[i]);
            x1 = std::fmax(x1, s.x[i]);
            double lo = i < s.lo.size() ? s.lo[i] : s.y[i], hi = i < s.hi.size() ? s.hi[i] : s.y[i];
            y0 = std::fmin(y0, std::fmin(s.y[i], lo));
            y1 = std::fmax(y1, std::fmax(s.y[i], hi));
        }
    for (const auto& o : v.overlays)
        if (o.kind == core::Overlay::HLine || o.kind == core::Overlay::HBand) {
            y0 = std::fmin(y0, o.a);
            y1 = std::fmax(y1, o.kind == core::Overlay::HBand ? o.b : o.a);
        }
    if (!ok(x0)) {
        x0 = 0;
        x1 = 1;
    }
    if (!ok(y0)) {
        y0 = 0;
        y1 = 1;
    }
    Axes ax = draw_axes(v, a, b, x0, x1, y0, y1, {false, true});
    if (ax.b.x - ax.a.x < 20 || ax.b.y - ax.a.y < 20) return;
    draw_overlays(v, ax);

    dl->PushClipRect(ax.a, ax.b, true);
    for (size_t k = 0; k < v.lines.size(); ++k) {
        const core::LineSeries& s = v.lines[k];
        int ci = s.color < 0 ? int(k) : s.color;
        size_t n = std::min(s.x.size(), s.y.size());
        if (s.lo.size() >= n && s.hi.size() >= n)
            for (size_t i = 0; i + 1 < n; ++i) {
                if (!ok(s.lo[i]) || !ok(s.hi[i]) || !ok(s.lo[i + 1]) || !ok(s.hi[i + 1])) continue;
                ImVec2 q[4] = {ax.map(s.x[i], s.lo[i]), ax.map(s.x[i + 1], s.lo[i + 1]),
                               ax.map(s.x[i + 1], s.hi[i + 1]), ax.map(s.x[i], s.hi[i])};
                dl->AddConvexPolyFilled(q, 4, palette(ci, 0.18f));
            }
        ImU32 col = palette(ci, s.alpha);
        float thick = std::fmax(2.0f, fh * 0.14f) * s.width;
        const int pattern = line_pattern(v, k);
        std::vector<ImVec2> drawn;
        for (size_t i = 0; i < n; ++i)
            if (ok(s.y[i]) && ok(s.x[i])) drawn.push_back(ax.map(s.x[i], s.y[i]));
        report_segments_vs_labels(drawn, ax.a, ax.b);
        float walked = 0;
        for (size_t i = 0; i + 1 < n; ++i) {
            if (!ok(s.y[i]) || !ok(s.y[i + 1])) continue;
            walked =
                stroke_segment(dl, ax.map(s.x[i], s.y[i]), ax.map(s.x[i + 1], s.y[i + 1]), col, thick, pattern, walked);
        }
        if (s.markers || n == 1) {
            for (size_t i = 0; i < n; ++i)
                if (ok(s.y[i])) draw_marker(dl, ax.map(s.x[i], s.y[i]), thick * 1.8f, ci, col);
        } else if (!s.label.empty() && s.alpha >= kMarkedAlpha && !drawn.empty()) {
            // the series' marker every few font heights across the plot (and at its end), offset by series so
            // that markers of lines running together do not sit on each other; by x, so a noisy curve is not
            // crowded with them
            const float every = fh * 4;
            float next_x = drawn.front().x + every * (0.3f + 0.17f * float(k % 4));
            for (const ImVec2& p : drawn)
                if (p.x >= next_x && p.x < drawn.back().x - every * 0.5f) {
                    draw_marker(dl, p, thick * 1.6f, ci, col);
                    next_x = p.x + every;
                }
            draw_marker(dl, drawn.back(), thick * 1.6f, ci, col);
        }
    }
    dl->PopClipRect();

    // Hover: the value of every series at the nearest x.
    ImVec2 mouse = ImGui::GetIO().MousePos;
    if (mouse.x >= ax.a.x && mouse.x <= ax.b.x && mouse.y >= ax.a.y && mouse.y <= ax.b.y && ImGui::IsWindowHovered()) {
        double xm = ax.unmap_x(mouse.x);
        dl->AddLine(ImVec2(mouse.x, ax.a.y), ImVec2(mouse.x, ax.b.y), ink(colors().text, 0.25f));
        ImGui::BeginTooltip();
        for (size_t k = 0; k < v.lines.size(); ++k) {
            const auto& s = v.lines[k];
            if (s.label.empty())
                continue;   // unlabelled lines (one run of many, the rest of a group) have no name to read
            size_t best = SIZE_MAX;
            for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
                if (best == SIZE_MAX || std::fabs(s.x[i] - xm) < std::fabs(s.x[best] - xm)) best = i;
            if (best == SIZE_MAX) continue;
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette(s.color < 0 ? int(k) : s.color)),
                               "%s: %s  (x = %s)", s.label.c_str(),
                               core::local_number(core::strf("%.4g", s.y[best])).c_str(),
                               core::local_number(core::strf("%.4g", s.x[best])).c_str());
        }
        ImGui::EndTooltip();
    }
}

}   // namespace app
