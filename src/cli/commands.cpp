#include "cli/commands.hpp"
#include "cli/shards.hpp"
#include "session/run_seeds.hpp"
#include "session/tour_steps.hpp"
#include "cli/clock.hpp"
#include "cli/class_text.hpp"
#include "cli/json.hpp"
#include "core/words.hpp"
#include "core/registry.hpp"
#include "core/runner.hpp"
#include "core/stats.hpp"
#include "core/text.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <memory>

namespace cli {

namespace {

std::string fmt(const core::Metric& m, double v) {
    char b[64];
    std::snprintf(b, sizeof b, m.format.c_str(), v);
    return b;
}

void list_lab(const core::Lab& lab) {
    const core::LabInfo& i = lab.info();
    std::printf("%s: %s\n  %s\n", i.id.c_str(), i.title.c_str(), i.citation.c_str());
    if (!i.seed_file.empty()) std::printf("  paper: ../shared/seeds/%s\n", i.seed_file.c_str());
    std::printf("  document: docs/labs/%s.md\n", i.id.c_str());
    std::printf("  presets:\n");
    for (const auto& p : lab.schema().presets)
        std::printf("    %-14s %s%s%s\n", p.id.c_str(), core::tr(p.note).c_str(), p.warning.empty() ? "" : "  [",
                    p.warning.empty() ? "" : (core::tr(p.warning) + "]").c_str());
    std::printf("  parameters (--set name=value):\n");
    for (const auto& s : lab.schema().params) {
        std::string range = s.type == core::ParamType::Choice
            ? ""
            : "[" + core::format_number(s.min) + ", " + core::format_number(s.max) + "]";
        if (s.type == core::ParamType::Choice)
            for (size_t c = 0; c < s.choices.size(); ++c) range += (c ? "|" : "") + s.choices[c];
        std::printf("    %-14s %-8s %-7s %-22s default %-8s %s\n", s.name.c_str(), s.symbol.c_str(),
                    core::type_name(s.type), range.c_str(), core::format_number(s.def).c_str(),
                    core::tr(s.help).c_str());
    }
    std::printf("  phases:");
    for (const auto& ph : lab.phases()) std::printf(" [%s]", ph.title.c_str());
    std::printf("\n");
}

// class_text: run --text's field ("": none)
void write_json_run(const session::RunConfig& c, const core::Runner& run, const std::string& failure, double seconds,
                    const std::string& class_text) {
    std::printf("{\"lab\": %s, \"preset\": %s, \"seed\": %llu, \"seconds\": %s,\n  \"params\": {",
                json_string(c.lab).c_str(), json_string(c.preset).c_str(), (unsigned long long)c.seed,
                json_number(seconds).c_str());
    const auto& specs = c.params.schema().params;
    for (size_t k = 0; k < specs.size(); ++k)
        std::printf("%s%s: %s", k ? ", " : "", json_string(specs[k].name).c_str(),
                    json_number(c.params.values()[k]).c_str());
    std::printf("},\n  \"metrics\": {");
    auto ms = run.metrics();
    for (size_t k = 0; k < ms.size(); ++k)
        std::printf("%s\n    %s: %s", k ? "," : "", json_string(ms[k].key).c_str(), json_number(ms[k].value).c_str());
    std::printf("\n  },\n  \"missing\": {");   // what each null above means: a lab's reason, or NaN
    bool any = false;
    for (const auto& m : ms) {
        std::string why = core::missing_reason(m);
        if (why.empty()) continue;
        std::printf("%s\n    %s: %s", any ? "," : "", json_string(m.key).c_str(), json_string(why).c_str());
        any = true;
    }
    std::printf("%s},\n  \"failure\": %s,\n  \"outcome\": %s", any ? "\n  " : "", json_string(failure).c_str(),
                json_string(failure.empty() ? core::end_of_run_line(run.lab(), c.preset, c.params, ms) : "").c_str());
    if (!class_text.empty()) std::printf(",\n  \"class_text\": %s", class_text.c_str());
    std::printf("\n}\n");
}

// A lab's metrics: every run lists the same keys from reset to the end (core::MetricList; checked for
// every lab in tests/labs/test_all_labs.cpp), so the state after a reset names them all.
std::vector<core::Metric> all_metrics(const core::Lab& lab) {
    session::RunConfig c = session::default_config(lab);
    core::Runner run(lab);
    run.reset(c.params, c.seed);
    return run.metrics();
}

void list_json(const std::vector<const core::Lab*>& labs) {
    std::printf("{\"labs\": [");
    for (size_t l = 0; l < labs.size(); ++l) {
        const core::Lab& lab = *labs[l];
        std::printf("%s\n  {\"id\": %s, \"title\": %s, \"text\": %s,\n   \"presets\": [", l ? "," : "",
                    json_string(lab.info().id).c_str(), json_string(lab.info().title).c_str(),
                    session::json_bool(lab.info().reads_text()).c_str());   // it reads a text (run --text)
        const auto& presets = lab.schema().presets;
        for (size_t k = 0; k < presets.size(); ++k)
            std::printf("%s%s", k ? ", " : "", json_string(presets[k].id).c_str());
        // the presets whose reproduction over seeds 1–10 decides a tour question (scripts/check-outcomes.sh runs them)
        std::printf("],\n   \"question_presets\": [");
        std::vector<std::string> asked;
        const std::vector<core::TourStep> steps = lab.tour();
        for (int k = 0; k < int(steps.size()); ++k) {
            const std::string p = session::question_preset(lab, steps, k);
            if (p.empty() || std::find(asked.begin(), asked.end(), p) != asked.end()) continue;
            std::printf("%s%s", asked.empty() ? "" : ", ", json_string(p).c_str());
            asked.push_back(p);
        }
        std::printf("],\n   \"params\": [");
        const auto& specs = lab.schema().params;
        for (size_t k = 0; k < specs.size(); ++k) {
            const auto& p = specs[k];
            std::printf(
                "%s\n    {\"name\": %s, \"type\": \"%s\", \"min\": %s, \"max\": %s, \"default\": %s, \"choices\": [",
                k ? "," : "", json_string(p.name).c_str(), core::type_name(p.type), json_number(p.min).c_str(),
                json_number(p.max).c_str(), json_number(p.def).c_str());
            for (size_t c = 0; c < p.choices.size(); ++c)
                std::printf("%s%s", c ? ", " : "", json_string(p.choices[c]).c_str());
            std::printf("]}");
        }
        // Lab::test_sizes(): the browser tests' short runs, and with two or more repetitions in every sweep
        const core::TestSizes sizes = lab.test_sizes();
        const core::Overrides& sweeps = sizes.sweeps.empty() ? sizes.quick : sizes.sweeps;
        std::printf("]");
        for (const auto& [key, set] : {std::make_pair("quick", &sizes.quick), std::make_pair("sweeps", &sweeps)}) {
            std::printf(",\n   \"%s\": {", key);
            for (size_t k = 0; k < set->size(); ++k)
                std::printf("%s%s: %s", k ? ", " : "", json_string((*set)[k].first).c_str(),
                            json_number((*set)[k].second).c_str());
            std::printf("}");
        }
        std::printf(",\n   \"comparisons\": [");
        const auto named = lab.comparisons();
        for (size_t k = 0; k < named.size(); ++k) {
            std::printf("%s\n    {\"id\": %s, \"preset\": %s, \"b\": {", k ? "," : "", json_string(named[k].id).c_str(),
                        json_string(named[k].preset).c_str());
            for (size_t q = 0; q < named[k].b.size(); ++q)
                std::printf("%s%s: %s", q ? ", " : "", json_string(named[k].b[q].first).c_str(),
                            json_string(named[k].b[q].second).c_str());
            std::printf("}}");
        }
        std::printf("],\n   \"metrics\": [");
        auto ms = all_metrics(lab);
        for (size_t k = 0; k < ms.size(); ++k) std::printf("%s%s", k ? ", " : "", json_string(ms[k].key).c_str());
        std::printf("]}");
    }
    std::printf("\n]}\n");
}

}   // namespace

int cmd_list(const Args& a) {
    if (!a.lab.empty() && !core::find_lab(a.lab))
        throw UsageError("unknown lab '" + a.lab + "' (labs: " + core::lab_ids() + ")");
    std::vector<const core::Lab*> labs;
    for (const auto& e : core::all_labs())
        if (a.lab.empty() || e.id == a.lab) labs.push_back(e.lab);
    if (a.json) {
        list_json(labs);
        return 0;
    }
    for (const core::Lab* lab : labs) {
        list_lab(*lab);
        std::printf("  metrics:");
        for (const auto& m : all_metrics(*lab)) std::printf(" %s", m.key.c_str());
        std::printf("\n\n");
    }
    return 0;
}

int cmd_run(const Args& a) {
    int jobs = 1;
    session::RunConfig c = make_config_for_jobs(a, jobs);
    core::Runner run(*core::find_lab(c.lab));
    run.set_threads(jobs);   // for the run's sweep jobs
    double t0 = now_seconds();
    run.reset(c.params, c.seed);
    std::string problem;   // --text: what is wrong with it that the run still reads
    if (a.has_text) {
        problem = read_class_text(run, a.text);
        if (!problem.empty()) std::fprintf(stderr, "moe-lab: --text: %s\n", problem.c_str());
    }
    std::string failure;
    while (!run.done() && (failure = run.failure()).empty()) {
        run.step();
        if (a.time_limit > 0 && now_seconds() - t0 > a.time_limit) {
            failure = "time limit of " + core::format_number(a.time_limit) + " s reached (--time-limit)";
            break;
        }
    }
    if (failure.empty()) failure = run.failure();   // a lab that failed is also done(): the loop may not have read it
    double seconds = now_seconds() - t0;
    if (!a.csv.empty()) {
        std::ofstream f(a.csv);
        if (!f) throw UsageError("cannot write --csv file '" + a.csv + "'");
        f << run.trace().to_csv();
    }
    const std::vector<session::DataTable> routed =
        a.has_text ? class_text_tables(run) : std::vector<session::DataTable>{};
    if (a.json) write_json_run(c, run, failure, seconds, a.has_text ? class_text_json(a.text, problem, routed) : "");
    else {
        const std::string link =   // (the page's link keeps the text too)
            session::encode_query(c) + (a.has_text ? "&text=" + session::url_encode(a.text) : "");
        std::printf("%s, preset %s, seed %llu (%.2f s)\n  link: ?%s\n", c.lab.c_str(), c.preset.c_str(),
                    (unsigned long long)c.seed, seconds, link.c_str());
        for (const auto& m : run.metrics()) {
            std::string why = core::missing_reason(m);
            std::printf("  %-28s %12s  %s\n", m.key.c_str(),
                        why.empty() ? fmt(m, m.value).c_str() : ("— (" + why + ")").c_str(), core::tr(m.label).c_str());
        }
        if (!failure.empty()) std::printf("run stopped: %s\n", failure.c_str());
        else std::printf("outcome: %s\n", core::end_of_run_line(run.lab(), c.preset, c.params, run.metrics()).c_str());
        if (a.has_text) std::printf("the class's text, routed:\n%s", class_text_plain(routed).c_str());
    }
    return failure.empty() ? 0 : 1;
}

static int report_reproduce(const Args& a, const session::RunConfig& c, uint64_t first,
                            const std::vector<session::SeedResult>& runs, double seconds, int jobs);

int cmd_reproduce(const Args& a) {
    int jobs = 1;
    session::RunConfig c = make_config_for_jobs(a, jobs);
    const uint64_t first = a.has_seed ? a.seed : 1;
    const auto [begin, end] = a.shards ? shard_range(a.seeds, a.shard, a.shards) : std::pair<int, int>{0, a.seeds};
    const double t0 = now_seconds();
    const std::vector<session::SeedResult> runs =
        session::run_seeds(c, end - begin, first + uint64_t(begin), jobs, [&](int done) {
            if (!a.json && !a.shards) std::fprintf(stderr, "\rseed %d/%d", done, a.seeds);
        });
    const double seconds = now_seconds() - t0;
    if (a.shards) {   // a partial report, for moe-lab merge
        Partial part{program_version(), c.lab,   c.preset, params_text(c.params), first, a.seeds, a.shard,
                     a.shards,          seconds, runs};
        std::fputs(write_partial(part).c_str(), stdout);
        return 0;
    }
    if (!a.json) std::fprintf(stderr, "\n");
    return report_reproduce(a, c, first, runs, seconds, jobs);
}

int cmd_merge(const Args& a) {
    std::vector<Partial> parts;
    for (const std::string& f : a.files) {
        std::ifstream in(f);
        if (!in) throw UsageError("cannot read '" + f + "'");
        std::stringstream text;
        text << in.rdbuf();
        parts.push_back(read_partial(text.str(), f));
    }
    const std::vector<session::SeedResult> runs = merge_partials(parts);   // checks that they belong together
    const Partial& p = parts[0];
    if (p.version != program_version())
        std::fprintf(stderr, "moe-lab merge: the parts were written by version %s, this is %s\n", p.version.c_str(),
                     program_version().c_str());
    const core::Lab* lab = core::find_lab(p.lab);
    if (!lab) throw UsageError("the parts are of an unknown lab '" + p.lab + "'");
    session::RunConfig c;
    c.lab = p.lab;
    c.preset = p.preset;
    c.params = core::Params(lab->schema());
    std::istringstream words(p.params);
    for (std::string w; words >> w;) {
        const size_t eq = w.find('=');
        if (eq == std::string::npos || lab->schema().index_of(w.substr(0, eq)) < 0)
            throw UsageError("the parts' parameter '" + w + "' is not one of " + p.lab + "'s");
        c.params.set(w.substr(0, eq), std::strtod(w.c_str() + eq + 1, nullptr));
    }
    // the metrics' labels and formats, which a partial report leaves out, from the lab itself
    core::Runner run(*lab);
    run.reset(c.params, p.first);
    std::vector<session::SeedResult> full = runs;
    for (session::SeedResult& r : full) {
        std::vector<core::Metric> ms = run.metrics();
        for (core::Metric& m : ms) {
            m.value = NAN;
            for (const core::Metric& v : r.metrics)
                if (v.key == m.key) m.value = v.value;
        }
        r.metrics = ms;
    }
    double seconds = 0;
    for (const Partial& q : parts) seconds += q.seconds;
    return report_reproduce(a, c, p.first, full, seconds, 0);
}

// Seeds as "1, 4" (none: "").
template <class Seed>
static std::string seed_list(const std::vector<Seed>& seeds) {
    std::string s;
    for (Seed seed : seeds) s += (s.empty() ? "" : ", ") + std::to_string(seed);
    return s;
}

// reproduce's report of the runs of seeds first, first + 1, …: the headlines' mean ± sd next to the paper's
// numbers (text), or every headline's values (--json); `jobs` 0: merged from parts.
static int report_reproduce(const Args& a, const session::RunConfig& c, uint64_t first,
                            const std::vector<session::SeedResult>& runs, double seconds, int jobs) {
    const core::Lab* lab = core::find_lab(c.lab);
    const int seeds = int(runs.size());
    std::map<std::string, std::vector<double>> values;
    std::vector<core::Metric> last;
    int failed = 0;
    for (const session::SeedResult& r : runs) {   // in seed order, whichever finished first
        if (!r.failure.empty()) {
            ++failed;
            std::fprintf(stderr, "%sseed %llu: %s\n", a.json ? "" : "\n", (unsigned long long)r.seed,
                         r.failure.c_str());
        }
        last = r.metrics;
        for (const auto& m : last) values[m.key].push_back(m.value);
    }
    auto label_of = [&](const std::string& key) -> const core::Metric* {
        for (const auto& m : last)
            if (m.key == key) return &m;
        return nullptr;
    };
    auto heads = lab->headlines();
    // How often the seeds showed each outcome's paper case, beside what the lab declares it measured (over seeds
    // 1..N of its default preset: checked here when this is that reproduction).
    const std::vector<core::Outcome> outcomes = core::outcomes_for(*lab, c.params);
    std::vector<std::vector<core::Metric>> finished;
    std::vector<uint64_t> finished_seeds;
    for (const session::SeedResult& r : runs)
        if (r.failure.empty()) {
            finished.push_back(r.metrics);
            finished_seeds.push_back(r.seed);
        }
    const std::vector<core::OutcomeCount> counts = core::count_outcomes(outcomes, finished);
    const bool declared_run = c.preset == lab->schema().presets.front().id && first == 1 && failed == 0;
    int mismatched = 0;
    for (size_t i = 0; i < outcomes.size(); ++i)
        if (declared_run && outcomes[i].seeds == seeds && outcomes[i].paper_seeds != counts[i].paper) {
            ++mismatched;
            std::fprintf(stderr, "outcome %zu: the paper's case in %d of %d seeds, but the lab declares %d of %d\n",
                         i + 1, counts[i].paper, seeds, outcomes[i].paper_seeds, outcomes[i].seeds);
        }
    // The tour's questions that end with this run (over seeds 1–kQuestionSeeds): their seeds against the declared.
    const std::vector<session::QuestionSeeds> questions = session::question_seeds(*lab, c, runs);
    const std::vector<core::TourStep> steps = lab->tour();
    for (const session::QuestionSeeds& q : questions)
        if (!q.as_declared()) {
            ++mismatched;
            std::fprintf(stderr, "the question of step %d: unlike the paper on seeds %s, but the lab declares %s\n",
                         q.step + 1, seed_list(q.unlike).c_str(), seed_list(q.declared).c_str());
        }
    if (a.json) {
        std::printf("{\"lab\": %s, \"preset\": %s, \"seeds\": %d, \"first_seed\": %llu, \"failed\": %d, \"seconds\": "
                    "%s,\n  \"headlines\": [",
                    json_string(c.lab).c_str(), json_string(c.preset).c_str(), seeds, (unsigned long long)first, failed,
                    json_number(seconds).c_str());
        for (size_t k = 0; k < heads.size(); ++k)
            std::printf("%s\n    %s", k ? "," : "",
                        json_headline(heads[k].key, values[heads[k].key], core::tr(heads[k].paper)).c_str());
        std::printf("\n  ],\n  \"outcomes\": [");
        for (size_t i = 0; i < outcomes.size(); ++i)
            std::printf("%s\n    {\"paper_case\": %s, \"paper\": %d, \"decided\": %d, \"declared\": [%d, %d]}",
                        i ? "," : "", json_string(core::tr(outcomes[i].cases[size_t(outcomes[i].paper)].text)).c_str(),
                        counts[i].paper, counts[i].decided, outcomes[i].paper_seeds, outcomes[i].seeds);
        std::printf("\n  ],\n  \"questions\": [");
        for (size_t i = 0; i < questions.size(); ++i)
            std::printf("%s\n    {\"step\": %d, \"unlike\": [%s], \"declared\": [%s]}", i ? "," : "",
                        questions[i].step + 1, seed_list(questions[i].unlike).c_str(),
                        seed_list(questions[i].declared).c_str());
        std::printf("\n  ]\n}\n");
    } else {
        const std::string how = jobs > 0 ? core::strf("%d thread%s", jobs, jobs > 1 ? "s" : "") : "merged parts";
        std::printf("%s, preset %s, seeds %llu..%llu (%.1f s, %s)%s\n", c.lab.c_str(), c.preset.c_str(),
                    (unsigned long long)first, (unsigned long long)(first + seeds - 1), seconds, how.c_str(),
                    failed ? (" — " + std::to_string(failed) + " run(s) stopped early").c_str() : "");
        std::printf("  %-26s %-22s %-10s %-10s %s\n", "metric", "mean ± sd", "min", "max", "paper");
        for (const auto& h : heads) {
            const auto& v = values[h.key];
            const core::Metric* m = label_of(h.key);
            core::MeanSd ms = core::mean_sd(v);
            double lo = INFINITY, hi = -INFINITY;
            for (double x : v)
                if (!std::isnan(x)) {
                    lo = std::min(lo, x);
                    hi = std::max(hi, x);
                }
            const char* f = m ? m->format.c_str() : "%.4f";
            char a1[64], a2[64];
            std::snprintf(a1, sizeof a1, f, lo);
            std::snprintf(a2, sizeof a2, f, hi);
            // NaN marks "not reached" (e.g. an N* beyond the sweep): count, not average, those runs
            int missing = int(v.size()) - ms.n;
            std::string mean = ms.n ? core::format_mean_sd(ms, f) : "n/a";
            if (missing > 0 && ms.n) mean += " (" + std::to_string(missing) + " n/a)";
            if (!ms.n) {
                std::snprintf(a1, sizeof a1, "n/a");
                std::snprintf(a2, sizeof a2, "n/a");
            }
            std::printf("  %-26s %-22s %-10s %-10s %s\n", h.key.c_str(), mean.c_str(), a1, a2,
                        core::tr(h.paper).c_str());
        }
        std::printf("  outcomes: the paper's case in how many seeds (declared: over seeds 1–N of %s)\n",
                    lab->schema().presets.front().title.c_str());
        for (size_t i = 0; i < outcomes.size(); ++i) {
            std::vector<uint64_t> seeds_other;
            for (int r : counts[i].other) seeds_other.push_back(finished_seeds[size_t(r)]);
            const std::string other = seeds_other.empty()
                ? ""
                : (seeds_other.size() == 1 ? "another case on seed " : "another case on seeds ") +
                    seed_list(seeds_other);
            // (the declared count beside it where this run is the declared measure: the default preset, seeds 1–N)
            const std::string declared = declared_run && outcomes[i].seeds == seeds
                ? core::strf("declared %d of %d", outcomes[i].paper_seeds, outcomes[i].seeds)
                : "";
            const std::string note = declared + (declared.empty() || other.empty() ? "" : "; ") + other;
            std::printf("  %zu. %d of %d%s  %s\n", i + 1, counts[i].paper, counts[i].decided,
                        note.empty() ? "" : (" (" + note + ")").c_str(),
                        core::tr(outcomes[i].cases[size_t(outcomes[i].paper)].text).c_str());
        }
        if (!questions.empty())
            std::printf("  tour questions run to this run's end: the paper's answer in how many seeds (declared: the "
                        "seeds unlike the paper, which the teacher's key names)\n");
        for (const session::QuestionSeeds& q : questions)
            std::printf("  step %d. %d of %d (unlike on [%s], declared [%s])  %s\n", q.step + 1,
                        seeds - int(q.unlike.size()), seeds, seed_list(q.unlike).c_str(), seed_list(q.declared).c_str(),
                        core::tr(steps[size_t(q.step)].question.prompt).c_str());
    }
    return failed ? 1 : mismatched ? 3 : 0;
}

// bench --seeds N: a reproduction of N seeds on one thread and on every core (--jobs, else the machine's),
// wall time side by side, and whether the two gave the same bits.
static void bench_seeds(const Args& a) {
    const uint64_t first = a.has_seed ? a.seed : 1;
    int jobs = 1;
    const session::RunConfig c = make_config_for_jobs(a, jobs);   // the limits shared by the runs at once
    double t0 = now_seconds();
    const std::vector<session::SeedResult> one = session::run_seeds(c, a.seeds, first, 1);
    const double t1 = now_seconds() - t0;
    t0 = now_seconds();
    const std::vector<session::SeedResult> many = session::run_seeds(c, a.seeds, first, jobs);
    const double tn = now_seconds() - t0;
    bool same = one.size() == many.size();
    for (size_t s = 0; same && s < one.size(); ++s) {
        same = one[s].failure == many[s].failure && one[s].metrics.size() == many[s].metrics.size();
        for (size_t k = 0; same && k < one[s].metrics.size(); ++k)
            same = std::memcmp(&one[s].metrics[k].value, &many[s].metrics[k].value, sizeof(double)) == 0;
    }
    std::printf("  %d seeds: %.3f s on 1 thread, %.3f s on %d (%.2f× faster); the numbers %s\n", a.seeds, t1, tn, jobs,
                tn > 0 ? t1 / tn : 0.0, same ? "identical" : "DIFFER");
}

// Times every step, by the part of the plan it ran in, and sets the work charged against the lab's one
// calibration (Lab::units_per_second): the measured rate should be near the stated one, each part's mean step (ms per
// step) and the longest step well inside the page's frame budget (WebAssembly runs 2–5× slower than native). Steps are timed in the
// thread's CPU time, the total in wall time.
int cmd_bench(const Args& a) {
    session::RunConfig c = make_config(a);
    core::Runner run(*core::find_lab(c.lab));
    double t0 = now_seconds();
    run.reset(c.params, c.seed);
    const core::WorkPlan& plan = run.current_plan();
    const int parts = plan.parts();
    std::vector<double> seconds(size_t(parts) + 1, 0.0), units(size_t(parts) + 1, 0.0), worst(size_t(parts) + 1, 0.0);
    std::vector<long> part_steps(size_t(parts) + 1, 0);
    double reset_seconds = now_seconds() - t0, longest = 0;
    std::string longest_at;   // the clock when the longest step began
    long steps = 0;
    while (!run.done() && run.failure().empty()) {
        const size_t k = size_t(std::clamp(run.where().part, 0, parts));
        const std::string at = run.clock();
        const double s0 = thread_seconds(), w0 = run.work_charged();
        run.step();
        const double dt = thread_seconds() - s0;
        seconds[k] += dt;
        units[k] += run.work_charged() - w0;
        part_steps[k]++;
        worst[k] = std::max(worst[k], dt);
        if (dt > longest) longest_at = at;
        longest = std::max(longest, dt);
        ++steps;
    }
    double total = reset_seconds;   // CPU time of the run: other processes do not count
    for (double sec : seconds) total += sec;
    std::printf("bench %s, preset %s, seed %llu\n", c.lab.c_str(), c.preset.c_str(), (unsigned long long)c.seed);
    std::printf("  %-40s %10s %8s %12s %12s %12s %12s\n", "part of the plan", "seconds", "steps", "units", "units/s",
                "ms per step", "longest ms");
    std::printf("  %-40s %10.3f\n", "reset (initialisation)", reset_seconds);
    for (int k = 0; k < parts; ++k)
        std::printf("  %-40s %10.3f %8ld %12.4g %12.4g %12.3f %12.2f\n", plan.part(k).what.c_str(), seconds[size_t(k)],
                    part_steps[size_t(k)], units[size_t(k)],
                    seconds[size_t(k)] > 0 ? units[size_t(k)] / seconds[size_t(k)] : 0.0,
                    part_steps[size_t(k)] > 0 ? seconds[size_t(k)] * 1e3 / double(part_steps[size_t(k)]) : 0.0,
                    worst[size_t(k)] * 1e3);
    std::printf("  %-40s %10.3f %8ld %12.4g %12s %12.3f\n", "total", total, steps, run.work_charged(), "",
                steps > 0 ? (total - reset_seconds) * 1e3 / double(steps) : 0.0);
    const double rate = total > 0 ? run.work_charged() / total : 0;
    std::printf("  work: %.4g units charged, %.4g planned (%.2f×)\n", run.work_charged(), plan.total(),
                plan.total() > 0 ? run.work_charged() / plan.total() : 0.0);
    std::printf("  calibration: %.3g units/s measured, %.3g stated (Lab::units_per_second, %.2f×)\n", rate,
                run.lab().units_per_second(), rate / run.lab().units_per_second());
    std::printf(
        "  longest single step: %.2f ms, from '%s' (a step is %.1f ms of stated work; the page's frame budget is ~12 ms)\n",
        longest * 1e3, longest_at.c_str(), core::Runner::kSliceSeconds * 1e3);
    if (!run.failure().empty()) std::printf("run stopped: %s\n", run.failure().c_str());
    if (a.has_seeds) bench_seeds(a);
    return run.failure().empty() ? 0 : 1;
}

}   // namespace cli
