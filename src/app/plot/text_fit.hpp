// Text that fits: word wrapping that never splits a word, shortening with an ellipsis, and text
// drawn at a size other than the current font's (legends and captions shrink before plots do).
#pragma once
#include <imgui.h>
#include <string>
#include <vector>

namespace app {

float text_width(const std::string& s, float size);                                   // at font size `size`
std::vector<std::string> wrap_words(const std::string& s, float width, float size);   // lines ≤ width
                                                                                      // unless one word is wider
float widest_word(const std::string& s, float size);
// ImGui::TextWrapped without its breaks inside a word (it breaks after a '.' or ',': "§2." / "5)"): the text in
// the window's width, line by line, a word never split; a character the font lacks as its code point (drawable_text).
void wrapped_text(const std::string& s);
std::string fit_text(const std::string& s, float width, float size = 0);   // "long tit..." (UTF-8 safe); size 0:
                                                                           // the current font's
// ImGui::ProgressBar across the rest of the line with its text shortened to fit inside the bar (ImGui places a text
// wider than the bar to the bar's left, where it is cut off).
void progress_bar(float fraction, const std::string& text);
void add_text(ImDrawList* dl, ImVec2 at, ImU32 col, const std::string& s, float size);
// The text as the current font draws it: a character it has no glyph for (an emoji: the page's fonts have none) as
// its code point, "U+1F642", where ImGui would draw '?'; an invisible joiner or variation selector of one left out.
std::string drawable_text(const std::string& s);
ImU32 darker(ImU32 c, float f = 0.6f);   // for text in a light colour

}   // namespace app
