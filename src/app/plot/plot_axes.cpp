#include "app/plot/plot_axes.hpp"
#include "app/plot/ink.hpp"
#include "app/plot/plot.hpp"
#include "app/plot/text_fit.hpp"
#include "app/plot/view_report.hpp"
#include <algorithm>
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

static bool across_y(const core::Overlay& o) {
    return o.kind == core::Overlay::HLine || o.kind == core::Overlay::HBand;
}

static ImU32 overlay_color(const core::Overlay& o) { return o.color < 0 ? ink(colors().overlay) : palette(o.color); }

// Labels of lines and bands across x go in rows above the axes, centred on their x; a label that
// would overlap one already placed moves to the next row. Returns the number of rows.
// The axis title (above the y axis) takes the start of the first row.
static int place_top_labels(const core::View& v, Axes& ax, float left_limit, float right_limit, float title_w,
                            bool band_labels) {
    const float fh = ImGui::GetFontSize(), gap = fh * 0.6f;
    struct Item {
        float x0, w;
        const core::Overlay* o;
        std::string label;
    };
    std::vector<Item> items;
    for (const core::Overlay& o : v.overlays) {
        if (o.label.empty() || across_y(o) || (!band_labels && o.kind == core::Overlay::VBand)) continue;
        float x0 = ax.map(o.a, ax.y0).x, x1 = o.kind == core::Overlay::VBand ? ax.map(o.b, ax.y0).x : x0;
        if (x1 < x0) std::swap(x0, x1);
        if (x1 < ax.a.x - 1 || x0 > ax.b.x + 1) continue;                            // off the axes: nothing to name
        const std::string label = fit_text(o.label, right_limit - left_limit, fh);   // (a row at most)
        float cx = (std::max(x0, ax.a.x) + std::min(x1, ax.b.x)) * 0.5f, w = text_width(label, fh);
        items.push_back({std::clamp(cx - w * 0.5f, left_limit, std::max(left_limit, right_limit - w)), w, &o, label});
    }
    std::sort(items.begin(), items.end(), [](const Item& p, const Item& q) { return p.x0 < q.x0; });
    std::vector<float> row_end;
    if (title_w > 0) row_end.push_back(left_limit + title_w);
    for (const Item& it : items) {
        size_t r = 0;
        while (r < row_end.size() && it.x0 < row_end[r] + gap) ++r;
        if (r == row_end.size()) row_end.push_back(0);
        row_end[r] = it.x0 + it.w;
        PlacedLabel l;
        l.lines = {it.label};
        l.at = ImVec2(it.x0, float(r));   // the row; its y is set once the top margin is known
        l.size = ImVec2(it.w, fh);
        l.color = darker(overlay_color(*it.o), it.o->color < 0 ? 1.0f : 0.75f);
        ax.labels.push_back(l);
    }
    return int(row_end.size());
}

// Labels of lines and bands across y go in a column right of the axes, wrapped at words, at the
// height of their line (pushed apart when two would overlap).
static void place_side_labels(const core::View& v, Axes& ax, float col_x, float col_w, float top, float bottom) {
    const float fh = ImGui::GetFontSize(), lh = fh * 1.05f;
    size_t first = ax.labels.size();
    for (const core::Overlay& o : v.overlays) {
        if (o.label.empty() || !across_y(o)) continue;
        double y =
            o.kind == core::Overlay::HBand ? (ax.log_y ? std::sqrt(std::fabs(o.a * o.b)) : (o.a + o.b) * 0.5) : o.a;
        if (y < ax.y0 || y > ax.y1) continue;
        PlacedLabel l;
        l.lines = wrap_words(o.label, col_w, fh);
        float w = 0;
        for (const auto& s : l.lines) w = std::max(w, text_width(s, fh));
        l.size = ImVec2(w, lh * l.lines.size());
        l.anchor_y = ax.map(ax.x0, y).y;
        l.at = ImVec2(col_x, l.anchor_y - l.size.y * 0.5f);
        l.color = darker(overlay_color(o), o.color < 0 ? 1.0f : 0.75f);
        ax.labels.push_back(l);
    }
    std::sort(ax.labels.begin() + long(first), ax.labels.end(),
              [](const PlacedLabel& p, const PlacedLabel& q) { return p.anchor_y < q.anchor_y; });
    float y = top;
    for (size_t k = first; k < ax.labels.size(); ++k) {
        ax.labels[k].at.y = std::max(ax.labels[k].at.y, y);
        y = ax.labels[k].at.y + ax.labels[k].size.y + fh * 0.2f;
    }
    float over = y - fh * 0.2f - bottom;   // past the bottom: move the stack up
    for (size_t k = ax.labels.size(); k-- > first && over > 0;) {
        float room = k > first ? ax.labels[k].at.y - (ax.labels[k - 1].at.y + ax.labels[k - 1].size.y + fh * 0.2f)
                               : ax.labels[k].at.y - top;
        ax.labels[k].at.y -= over;
        over = std::max(0.0f, over - std::max(0.0f, room));
    }
}

