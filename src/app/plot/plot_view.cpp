// One view in its box: caption (when there is room), the plot of its kind (or a grid of small
// multiples under one legend), readouts.
#include "app/plot/ink.hpp"
#include "app/plot/plot.hpp"
#include "app/plot/plot_axes.hpp"
#include "app/plot/text_fit.hpp"
#include "app/plot/view_report.hpp"
#include "core/words.hpp"
#include <imgui_internal.h>
#include <algorithm>
#include <cmath>
#include <string>

namespace app {

static bool g_shared_legend = false;
bool legend_shared_by_grid() { return g_shared_legend; }

// Small multiples whose line series all carry the same labels share one legend above the grid.
static std::vector<LegendItem> shared_legend(const core::View& g) {
    std::vector<LegendItem> first;
    for (const core::View& c : g.children) {
        if (c.kind != core::ViewKind::Lines) return {};
        std::vector<LegendItem> l = line_legend(c);
        if (&c == &g.children.front()) {
            first = l;
            continue;
        }
        if (l.size() != first.size()) return {};
        for (size_t k = 0; k < l.size(); ++k)
            if (l[k].name != first[k].name || l[k].color != first[k].color || l[k].pattern != first[k].pattern)
                return {};
    }
    return first;
}

static void draw_plot(const core::View& v, ImVec2 a, ImVec2 b) {
    switch (v.kind) {
    case core::ViewKind::Lines: plot_lines(v, a, b); break;
    case core::ViewKind::Heatmap: plot_heatmap(v, a, b); break;
    case core::ViewKind::Bars: plot_bars(v, a, b); break;
    case core::ViewKind::Scatter: plot_scatter(v, a, b); break;
    case core::ViewKind::Field: plot_field(v, a, b); break;
    case core::ViewKind::Text: plot_text(v, a, b); break;
    case core::ViewKind::Grid: {
        int n = int(v.children.size());
        if (n == 0) break;
        const float fh = ImGui::GetFontSize();
        std::vector<LegendItem> legend = shared_legend(v);
        if (!legend.empty())
            a.y += draw_legend(legend, a, b.x - a.x, legend_scale(legend, b.x - a.x, (b.y - a.y) * 0.2f));
        float w = b.x - a.x, h = b.y - a.y;
        // Panels need ~10×7 characters. When not all fit, the panels' text shrinks (down to 60 %)
        // before any panel is left out; those left out are named in the free cell.
        const float base = ImGui::GetCurrentWindow()->FontWindowScale;
        int cols = 1, rows = 1, shown = n;
        for (float sc : {1.0f, 0.85f, 0.7f, 0.6f}) {
            float pf = fh * sc;
            cols = v.grid_cols > 0 ? v.grid_cols : std::max(1, int(std::round(std::sqrt(n * w / std::fmax(h, 1.0f)))));
            cols = std::max(1, std::min({cols, n, int(w / (pf * 10))}));
            rows = std::min((n + cols - 1) / cols, std::max(1, int(h / (pf * 7))));
            shown = std::min(n, rows * cols);
            if (shown == n) {
                ImGui::SetWindowFontScale(base * sc);
                break;
            }
            if (sc < 0.61f) ImGui::SetWindowFontScale(base * sc);
        }
        if (shown < n) shown = std::max(1, shown - 1);
        const float pf = ImGui::GetFontSize();
        float cw = w / cols, ch = h / rows;
        ImDrawList* dl = ImGui::GetWindowDrawList();
        g_shared_legend = !legend.empty();
        for (int k = 0; k < shown; ++k) {
            ImVec2 p(a.x + (k % cols) * cw, a.y + (k / cols) * ch);
            dl->AddText(ImVec2(p.x + pf * 0.3f, p.y), ink(colors().text),
                        fit_text(v.children[size_t(k)].title, cw - pf * 0.6f).c_str());
            draw_plot(v.children[size_t(k)], ImVec2(p.x, p.y + pf * 1.1f),
                      ImVec2(p.x + cw - pf * 0.3f, p.y + ch - pf * 0.2f));
        }
        g_shared_legend = false;
        if (shown < n) {   // wrapped at words in the free cell
            ImVec2 p(a.x + (shown % cols) * cw + pf * 0.5f, a.y + (shown / cols) * ch + ch * 0.3f);
            std::string more = core::trf("+%d more panels in a larger box", n - shown);
            for (const std::string& line : wrap_words(more, cw - pf, pf)) {
                dl->AddText(p, ink(colors().caption_alt), line.c_str());
                p.y += pf * 1.1f;
            }
        }
        ImGui::SetWindowFontScale(base);
        break;
    }
    }
}

// A caption may take an eighth of the box (at 85 % size if need be); past that it is left to the
// title's "(?)" tooltip, so that the plot keeps the room.
static float draw_caption(const std::string& caption, ImVec2 a, float width, float box_h) {
    const float fh = ImGui::GetFontSize();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 ink_ = ink(colors().caption);
    for (float sc : {1.0f, 0.85f}) {
        std::vector<std::string> lines = wrap_words(caption, width, fh * sc);
        float h = lines.size() * fh * sc * 1.15f;
        if (h > box_h * 0.125f) continue;
        for (size_t k = 0; k < lines.size(); ++k)
            add_text(dl, ImVec2(a.x, a.y + k * fh * sc * 1.15f), ink_, lines[k], fh * sc);
        return h + fh * 0.2f;
    }
    return 0;
}

void draw_view(const core::View& v, ImVec2 size, bool caption, ViewReport* report) {
    ImVec2 a = ImGui::GetCursorScreenPos();
    ImVec2 b(a.x + size.x, a.y + size.y);
    const float fh = ImGui::GetFontSize();
    ImGui::PushClipRect(a, b, true);
    float y = a.y;
    if (caption && !v.caption.empty()) y += draw_caption(v.caption, a, size.x, size.y);
    std::vector<std::string> readouts = v.readouts;
    if (v.kind == core::ViewKind::Heatmap && !v.heat.marks.empty() && !v.heat.mark_label.empty())
        readouts.insert(readouts.begin(), core::trf("red dot: %s", v.heat.mark_label.c_str()));
    // readouts at 90 % size, wrapped at words to the box's width; at most a fifth of the box
    const float rs = fh * 0.9f, rh = rs * 1.15f;
    std::vector<std::string> lines;
    for (const auto& r : readouts)
        for (const auto& l : wrap_words(drawable_text(r), size.x - fh * 0.6f, rs)) lines.push_back(l);
    size_t max_lines = size_t(std::max(0.0f, size.y * 0.2f / rh));
    if (lines.size() > max_lines) lines.resize(max_lines);
    float readout_h = lines.size() * rh;
    ImVec2 pa(a.x, y), pb(b.x, b.y - readout_h);
    if (report) {
        report->id = v.id;
        report->title = v.title;
        report->plot_a = pa;
        report->plot_b = pb;
    }
    ViewReport* outer = current_report();
    set_current_report(report);
    draw_plot(v, pa, pb);
    set_current_report(outer);
    float ry = b.y - readout_h;
    for (const auto& l : lines) {
        add_text(ImGui::GetWindowDrawList(), ImVec2(a.x + fh * 0.3f, ry), ink(colors().readout), l, rs);
        ry += rh;
    }
    ImGui::PopClipRect();
    ImGui::SetCursorScreenPos(a);
    ImGui::Dummy(size);
}

}   // namespace app
