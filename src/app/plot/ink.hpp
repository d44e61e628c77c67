// A colour of the table (app/plot/colors.hpp) as ImGui takes it.
#pragma once
#include "app/plot/colors.hpp"
#include <imgui.h>

namespace app {

inline ImVec4 ink4(Rgb c, float alpha = 1) { return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, alpha); }
inline ImU32 ink(Rgb c, float alpha = 1) { return ImGui::ColorConvertFloat4ToU32(ink4(c, alpha)); }

}   // namespace app
