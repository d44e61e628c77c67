#include "app/plot/text_fit.hpp"
#include "core/text.hpp"
#include "core/utf8.hpp"
#include <algorithm>
#include <cctype>

namespace app {

float text_width(const std::string& s, float size) {
    return ImGui::GetFont()->CalcTextSizeA(size, 1e9f, 0.0f, s.c_str()).x;
}

// The text's words: runs between spaces, and each CJK character (U+2E80 on: Chinese has no spaces) a word of its
// own, which a line may break before or after without a space.
struct Word {
    std::string text;
    bool space_before;   // a space separates it from the word before (kept when both are on one line)
};

static std::vector<Word> words(const std::string& s) {
    std::vector<Word> out;
    std::string cur;
    bool space = false, cur_space = false;
    auto flush = [&] {
        if (!cur.empty()) out.push_back({cur, cur_space});
        cur.clear();
    };
    for (size_t k = 0; k < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[k]);
        const size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
        if (c == ' ') {
            flush();
            space = true;
            ++k;
            continue;
        }
        unsigned cp = 0x10000;
        if (len == 3 && k + 2 < s.size())
            cp = (c & 0x0Fu) << 12 | (static_cast<unsigned char>(s[k + 1]) & 0x3Fu) << 6 |
                (static_cast<unsigned char>(s[k + 2]) & 0x3Fu);
        if (len >= 3 && cp >= 0x2E80) {
            flush();
            out.push_back({s.substr(k, len), space});
        } else {
            if (cur.empty()) cur_space = space;
            cur += s.substr(k, len);
        }
        space = false;
        k += len;
    }
    flush();
    return out;
}

std::vector<std::string> wrap_words(const std::string& s, float width, float size) {
    std::vector<std::string> lines;
    std::string line;
    for (const Word& w : words(s)) {
        std::string next = line.empty() ? w.text : line + (w.space_before ? " " : "") + w.text;
        if (!line.empty() && text_width(next, size) > width) {
            lines.push_back(line);
            line = w.text;
        } else line = next;
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

void wrapped_text(const std::string& s) {
    const float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
    std::string text;   // one block: ImGui's own line height between the lines
    for (const std::string& line : wrap_words(drawable_text(s), width, ImGui::GetFontSize()))
        text += (text.empty() ? "" : "\n") + line;
    ImGui::TextUnformatted(text.c_str());
}

float widest_word(const std::string& s, float size) {
    float m = 0;
    for (const Word& w : words(s)) m = std::max(m, text_width(w.text, size));
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

void progress_bar(float fraction, const std::string& text) {
    const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemInnerSpacing.x * 2;
    ImGui::ProgressBar(fraction, ImVec2(-1, 0), fit_text(text, room).c_str());
}

void add_text(ImDrawList* dl, ImVec2 at, ImU32 col, const std::string& s, float size) {
    dl->AddText(ImGui::GetFont(), size, at, col, s.c_str());
}

ImU32 darker(ImU32 c, float f) {
    ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
    return ImGui::ColorConvertFloat4ToU32(ImVec4(v.x * f, v.y * f, v.z * f, 1));
}

// (a code point is spaced from a letter or digit beside it, which would read as one more hex digit: "U+1F642 a")
std::string drawable_text(const std::string& s) {
    if (std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        return s;   // (ASCII, most of what is drawn: every font has it)
    const ImFont* font = ImGui::GetFont();
    const auto alnum = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
    std::string out;
    bool code = false;   // the last character was written as its code point
    for (size_t k = 0; k < s.size();) {
        const size_t from = k;
        const long cp = core::next_code_point(s, k);
        if (cp < 0) {   // (not UTF-8: as it is)
            out += s[k++];
            code = false;
        } else if (cp < 0x80 || (cp <= IM_UNICODE_CODEPOINT_MAX && font->FindGlyphNoFallback(ImWchar(cp)))) {
            if (code && alnum(s[from])) out += ' ';
            out += s.substr(from, k - from);
            code = false;
        } else if (cp != 0x200d && !(cp >= 0xfe00 && cp <= 0xfe0f)) {   // (a joiner, a variation selector: left out)
            if (code || (!out.empty() && alnum(out.back()))) out += ' ';
            out += core::strf("U+%04lX", cp);
            code = true;
        }
    }
    return out;
}

}   // namespace app
