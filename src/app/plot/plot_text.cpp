// Painted text (core::PaintedText): lines of tokens, each token on its colour with the colour's number small in its
// corner (so that it reads without its colour, WCAG 2.1 SC 1.4.1, and in greyscale print), underlined in its second
// colour, wrapped at the box's width. The text shrinks (to 60 %) before a line is left out; those left out are
// counted on the box's last row, which the tokens then leave free.
#include "app/plot/ink.hpp"
#include "app/plot/plot.hpp"
#include "app/plot/plot_axes.hpp"
#include "app/plot/text_fit.hpp"
#include "app/plot/view_report.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>

namespace app {

namespace {

// A line's label: the tokens' size, but never below 80 % of the font (it stays readable on a projector).
float label_size(float fs) { return std::max(fs * 0.85f, ImGui::GetFontSize() * 0.8f); }

// One token's box at font size `fs`: its text, a gap, the colour's number at 60 %.
struct TokenBox {
    float w, h;
};
TokenBox token_box(const core::TextToken& t, float fs) {
    const float number = t.color >= 0 ? text_width(std::to_string(t.color + 1), fs * 0.6f) + fs * 0.1f : 0;
    return {text_width(drawable_text(t.text), fs) + number + fs * 0.5f, fs * 1.25f};
}

// How the lines sit at font size fs in `width`: each line's label row and its rows of tokens; returns the height.
float layout_height(const core::PaintedText& p, float width, float fs, size_t lines) {
    const float row = fs * 1.75f, label = label_size(fs) * 1.2f;
    float h = 0;
    for (size_t l = 0; l < lines; ++l) {
        if (!p.lines[l].label.empty()) h += label;
        float x = 0;
        int rows = 1;
        for (const core::TextToken& t : p.lines[l].tokens) {
            const float w = token_box(t, fs).w + fs * 0.25f;
            if (x > 0 && x + w > width) ++rows, x = 0;
            x += w;
        }
        h += rows * row + fs * 0.35f;
    }
    return h;
}

void hover_tip(const core::View& v, const core::TextToken& t) {
    auto name = [&](int k) -> std::string {
        if (k < 0) return core::tr("none");
        return size_t(k) < v.legend.size() ? v.legend[size_t(k)] : std::to_string(k + 1);
    };
    const core::PaintedText& p = v.text;
    std::string tip = drawable_text(t.text) + "\n" + core::trf("%s: %s", p.color_title.c_str(), name(t.color).c_str());
    if (!p.underline_title.empty())
        tip += "\n" + core::trf("%s: %s", p.underline_title.c_str(), name(t.underline).c_str());
    if (!p.value_title.empty() && !std::isnan(t.value))
        tip += "\n" +
            core::trf("%s: %s", p.value_title.c_str(),
                      core::local_number(core::strf(p.value_format.c_str(), t.value)).c_str());
    ImGui::SetTooltip("%s", tip.c_str());
}

}   // namespace

void plot_text(const core::View& v, ImVec2 a, ImVec2 b) {
    const core::PaintedText& p = v.text;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    std::vector<LegendItem> legend;
    for (size_t k = 0; k < v.legend.size(); ++k) {
        legend.push_back({v.legend[k], palette(int(k))});
        legend.back().chip = true;
    }
    if (!legend.empty()) a.y += draw_legend(legend, a, b.x - a.x, legend_scale(legend, b.x - a.x, (b.y - a.y) * 0.2f));
    const float width = b.x - a.x, height = b.y - a.y;
    report_data_area(a, b);
    // the largest size at which every line fits; at the smallest, as many lines as fit
    size_t lines = p.lines.size();
    float fs = fh * 0.6f;
    for (float sc : {1.0f, 0.85f, 0.7f, 0.6f})
        if (layout_height(p, width, fh * sc, lines) <= height) {
            fs = fh * sc;
            break;
        }
    const float note_size = fh * 0.85f, note_row = note_size * 1.2f;   // (the row that says lines are left out)
    if (layout_height(p, width, fs, lines) > height)                   // (every line fits: no note, no line left out)
        while (lines > 1 && layout_height(p, width, fs, lines) > height - note_row) --lines;
    const float bottom = lines < p.lines.size() ? b.y - note_row : b.y;
    int drawn = 0, total = 0;
    float y = a.y, rows_bottom = a.y;   // (the lowest token drawn, its underline included)
    const float row = fs * 1.75f, ls = label_size(fs), line_w = std::max(2.0f, fs * 0.14f);
    for (size_t l = 0; l < p.lines.size(); ++l) {
        total += int(p.lines[l].tokens.size());
        if (l >= lines) continue;
        if (!p.lines[l].label.empty()) {
            add_text(dl, ImVec2(a.x, y), ink(colors().caption), fit_text(p.lines[l].label, width, ls), ls);
            y += ls * 1.2f;
        }
        float x = a.x;
        for (const core::TextToken& t : p.lines[l].tokens) {
            const TokenBox box = token_box(t, fs);
            if (x > a.x && x + box.w > b.x) x = a.x, y += row;
            if (y + box.h + line_w * 1.6f > bottom) break;   // (its underline too)
            const ImVec2 p0(x, y), p1(x + box.w, y + box.h);
            ImU32 fg = ink(colors().text);
            if (t.color >= 0) {
                const ImU32 bg = palette(t.color);
                dl->AddRectFilled(p0, p1, bg, fs * 0.15f);
                fg = text_color_on(bg);
                const std::string number = std::to_string(t.color + 1);
                add_text(dl, ImVec2(p1.x - fs * 0.25f - text_width(number, fs * 0.6f), p1.y - fs * 0.7f), fg, number,
                         fs * 0.6f);
            } else {
                dl->AddRect(p0, p1, ink(colors().caption), fs * 0.15f, 0, 1.5f);
            }
            add_text(dl, ImVec2(x + fs * 0.25f, y + fs * 0.12f), fg, drawable_text(t.text), fs);
            if (t.underline >= 0)
                dl->AddRectFilled(ImVec2(p0.x, p1.y + line_w * 0.6f), ImVec2(p1.x, p1.y + line_w * 1.6f),
                                  palette(t.underline));
            if (ImGui::IsMouseHoveringRect(p0, p1)) hover_tip(v, t);
            rows_bottom = std::max(rows_bottom, p1.y + line_w * 1.6f);
            ++drawn;
            x += box.w + fs * 0.25f;
        }
        y += row + fs * 0.35f;
    }
    const int left_out = int(p.lines.size() - lines);
    ViewReport* r = current_report();
    if (left_out > 0) {
        const std::string note =
            fit_text(core::trnf(left_out, "+%d more line in a larger box", "+%d more lines in a larger box", left_out),
                     width, note_size);
        const ImVec2 n0(a.x, std::min(y, bottom)), n1(a.x + text_width(note, note_size), n0.y + note_size);
        add_text(dl, n0, ink(colors().caption_alt), note, note_size);
        report_label(note, n0, n1);                   // (in the view's box)
        if (r && n0.y < rows_bottom) ++r->overlaps;   // (the note over a row of tokens)
    }
    if (r) {
        r->tokens_drawn += drawn;
        r->tokens_total += total;
    }
}

}   // namespace app
