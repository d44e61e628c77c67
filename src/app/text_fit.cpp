#include "app/text_fit.hpp"

namespace app {

float text_width(const std::string& s, float size) {
    return ImGui::GetFont()->CalcTextSizeA(size, 1e9f, 0.0f, s.c_str()).x;
}

static std::vector<std::string> words(const std::string& s) {
    std::vector<std::string> w;
    std::string cur;
    for (char c : s) {
        if (c == ' ') {
            if (!cur.empty()) w.push_back(cur);
            cur.clear();
        } else cur += c;
    }
    if (!cur.empty()) w.push_back(cur);
    return w;
}

std::vector<std::string> wrap_words(const std::string& s, float width, float size) {
    std::vector<std::string> lines;
    std::string line;
    for (const std::string& w : words(s)) {
        std::string next = line.empty() ? w : line + " " + w;
        if (!line.empty() && text_width(next, size) > width) {
            lines.push_back(line);
            line = w;
        } else line = next;
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

float widest_word(const std::string& s, float size) {
    float m = 0;
    for (const std::string& w : words(s)) m = std::max(m, text_width(w, size));
    return m;
}

std::string fit_text(const std::string& s, float width, float size) {
    if (size <= 0) size = ImGui::GetFontSize();
    if (text_width(s, size) <= width) return s;
    std::string t = s;
    while (!t.empty() && text_width(t + "...", size) > width) {
        // drop one whole UTF-8 character: its continuation bytes, then its lead byte
        while (!t.empty() && (static_cast<unsigned char>(t.back()) & 0xC0) == 0x80) t.pop_back();
        if (!t.empty()) t.pop_back();
    }
    while (!t.empty() && t.back() == ' ') t.pop_back();
    return t + "...";
}

void add_text(ImDrawList* dl, ImVec2 at, ImU32 col, const std::string& s, float size) {
    dl->AddText(ImGui::GetFont(), size, at, col, s.c_str());
}

ImU32 darker(ImU32 c, float f) {
    ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
    return ImGui::ColorConvertFloat4ToU32(ImVec4(v.x * f, v.y * f, v.z * f, 1));
}

}   // namespace app