Axes draw_axes(const core::View& v, ImVec2 oa, ImVec2 ob, double dx0, double dx1, double dy0, double dy1,
               AxesOptions opt) {
    Axes ax;
    ax.log_x = v.log_x;
    ax.log_y = v.log_y;
    ax.x0 = v.x_min != v.x_max ? v.x_min : dx0;
    ax.x1 = v.x_min != v.x_max ? v.x_max : dx1;
    ax.y0 = v.y_min != v.y_max ? v.y_min : dy0;
    ax.y1 = v.y_min != v.y_max ? v.y_max : dy1;
    if (!(ax.x1 > ax.x0)) {
        ax.x0 -= 0.5;
        ax.x1 = ax.x0 + 1;
    }
    if (!(ax.y1 > ax.y0)) {
        double c = ax.y0;
        ax.y0 = c - (c == 0 ? 1 : std::fabs(c) * 0.1);
        ax.y1 = c + (c == 0 ? 1 : std::fabs(c) * 0.1);
    }
    if (v.y_min == v.y_max && !ax.log_y) {
        double m = (ax.y1 - ax.y0) * 0.06;
        ax.y0 -= m;
        ax.y1 += m;
    }
    if (ax.log_x && ax.x0 <= 0) ax.x0 = ax.x1 * 1e-3;
    if (ax.log_y && ax.y0 <= 0) ax.y0 = ax.y1 * 1e-4;

    const float fh = ImGui::GetFontSize();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    std::vector<double> yt = nice_ticks(ax.y0, ax.y1, std::max(2, int((ob.y - oa.y) / (fh * 2.2f))), ax.log_y);
    double ystep = yt.size() > 1 ? yt[1] - yt[0] : 1;
    auto ylabel = [&](double t) { return tick_label(t, ax.log_y ? t : ystep); };   // log axes: 0.001, 0.01, 0.1, 1
    float label_w = 0;
    for (double t : yt) label_w = std::fmax(label_w, ImGui::CalcTextSize(ylabel(t).c_str()).x);
    // the column for labels of lines across y: as wide as the widest label, at most 30 % of the box
    // (never narrower than its longest word: labels wrap, they are never cut)
    float col_w = 0;
    for (const core::Overlay& o : v.overlays)
        if (!o.label.empty() && across_y(o))
            col_w = std::max(
                col_w, std::min(text_width(o.label, fh), std::max(widest_word(o.label, fh), (ob.x - oa.x) * 0.3f)));
    float left = label_w + fh * 0.4f;
    float right =
        col_w > 0 ? std::max(fh * 1.3f, col_w + fh * 0.9f) : fh * 1.3f;   // else room for half an x tick label
    ax.a.x = oa.x + left;
    ax.b.x = ob.x - right;
    std::string y_title = fit_text(v.y_label, ob.x - oa.x);
    float title_w = v.y_label.empty() ? 0 : text_width(y_title, fh);
    int rows =
        ax.b.x - ax.a.x >= 20 ? place_top_labels(v, ax, oa.x, ob.x, title_w, opt.band_labels) : (title_w > 0 ? 1 : 0);
    float row_h = fh * 1.1f;
    float top = fh * 0.3f + rows * row_h;
    float bottom = fh * 1.3f + (v.x_label.empty() ? 0 : fh * 1.2f);
    ax.a.y = oa.y + top;
    ax.b.y = ob.y - bottom;
    if (v.equal_scale && !ax.log_x && !ax.log_y) {   // one unit as long on both axes: the longer side shrinks, centred
        const float w = ax.b.x - ax.a.x, h = ax.b.y - ax.a.y;
        const float per = std::min(w / float(ax.x1 - ax.x0), h / float(ax.y1 - ax.y0));
        const float dw = w - per * float(ax.x1 - ax.x0), dh = h - per * float(ax.y1 - ax.y0);
        ax.a.x += dw * 0.5f, ax.b.x -= dw * 0.5f;
        ax.a.y += dh * 0.5f, ax.b.y -= dh * 0.5f;
    }
    if (ax.b.x - ax.a.x < 20 || ax.b.y - ax.a.y < 20) {
        ax.labels.clear();
        return ax;
    }
    for (PlacedLabel& l : ax.labels) l.at.y = oa.y + l.at.y * row_h;
    if (col_w > 0) place_side_labels(v, ax, ax.b.x + fh * 0.6f, col_w, oa.y + rows * row_h, ob.y);
    report_data_area(ax.a, ax.b);

    dl->AddRectFilled(ax.a, ax.b, ink(colors().plot_bg));
    const ImU32 grid = ink(colors().grid), ink_ = ink(colors().axis_ink);
    for (double t : yt) {
        ImVec2 p = ax.map(ax.x0, t);
        dl->AddLine(ImVec2(ax.a.x, p.y), ImVec2(ax.b.x, p.y), grid);
        std::string s = ylabel(t);
        ImVec2 sz = ImGui::CalcTextSize(s.c_str());
        dl->AddText(ImVec2(ax.a.x - sz.x - fh * 0.3f, p.y - sz.y * 0.5f), ink_, s.c_str());
    }
    std::vector<double> xt;
    if (opt.x_ticks) xt = nice_ticks(ax.x0, ax.x1, std::max(2, int((ax.b.x - ax.a.x) / (fh * 4.5f))), ax.log_x);
    double xstep = xt.size() > 1 ? xt[1] - xt[0] : 1;
    for (double t : xt) {
        ImVec2 p = ax.map(t, ax.y0);
        dl->AddLine(ImVec2(p.x, ax.a.y), ImVec2(p.x, ax.b.y), grid);
        std::string s = tick_label(t, xstep);
        ImVec2 sz = ImGui::CalcTextSize(s.c_str());
        dl->AddText(ImVec2(p.x - sz.x * 0.5f, ax.b.y + fh * 0.15f), ink_, s.c_str());
    }
    dl->AddRect(ax.a, ax.b, ink(colors().axis_frame));
    if (!v.x_label.empty()) {
        std::string xl = fit_text(v.x_label, ob.x - oa.x);
        ImVec2 sz = ImGui::CalcTextSize(xl.c_str());
        dl->AddText(ImVec2(std::max(oa.x, (ax.a.x + ax.b.x - sz.x) * 0.5f), ob.y - fh * 1.15f), ink_, xl.c_str());
    }
    if (!v.y_label.empty()) {
        // ImGui has no rotated text: the y title goes above the axis, at the start of the label rows.
        dl->AddText(ImVec2(oa.x, oa.y), ink_, y_title.c_str());
    }
    return ax;
}

