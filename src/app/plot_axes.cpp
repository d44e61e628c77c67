#include "app/plot_axes.hpp"
#include "app/plot.hpp"
#include <cmath>

namespace app {

static double tr(double v, bool lg) { return lg ? std::log10(std::fmax(v, 1e-300)) : v; }

ImVec2 Axes::map(double x, double y) const {
    double fx = (tr(x, log_x) - tr(x0, log_x)) / (tr(x1, log_x) - tr(x0, log_x));
    double fy = (tr(y, log_y) - tr(y0, log_y)) / (tr(y1, log_y) - tr(y0, log_y));
    return ImVec2(float(a.x + fx * (b.x - a.x)), float(b.y - fy * (b.y - a.y)));
}

double Axes::unmap_x(float px) const {
    double f = (px - a.x) / double(b.x - a.x);
    double t = tr(x0, log_x) + f * (tr(x1, log_x) - tr(x0, log_x));
    return log_x ? std::pow(10.0, t) : t;
}

Axes draw_axes(const core::View& v, ImVec2 oa, ImVec2 ob, double dx0, double dx1, double dy0, double dy1) {
    Axes ax;
    ax.log_x = v.log_x;
    ax.log_y = v.log_y;
    ax.x0 = v.x_min != v.x_max ? v.x_min : dx0;
    ax.x1 = v.x_min != v.x_max ? v.x_max : dx1;
    ax.y0 = v.y_min != v.y_max ? v.y_min : dy0;
    ax.y1 = v.y_min != v.y_max ? v.y_max : dy1;
    if (!(ax.x1 > ax.x0)) { ax.x0 -= 0.5; ax.x1 = ax.x0 + 1; }
    if (!(ax.y1 > ax.y0)) { double c = ax.y0; ax.y0 = c - (c == 0 ? 1 : std::fabs(c) * 0.1); ax.y1 = c + (c == 0 ? 1 : std::fabs(c) * 0.1); }
    if (v.y_min == v.y_max && !ax.log_y) { double m = (ax.y1 - ax.y0) * 0.06; ax.y0 -= m; ax.y1 += m; }
    if (ax.log_x && ax.x0 <= 0) ax.x0 = ax.x1 * 1e-3;
    if (ax.log_y && ax.y0 <= 0) ax.y0 = ax.y1 * 1e-4;

    const float fh = ImGui::GetFontSize();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    std::vector<double> yt = nice_ticks(ax.y0, ax.y1, std::max(2, int((ob.y - oa.y) / (fh * 2.2f))), ax.log_y);
    double ystep = yt.size() > 1 ? yt[1] - yt[0] : 1;
    auto ylabel = [&](double t) { return tick_label(t, ax.log_y ? t : ystep); };   // log axes: 0.001, 0.01, 0.1, 1
    float label_w = 0;
    for (double t : yt) label_w = std::fmax(label_w, ImGui::CalcTextSize(ylabel(t).c_str()).x);
    float left = label_w + fh * 0.4f;
    float top = fh * 0.4f + (v.y_label.empty() ? 0 : fh * 1.2f);
    float bottom = fh * 1.3f + (v.x_label.empty() ? 0 : fh * 1.2f);
    ax.a = ImVec2(oa.x + left, oa.y + top);
    ax.b = ImVec2(ob.x - fh * 1.3f, ob.y - bottom);   // room for half of the last x tick label
    if (ax.b.x - ax.a.x < 20 || ax.b.y - ax.a.y < 20) return ax;

    dl->AddRectFilled(ax.a, ax.b, IM_COL32(255, 255, 255, 255));
    const ImU32 grid = IM_COL32(225, 225, 228, 255), ink = IM_COL32(60, 60, 66, 255);
    for (double t : yt) {
        ImVec2 p = ax.map(ax.x0, t);
        dl->AddLine(ImVec2(ax.a.x, p.y), ImVec2(ax.b.x, p.y), grid);
        std::string s = ylabel(t);
        ImVec2 sz = ImGui::CalcTextSize(s.c_str());
        dl->AddText(ImVec2(ax.a.x - sz.x - fh * 0.3f, p.y - sz.y * 0.5f), ink, s.c_str());
    }
    std::vector<double> xt = nice_ticks(ax.x0, ax.x1, std::max(2, int((ax.b.x - ax.a.x) / (fh * 4.5f))), ax.log_x);
    double xstep = xt.size() > 1 ? xt[1] - xt[0] : 1;
    for (double t : xt) {
        ImVec2 p = ax.map(t, ax.y0);
        dl->AddLine(ImVec2(p.x, ax.a.y), ImVec2(p.x, ax.b.y), grid);
        std::string s = tick_label(t, xstep);
        ImVec2 sz = ImGui::CalcTextSize(s.c_str());
        dl->AddText(ImVec2(p.x - sz.x * 0.5f, ax.b.y + fh * 0.15f), ink, s.c_str());
    }
    dl->AddRect(ax.a, ax.b, IM_COL32(150, 150, 156, 255));
    if (!v.x_label.empty()) {
        ImVec2 sz = ImGui::CalcTextSize(v.x_label.c_str());
        dl->AddText(ImVec2((ax.a.x + ax.b.x - sz.x) * 0.5f, ob.y - fh * 1.15f), ink, v.x_label.c_str());
    }
    if (!v.y_label.empty()) {
        // ImGui has no rotated text: the y title goes above the axis.
        dl->AddText(ImVec2(oa.x, oa.y), ink, v.y_label.c_str());
    }
    return ax;
}

void draw_overlays(const core::View& v, const Axes& ax) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    dl->PushClipRect(ax.a, ax.b, true);
    for (const core::Overlay& o : v.overlays) {
        ImU32 col = o.color < 0 ? IM_COL32(90, 90, 90, 255) : palette(o.color);
        ImU32 fill = o.color < 0 ? IM_COL32(120, 120, 120, 40) : palette(o.color, 0.14f);
        ImVec2 la;
        switch (o.kind) {
            case core::Overlay::HLine: {
                ImVec2 p = ax.map(ax.x0, o.a);
                for (float x = ax.a.x; x < ax.b.x; x += fh * 0.8f)
                    dl->AddLine(ImVec2(x, p.y), ImVec2(std::fmin(x + fh * 0.45f, ax.b.x), p.y), col, 2.0f);
                // right-aligned above the line; below it when the line is at the top; never left of the axis
                float lw = ImGui::CalcTextSize(o.label.c_str()).x;
                la = ImVec2(std::fmax(ax.a.x + fh * 0.3f, ax.b.x - lw - fh * 0.3f), p.y - fh * 1.1f);
                if (la.y < ax.a.y) la.y = p.y + fh * 0.1f;
                break;
            }
            case core::Overlay::VLine: {
                ImVec2 p = ax.map(o.a, ax.y0);
                for (float y = ax.a.y; y < ax.b.y; y += fh * 0.8f)
                    dl->AddLine(ImVec2(p.x, y), ImVec2(p.x, std::fmin(y + fh * 0.45f, ax.b.y)), col, 1.5f);
                la = ImVec2(p.x + fh * 0.2f, ax.a.y + fh * 0.1f);
                break;
            }
            case core::Overlay::HBand: {
                ImVec2 p = ax.map(ax.x0, o.a), q = ax.map(ax.x1, o.b);
                dl->AddRectFilled(ImVec2(ax.a.x, std::fmin(p.y, q.y)), ImVec2(ax.b.x, std::fmax(p.y, q.y)), fill);
                la = ImVec2(ax.a.x + fh * 0.3f, std::fmin(p.y, q.y));
                break;
            }
            case core::Overlay::VBand: {
                ImVec2 p = ax.map(o.a, ax.y0), q = ax.map(o.b, ax.y0);
                dl->AddRectFilled(ImVec2(std::fmin(p.x, q.x), ax.a.y), ImVec2(std::fmax(p.x, q.x), ax.b.y), fill);
                la = ImVec2(std::fmin(p.x, q.x) + fh * 0.2f, ax.b.y - fh * 1.2f);
                break;
            }
        }
        if (!o.label.empty()) dl->AddText(la, col, o.label.c_str());
    }
    dl->PopClipRect();
}

