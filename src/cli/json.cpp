#include "cli/json.hpp"
#include "core/params.hpp"
#include "core/stats.hpp"
#include <cmath>
#include <cstdio>

namespace cli {

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

std::string json_headline(const std::string& key, const std::vector<double>& values, const std::string& paper) {
    core::MeanSd ms = core::mean_sd(values);
    std::string out = "{\"key\": " + json_string(key) + ", \"mean\": " + (ms.n ? json_number(ms.mean) : "null") +
        ", \"sd\": " + (ms.n ? json_number(ms.sd) : "null") + ", \"n\": " + std::to_string(ms.n) +
        ", \"missing\": " + std::to_string(int(values.size()) - ms.n) + ", \"paper\": " + json_string(paper) +
        ", \"values\": [";
    for (size_t j = 0; j < values.size(); ++j) out += (j ? ", " : "") + json_number(values[j]);
    return out + "]}";
}

}   // namespace cli
