#include "cli/json.hpp"
#include "session/compare.hpp"
#include "core/params.hpp"
#include "core/stats.hpp"
#include <cmath>
#include <cstdio>

namespace cli {

static std::string json_values(const std::vector<double>& v) {
    std::string out = "[";
    for (size_t j = 0; j < v.size(); ++j) out += (j ? ", " : "") + json_number(v[j]);
    return out + "]";
}

std::string json_headline(const std::string& key, const std::vector<double>& values, const std::string& paper) {
    core::MeanSd ms = core::mean_sd(values);
    std::string out = "{\"key\": " + json_string(key) + ", \"mean\": " + (ms.n ? json_number(ms.mean) : "null") +
        ", \"sd\": " + (ms.n ? json_number(ms.sd) : "null") + ", \"n\": " + std::to_string(ms.n) +
        ", \"missing\": " + std::to_string(int(values.size()) - ms.n) + ", \"paper\": " + json_string(paper) +
        ", \"values\": " + json_values(values);
    return out + "}";
}

static std::string json_mean_sd(const core::MeanSd& m) {
    return "{\"mean\": " + (m.n ? json_number(m.mean) : "null") + ", \"sd\": " + (m.n ? json_number(m.sd) : "null") +
        ", \"n\": " + std::to_string(m.n) + "}";
}

std::string json_paired(const std::string& key, const std::vector<double>& a, const std::vector<double>& b,
                        const std::string& paper) {
    session::PairedDiff p = session::paired_diff(a, b);
    return "{\"key\": " + json_string(key) + ", \"a\": " + json_mean_sd(p.a) + ", \"b\": " + json_mean_sd(p.b) +
        ", \"diff\": " + json_mean_sd(p.diff) + ", \"b_higher\": " + std::to_string(p.b_higher) +
        ", \"b_lower\": " + std::to_string(p.b_lower) + ", \"ties\": " + std::to_string(p.ties) +
        ", \"missing\": " + std::to_string(p.missing) + ", \"paper\": " + json_string(paper) +
        ", \"a_values\": " + json_values(a) + ", \"b_values\": " + json_values(b) + "}";
}

}   // namespace cli
