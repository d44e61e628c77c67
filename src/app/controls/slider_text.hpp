// A slider's number in the page's language ("0,05" where a decimal comma is usual): ImGui formats with printf's
// point, so the slider gets its text ready-made. While the value is typed (Ctrl+click), the format itself: what is
// typed is read in the one number grammar of links and commands.
#pragma once
#include "core/text.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <imgui_internal.h>
#include <cstdlib>
#include <string>

namespace app {

inline std::string slider_text(const char* label, const char* format, double v) {
    if (ImGui::TempInputIsActive(ImGui::GetID(label))) return format;
    std::string shown;
    for (char c : core::local_number(core::strf(format, v))) shown += c == '%' ? "%%" : std::string(1, c);
    return shown;
}

// The value as the format rounds it (what the slider's text shows), so that a dragged value is a short one.
inline float slider_rounded(const char* format, float v) { return float(std::atof(core::strf(format, v).c_str())); }

}   // namespace app