void draw_overlays(const core::View& v, const Axes& ax) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    dl->PushClipRect(ax.a, ax.b, true);
    for (const core::Overlay& o : v.overlays) {
        ImU32 col = overlay_color(o);
        ImU32 fill = o.color < 0 ? ink(colors().overlay, 0.16f) : palette(o.color, 0.14f);
        switch (o.kind) {
        case core::Overlay::HLine: {
            ImVec2 p = ax.map(ax.x0, o.a);
            for (float x = ax.a.x; x < ax.b.x; x += fh * 0.8f)
                dl->AddLine(ImVec2(x, p.y), ImVec2(std::fmin(x + fh * 0.45f, ax.b.x), p.y), col, 2.0f);
            break;
        }
        case core::Overlay::VLine: {
            ImVec2 p = ax.map(o.a, ax.y0);
            for (float y = ax.a.y; y < ax.b.y; y += fh * 0.8f)
                dl->AddLine(ImVec2(p.x, y), ImVec2(p.x, std::fmin(y + fh * 0.45f, ax.b.y)), col, 1.5f);
            break;
        }
        case core::Overlay::HBand: {
            ImVec2 p = ax.map(ax.x0, o.a), q = ax.map(ax.x1, o.b);
            dl->AddRectFilled(ImVec2(ax.a.x, std::fmin(p.y, q.y)), ImVec2(ax.b.x, std::fmax(p.y, q.y)), fill);
            break;
        }
        case core::Overlay::VBand: {
            ImVec2 p = ax.map(o.a, ax.y0), q = ax.map(o.b, ax.y0);
            dl->AddRectFilled(ImVec2(std::fmin(p.x, q.x), ax.a.y), ImVec2(std::fmax(p.x, q.x), ax.b.y), fill);
            break;
        }
        }
    }
    dl->PopClipRect();
    // labels in the margins (placed by draw_axes); a short leader joins a side label to its line
    for (const PlacedLabel& l : ax.labels) {
        if (l.anchor_y >= 0)
            dl->AddLine(
                ImVec2(ax.b.x + 1, l.anchor_y),
                ImVec2(l.at.x - fh * 0.15f, std::clamp(l.anchor_y, l.at.y + fh * 0.2f, l.at.y + l.size.y - fh * 0.2f)),
                l.color, 1.2f);
        // inside the panel's sides whatever the room: a line too long for it ends in "..." (never cut mid-glyph)
        const float left = dl->GetClipRectMin().x, right = dl->GetClipRectMax().x;
        const float x = std::max(l.at.x, left);
        for (size_t k = 0; k < l.lines.size(); ++k)
            dl->AddText(ImVec2(x, l.at.y + k * fh * 1.05f), l.color, fit_text(l.lines[k], right - x).c_str());
        std::string all;
        for (const auto& s : l.lines) all += (all.empty() ? "" : " ") + s;
        report_label(all, l.at, ImVec2(l.at.x + l.size.x, l.at.y + l.size.y));
    }
}

