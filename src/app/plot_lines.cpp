// Line plots: series with optional mean ± sd bands, dashed lines, markers, overlays and a hover readout.
#include "app/plot.hpp"
#include "app/plot_axes.hpp"
#include <cmath>
#include <cstdio>

namespace app {

static bool ok(double v) { return std::isfinite(v); }

void plot_lines(const core::View& v, ImVec2 a, ImVec2 b) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    std::vector<LegendItem> legend;
    for (size_t k = 0; k < v.lines.size(); ++k)
        if (!v.lines[k].label.empty())
            legend.push_back({v.lines[k].label, palette(v.lines[k].color < 0 ? int(k) : v.lines[k].color), v.lines[k].dashed});
    // A legend taller than two rows would crowd out the plot: then it moves into the hover readout.
    float legend_h = legend_height(legend, b.x - a.x);
    bool legend_inline = legend_h <= ImGui::GetFontSize() * 2.6f || legend_h < (b.y - a.y) * 0.2f;
    if (legend_inline) a.y += draw_legend(legend, a, b.x - a.x);
    else {
        ImGui::GetWindowDrawList()->AddText(a, IM_COL32(90, 90, 100, 255), "(hover the plot for the legend and values)");
        a.y += ImGui::GetFontSize() * 1.2f;
    }

    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (const auto& s : v.lines)
        for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            if (!ok(s.x[i]) || !ok(s.y[i]) || (v.log_x && s.x[i] <= 0) || (v.log_y && s.y[i] <= 0)) continue;
            x0 = std::fmin(x0, s.x[i]); x1 = std::fmax(x1, s.x[i]);
            double lo = i < s.lo.size() ? s.lo[i] : s.y[i], hi = i < s.hi.size() ? s.hi[i] : s.y[i];
            y0 = std::fmin(y0, std::fmin(s.y[i], lo)); y1 = std::fmax(y1, std::fmax(s.y[i], hi));
        }
    for (const auto& o : v.overlays)
        if (o.kind == core::Overlay::HLine || o.kind == core::Overlay::HBand) {
            y0 = std::fmin(y0, o.a); y1 = std::fmax(y1, o.kind == core::Overlay::HBand ? o.b : o.a);
        }
    if (!ok(x0)) { x0 = 0; x1 = 1; }
    if (!ok(y0)) { y0 = 0; y1 = 1; }
    Axes ax = draw_axes(v, a, b, x0, x1, y0, y1);
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
        const float dash = fh * 0.5f;   // dashes measured on screen, whatever the data density
        float walked = 0;
        for (size_t i = 0; i + 1 < n; ++i) {
            if (!ok(s.y[i]) || !ok(s.y[i + 1])) continue;
            ImVec2 p = ax.map(s.x[i], s.y[i]), q = ax.map(s.x[i + 1], s.y[i + 1]);
            if (!s.dashed) { dl->AddLine(p, q, col, thick); continue; }
            float len = std::sqrt((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y));
            for (float t = 0; t < len;) {
                float phase = std::fmod(walked + t, 2 * dash), piece = std::fmin(len - t, (phase < dash ? dash : 2 * dash) - phase);
                if (phase < dash) {
                    float t0 = t / len, t1 = (t + piece) / len;
                    dl->AddLine(ImVec2(p.x + (q.x - p.x) * t0, p.y + (q.y - p.y) * t0),
                                ImVec2(p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1), col, thick);
                }
                t += std::fmax(piece, 0.5f);
            }
            walked += len;
        }
        if (s.markers || n == 1)
            for (size_t i = 0; i < n; ++i)
                if (ok(s.y[i])) dl->AddCircleFilled(ax.map(s.x[i], s.y[i]), thick * 1.8f, col);
    }
    dl->PopClipRect();

    // Hover: the value of every series at the nearest x.
    ImVec2 mouse = ImGui::GetIO().MousePos;
    if (mouse.x >= ax.a.x && mouse.x <= ax.b.x && mouse.y >= ax.a.y && mouse.y <= ax.b.y && ImGui::IsWindowHovered()) {
        double xm = ax.unmap_x(mouse.x);
        dl->AddLine(ImVec2(mouse.x, ax.a.y), ImVec2(mouse.x, ax.b.y), IM_COL32(0, 0, 0, 60));
        ImGui::BeginTooltip();
        for (size_t k = 0; k < v.lines.size(); ++k) {
            const auto& s = v.lines[k];
            if (s.label.empty() && s.alpha < 1) continue;   // faint unlabelled lines (one run of many) stay out of the readout
            size_t best = SIZE_MAX;
            for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
                if (best == SIZE_MAX || std::fabs(s.x[i] - xm) < std::fabs(s.x[best] - xm)) best = i;
            if (best == SIZE_MAX) continue;
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette(s.color < 0 ? int(k) : s.color)),
                               "%s: %.4g  (x = %.4g)", s.label.c_str(), s.y[best], s.x[best]);
        }
        ImGui::EndTooltip();
    }
}

} // namespace app
