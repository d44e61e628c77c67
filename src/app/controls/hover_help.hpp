// The help a control shows when hovered: wrapped text in a tooltip (nothing for empty text). What the frame
// showed is kept for state().help (tests: a long press shows it).
#pragma once
#include <imgui.h>
#include <algorithm>
#include <string>

namespace app {

inline std::string& help_shown() {   // the help shown in this frame ("" when none)
    static std::string shown;
    return shown;
}

// A tooltip's wrap width: about `ems` font sizes, narrower on a narrow screen (a phone) so that it fits.
inline float tooltip_wrap(float ems = 26) {
    const float fh = ImGui::GetFontSize();
    return std::max(fh * 8, std::min(fh * ems, ImGui::GetIO().DisplaySize.x - fh * 2));
}

inline void hover_help(const std::string& text) {
    if (text.empty() || !ImGui::IsItemHovered()) return;
    help_shown() = text;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(tooltip_wrap());
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

}   // namespace app
