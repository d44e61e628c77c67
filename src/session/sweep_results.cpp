// A sweep's results as text (session/sweep_results.hpp).
#include "session/sweep_results.hpp"
#include "session/share_link.hpp"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace session {

// Each number as the 16 hex digits of its bits: the same bits come back (NaN, -0 and all).
static std::string bits_hex(double v) {
    uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    char s[17];
    std::snprintf(s, sizeof s, "%016llx", static_cast<unsigned long long>(b));
    return s;
}

static bool hex_bits(const std::string& s, double& v) {
    if (s.size() != 16 || s.find_first_not_of("0123456789abcdef") != std::string::npos) return false;
    const uint64_t b = std::strtoull(s.c_str(), nullptr, 16);
    std::memcpy(&v, &b, sizeof v);
    return true;
}

std::string encode_results(const std::vector<core::SweepResult>& results) {
    std::string text;
    for (const core::SweepResult& r : results) {
        text += std::to_string(r.task) + " " + std::to_string(r.rep) + " " +
            (r.failure.empty() ? "-" : url_encode(r.failure)) + " " + std::to_string(r.outputs.size());
        for (double v : r.outputs) text += " " + bits_hex(v);
        text += "\n";
    }
    return text;
}

bool decode_results(const std::string& text, std::vector<core::SweepResult>& out) {
    out.clear();
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream in(line);
        long long task = -1, rep = -1, n = -1;
        std::string failure;
        if (!(in >> task >> rep >> failure >> n) || task < 0 || rep < 0 || n < 0 || n > 1000000) {
            out.clear();
            return false;
        }
        core::SweepResult r;
        r.task = size_t(task);
        r.rep = int(rep);
        r.failure = failure == "-" ? "" : url_decode(failure);
        for (long long k = 0; k < n; ++k) {
            std::string h;
            double v = 0;
            if (!(in >> h) || !hex_bits(h, v)) {
                out.clear();
                return false;
            }
            r.outputs.push_back(v);
        }
        out.push_back(std::move(r));
    }
    return true;
}

}   // namespace session
