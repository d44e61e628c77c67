// moe-lab compare: run A (the configuration) and B (A with --b changes, or a lab's --comparison) on the
// same seeds, and report each headline metric for A and B with the paired difference B − A: its mean ± sd
// over the seeds and how many seeds went each way.
#include "cli/clock.hpp"
#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "session/compare.hpp"
#include "core/words.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "session/run_seeds.hpp"
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <tuple>

namespace cli {

// B's changes from --comparison and --b, checked against the lab's schema (B itself is checked by reset).
static core::Changes changes_of(const Args& a, const core::Lab& lab) {
    core::Changes changes;
    if (!a.comparison.empty()) {
        std::vector<core::Comparison> named = lab.comparisons();
        const core::Comparison* c = session::find_comparison(named, a.comparison);
        if (!c)
            throw UsageError("unknown comparison '" + a.comparison + "' for " + a.lab +
                             " (comparisons: " + session::comparison_ids(lab) + ")");
        changes = c->b;
    }
    for (const std::string& text : a.b) {
        std::pair<std::string, std::string> c;
        std::string why = session::parse_change(lab.schema(), text, c);
        if (!why.empty()) throw UsageError("--b: " + why + " (see: moe-lab list --lab " + a.lab + ")");
        changes.push_back(c);
    }
    if (changes.empty()) throw UsageError("compare needs B's changes: --b name=value or --comparison ID");
    return changes;
}

static std::string fmt(const char* f, double v) {
    char b[64];
    std::snprintf(b, sizeof b, f, v);
    return b;
}

// Left-aligned in `width` columns, counting characters, not bytes ("±" and "−" are two and three bytes).
static std::string pad(std::string s, size_t width) {
    size_t chars = 0;
    for (unsigned char ch : s) chars += (ch & 0xC0) != 0x80;
    if (chars < width) s.append(width - chars, ' ');
    return s;
}

static std::string mean_sd_text(const core::MeanSd& m, const char* f) {
    return m.n ? core::format_mean_sd(m, f) : "n/a";
}

int cmd_compare(const Args& a) {
    Args with_preset = a;   // a named comparison's preset, unless --preset says otherwise
    if (a.preset.empty() && !a.comparison.empty() && !a.lab.empty())
        if (const core::Lab* l = core::find_lab(a.lab)) {
            std::vector<core::Comparison> named = l->comparisons();
            if (const core::Comparison* n = session::find_comparison(named, a.comparison))
                with_preset.preset = n->preset;
        }
    int jobs = 1;
    session::RunConfig c = make_config_for_jobs(with_preset, jobs);
    const core::Lab* lab = core::find_lab(c.lab);
    core::Changes changes = changes_of(a, *lab);
    core::Params pb;   // B's parameters, checked once here (A beside B, `jobs` pairs at once)
    std::string why;
    {
        core::SharedLimits share(jobs);
        why = session::apply_changes(*lab, c.params, changes, pb);
    }
    if (!why.empty() && jobs > 1 && a.jobs == 0) {   // fits as one pair at a time: one thread
        jobs = 1;
        why = session::apply_changes(*lab, c.params, changes, pb);
    }
    if (!why.empty()) throw UsageError(why + (jobs > 1 ? " (with --jobs " + std::to_string(jobs) + ": lower it)" : ""));
    uint64_t first = a.has_seed ? a.seed : 1;
    std::map<std::string, std::vector<double>> va, vb;
    std::map<std::string, std::string> formats, missing_b;
    std::vector<std::string> order;   // the comparison's own metrics first, then the headlines
    std::vector<core::Comparison> named = lab->comparisons();
    const core::Comparison* as = session::named_as(named, changes);
    const std::vector<std::string> watch = as ? as->watch : std::vector<std::string>{};
    int failed_a = 0, failed_b = 0;
    double t0 = now_seconds();
    struct Seed {   // one seed's slot: the threads never share anything else
        std::string failure_a, failure_b;
        std::vector<session::MetricPair> pairs;
    };
    std::vector<Seed> seeds(size_t(a.seeds));
    std::mutex progress;
    int finished = 0;
    session::for_each_index(a.seeds, jobs, [&](int s) {
        session::RunConfig cs = c;
        cs.seed = first + uint64_t(s);
        session::PairedRun run;
        run.start(cs, pb);
        for (core::Runner* r : {run.a.get(), run.b.get()}) r->set_threads(session::sweep_threads(jobs, a.seeds));
        while (!run.done()) run.step();
        Seed& out = seeds[size_t(s)];
        out.failure_a = run.a->failure();
        out.failure_b = run.b->failure();
        out.pairs = session::headline_pairs(*run.a, *run.b, watch);
        std::lock_guard<std::mutex> lock(progress);
        if (!a.json) std::fprintf(stderr, "\rseed %d/%d", ++finished, a.seeds);
    });
    for (int s = 0; s < a.seeds; ++s) {   // in seed order, whichever finished first
        const Seed& r = seeds[size_t(s)];
        for (const auto& [tag, why_stopped, failed] :
             {std::tuple{"A", &r.failure_a, &failed_a}, std::tuple{"B", &r.failure_b, &failed_b}})
            if (!why_stopped->empty()) {
                ++*failed;
                std::fprintf(stderr, "%sseed %llu, run %s: %s\n", a.json ? "" : "\n",
                             (unsigned long long)(first + uint64_t(s)), tag, why_stopped->c_str());
            }
        for (const session::MetricPair& p : r.pairs) {
            if (!va.count(p.key)) order.push_back(p.key);
            va[p.key].push_back(p.a);
            vb[p.key].push_back(p.b);
            formats[p.key] = p.format;
            if (!p.b_missing.empty()) missing_b[p.key] = p.b_missing;
        }
    }
    double seconds = now_seconds() - t0;
    if (!a.json) std::fprintf(stderr, "\n");
    std::map<std::string, std::string> paper;
    for (const core::Headline& h : lab->headlines()) paper[h.key] = core::tr(h.paper);
    if (a.json) {
        std::printf("{\"lab\": %s, \"preset\": %s, \"seeds\": %d, \"first_seed\": %llu, \"b\": {",
                    json_string(c.lab).c_str(), json_string(c.preset).c_str(), a.seeds, (unsigned long long)first);
        for (size_t k = 0; k < changes.size(); ++k)
            std::printf("%s%s: %s", k ? ", " : "", json_string(changes[k].first).c_str(),
                        json_string(changes[k].second).c_str());
        std::printf("}, \"comparison\": %s, \"failed_a\": %d, \"failed_b\": %d, \"seconds\": %s,\n  \"headlines\": [",
                    a.comparison.empty() ? "null" : json_string(a.comparison).c_str(), failed_a, failed_b,
                    json_number(seconds).c_str());
        for (size_t k = 0; k < order.size(); ++k)
            std::printf("%s\n    %s", k ? "," : "",
                        json_paired(order[k], va[order[k]], vb[order[k]], paper[order[k]]).c_str());
        std::printf("\n  ]\n}\n");
    } else {
        c.seed = first;
        std::printf("%s, preset %s, seeds %llu..%llu (%.1f s, %d thread%s): A, and B = A with %s\n  link (first "
                    "seed): ?%s",
                    c.lab.c_str(), c.preset.c_str(), (unsigned long long)first,
                    (unsigned long long)(first + a.seeds - 1), seconds, jobs, jobs > 1 ? "s" : "",
                    session::describe(changes).c_str(), session::encode_query(c).c_str());
        for (const auto& [name, value] : changes) std::printf("&b.%s=%s", name.c_str(), value.c_str());
        std::printf("\n");
        if (failed_a || failed_b) std::printf("  runs stopped early: A %d, B %d (see above)\n", failed_a, failed_b);
        std::printf("  %-24s %s %s %s %4s %4s %4s %4s\n", "metric", pad("A mean ± sd", 20).c_str(),
                    pad("B mean ± sd", 20).c_str(), pad("B − A (paired)", 22).c_str(), "B>A", "B<A", "=", "n/a");
        for (const std::string& key : order) {
            const char* f = formats[key].c_str();
            session::PairedDiff p = session::paired_diff(va[key], vb[key]);
            std::string d = p.diff.n
                ? (p.diff.mean >= 0 ? "+" : "−") + fmt(f, std::fabs(p.diff.mean)) + " ± " + fmt(f, p.diff.sd)
                : "n/a";
            std::printf("  %-24s %s %s %s %4d %4d %4d %4d\n", key.c_str(), pad(mean_sd_text(p.a, f), 20).c_str(),
                        pad(mean_sd_text(p.b, f), 20).c_str(), pad(d, 22).c_str(), p.b_higher, p.b_lower, p.ties,
                        p.missing);
        }
        for (const auto& [key, why] : missing_b)   // what an n/a of B means, e.g. an N* beyond the sweep
            std::printf("  n/a in B's %s: %s\n", key.c_str(), why.c_str());
    }
    return failed_a || failed_b ? 1 : 0;
}

}   // namespace cli
