// Field views (core/view.hpp Field): territories over a plane, drawn by the GPU (app/plot/gpu_draw.hpp), or, where no
// GPU program runs, by the CPU in cells. Points, lines and markers on top, a legend of the channels, and the
// values of every channel under the pointer.
#include "app/plot/colors.hpp"
#include "app/plot/gpu_draw.hpp"
#include "app/plot/ink.hpp"
#include "app/plot/plane_edit.hpp"
#include "app/plot/plot.hpp"
#include "app/plot/plot_axes.hpp"
#include "app/plot/text_fit.hpp"
#include "app/plot/view_report.hpp"
#include "core/field.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace app {

// The territories cell by cell: the winner's colour at the confidence's saturation (no anti-aliased boundary).
static void cpu_field(ImDrawList* dl, const core::View& v, const Axes& ax) {
    const core::Field& f = v.field;
    const double dx = (v.x_max - v.x_min) / f.cols, dy = (v.y_max - v.y_min) / f.rows;
    for (int r = 0; r < f.rows; ++r)
        for (int c = 0; c < f.cols; ++c) {
            const int w = core::field_winner(f, r, c);
            const float strength =
                field_strength(f, &f.v[(size_t(r) * size_t(f.cols) + size_t(c)) * size_t(f.channels)]);
            const ImVec4 bg = ink4(colors().plot_bg), fg = ink4(field_channel_color(f, w, colors()));
            const float t = 0.25f + 0.55f * strength;
            const ImU32 col = ImGui::ColorConvertFloat4ToU32(
                ImVec4(bg.x + (fg.x - bg.x) * t, bg.y + (fg.y - bg.y) * t, bg.z + (fg.z - bg.z) * t, 1));
            const ImVec2 p = ax.map(v.x_min + c * dx, v.y_min + (r + 1) * dy),
                         q = ax.map(v.x_min + (c + 1) * dx, v.y_min + r * dy);
            dl->AddRectFilled(p, ImVec2(q.x + 0.5f, q.y + 0.5f), col);
        }
}

// For the browser test: up to a dozen cell centres whose 5 × 5 neighbourhood has one winner, and the colours.
static void report_field(const core::View& v, const Axes& ax) {
    ViewReport* r = current_report();
    const core::Field& f = v.field;
    if (!r || f.rows < 5 || f.cols < 5) return;
    const double dx = (v.x_max - v.x_min) / f.cols, dy = (v.y_max - v.y_min) / f.rows;
    const float clear = ImGui::GetFontSize() * 0.5f;   // no sample under a point's marker
    std::vector<ImVec2> points;
    for (const core::ScatterPoint& p : v.points) points.push_back(ax.map(p.x, p.y));
    for (const core::LineSeries& s : v.lines)
        for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) points.push_back(ax.map(s.x[i], s.y[i]));
    for (int row = 2; row + 2 < f.rows && r->field_samples.size() < 12; row += 3)
        for (int col = 2; col + 2 < f.cols && r->field_samples.size() < 12; col += 4) {
            const int w = core::field_winner(f, row, col);
            bool inside = true;
            for (int i = -2; i <= 2 && inside; ++i)
                for (int j = -2; j <= 2 && inside; ++j) inside = core::field_winner(f, row + i, col + j) == w;
            const ImVec2 p = ax.map(v.x_min + (col + 0.5) * dx, v.y_min + (row + 0.5) * dy);
            for (const ImVec2& q : points) inside = inside && std::fabs(q.x - p.x) + std::fabs(q.y - p.y) > 2 * clear;
            for (const core::LineSeries& s : v.lines)   // nor under a drawn line
                for (size_t i = 0; s.width > 0 && i + 1 < s.x.size() && i + 1 < s.y.size(); ++i) {
                    const ImVec2 a = ax.map(s.x[i], s.y[i]), b = ax.map(s.x[i + 1], s.y[i + 1]);
                    const float lx = b.x - a.x, ly = b.y - a.y, len2 = std::max(lx * lx + ly * ly, 1e-6f);
                    const float t = std::clamp(((p.x - a.x) * lx + (p.y - a.y) * ly) / len2, 0.0f, 1.0f);
                    inside = inside && std::hypot(a.x + t * lx - p.x, a.y + t * ly - p.y) > clear;
                }
            if (inside) r->field_samples.push_back({p.x, p.y, w});
        }
    auto hex = [](Rgb c) { return unsigned(c.r) << 16 | unsigned(c.g) << 8 | c.b; };
    for (int k = 0; k < f.channels; ++k) r->field_colors.push_back(hex(field_channel_color(f, k, colors())));
    r->field_colors.push_back(hex(colors().plot_bg));
}

