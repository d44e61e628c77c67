#include "cli/args.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "session/run_seeds.hpp"
#include <algorithm>
#include <cstdint>

namespace cli {

// Flags and --set values parse through core/parse.hpp: the same grammar as the share link and the page.
static void check(const std::string& flag, const std::string& err) {
    if (!err.empty()) throw UsageError(flag + ": " + err);
}

Args parse_args(int argc, char** argv) {
    Args a;
    if (argc < 2) throw UsageError("no command given");
    a.command = argv[1];
    std::vector<std::string> seen;   // a flag given twice is ambiguous: refused, like a repeated link key
    for (int k = 2; k < argc; ++k) {
        std::string f = argv[k];
        if ((a.command == "merge" || a.command == "tally") && f.rfind("--", 0) != 0) {   // merge PART…, tally FILE…
            a.files.push_back(f);
            continue;
        }
        if (f != "--set" && f != "--b") {
            for (const auto& g : seen)
                if (g == f) throw UsageError(f + " is given twice");
            seen.push_back(f);
        }
        auto value = [&]() -> std::string {
            if (k + 1 >= argc || argv[k + 1][0] == '\0') throw UsageError(f + " needs a value");
            return argv[++k];
        };
        if (f == "--lab") a.lab = value();
        else if (f == "--preset") a.preset = value();
        else if (f == "--seed") {
            check(f, core::parse_seed(value(), a.seed));
            a.has_seed = true;
        } else if (f == "--seeds") {
            long long n = 0;
            check(f, core::parse_whole(value(), 1, kMaxSeeds, n));
            a.seeds = int(n);
            a.has_seeds = true;
        } else if (f == "--jobs") {
            long long n = 0;
            check(f, core::parse_whole(value(), 1, kMaxJobs, n));
#ifdef __EMSCRIPTEN__
            if (n > 1)
                throw UsageError("--jobs: the WebAssembly CLI has no threads; give --jobs 1 or use the native CLI");
#endif
            a.jobs = int(n);
        } else if (f == "--shard") {
            const std::string v = value();
            const size_t slash = v.find('/');
            long long i = 0, n = 0;
            if (slash == std::string::npos || !core::parse_whole(v.substr(0, slash), 1, kMaxSeeds, i).empty() ||
                !core::parse_whole(v.substr(slash + 1), 1, kMaxSeeds, n).empty() || i > n)
                throw UsageError("--shard '" + v + "' must look like I/N with 1 ≤ I ≤ N (part I of N)");
            a.shard = int(i);
            a.shards = int(n);
        } else if (f == "--time-limit") {
            check(f, core::parse_number(value(), a.time_limit));
            if (!(a.time_limit > 0)) throw UsageError(f + " must be a number of seconds above 0");
        } else if (f == "--text") {
            if (a.command != "run") throw UsageError("--text is an option of run only");
            a.text = value();
            a.has_text = true;
        } else if (f == "--csv") a.csv = value();
        else if (f == "--json") a.json = true;
        else if (f == "--set") {
            std::string s = value();
            size_t eq = s.find('=');
            if (eq == std::string::npos || eq == 0) throw UsageError("--set '" + s + "' must look like name=value");
            for (const auto& [name, v] : a.sets)
                if (name == s.substr(0, eq))
                    throw UsageError("--set " + name + " is given twice ('" + v + "' and '" + s.substr(eq + 1) + "')");
            a.sets.emplace_back(s.substr(0, eq), s.substr(eq + 1));
        } else if (f == "--b") a.b.push_back(value());   // checked against the lab's schema by cmd_compare
        else if (f == "--comparison") a.comparison = value();
        else if (f == "--key") a.key = true;
        else if (f == "--lang") a.lang = value();
        else if (f == "--page") a.page = value();
        else if (f == "--format") a.format = value();
        else throw UsageError("unknown option '" + f + "'");
    }
    return a;
}

session::RunConfig make_config(const Args& a) {
    if (a.lab.empty()) throw UsageError("--lab is required (labs: " + core::lab_ids() + ")");
    const core::Lab* lab = core::find_lab(a.lab);
    if (!lab) throw UsageError("unknown lab '" + a.lab + "' (labs: " + core::lab_ids() + ")");
    session::RunConfig c = session::default_config(*lab);
    c.seed = a.seed;
    if ((a.command == "reproduce" || a.command == "compare") && a.has_seed &&
        a.seed > UINT64_MAX - uint64_t(a.seeds - 1))
        throw UsageError("--seed " + std::to_string(a.seed) + " with --seeds " + std::to_string(a.seeds) +
                         " passes the largest seed 18446744073709551615");
    if (!a.preset.empty()) {
        if (!c.params.apply_preset(a.preset)) {
            throw UsageError("unknown preset '" + a.preset + "' for " + a.lab +
                             " (presets: " + session::preset_ids(*lab) + ")");
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

session::RunConfig make_config_for_jobs(const Args& a, int& jobs) {
    jobs = a.jobs > 0 ? a.jobs : session::machine_jobs();
    if (jobs > 1) {
        core::SharedLimits share(jobs);
        try {
            return make_config(a);
        } catch (const UsageError& e) {
            if (a.jobs > 0)
                throw UsageError(std::string(e.what()) + "\n(--jobs " + std::to_string(jobs) + " runs " +
                                 std::to_string(jobs) + " seeds or sweep jobs at once, each within 1/" +
                                 std::to_string(jobs) + " of the limits: lower --jobs)");
        }
    }
    jobs = 1;
    return make_config(a);
}

}   // namespace cli
