// The papers' plain-text mathematics set for print (session/print_math.hpp).
#include "session/print_math.hpp"

namespace session {

namespace {

bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The code point that starts at `i` (UTF-8), and its length.
unsigned code_point(const std::string& s, size_t i, size_t& len) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (i + len > s.size()) len = 1;
    unsigned v = len == 1 ? c : c & (0xFF >> (len + 1));
    for (size_t k = 1; k < len; ++k) v = (v << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    return v;
}

// The start of the code point before `i`.
size_t before(const std::string& s, size_t i) {
    size_t j = i;
    while (j > 0 && continuation(static_cast<unsigned char>(s[--j]))) {}
    return j;
}

bool ascii_letter(unsigned c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool digit(unsigned c) { return c >= '0' && c <= '9'; }
bool greek(unsigned c) { return c >= 0x391 && c <= 0x3C9; }
bool letter(unsigned c) { return ascii_letter(c) || greek(c) || c == 0x2113; }   // (ℓ)

// A run of characters an index or exponent is written with, from `i`: its end.
size_t run_end(const std::string& s, size_t i, bool exponent) {
    size_t len = 0;
    while (i < s.size()) {
        const unsigned c = code_point(s, i, len);
        const bool ok = letter(c) || digit(c) || (exponent && (c == '.' || c == '*' || c == '+' || c == 0x2212));
        if (!ok) break;
        i += len;
    }
    return i;
}

// The group after `^` or `_` at `i`: {…} (its braces dropped), (…) (kept) or a run; its text and its end (npos: none).
size_t group(const std::string& s, size_t i, bool exponent, std::string& inner) {
    if (i >= s.size()) return std::string::npos;
    if (s[i] == '{' || (exponent && s[i] == '(')) {
        const size_t close = s.find(s[i] == '{' ? '}' : ')', i + 1);
        if (close == std::string::npos || close == i + 1) return std::string::npos;
        inner = s[i] == '{' ? s.substr(i + 1, close - i - 1) : s.substr(i, close - i + 1);
        return close + 1;
    }
    size_t end = run_end(s, i, exponent);
    while (end > i && s[end - 1] == '.') --end;   // (a sentence's full stop after `σ₀^1.5`)
    if (end == i) return std::string::npos;
    inner = s.substr(i, end - i);
    return end;
}

// `_` at `i` follows a one-letter name (η_r, D_α, E_reg), not a word (top_k).
bool after_one_letter(const std::string& s, size_t i) {
    if (i == 0) return false;
    size_t len = 0;
    const size_t name = before(s, i);
    if (!letter(code_point(s, name, len))) return false;
    if (name == 0) return true;
    const unsigned prev = code_point(s, before(s, name), len);
    return !(letter(prev) || digit(prev) || prev == '_');
}

// A relation or an operator of a formula at `i` (escaped HTML: `&lt;` for <): its length in bytes, else 0.
size_t relation(const std::string& s, size_t i) {
    if (i >= s.size()) return 0;
    if (s[i] == '=') return 1;
    if (s.compare(i, 4, "&lt;") == 0 || s.compare(i, 4, "&gt;") == 0) return 4;
    size_t len = 0;
    const unsigned c = code_point(s, i, len);
    const bool op = c == 0x2264 || c == 0x2265 || c == 0x2248 || c == 0x2212 || c == 0xD7 || c == 0x2260;   // ≤≥≈−×≠
    return op ? len : 0;
}

// The relation or operator that ends just before `i`, if any.
bool relation_before(const std::string& s, size_t i) {
    if (i == 0) return false;
    if (s[i - 1] == '=') return true;
    if (i >= 4 && (s.compare(i - 4, 4, "&lt;") == 0 || s.compare(i - 4, 4, "&gt;") == 0)) return true;
    const size_t j = before(s, i);
    return relation(s, j) == i - j;
}

bool cjk(unsigned c) {
    return (c >= 0x3040 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF);
}

// A reference's number at `i`: "4.1", "E.3", "6.1.2" (a letter or digits, then .digits): its theorem, lemma or
// equation stays on its line.
bool reference_number(const std::string& s, size_t i) {
    size_t j = i;
    while (j < s.size() && (digit(static_cast<unsigned char>(s[j])) || (s[j] >= 'A' && s[j] <= 'Z'))) ++j;
    return j > i && j + 1 < s.size() && s[j] == '.' && digit(static_cast<unsigned char>(s[j + 1]));
}

// A space that keeps a number with its word: before a reference's number ("Theorem 4.1", "Lemma E.3"), and between
// a number and Chinese or Japanese text ("第 6 步", "定理 4.1").
bool binds_number(const std::string& s, size_t i) {
    size_t len = 0;
    if (i + 1 < s.size() && reference_number(s, i + 1) && i > 0 && letter(code_point(s, before(s, i), len)))
        return true;
    if (i == 0 || i + 1 >= s.size()) return false;
    const unsigned prev = code_point(s, before(s, i), len), next = code_point(s, i + 1, len);
    return (cjk(prev) && digit(next)) || (digit(prev) && cjk(next));
}

// A full-width punctuation mark (Chinese: ）：，、。；) ends just before `i`.
bool full_width_before(const std::string& s, size_t i) {
    if (i == 0) return false;
    size_t len = 0;
    const unsigned c = code_point(s, before(s, i), len);
    return c == 0xFF09 || c == 0xFF1A || c == 0xFF0C || c == 0x3001 || c == 0x3002 || c == 0xFF1B;
}

}   // namespace

std::string print_math(const std::string& h) {
    std::string out;
    for (size_t i = 0; i < h.size();) {
        std::string inner;
        size_t end = std::string::npos;
        if (h[i] == '^') end = group(h, i + 1, true, inner);
        else if (h[i] == '_' && after_one_letter(h, i)) end = group(h, i + 1, false, inner);
        if (end != std::string::npos) {
            const char* tag = h[i] == '^' ? "sup" : "sub";
            out += std::string("<") + tag + ">" + print_math(inner) + "</" + tag + ">";
            i = end;
        } else if (h[i] == ' ' && full_width_before(h, i)) {
            ++i;   // (no space after full-width punctuation: "（%）= 75.95")
        } else if (h[i] == ' ' &&
                   ((i + 1 < h.size() && h[i + 1] == '%') || relation(h, i + 1) > 0 || relation_before(h, i) ||
                    binds_number(h, i))) {
            out += "\u00A0";   // (a formula's sides stay with their relation, a number with its %)
            ++i;
        } else if (h[i] == '-' && i + 1 < h.size() && digit(static_cast<unsigned char>(h[i + 1])) &&
                   (i == 0 || h[i - 1] == ' ' || h[i - 1] == '(' || relation_before(h, i))) {
            out += "\u2212";   // a negative number's minus sign, not a hyphen
            ++i;
        } else if (h.compare(i, 3, "\u2013") == 0 && i > 0 && digit(static_cast<unsigned char>(h[i - 1])) &&
                   i + 3 < h.size() && digit(static_cast<unsigned char>(h[i + 3]))) {
            out += "\u2060\u2013\u2060";   // a range of numbers ("seeds 1–10") never breaks at its dash
            i += 3;
        } else {
            out += h[i++];
        }
    }
    return out;
}

}   // namespace session
