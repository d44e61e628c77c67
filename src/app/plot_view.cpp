// One view in its box: title, caption, the plot of its kind (or a grid of small multiples), readouts.
#include "app/plot.hpp"
#include <algorithm>
#include <cmath>
#include <string>

namespace app {

static void draw_plot(const core::View& v, ImVec2 a, ImVec2 b) {
    switch (v.kind) {
        case core::ViewKind::Lines: plot_lines(v, a, b); break;
        case core::ViewKind::Heatmap: plot_heatmap(v, a, b); break;
        case core::ViewKind::Bars: plot_bars(v, a, b); break;
        case core::ViewKind::Scatter: plot_scatter(v, a, b); break;
        case core::ViewKind::Grid: {
            int n = int(v.children.size());
            if (n == 0) break;
            float w = b.x - a.x, h = b.y - a.y, fh = ImGui::GetFontSize();
            int cols = v.grid_cols > 0 ? v.grid_cols : std::max(1, int(std::round(std::sqrt(n * w / std::fmax(h, 1.0f)))));
            cols = std::max(1, std::min({cols, n, int(w / (fh * 10))}));
            // panels smaller than ~10×7 characters say nothing: show those that fit, the rest when enlarged
            int max_rows = std::max(1, int(h / (fh * 7)));
            int rows = std::min((n + cols - 1) / cols, max_rows);
            int shown = std::min(n, rows * cols);
            if (shown < n) {
                --shown;
                if (shown < 1) shown = 1;
            }
            float cw = w / cols, ch = h / rows;
            ImDrawList* dl = ImGui::GetWindowDrawList();
            for (int k = 0; k < shown; ++k) {
                ImVec2 p(a.x + (k % cols) * cw, a.y + (k / cols) * ch);
                dl->AddText(ImVec2(p.x + fh * 0.3f, p.y), IM_COL32(30, 30, 36, 255), v.children[size_t(k)].title.c_str());
                draw_plot(v.children[size_t(k)], ImVec2(p.x, p.y + fh * 1.1f), ImVec2(p.x + cw - fh * 0.3f, p.y + ch - fh * 0.2f));
            }
            if (shown < n) {
                ImVec2 p(a.x + (shown % cols) * cw + fh * 0.5f, a.y + (shown / cols) * ch + ch * 0.4f);
                std::string more = "+" + std::to_string(n - shown) + " more panels: Enlarge";
                dl->AddText(p, IM_COL32(60, 60, 120, 255), more.c_str());
            }
            break;
        }
    }
}

void draw_view(const core::View& v, ImVec2 size, bool compact) {
    ImVec2 a = ImGui::GetCursorScreenPos();
    ImVec2 b(a.x + size.x, a.y + size.y);
    const float fh = ImGui::GetFontSize();
    ImGui::PushClipRect(a, b, true);
    float y = a.y;
    if (compact) {
        // In the grid the caption is one hover away (the title); the enlarged view shows it in full.
        std::string t = v.title + (v.caption.empty() ? "" : "  (?)");
        ImGui::SetCursorScreenPos(ImVec2(a.x, y));
        ImGui::PushClipRect(a, ImVec2(b.x - fh * 5.5f, a.y + fh * 1.3f), true);   // leave room for "Enlarge"
        ImGui::TextUnformatted(t.c_str());
        ImGui::PopClipRect();
        if (ImGui::IsItemHovered() && !v.caption.empty()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(fh * 30);
            ImGui::TextUnformatted(v.caption.c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
        y += fh * 1.3f;
    } else if (!v.caption.empty()) {
        ImGui::SetCursorScreenPos(ImVec2(a.x, y));
        ImGui::PushTextWrapPos(a.x + size.x - ImGui::GetWindowPos().x);
        ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(85, 85, 95, 255));
        ImGui::TextWrapped("%s", v.caption.c_str());
        ImGui::PopStyleColor();
        ImGui::PopTextWrapPos();
        y = ImGui::GetCursorScreenPos().y + fh * 0.2f;
    }
    std::vector<std::string> readouts = v.readouts;
    if (v.kind == core::ViewKind::Heatmap && !v.heat.marks.empty() && !v.heat.mark_label.empty())
        readouts.insert(readouts.begin(), "red dot: " + v.heat.mark_label);
    float readout_h = readouts.size() * fh * 1.2f;
    draw_plot(v, ImVec2(a.x, y), ImVec2(b.x, b.y - readout_h));
    float ry = b.y - readout_h;
    for (const auto& r : readouts) {
        ImGui::GetWindowDrawList()->AddText(ImVec2(a.x + fh * 0.3f, ry), IM_COL32(40, 40, 46, 255), r.c_str());
        ry += fh * 1.2f;
    }
    ImGui::PopClipRect();
    ImGui::SetCursorScreenPos(a);
    ImGui::Dummy(size);
}

} // namespace app
