// Rows of buttons that wrap: the next button goes beside the last item when it fits in the window, else on a new
// line, so that long labels (a large UI scale, a longer language) are never cut by the sidebar's edge.
#pragma once
#include <imgui.h>

namespace app {

inline float button_width(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
}

// Call between two items instead of ImGui::SameLine(), with the next button's label.
inline void same_line_if_fits(const char* next_label) {
    const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + button_width(next_label);
    if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

}   // namespace app
