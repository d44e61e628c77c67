#include "session/json_text.hpp"
#include "core/params.hpp"
#include <cmath>
#include <cstdio>

namespace session {

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"') out += "\\\"";
        else if (c == '\\') out += "\\\\";
        else if (c == '\n') out += "\\n";
        else if (c < 0x20) {
            char b[8];
            std::snprintf(b, sizeof b, "\\u%04x", c);
            out += b;
        } else out += char(c);
    }
    return out + "\"";
}

std::string json_number(double v) { return std::isfinite(v) ? core::format_number(v) : "null"; }

std::string json_strings(const std::vector<std::string>& v) {
    std::string s = "[";
    for (size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + json_string(v[k]);
    return s + "]";
}

}   // namespace session
