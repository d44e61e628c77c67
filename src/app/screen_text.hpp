// What the canvas shows as text, read back from ImGui's draw data: each glyph quad is found by its place in the
// font atlas and glued to its neighbours by the font's advances, so that a test reads the screen as a person
// would (every label, plot tick and caption, whoever drew it), not what the code meant to draw.
#pragma once
#include <imgui.h>
#include <string>
#include <vector>

namespace app {

// The runs of text in the last rendered frame, in drawing order: the glyphs of one line that follow each other
// by their advances (a gap of up to about two spaces between words). Glyphs cut by a clip rectangle are skipped.
std::vector<std::string> screen_text(const ImDrawData& draw, const ImFontAtlas& atlas);

}   // namespace app
