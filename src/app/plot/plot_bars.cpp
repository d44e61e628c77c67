// Bar charts with error whiskers and overlays (for instance a chance level or a target line).
#include "app/plot/ink.hpp"
#include "app/plot/plot.hpp"
#include "app/plot/plot_axes.hpp"
#include "app/plot/text_fit.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace app {

void plot_bars(const core::View& v, ImVec2 a, ImVec2 b) {
    if (v.bars.empty()) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    double y0 = 0, y1 = 0;
    for (const auto& bar : v.bars) {
        y0 = std::fmin(y0, bar.value - bar.err);
        y1 = std::fmax(y1, bar.value + bar.err);
    }
    for (const auto& o : v.overlays)
        if (o.kind == core::Overlay::HLine) y1 = std::fmax(y1, o.a);
    if (v.y_min < v.y_max) {   // a fixed range (two bar charts side by side share one)
        y0 = v.y_min;
        y1 = v.y_max;
    }
    core::View nolabel = v;
    nolabel.x_label.clear();
    // bar labels wrap at words under their bar (shrinking to 70 % when one word is wider than the slot)
    bool side_labels = false;   // overlay labels take a column right of the axes (draw_axes)
    for (const auto& o : v.overlays)
        side_labels |= !o.label.empty() && (o.kind == core::Overlay::HLine || o.kind == core::Overlay::HBand);
    float slot_guess = (b.x - a.x) * (side_labels ? 0.6f : 0.85f) / v.bars.size() - fh * 0.3f;
    std::vector<std::vector<std::string>> names;
    std::vector<float> scales;
    size_t rows = 1;
    for (const auto& bar : v.bars) {
        float sc = std::clamp(slot_guess / std::max(1.0f, widest_word(bar.label, fh)), 0.7f, 1.0f);
        names.push_back(wrap_words(bar.label, slot_guess, fh * sc));
        scales.push_back(sc);
        rows = std::max(rows, std::min<size_t>(names.back().size(), 3));
    }
    b.y -= fh * (1.05f * rows - 1.0f);   // room for the bar labels (in place of the x ticks)
    Axes ax = draw_axes(nolabel, a, b, 0, double(v.bars.size()), y0, y1, {true, false});
    if (ax.b.x - ax.a.x < 20) return;
    draw_overlays(v, ax);
    float slot = (ax.b.x - ax.a.x) / v.bars.size();
    for (size_t k = 0; k < v.bars.size(); ++k) {
        const core::Bar& bar = v.bars[k];
        float x = ax.a.x + slot * (k + 0.15f), w = slot * 0.7f;
        ImVec2 top = ax.map(0, bar.value), base = ax.map(0, std::fmax(0.0, ax.y0));
        ImU32 col = palette(bar.color < 0 ? int(k) : bar.color);
        dl->AddRectFilled(ImVec2(x, std::fmin(top.y, base.y)), ImVec2(x + w, std::fmax(top.y, base.y)), col);
        if (bar.err > 0) {
            ImVec2 lo = ax.map(0, bar.value - bar.err), hi = ax.map(0, bar.value + bar.err);
            float cx = x + w * 0.5f;
            dl->AddLine(ImVec2(cx, lo.y), ImVec2(cx, hi.y), ink(colors().bar_ink), 1.5f);
            dl->AddLine(ImVec2(cx - w * 0.15f, hi.y), ImVec2(cx + w * 0.15f, hi.y), ink(colors().bar_ink), 1.5f);
            dl->AddLine(ImVec2(cx - w * 0.15f, lo.y), ImVec2(cx + w * 0.15f, lo.y), ink(colors().bar_ink), 1.5f);
        }
        const std::string value = core::local_number(core::strf("%.3g", bar.value));
        ImVec2 sz = ImGui::CalcTextSize(value.c_str());
        if (sz.x < slot)
            dl->AddText(ImVec2(x + (w - sz.x) * 0.5f, std::fmin(top.y, base.y) - fh * 1.05f), ink(colors().bar_ink),
                        value.c_str());
        for (size_t r = 0; r < names[k].size() && r < 3; ++r) {
            float fs = fh * scales[k], lw = text_width(names[k][r], fs);
            add_text(dl, ImVec2(x + (w - lw) * 0.5f, ax.b.y + fh * 0.2f + r * fh * 1.05f), ink(colors().legend),
                     names[k][r], fs);
        }
    }
}

}   // namespace app
