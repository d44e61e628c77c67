// The help a control shows when hovered: wrapped text in a tooltip (nothing for empty text).
#pragma once
#include <imgui.h>
#include <string>

namespace app {

inline void hover_help(const std::string& text) {
    if (text.empty() || !ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

}   // namespace app
