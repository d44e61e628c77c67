// Helpers the labs' tests share: run a preset to the end and read its metrics; find a message.
#pragma once
#include "core/lab.hpp"
#include <cstdint>
#include <doctest/doctest.h>
#include <map>
#include <string>
#include <vector>

namespace lab_test {

// Runs `preset` (then the parameters in `set`) from `seed` to the end. The metrics by key, and "failed":
// 1 when the run stopped early (its message in *failure when asked for).
inline std::map<std::string, double> run_preset(core::Lab& lab, const std::string& preset, uint64_t seed,
                                                const std::map<std::string, double>& set = {},
                                                std::string* failure = nullptr) {
    core::Params p(lab.schema());
    REQUIRE(p.apply_preset(preset));
    for (const auto& [k, v] : set) p.set(k, v);
    REQUIRE(core::validate(lab, p).ok());
    lab.reset(p, seed);
    const std::string fail = core::run_to_end(lab);
    if (failure) *failure = fail;
    std::map<std::string, double> out;
    out["failed"] = fail.empty() ? 0 : 1;
    for (const auto& m : lab.metrics()) out[m.key] = m.value;
    return out;
}

// Whether any of the texts contains `needle` (validation messages, readouts).
inline bool has(const std::vector<std::string>& texts, const std::string& needle) {
    for (const auto& t : texts)
        if (t.find(needle) != std::string::npos) return true;
    return false;
}

}   // namespace lab_test