// a swatch two font heights long, so that every dash pattern shows at least one gap
static float item_width(const LegendItem& it, float fs) { return fs * 2.4f + text_width(it.name, fs) + fs * 0.9f; }

float legend_height(const std::vector<LegendItem>& items, float width, float scale) {
    const float fs = ImGui::GetFontSize() * scale;
    float x = 0, rows = items.empty() ? 0 : 1;
    for (const LegendItem& it : items) {
        float w = item_width(it, fs);
        if (x + w > width && x > 0) {
            x = 0;
            ++rows;
        }
        x += w;
    }
    return rows * fs * 1.25f + (items.empty() ? 0 : fs * 0.05f);
}

float legend_column_width(const std::vector<LegendItem>& items, float scale) {
    const float fs = ImGui::GetFontSize() * scale;
    float w = 0;
    for (const LegendItem& it : items) w = std::max(w, item_width(it, fs));
    return w;
}

float legend_scale(const std::vector<LegendItem>& items, float width, float max_h) {
    for (float s = 1.0f; s > 0.71f; s -= 0.1f)
        if (legend_height(items, width, s) <= max_h) return s;
    return 0.7f;
}

float draw_legend(const std::vector<LegendItem>& items, ImVec2 at, float width, float scale) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fs = ImGui::GetFontSize() * scale;
    const float thick = std::fmax(2.0f, fs * 0.16f);
    float x = at.x, y = at.y;
    for (const LegendItem& it : items) {
        float w = item_width(it, fs);
        if (x + w > at.x + width && x > at.x) {
            x = at.x;
            y += fs * 1.25f;
        }
        float cy = y + fs * 0.55f;
        if (it.chip) {
            dl->AddRectFilled(ImVec2(x, y + fs * 0.15f), ImVec2(x + fs * 2.0f, y + fs * 1.0f), it.color, fs * 0.15f);
        } else if (it.band) {
            ImVec4 c = ImGui::ColorConvertU32ToFloat4(it.color);
            dl->AddRectFilled(ImVec2(x, y + fs * 0.2f), ImVec2(x + fs * 2.0f, y + fs * 0.95f),
                              ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, 0.35f)));
            dl->AddRect(ImVec2(x, y + fs * 0.2f), ImVec2(x + fs * 2.0f, y + fs * 0.95f), darker(it.color, 0.8f));
        } else if (it.dot) {
            draw_marker(dl, ImVec2(x + fs * 1.0f, cy), fs * 0.3f, std::max(0, it.marker), it.color);
        } else {   // the curve's own dash pattern and marker, so solid, dashed and dotted read apart
            int pattern = it.pattern >= 0 ? it.pattern : (it.dashed ? 1 : 0);
            stroke_segment(dl, ImVec2(x, cy), ImVec2(x + fs * 2.0f, cy), it.color, thick, pattern, 0);
            if (it.marker >= 0) draw_marker(dl, ImVec2(x + fs * 1.0f, cy), fs * 0.24f, it.marker, it.color);
        }
        // a name longer than the whole row ends in "...", inside the row (its whole name: the view's table)
        add_text(dl, ImVec2(x + fs * 2.4f, y), ink(colors().legend),
                 fit_text(it.name, std::max(fs, at.x + width - (x + fs * 2.4f)), fs), fs);
        report_legend(it.name);
        x += w;
    }
    return items.empty() ? 0 : y - at.y + fs * 1.3f;
}

}   // namespace app
