#include "core/parse.hpp"
#include "core/words.hpp"
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace core {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

// Why the text is not in the number grammar, or "" when it is; `nonzero` tells whether a mantissa
// digit other than 0 occurs (to tell a true 0 from an underflow).
std::string grammar_error(const std::string& t, bool& nonzero) {
    const std::string q = quote(t);
    if (t.empty()) return tr("an empty value is not a number");
    if (t.size() > kMaxNumberChars) return trf("%s is too long for a number", q.c_str());
    if (t.find_first_of(" \t\n\r\f\v") != std::string::npos)
        return trf("%s contains spaces: write the number alone", q.c_str());
    if (t[0] == '+') return trf("%s: write numbers without '+'", q.c_str());
    size_t k = t[0] == '-' ? 1 : 0;
    if (t.size() > k + 1 && t[k] == '0' && (t[k + 1] == 'x' || t[k + 1] == 'X'))
        return trf("%s: write numbers in decimal", q.c_str());
    size_t int_digits = 0, frac_digits = 0;
    nonzero = false;
    for (; k < t.size() && digit(t[k]); ++k, ++int_digits) nonzero |= t[k] != '0';
    if (k < t.size() && t[k] == '.')
        for (++k; k < t.size() && digit(t[k]); ++k, ++frac_digits) nonzero |= t[k] != '0';
    bool ok = int_digits + frac_digits > 0;
    if (ok && k < t.size() && (t[k] == 'e' || t[k] == 'E')) {
        ++k;
        if (k < t.size() && (t[k] == '+' || t[k] == '-')) ++k;
        size_t exp_digits = 0;
        for (; k < t.size() && digit(t[k]); ++k) ++exp_digits;
        ok = exp_digits > 0;
    }
    if (!ok || k != t.size()) return trf("%s is not a number (write e.g. 12, 0.5 or 2e-3)", q.c_str());
    return "";
}

}   // namespace

std::string quote(const std::string& text) {
    std::string out = "'";
    size_t shown = 0;
    for (size_t k = 0; k < text.size() && shown < 40; ++k, ++shown) {
        unsigned char c = static_cast<unsigned char>(text[k]);
        if (c < 0x20 || c == 0x7F) {
            out += '?';
            continue;
        }
        if (c < 0x80) {
            out += char(c);
            continue;
        }
        // a whole, valid UTF-8 sequence is kept; a broken one becomes '?'
        size_t len = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
        bool valid = len > 0 && k + len <= text.size();
        for (size_t j = 1; valid && j < len; ++j) valid = (static_cast<unsigned char>(text[k + j]) & 0xC0) == 0x80;
        if (!valid) {
            out += '?';
            continue;
        }
        out += text.substr(k, len);
        k += len - 1;
    }
    if (shown < text.size() && shown == 40) out += "…";
    return out + "'";
}

std::string parse_number(const std::string& text, double& out) {
    bool nonzero = false;
    std::string err = grammar_error(text, nonzero);
    if (!err.empty()) return err;
    errno = 0;
    double v = std::strtod(text.c_str(), nullptr);   // the grammar above is a subset of strtod's
    if (!std::isfinite(v)) return trf("%s is too large", quote(text).c_str());
    if (v == 0 && nonzero) return trf("%s is too close to 0 to represent (it would round to 0)", quote(text).c_str());
    out = v + 0.0;   // -0 becomes 0: the same value has one text everywhere (links, CSV)
    return "";
}

std::string parse_whole(const std::string& text, long long lo, long long hi, long long& out) {
    auto why = [&] { return trf("%s is not a whole number from %lld to %lld", quote(text).c_str(), lo, hi); };
    size_t k = !text.empty() && text[0] == '-' ? 1 : 0;
    bool ok = text.size() > k && text.size() <= 20;
    for (size_t j = k; ok && j < text.size(); ++j) ok = digit(text[j]);
    if (!ok) return why();
    errno = 0;
    long long v = std::strtoll(text.c_str(), nullptr, 10);
    if (errno == ERANGE || v < lo || v > hi) return why();
    out = v;
    return "";
}

std::string parse_seed(const std::string& text, uint64_t& out) {
    auto why = [&] {
        return trf("%s is not a seed: a whole number from 0 to 18446744073709551615", quote(text).c_str());
    };
    if (text.empty() || text.size() > 20) return why();
    uint64_t v = 0;
    for (char c : text) {
        if (!digit(c)) return why();
        uint64_t d = uint64_t(c - '0');
        if (v > (UINT64_MAX - d) / 10) return why();   // would pass 2^64 − 1
        v = v * 10 + d;
    }
    out = v;
    return "";
}

}   // namespace core
