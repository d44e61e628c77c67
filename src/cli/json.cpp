#include "cli/json.hpp"
#include "core/params.hpp"
#include <cmath>
#include <cstdio>

namespace cli {

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"') out += "\\\"";
        else if (c == '\\') out += "\\\\";
        else if (c == '\n') out += "\\n";
        else if (c < 0x20) { char b[8]; std::snprintf(b, sizeof b, "\\u%04x", c); out += b; }
        else out += char(c);
    }
    return out + "\"";
}

std::string json_number(double v) {
    return std::isfinite(v) ? core::format_number(v) : "null";
}

} // namespace cli
