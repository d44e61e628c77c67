// What the canvas shows as text, read back from ImGui's draw data: each glyph quad is found by its place in the
// font atlas and glued to its neighbours by the font's advances, so that a test reads the screen as a person
// would (every label, plot tick and caption, whoever drew it), not what the code meant to draw.
#pragma once
#include <imgui.h>
#include <string>
#include <vector>

namespace app {

struct ScreenRun {
    std::string text;   // the glyphs of one line that follow each other by their advances (words with spaces)
    ImVec2 min, max;    // where it was drawn
    bool cut = false;   // a glyph runs past the left or right edge of its clip rectangle: the reader loses it
    ImVec4 clip;        // the clip rectangle of its first glyph (x0, y0, x1, y1)
};

// The runs of text in the last rendered frame, in drawing order. A glyph whose quad ImGui trimmed itself is
// skipped; a glyph drawn across its clip rectangle's side marks its run as cut (above or below is scrolling; ImGui
// leaves out a glyph wholly past the side, so a cut that falls exactly between two glyphs is not seen).
std::vector<ScreenRun> screen_text(const ImDrawData& draw, const ImFontAtlas& atlas);

}   // namespace app
