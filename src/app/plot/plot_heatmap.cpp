// Heatmaps: labelled rows and columns, cells coloured by the GPU (shaders/heatmap.frag) or as rectangles, values in
// the cells when they fit, marked cells, a colour bar.
#include "app/plot/gpu_draw.hpp"
#include "app/plot/ink.hpp"
#include "app/plot/plot.hpp"
#include "app/plot/text_fit.hpp"
#include "app/plot/view_report.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace app {

void plot_heatmap(const core::View& v, ImVec2 a, ImVec2 b) {
    const core::Heatmap& h = v.heat;
    if (h.rows <= 0 || h.cols <= 0 || h.v.size() < size_t(h.rows * h.cols)) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    const ImU32 ink_ = ink(colors().heat_ink);

    float row_w = 0;
    for (const auto& s : h.row_labels) row_w = std::fmax(row_w, ImGui::CalcTextSize(s.c_str()).x);
    float left = row_w + fh * 0.5f + (h.row_title.empty() ? 0 : 0);
    float top = h.row_title.empty() ? 0 : fh * 1.2f;
    float bottom = (h.col_labels.empty() ? 0 : fh * 1.3f) + (h.col_title.empty() ? 0 : fh * 1.2f);
    float bar_w = fh * 3.8f;
    ImVec2 ga(a.x + left, a.y + top), gb(b.x - bar_w, b.y - bottom);
    if (gb.x - ga.x < 10 || gb.y - ga.y < 10) return;
    float cw = (gb.x - ga.x) / h.cols, ch = (gb.y - ga.y) / h.rows;
    // square-ish cells when there is room to spare
    if (cw > ch * 2.5f) {
        cw = ch * 2.5f;
        gb.x = ga.x + cw * h.cols;
    }
    if (ch > cw * 1.2f) {
        ch = cw * 1.2f;
        gb.y = ga.y + ch * h.rows;
    }

    if (!h.row_title.empty())
        dl->AddText(ImVec2(a.x, a.y), ink_, fit_text(h.row_title, dl->GetClipRectMax().x - a.x).c_str());
    // the cells: one textured rectangle through the colour-scale shader (app/plot/gpu_draw.hpp), else a rectangle each
    const bool on_gpu = gpu_draw_heatmap(dl, h, ga, gb);
    ViewReport* report = current_report();
    for (int r = 0; r < h.rows; ++r) {
        if (r < int(h.row_labels.size())) {
            ImVec2 sz = ImGui::CalcTextSize(h.row_labels[size_t(r)].c_str());
            if (ch >= fh * 0.8f || r % int(std::ceil(fh / ch)) == 0)
                dl->AddText(ImVec2(ga.x - sz.x - fh * 0.3f, ga.y + (r + 0.5f) * ch - sz.y * 0.5f), ink_,
                            h.row_labels[size_t(r)].c_str());
        }
        for (int c = 0; c < h.cols; ++c) {
            double val = h.v[size_t(r * h.cols + c)];
            ImVec2 p(ga.x + c * cw, ga.y + r * ch), q(p.x + cw, p.y + ch);
            if (std::isnan(val)) {
                dl->AddRect(p, q, ink(colors().heat_border));
                continue;
            }
            const bool sampled = report && report->heat_samples.size() < 8 && cw >= 16 && ch >= 16 && (r + c) % 3 == 0;
            if (on_gpu && !h.show_values && !sampled) continue;
            ImU32 col = heat_color((val - h.lo) / (h.hi - h.lo), h.diverging);
            if (!on_gpu) dl->AddRectFilled(p, q, col);
            ImVec2 sz(0, 0);
            char buf[32] = "";
            if (h.show_values) {
                std::snprintf(buf, sizeof buf, "%s",
                              core::local_number(core::strf(h.value_format.c_str(), val)).c_str());
                sz = ImGui::CalcTextSize(buf);
                if (sz.x < cw - 2 && sz.y < ch)
                    dl->AddText(ImVec2(p.x + (cw - sz.x) * 0.5f, p.y + (ch - sz.y) * 0.5f), text_color_on(col), buf);
            }
            // for the browser test: a point 4 px in from the cell's top-left corner, clear of its number
            const bool clear = !buf[0] || !(sz.x < cw - 2 && sz.y < ch) || (ch - sz.y) * 0.5f > 7;
            if (sampled && clear) {
                const ImVec4 f = ImGui::ColorConvertU32ToFloat4(col);
                report->heat_samples.push_back(
                    {p.x + 4, p.y + 4,
                     unsigned(f.x * 255 + 0.5f) << 16 | unsigned(f.y * 255 + 0.5f) << 8 | unsigned(f.z * 255 + 0.5f)});
            }
        }
    }
    if (cw > 4 && ch > 4)
        for (int r = 0; r <= h.rows; ++r)
            dl->AddLine(ImVec2(ga.x, ga.y + r * ch), ImVec2(gb.x, ga.y + r * ch), ink(colors().plot_bg, 0.47f));
    for (const auto& [r, c] : h.marks) {
        ImVec2 ctr(ga.x + (c + 0.5f) * cw, ga.y + (r + 0.5f) * ch);
        float rad = std::fmin(cw, ch) * 0.16f;
        dl->AddCircleFilled(ImVec2(ctr.x + cw * 0.32f, ctr.y - ch * 0.28f), rad, ink(colors().mark));
        dl->AddCircle(ImVec2(ctr.x + cw * 0.32f, ctr.y - ch * 0.28f), rad, ink(colors().plot_bg), 0, 1.5f);
    }
    // column labels: skip some when they would overlap
    float maxw = 1;
    for (const auto& s : h.col_labels) maxw = std::fmax(maxw, ImGui::CalcTextSize(s.c_str()).x);
    int every = std::max(1, int(std::ceil((maxw + fh * 0.4f) / cw)));
    for (int c = 0; c < h.cols && c < int(h.col_labels.size()); c += every) {
        ImVec2 sz = ImGui::CalcTextSize(h.col_labels[size_t(c)].c_str());
        dl->AddText(ImVec2(ga.x + (c + 0.5f) * cw - sz.x * 0.5f, gb.y + fh * 0.15f), ink_,
                    h.col_labels[size_t(c)].c_str());
    }
    if (!h.col_title.empty()) {
        // centred under the cells, inside the panel's sides ("..." past them)
        const float left = dl->GetClipRectMin().x, right = dl->GetClipRectMax().x;
        const std::string title = fit_text(h.col_title, right - left);
        const float w = text_width(title, fh);
        const float x = std::clamp((ga.x + gb.x - w) * 0.5f, left, std::max(left, right - w));
        dl->AddText(ImVec2(x, gb.y + (h.col_labels.empty() ? 0.1f : 1.3f) * fh), ink_, title.c_str());
    }
    if (!gpu_error(core::ViewKind::Heatmap).empty())
        add_text(dl, ImVec2(ga.x + fh * 0.2f, ga.y + fh * 0.2f), ink(colors().error),
                 core::trf("GPU drawing unavailable (cells drawn one by one): %s",
                           gpu_error(core::ViewKind::Heatmap).substr(0, 160).c_str()),
                 fh * 0.7f);
    // colour bar with its range
    float bx = gb.x + fh * 0.6f, bw = fh * 0.8f;
    const int steps = 24;
    for (int s = 0; s < steps; ++s) {
        float y0 = gb.y - (gb.y - ga.y) * (s + 1) / steps, y1 = gb.y - (gb.y - ga.y) * s / steps;
        dl->AddRectFilled(ImVec2(bx, y0), ImVec2(bx + bw, y1), heat_color((s + 0.5) / steps, h.diverging));
    }
    const std::string lo = core::local_number(core::strf("%.3g", h.lo)),
                      hi = core::local_number(core::strf("%.3g", h.hi));
    dl->AddText(ImVec2(bx + bw + fh * 0.2f, ga.y), ink_, hi.c_str());
    dl->AddText(ImVec2(bx + bw + fh * 0.2f, gb.y - fh), ink_, lo.c_str());
}

}   // namespace app