void plot_field(const core::View& v, ImVec2 a, ImVec2 b) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    std::vector<LegendItem> legend;
    for (size_t k = 0; k < v.legend.size(); ++k) {
        legend.push_back(
            {v.legend[k], int(k) == v.field.none ? ink(colors().heat_border) : palette(field_palette_index(int(k)))});
        legend.back().band = true;
    }
    for (size_t k = 0; k < v.lines.size(); ++k)
        if (!v.lines[k].label.empty()) {
            const core::LineSeries& s = v.lines[k];
            legend.push_back(
                {s.label, s.width > 0 ? palette(s.color < 0 ? int(k) : s.color) : ink(colors().axis_ink), s.dashed});
            if (s.markers) legend.back().dot = true, legend.back().marker = s.color < 0 ? int(k) : s.color;
        }
    // a wide, low panel (small multiples, compare mode), or a plane of one scale with room beside it for the legend's
    // widest item: the legend in a column on the right, so that the plane keeps the panel's height
    const float column = legend_column_width(legend);
    if (!legend.empty() &&
        (v.equal_scale ? (b.x - a.x) - (b.y - a.y) >= column + fh * 0.5f : b.x - a.x > 2.2f * (b.y - a.y))) {
        const float lw = v.equal_scale ? column : (b.x - a.x) * 0.4f;
        if (v.equal_scale) {   // the square plane (with its ticks) and its legend side by side, centred together
            const float box = std::min(b.x - a.x - lw - fh * 0.5f, (b.y - a.y) + fh * 3.0f);
            a.x += std::max(0.0f, (b.x - a.x - box - fh * 0.5f - lw) * 0.5f);
            b.x = a.x + box + fh * 0.5f + lw;
        }
        draw_legend(legend, ImVec2(b.x - lw, a.y), lw, legend_scale(legend, lw, b.y - a.y));
        b.x -= lw + fh * 0.5f;
    } else {
        a.y += draw_legend(legend, a, b.x - a.x, legend_scale(legend, b.x - a.x, (b.y - a.y) * 0.22f));
    }
    Axes ax = draw_axes(v, a, b, v.x_min, v.x_max, v.y_min, v.y_max);
    if (ax.b.x - ax.a.x < 20 || ax.b.y - ax.a.y < 20) return;
    const ImVec2 lo = ax.map(v.x_min, v.y_max), hi = ax.map(v.x_max, v.y_min);   // the plane on screen
    dl->PushClipRect(ax.a, ax.b, true);
    if (v.field.rows > 0 && !gpu_draw_field(dl, v, lo, hi) && v.field.channels > 0) cpu_field(dl, v, ax);
    report_field(v, ax);
    draw_overlays(v, ax);
    // samples on the plane, in their group's colour and shape, ringed in the axes' ink and the background so that
    // they show on any territory in any theme; a hollow one (in no group: no expert) in the axes' ink
    const float r = std::fmax(2.5f, fh * 0.2f);
    for (const core::ScatterPoint& p : v.points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
        const ImVec2 q = ax.map(p.x, p.y);
        draw_marker(dl, q, r + 2.4f, p.color, ink(colors().axis_ink));
        draw_marker(dl, q, r + 1.2f, p.color, ink(colors().plot_bg));
        draw_marker(dl, q, r, p.color, p.hollow ? ink(colors().axis_ink) : palette(field_palette_index(p.color)),
                    p.hollow);
    }
    for (size_t k = 0; k < v.lines.size(); ++k) {
        const core::LineSeries& s = v.lines[k];
        const int ci = s.color < 0 ? int(k) : s.color;
        const float thick = std::fmax(2.0f, fh * 0.14f) * s.width;
        for (size_t i = 0; s.width > 0 && i + 1 < s.x.size() && i + 1 < s.y.size(); ++i)   // width 0: places only
            stroke_segment(dl, ax.map(s.x[i], s.y[i]), ax.map(s.x[i + 1], s.y[i + 1]), ink(colors().axis_ink),
                           thick + 2, s.dashed ? 1 : 0, 0),
                stroke_segment(dl, ax.map(s.x[i], s.y[i]), ax.map(s.x[i + 1], s.y[i + 1]), palette(ci), thick,
                               s.dashed ? 1 : 0, 0);
        if (s.markers)
            for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
                // places (width 0) in the axes' ink, outlined in the background: no territory shares their colour
                const bool place = s.width <= 0;
                draw_marker(dl, ax.map(s.x[i], s.y[i]), fh * 0.42f, ci,
                            ink(place ? colors().plot_bg : colors().axis_ink));
                draw_marker(dl, ax.map(s.x[i], s.y[i]), fh * 0.3f, ci, place ? ink(colors().axis_ink) : palette(ci));
            }
    }
    dl->PopClipRect();
    if (!gpu_error(core::ViewKind::Field).empty())
        add_text(dl, ImVec2(ax.a.x + fh * 0.2f, ax.a.y + fh * 0.2f), ink(colors().error),
                 core::trf("GPU drawing unavailable (cells shown): %s",
                           gpu_error(core::ViewKind::Field).substr(0, 160).c_str()),
                 fh * 0.7f);
    // the pointer: its coordinates and every channel's value there; on a plane that edits points, a click
    const ImVec2 m = ImGui::GetIO().MousePos;
    if (!v.edits.empty() && m.x >= lo.x && m.x <= hi.x && m.y >= lo.y && m.y <= hi.y && ImGui::IsWindowHovered() &&
        (ImGui::IsMouseClicked(0) || ImGui::IsMouseClicked(1)))
        request_plane_edit({v.edits, v.x_min + (m.x - lo.x) / (hi.x - lo.x) * (v.x_max - v.x_min),
                            v.y_max - (m.y - lo.y) / (hi.y - lo.y) * (v.y_max - v.y_min), ImGui::IsMouseClicked(1)});
    if (m.x >= lo.x && m.x <= hi.x && m.y >= lo.y && m.y <= hi.y && ImGui::IsWindowHovered() && v.field.channels > 0) {
        const double x = v.x_min + (m.x - lo.x) / (hi.x - lo.x) * (v.x_max - v.x_min),
                     y = v.y_max - (m.y - lo.y) / (hi.y - lo.y) * (v.y_max - v.y_min);
        const std::vector<float> at = core::field_at(v, x, y);
        ImGui::BeginTooltip();
        auto number = [](double z) { return core::local_number(core::strf("%.3g", z)); };
        ImGui::Text("%s = %s, %s = %s", v.x_label.c_str(), number(x).c_str(), v.y_label.c_str(), number(y).c_str());
        for (size_t k = 0; k < at.size(); ++k)
            ImGui::TextColored(
                int(k) == v.field.none ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                       : ImGui::ColorConvertU32ToFloat4(palette(field_palette_index(int(k)))),
                "%s: %s", k < v.legend.size() ? v.legend[k].c_str() : core::trf("channel %d", int(k) + 1).c_str(),
                number(double(at[k])).c_str());
        ImGui::EndTooltip();
    }
}

}   // namespace app
