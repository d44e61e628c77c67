// UTF-8 read code point by code point: the tokenizer's check of a class's text (labs/token-routing/corpus.cpp) and
// the canvas's choice of what its font can draw (app/plot/text_fit.cpp).
#pragma once
#include <string>

namespace core {

// The next code point of s from `at` (advanced past it); -1 for bytes that are not UTF-8 (overlong forms,
// surrogates and values past U+10FFFF included), `at` left where it was.
inline long next_code_point(const std::string& s, size_t& at) {
    const auto byte = [&](size_t i) { return (unsigned char)s[i]; };
    const unsigned c = byte(at);
    if (c < 0x80) {
        ++at;
        return long(c);
    }
    const int n = (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;   // continuation bytes
    if (n < 0 || at + size_t(n) >= s.size()) return -1;
    long cp = n == 1 ? (c & 0x1f) : n == 2 ? (c & 0x0f) : (c & 0x07);
    for (int i = 1; i <= n; ++i) {
        const unsigned b = byte(at + size_t(i));
        if ((b >> 6) != 2) return -1;
        cp = (cp << 6) | (b & 0x3f);
    }
    static const long kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return -1;
    at += size_t(n) + 1;
    return cp;
}

}   // namespace core