float legend_height(const std::vector<LegendItem>& items, float width) {
    const float fh = ImGui::GetFontSize();
    float x = 0, rows = items.empty() ? 0 : 1;
    for (const LegendItem& it : items) {
        float w = fh * 2.5f + ImGui::CalcTextSize(it.name.c_str()).x;
        if (x + w > width && x > 0) { x = 0; ++rows; }
        x += w;
    }
    return rows * fh * 1.25f;
}

float draw_legend(const std::vector<LegendItem>& items, ImVec2 at, float width) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    float x = at.x, y = at.y;
    for (const LegendItem& it : items) {
        float w = fh * 1.6f + ImGui::CalcTextSize(it.name.c_str()).x + fh * 0.9f;
        if (x + w > at.x + width && x > at.x) { x = at.x; y += fh * 1.25f; }
        if (it.dashed)
            for (int k = 0; k < 3; ++k)
                dl->AddRectFilled(ImVec2(x + k * fh * 0.45f, y + fh * 0.42f), ImVec2(x + k * fh * 0.45f + fh * 0.28f, y + fh * 0.66f), it.color);
        else
            dl->AddRectFilled(ImVec2(x, y + fh * 0.38f), ImVec2(x + fh * 1.2f, y + fh * 0.7f), it.color);
        dl->AddText(ImVec2(x + fh * 1.6f, y), IM_COL32(40, 40, 46, 255), it.name.c_str());
        x += w;
    }
    return items.empty() ? 0 : y - at.y + fh * 1.3f;
}

} // namespace app
