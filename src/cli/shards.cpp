#include "cli/shards.hpp"
#include "cli/args.hpp"
#include "core/text.hpp"
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

#ifndef MOE_VERSION
#define MOE_VERSION "unknown"
#endif

namespace cli {

static const char* kHeader = "moe-lab partial report 1";

std::string program_version() { return MOE_VERSION; }

std::pair<int, int> shard_range(int seeds, int shard, int of) {
    const auto at = [&](int k) { return int((long long)seeds * k / of); };
    return {at(shard - 1), at(shard)};
}

static std::string number(double v) { return std::isnan(v) ? "nan" : core::strf("%.17g", v); }

std::string params_text(const core::Params& p) {
    std::string s;
    const std::vector<double>& v = p.values();
    for (size_t k = 0; k < v.size(); ++k) s += (k ? " " : "") + p.schema().params[k].name + "=" + number(v[k]);
    return s;
}

// A failure message on one line: backslashes and line breaks escaped.
static std::string escape(const std::string& s) {
    std::string out;
    for (char ch : s) out += ch == '\\' ? "\\\\" : ch == '\n' ? "\\n" : std::string(1, ch);
    return out;
}
static std::string unescape(const std::string& s) {
    std::string out;
    for (size_t k = 0; k < s.size(); ++k)
        if (s[k] == '\\' && k + 1 < s.size()) out += s[++k] == 'n' ? '\n' : s[k];
        else out += s[k];
    return out;
}

std::string write_partial(const Partial& p) {
    std::string s = std::string(kHeader) + "\n";
    s += "version " + p.version + "\nlab " + p.lab + "\npreset " + p.preset + "\nparams " + p.params + "\n";
    s += core::strf("first_seed %llu\nseeds %d\nshard %d %d\nseconds %s\n", (unsigned long long)p.first, p.seeds,
                    p.shard, p.of, number(p.seconds).c_str());
    for (const session::SeedResult& r : p.runs) {
        s += core::strf("seed %llu\n", (unsigned long long)r.seed);
        if (!r.failure.empty()) s += "failure " + escape(r.failure) + "\n";
        for (const core::Metric& m : r.metrics) s += "metric " + m.key + " " + number(m.value) + "\n";
    }
    return s + "end\n";
}

Partial read_partial(const std::string& text, const std::string& name) {
    auto bad = [&](const std::string& why) { return UsageError(name + ": not a partial report of moe-lab: " + why); };
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line) || line != kHeader) throw bad("its first line is not '" + std::string(kHeader) + "'");
    Partial p;
    bool ended = false;
    while (std::getline(in, line)) {
        const size_t sp = line.find(' ');
        const std::string word = line.substr(0, sp), rest = sp == std::string::npos ? "" : line.substr(sp + 1);
        auto whole = [&](const std::string& s) {
            char* end = nullptr;
            const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
            if (s.empty() || *end != '\0') throw bad("'" + line + "' is not a whole number");
            return v;
        };
        if (word == "version") p.version = rest;
        else if (word == "lab") p.lab = rest;
        else if (word == "preset") p.preset = rest;
        else if (word == "params") p.params = rest;
        else if (word == "first_seed") p.first = whole(rest);
        else if (word == "seeds") p.seeds = int(whole(rest));
        else if (word == "seconds") p.seconds = std::strtod(rest.c_str(), nullptr);
        else if (word == "shard") {
            const size_t s2 = rest.find(' ');
            if (s2 == std::string::npos) throw bad("'" + line + "' should read 'shard I N'");
            p.shard = int(whole(rest.substr(0, s2)));
            p.of = int(whole(rest.substr(s2 + 1)));
        } else if (word == "seed") {
            p.runs.push_back({});
            p.runs.back().seed = whole(rest);
        } else if (word == "failure" && !p.runs.empty()) p.runs.back().failure = unescape(rest);
        else if (word == "metric" && !p.runs.empty()) {
            const size_t s2 = rest.find(' ');
            if (s2 == std::string::npos) throw bad("'" + line + "' should read 'metric KEY VALUE'");
            const std::string v = rest.substr(s2 + 1);
            core::Metric m;
            m.key = rest.substr(0, s2);
            m.value = v == "nan" ? NAN : std::strtod(v.c_str(), nullptr);
            p.runs.back().metrics.push_back(m);
        } else if (word == "end") {
            ended = true;
            break;
        } else throw bad("unexpected line '" + line + "'");
    }
    if (!ended) throw bad("it ends before its 'end' line (cut short?)");
    if (p.of < 1 || p.shard < 1 || p.shard > p.of) throw bad(core::strf("part %d of %d", p.shard, p.of));
    return p;
}

std::vector<session::SeedResult> merge_partials(const std::vector<Partial>& parts) {
    if (parts.empty()) throw UsageError("merge needs the partial reports: moe-lab merge PART…");
    const Partial& a = parts[0];
    auto differ = [&](const char* what, const std::string& x, const std::string& y, int k) {
        return UsageError(core::strf("part %d of the files does not belong with the first: another %s ('%s', not "
                                     "'%s')",
                                     k + 1, what, y.c_str(), x.c_str()));
    };
    std::vector<const Partial*> by_shard(size_t(a.of), nullptr);
    for (size_t k = 0; k < parts.size(); ++k) {
        const Partial& p = parts[k];
        if (p.version != a.version) throw differ("program version", a.version, p.version, int(k));
        if (p.lab != a.lab) throw differ("lab", a.lab, p.lab, int(k));
        if (p.preset != a.preset) throw differ("preset", a.preset, p.preset, int(k));
        if (p.params != a.params) {   // name the parameters that differ
            std::istringstream x(a.params), y(p.params);
            std::string ours, theirs, wx, wy;
            while (x >> wx && y >> wy)
                if (wx != wy) {
                    ours += (ours.empty() ? "" : " ") + wx;
                    theirs += (theirs.empty() ? "" : " ") + wy;
                }
            throw differ("parameter set", ours.empty() ? a.params : ours, theirs.empty() ? p.params : theirs, int(k));
        }
        if (p.first != a.first || p.seeds != a.seeds || p.of != a.of)
            throw UsageError(core::strf("part %d of the files belongs to another seed list (seeds %llu.., %d seeds, "
                                        "%d parts; the first: %llu.., %d seeds, %d parts)",
                                        int(k) + 1, (unsigned long long)p.first, p.seeds, p.of,
                                        (unsigned long long)a.first, a.seeds, a.of));
        if (by_shard[size_t(p.shard - 1)]) throw UsageError(core::strf("part %d of %d is given twice", p.shard, p.of));
        by_shard[size_t(p.shard - 1)] = &p;
    }
    std::vector<session::SeedResult> runs;
    for (int s = 1; s <= a.of; ++s) {
        const Partial* p = by_shard[size_t(s - 1)];
        if (!p) throw UsageError(core::strf("part %d of %d is missing", s, a.of));
        const auto [begin, end] = shard_range(a.seeds, s, a.of);
        bool ok = int(p->runs.size()) == end - begin;
        for (size_t k = 0; ok && k < p->runs.size(); ++k) ok = p->runs[k].seed == a.first + uint64_t(begin) + k;
        if (!ok)
            throw UsageError(core::strf("part %d of %d should hold seeds %llu..%llu: seeds are missing, repeated or "
                                        "out of place",
                                        s, a.of, (unsigned long long)(a.first + uint64_t(begin)),
                                        (unsigned long long)(a.first + uint64_t(end) - 1)));
        runs.insert(runs.end(), p->runs.begin(), p->runs.end());
    }
    return runs;
}

}   // namespace cli
