// Scatter plots: points coloured by group (expert, class), hollow for "wrong" or "unused".
#include "app/plot/plot.hpp"
#include "app/plot/plot_axes.hpp"
#include <cmath>

namespace app {

void plot_scatter(const core::View& v, ImVec2 a, ImVec2 b) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    std::vector<LegendItem> legend;
    for (size_t k = 0; k < v.legend.size(); ++k) {
        legend.push_back({v.legend[k], palette(int(k))});
        legend.back().dot = true;
        legend.back().marker = int(k);
    }
    for (size_t k = 0; k < v.lines.size(); ++k)   // decision lines drawn over the points
        if (!v.lines[k].label.empty())
            legend.push_back(
                {v.lines[k].label, palette(v.lines[k].color < 0 ? int(k) : v.lines[k].color), v.lines[k].dashed});
    a.y += draw_legend(legend, a, b.x - a.x, legend_scale(legend, b.x - a.x, (b.y - a.y) * 0.25f));
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (const auto& p : v.points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
        x0 = std::fmin(x0, p.x);
        x1 = std::fmax(x1, p.x);
        y0 = std::fmin(y0, p.y);
        y1 = std::fmax(y1, p.y);
    }
    if (!std::isfinite(x0)) {
        x0 = -1;
        x1 = 1;
        y0 = -1;
        y1 = 1;
    }
    double mx = (x1 - x0) * 0.05 + 1e-9, my = (y1 - y0) * 0.05 + 1e-9;
    Axes ax = draw_axes(v, a, b, x0 - mx, x1 + mx, y0 - my, y1 + my);
    if (ax.b.x - ax.a.x < 20) return;
    draw_overlays(v, ax);
    dl->PushClipRect(ax.a, ax.b, true);
    float r = std::fmax(2.5f, fh * 0.22f);
    if (v.points.size() > 1500) r *= 0.7f;
    const double span = v.value_hi != v.value_lo ? v.value_hi - v.value_lo : 1.0;
    for (const auto& p : v.points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
        ImVec2 q = ax.map(p.x, p.y);
        ImU32 col = std::isfinite(p.value) ? heat_color((p.value - v.value_lo) / span, v.value_diverging)
                                           : palette(p.color, 0.8f);
        if (std::isfinite(p.value)) {   // a colour scale: one shape
            if (p.hollow) dl->AddCircle(q, r, col, 8, 1.5f);
            else dl->AddCircleFilled(q, r, col, 8);
        } else draw_marker(dl, q, r, p.color, col, p.hollow);   // a group: its own shape
    }
    // Lines over the points (decision boundaries): solid or dashed, in their palette colour.
    for (size_t k = 0; k < v.lines.size(); ++k) {
        const core::LineSeries& s = v.lines[k];
        const ImU32 col = palette(s.color < 0 ? int(k) : s.color, s.alpha);
        const float thick = std::fmax(2.0f, fh * 0.14f) * s.width;
        for (size_t i = 0; i + 1 < s.x.size() && i + 1 < s.y.size(); ++i) {
            ImVec2 p0 = ax.map(s.x[i], s.y[i]), p1 = ax.map(s.x[i + 1], s.y[i + 1]);
            if (!s.dashed) {
                dl->AddLine(p0, p1, col, thick);
                continue;
            }
            const float len = std::sqrt((p1.x - p0.x) * (p1.x - p0.x) + (p1.y - p0.y) * (p1.y - p0.y)),
                        dash = fh * 0.5f;
            for (float t = 0; t < len; t += 2 * dash) {
                const float t1 = std::fmin(len, t + dash);
                dl->AddLine(ImVec2(p0.x + (p1.x - p0.x) * t / len, p0.y + (p1.y - p0.y) * t / len),
                            ImVec2(p0.x + (p1.x - p0.x) * t1 / len, p0.y + (p1.y - p0.y) * t1 / len), col, thick);
            }
        }
    }
    dl->PopClipRect();
}

}   // namespace app
