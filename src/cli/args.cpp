#include "cli/args.hpp"
#include "core/registry.hpp"
#include <cstdlib>

namespace cli {

static uint64_t parse_count(const std::string& flag, const std::string& v, uint64_t min) {
    char* end = nullptr;
    unsigned long long x = std::strtoull(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || v[0] == '-' || x < min)
        throw UsageError(flag + " '" + v + "' must be a whole number ≥ " + std::to_string(min));
    return x;
}

Args parse_args(int argc, char** argv) {
    Args a;
    if (argc < 2) throw UsageError("no command given");
    a.command = argv[1];
    for (int k = 2; k < argc; ++k) {
        std::string f = argv[k];
        auto value = [&]() -> std::string {
            if (k + 1 >= argc) throw UsageError(f + " needs a value");
            return argv[++k];
        };
        if (f == "--lab") a.lab = value();
        else if (f == "--preset") a.preset = value();
        else if (f == "--seed") { a.seed = parse_count(f, value(), 0); a.has_seed = true; }
        else if (f == "--seeds") a.seeds = int(parse_count(f, value(), 1));
        else if (f == "--csv") a.csv = value();
        else if (f == "--json") a.json = true;
        else if (f == "--set") {
            std::string s = value();
            size_t eq = s.find('=');
            if (eq == std::string::npos || eq == 0) throw UsageError("--set '" + s + "' must look like name=value");
            a.sets.emplace_back(s.substr(0, eq), s.substr(eq + 1));
        } else throw UsageError("unknown option '" + f + "'");
    }
    return a;
}

core::RunConfig make_config(const Args& a) {
    if (a.lab.empty()) throw UsageError("--lab is required (labs: " + core::lab_ids() + ")");
    std::unique_ptr<core::Lab> lab = core::make_lab(a.lab);
    if (!lab) throw UsageError("unknown lab '" + a.lab + "' (labs: " + core::lab_ids() + ")");
    core::RunConfig c = core::default_config(*lab);
    c.seed = a.seed;
    if (!a.preset.empty()) {
        if (!c.params.apply_preset(a.preset)) {
            std::string ids;
            for (const auto& p : lab->schema().presets) ids += (ids.empty() ? "" : ", ") + p.id;
            throw UsageError("unknown preset '" + a.preset + "' for " + a.lab + " (presets: " + ids + ")");
        }
        c.preset = a.preset;
    }
    for (const auto& [name, text] : a.sets) {
        std::string err = c.params.set_from_text(name, text);
        if (!err.empty()) throw UsageError(err + " (see: moe-lab list --lab " + a.lab + ")");
    }
    core::Validation v = core::validate(*lab, c.params);
    if (!v.ok()) {
        std::string msg = "invalid parameters for " + a.lab + ":";
        for (const auto& e : v.errors) msg += "\n  - " + e;
        throw UsageError(msg);
    }
    return c;
}

} // namespace cli
