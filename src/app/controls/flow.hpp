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

// The width of a widget whose label follows it on the row: the rest of the row less the label's room, at least
// min_ems font sizes (so that rows align), more when a language's label is longer.
inline float width_before_label(const char* label, float min_ems) {
    const float text = ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().ItemInnerSpacing.x;
    return -(text > ImGui::GetFontSize() * min_ems ? text : ImGui::GetFontSize() * min_ems);
}

}   // namespace app
