// Scatter plots: points coloured by group (expert, class), hollow for "wrong" or "unused".
#include "app/plot.hpp"
#include "app/plot_axes.hpp"
#include <cmath>

namespace app {

void plot_scatter(const core::View& v, ImVec2 a, ImVec2 b) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    std::vector<LegendItem> legend;
    for (size_t k = 0; k < v.legend.size(); ++k) {
        legend.push_back({v.legend[k], palette(int(k))});
        legend.back().dot = true;
    }
    a.y += draw_legend(legend, a, b.x - a.x, legend_scale(legend, b.x - a.x, (b.y - a.y) * 0.25f));
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (const auto& p : v.points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
        x0 = std::fmin(x0, p.x); x1 = std::fmax(x1, p.x);
        y0 = std::fmin(y0, p.y); y1 = std::fmax(y1, p.y);
    }
    if (!std::isfinite(x0)) { x0 = -1; x1 = 1; y0 = -1; y1 = 1; }
    double mx = (x1 - x0) * 0.05 + 1e-9, my = (y1 - y0) * 0.05 + 1e-9;
    Axes ax = draw_axes(v, a, b, x0 - mx, x1 + mx, y0 - my, y1 + my);
    if (ax.b.x - ax.a.x < 20) return;
    draw_overlays(v, ax);
    dl->PushClipRect(ax.a, ax.b, true);
    float r = std::fmax(2.5f, fh * 0.22f);
    if (v.points.size() > 1500) r *= 0.7f;
    for (const auto& p : v.points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
        ImVec2 q = ax.map(p.x, p.y);
        if (p.hollow) dl->AddCircle(q, r, palette(p.color), 8, 1.5f);
        else dl->AddCircleFilled(q, r, palette(p.color, 0.8f), 8);
    }
    dl->PopClipRect();
}

} // namespace app
