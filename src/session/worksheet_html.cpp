// A lesson's handouts as HTML (session/worksheet.hpp): one page per sheet, printed from the browser. Every text goes
// through the table (core/words.hpp); names kept on purpose are marked: the paper's citation as <cite>, a link as
// <code>. Nothing in it depends on the clock or the platform, so the page and the CLI write the same bytes.
#include "core/text.hpp"
#include "core/words.hpp"
#include "session/print_math.hpp"
#include "session/qr_code.hpp"
#include "session/worksheet.hpp"
#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>

namespace session {

static std::string esc(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else if (c == '"') out += "&quot;";
        else out += c;
    }
    return out;
}

// A text of the table as print: escaped, its mathematics set (session/print_math.hpp).
static std::string prose(const std::string& s) { return print_math(esc(s)); }

static std::string letter(size_t k) { return std::string(1, char('a' + k)); }

// The code as an SVG path, one square per dark module, with its quiet zone of 4 modules; printed 3 cm a side.
static std::string qr_svg(const std::string& link, const std::string& label) {
    std::string why;
    const QrCode q = make_qr(link, why);
    if (q.width == 0) return "<p>" + esc(why) + "</p>";
    const int side = q.width + 8;
    std::string path;
    for (int r = 0; r < q.width; ++r)
        for (int c = 0; c < q.width; ++c)
            if (q.on[size_t(r) * size_t(q.width) + size_t(c)])
                path += "M" + std::to_string(c + 4) + " " + std::to_string(r + 4) + "h1v1h-1z";
    return "<svg class=\"qr\" viewBox=\"0 0 " + std::to_string(side) + " " + std::to_string(side) +
        "\" role=\"img\" aria-label=\"" + esc(label) + "\" shape-rendering=\"crispEdges\"><rect width=\"" +
        std::to_string(side) + "\" height=\"" + std::to_string(side) + "\" fill=\"#fff\"/><path d=\"" + path +
        "\" fill=\"#000\"/></svg>";
}

// A metric as the page shows it: its label, its value in its format and the language's decimal mark.
static std::string metric_text(const core::Metric& m) {
    const std::string value =
        std::isfinite(m.value) ? core::local_number(core::strf(m.format.c_str(), m.value)) : core::tr("n/a");
    return core::tr(m.label) + " = " + value;
}

// A question step runs on the students' phones: each answers before the step runs. The others run on the projector.
static bool on_phones(const core::TourStep& s) { return !s.question.prompt.empty(); }

// A class's minutes for its steps: `total` over the steps, twice as much for a step with a question (whole minutes,
// at least 1 each, the largest remainders first); with `short_class`, the projector's steps that ask nothing, after
// the first, get none (the lecturer goes past them).
std::vector<int> step_minutes(const std::vector<core::TourStep>& steps, int total, bool short_class) {
    std::vector<double> w;
    for (size_t k = 0; k < steps.size(); ++k)
        w.push_back(!steps[k].question.prompt.empty() ? 2 : short_class && k > 0 ? 0 : 1);
    double sum = 0;
    for (double x : w) sum += x;
    std::vector<int> m;
    int given = 0;
    for (double x : w) {
        m.push_back(x == 0 ? 0 : std::max(1, int(std::floor(total * x / sum))));
        given += m.back();
    }
    for (size_t k = 0; given < total && sum > 0; k = (k + 1) % m.size())
        if (w[k] > 0) ++m[k], ++given;
    return m;
}

// The time plans: 25, 45 and 90 minutes, each with its introduction and its discussion.
static std::string time_plans(const std::vector<core::TourStep>& steps) {
    struct Plan {
        int minutes, intro, discussion;
        bool short_class;
    };
    const Plan plans[] = {{25, 3, 4, true}, {45, 5, 5, false}, {90, 10, 15, false}};
    std::vector<std::vector<int>> m;
    std::string h = "<h2>" + esc(core::tr("Time plans for a class of 25, 45 or 90 minutes")) +
        "</h2>\n<table>\n<tr><th scope=\"col\">" + esc(core::tr("Part of the class")) + "</th>";
    for (const Plan& p : plans) {
        m.push_back(step_minutes(steps, p.minutes - p.intro - p.discussion, p.short_class));
        h += "<th scope=\"col\" class=\"nb\">" + esc(core::trf("%d min", p.minutes)) + "</th>";
    }
    const auto row = [&](const std::string& part, const std::function<int(size_t)>& minutes_of) {
        h += "</tr>\n<tr><td>" + esc(part) + "</td>";
        for (size_t p = 0; p < std::size(plans); ++p) {
            const int n = minutes_of(p);
            h += "<td class=\"nb\">" + esc(n > 0 ? core::trf("%d min", n) : std::string(core::tr("go past"))) + "</td>";
        }
    };
    row(core::tr("Introduction: the lab on the projector"), [&](size_t p) { return plans[p].intro; });
    for (size_t k = 0; k < steps.size(); ++k)
        row(on_phones(steps[k]) ? core::trf("Step %d, on phones", int(k + 1))
                                : core::trf("Step %d, on the projector", int(k + 1)),
            [&](size_t p) { return m[p][k]; });
    row(core::tr("Discussion: what the runs showed, and the paper's claims"),
        [&](size_t p) { return plans[p].discussion; });
    h += "</tr>\n</table>\n";
    if (std::find(m[0].begin(), m[0].end(), 0) != m[0].end())
        h += "<p>" +
            esc(core::tr("In 25 minutes, go past the projector's steps that ask nothing: Next, without stopping.")) +
            "</p>\n";
    return h;
}

// Where the step's run goes once the step is open (the tour runs it there: nothing to press).
static std::string what_to_do(const core::Lab& lab, const core::TourStep& s) {
    using U = core::TourStep::Until;
    if (on_phones(s))
        return core::tr(
            "On your phone: open the step (its code or link) and choose your answer before anything runs. The "
            "step runs when you choose, and the page then shows what the run answers.");
    switch (s.until) {
    case U::Phase: {
        const std::vector<core::Phase>& ph = lab.phases();
        const std::string title = s.phase >= 0 && s.phase < int(ph.size()) ? core::tr(ph[size_t(s.phase)].title) : "";
        if (s.phase == 0) return core::trf("The run stands at its start, in “%s”.", title.c_str());
        return core::trf("The run goes on until “%s” begins, and stops there.", title.c_str());
    }
    case U::Progress:
        return core::trf("The run goes to %s %% of its length, and stops there.",
                         core::local_number(core::strf("%.0f", 100 * s.progress)).c_str());
    case U::End: return core::tr("The run goes to its end.");
    case U::Now: break;
    }
    return core::tr("Look at the run as it is.");
}

// A run-in head, set in bold and closed by a full stop (in Chinese by its brackets), so that a text that opens with a
// head of its own ("Theorem 4.1: …", "On your phone: …") never stacks two colons.
static std::string labelled(const std::string& label, const std::string& text) {
    return "<p><strong>" + esc(label) + "</strong>" + core::gap_after(label) + prose(text) + "</p>\n";
}

// The run's numbers the step names (the question's metrics, or the lab's headlines), each once.
static std::vector<std::string> shown_metrics(const core::Lab& lab, const core::TourQuestion& q) {
    std::vector<std::string> shown;
    if (!q.prompt.empty()) {
        for (const core::TourAnswer& a : q.answers)
            if (!a.metric.empty() && std::find(shown.begin(), shown.end(), a.metric) == shown.end())
                shown.push_back(a.metric);
    } else {
        for (const core::Headline& hl : lab.headlines())
            if (std::find(shown.begin(), shown.end(), hl.key) == shown.end()) shown.push_back(hl.key);
    }
    return shown;
}

static const core::Metric* find_metric(const StepRun& run, const std::string& key) {
    for (const core::Metric& m : run.metrics)
        if (m.key == key) return &m;
    return nullptr;
}

// One seed's numbers as a list (the key of one seed).
static std::string numbers_list(const std::vector<std::string>& shown, const StepRun& run, uint64_t seed) {
    std::string numbers;
    for (const std::string& key : shown)
        if (const core::Metric* m = find_metric(run, key); m && std::isfinite(m->value))
            numbers += "<li>" + prose(metric_text(*m)) + "</li>\n";
    if (numbers.empty() || run.progress <= 0) return "";   // (at the start nothing is measured yet)
    return "<p><strong>" + esc(core::trf("This run's numbers (seed %llu):", (unsigned long long)seed)) +
        "</strong></p>\n<ul>\n" + numbers + "</ul>\n";
}

// Several seeds' numbers side by side: a row a metric, a column a seed.
static std::string numbers_table(const std::vector<std::string>& shown, const std::vector<const StepRun*>& runs,
                                 uint64_t first) {
    std::string rows;
    for (const std::string& key : shown) {
        const core::Metric* label = nullptr;
        std::string cells;
        for (const StepRun* run : runs) {
            const core::Metric* m = run->failure.empty() && run->progress > 0 ? find_metric(*run, key) : nullptr;
            const bool known = m && std::isfinite(m->value);
            if (known && !label) label = m;
            cells += "<td>" +
                prose(known ? core::local_number(core::strf(m->format.c_str(), m->value)) : core::tr("n/a")) + "</td>";
        }
        if (label) rows += "<tr><th scope=\"row\">" + prose(core::tr(label->label)) + "</th>" + cells + "</tr>\n";
    }
    if (rows.empty()) return "";
    std::string head;
    for (size_t i = 0; i < runs.size(); ++i)
        head += "<th scope=\"col\">" + esc(core::trf("Seed %llu", (unsigned long long)(first + i))) + "</th>";
    return "<p><strong>" + esc(core::tr("The runs' numbers, seed by seed:")) + "</strong></p>\n<table>\n<tr><td></td>" +
        head + "</tr>\n" + rows + "</table>\n";
}

// What the run on one seed answers: as the paper, unlike it, or undecided; or that it failed.
static std::string run_answer(const core::TourQuestion& q, const StepRun& run, uint64_t seed) {
    if (!run.failure.empty())
        return labelled(core::trf("On seed %llu the run failed.", (unsigned long long)seed), run.failure);
    const int k = core::supported_answer(q, run.metrics);
    return "<p>" +
        esc(k < 0            ? core::trf("On seed %llu the run cannot decide it: a metric it needs is missing.",
                                         (unsigned long long)seed)
                : k == q.key ? core::trf("On seed %llu the run answers (%s), as the paper predicts.",
                                         (unsigned long long)seed, letter(size_t(k)).c_str())
                             : core::trf("On seed %llu the run answers (%s), unlike the paper: discuss why this seed "
                                         "differs.",
                                         (unsigned long long)seed, letter(size_t(k)).c_str())) +
        "</p>\n";
}

// What the key says of a step: the paper's answer and the run's on each seed, each wrong answer's misreading, the
// runs' numbers, and at the end of a run what it says. `runs`: the step's run on each seed, from `first` on.
static std::string key_of(const core::Lab& lab, const core::TourStep& s, const std::vector<const StepRun*>& runs,
                          uint64_t first) {
    std::string h = "<div class=\"key\">\n";
    const bool one = runs.size() == 1;
    if (one && !runs[0]->failure.empty())
        return h + labelled(core::tr("The run failed."), runs[0]->failure) + "</div>\n";
    const core::TourQuestion& q = s.question;
    if (!q.prompt.empty()) {
        h += labelled(
            core::tr("The paper's answer."),
            core::trf("(%s) %s", letter(size_t(q.key)).c_str(), core::tr(q.answers[size_t(q.key)].text).c_str()));
        h += labelled(core::tr("Why."), core::tr(q.why));
        for (size_t i = 0; i < runs.size(); ++i) h += run_answer(q, *runs[i], first + i);
        h += "<p><strong>" + esc(core::tr("What each wrong answer misreads:")) + "</strong></p>\n<ul>\n";
        for (size_t a = 0; a < q.answers.size(); ++a)
            if (int(a) != q.key)
                h += "<li>" +
                    prose(core::trf("(%s) %s", letter(a).c_str(), core::tr(q.answers[a].misreading).c_str())) +
                    "</li>\n";
        h += "</ul>\n";
    } else if (!one) {
        for (size_t i = 0; i < runs.size(); ++i)
            if (!runs[i]->failure.empty())
                h += labelled(core::trf("On seed %llu the run failed.", (unsigned long long)(first + i)),
                              runs[i]->failure);
    }
    const std::vector<std::string> shown = shown_metrics(lab, q);
    h += one ? numbers_list(shown, *runs[0], first) : numbers_table(shown, runs, first);
    std::string said;
    for (size_t i = 0; i < runs.size(); ++i) {
        if (!runs[i]->finished || runs[i]->said.empty()) continue;
        if (!one)
            said += "<p><strong>" + esc(core::trf("Seed %llu", (unsigned long long)(first + i))) + "</strong></p>\n";
        said += "<ul>\n";
        for (const std::string& line : runs[i]->said) said += "<li>" + prose(line) + "</li>\n";
        said += "</ul>\n";
    }
    if (!said.empty())
        h += "<p><strong>" +
            esc(one ? core::tr("What the run says at its end:") : core::tr("What the runs say at their end:")) +
            "</strong></p>\n" + said;
    return h + "</div>\n";
}

static std::string step_html(const core::Lab& lab, const SheetRequest& r, const std::vector<core::TourStep>& steps,
                             int k, const SeedRuns& runs) {
    const core::TourStep& s = steps[size_t(k)];
    const bool key = r.kind == SheetKind::Key;
    const int n = int(steps.size());
    std::string h = "<section class=\"step\">\n<h2>" +
        esc(on_phones(s) ? core::trf("Step %d of %d, on phones", k + 1, n)
                         : core::trf("Step %d of %d, on the projector", k + 1, n)) +
        "</h2>\n<div class=\"body\">\n<div class=\"text\">\n";
    h += labelled(core::tr("What to do."), what_to_do(lab, s));
    // the student's sheet asks before it tells: what answers a question, this step's or a later one's, is the key's
    if (key || !core::reveals_caption(s)) h += labelled(core::tr("What to look for."), core::tr(s.caption));
    if (key || !core::reveals_claim(s)) h += labelled(core::tr("The paper."), core::tr(s.claim));
    if (!s.question.prompt.empty()) {
        h += labelled(core::tr("Question."), core::tr(s.question.prompt));
        h += "<ul class=\"answers\">\n";
        for (size_t a = 0; a < s.question.answers.size(); ++a)
            h += "<li><span class=\"box\" aria-hidden=\"true\"></span><span>" +
                prose(core::trf("(%s) %s", letter(a).c_str(), core::tr(s.question.answers[a].text).c_str())) +
                "</span></li>\n";
        h += "</ul>\n";
    }
    std::vector<const StepRun*> step_runs;   // (the key's: this step's run on each seed)
    for (const std::vector<StepRun>& seed_runs : runs)
        if (size_t(k) < seed_runs.size()) step_runs.push_back(&seed_runs[size_t(k)]);
    if (key && !step_runs.empty() && step_runs.size() == runs.size()) h += key_of(lab, s, step_runs, r.seed);
    h += "</div>\n";
    const bool coded = key || on_phones(s);   // (a projector's step is the teacher's to open: its code is on the key)
    const std::string link = coded ? step_link(lab, r, k) : "";
    if (coded)
        h += "<div class=\"code\">\n" + qr_svg(link, core::trf("QR code: step %d as an exercise", k + 1)) + "</div>\n";
    h += "</div>\n";
    // the link under the step, the sheet's whole width: one line to type where a camera cannot read the code
    if (coded) h += "<p class=\"link\"><code>" + esc(link) + "</code></p>\n";
    if (!key && on_phones(s)) {
        h += "<p class=\"write predict\"><strong>" + esc(core::tr("My prediction, and why:")) + "</strong></p>\n";
        h += "<p class=\"write\"><strong>" + esc(core::tr("What the run showed:")) + "</strong></p>\n";
    }
    return h + "</section>\n";
}

std::string seeds_as_paper(const core::TourQuestion& q) {
    const int n = core::kQuestionSeeds, unlike = int(q.unlike_paper.size()), held = n - unlike;
    if (unlike == 0) return core::trf("%d of %d", held, n);
    std::string seeds = std::to_string(q.unlike_paper.front());
    for (size_t i = 1; i < q.unlike_paper.size(); ++i)
        seeds =
            core::trf("%s, %s", seeds.c_str(), std::to_string(q.unlike_paper[i]).c_str());   // (the language's list)
    return core::trnf(unlike, "%d of %d (not on seed %s)", "%d of %d (not on seeds %s)", held, n, seeds.c_str());
}

// The key's first page, for the teacher's desk: each question, the paper's answer, what the run on each seed answers
// with the numbers that decide it (a seed that differs marked, to discuss), how often seeds 1–10 answer as the
// paper; then why the paper's answer holds, and where a run's end differs from the paper, the page's warning.
static std::string answers_at_a_glance(const core::Lab& lab, const std::vector<core::TourStep>& steps,
                                       const SeedRuns& runs, uint64_t first) {
    std::string rows, whys, warnings;
    for (size_t k = 0; k < steps.size(); ++k) {
        const core::TourQuestion& q = steps[k].question;
        if (q.prompt.empty()) continue;
        const std::vector<std::string> shown = shown_metrics(lab, q);
        std::string cells;   // what the run on each seed answers, and its numbers
        for (size_t i = 0; i < runs.size(); ++i) {
            const StepRun* run = k < runs[i].size() ? &runs[i][k] : nullptr;
            const int a = run && run->failure.empty() ? core::supported_answer(q, run->metrics) : -1;
            std::string values;
            for (const std::string& key : shown)
                if (const core::Metric* m = run && run->failure.empty() ? find_metric(*run, key) : nullptr;
                    m && std::isfinite(m->value))
                    values += "<br>" + prose(core::tr(m->label)) + core::gap_after(core::tr(m->label)) + "=\u00A0" +
                        core::local_number(
                                  core::strf(m->format.c_str(), m->value));   // (a break before the "=" at most)
            cells += "<td class=\"v\">" +
                esc(a < 0            ? core::tr("cannot decide")
                        : a == q.key ? core::trf("(%s), as the paper", letter(size_t(a)).c_str())
                                     : core::trf("(%s), unlike the paper: discuss", letter(size_t(a)).c_str())) +
                values + "</td>";
            if (run)
                for (const std::string& w : run->warnings)
                    warnings +=
                        labelled(core::trf("Step %d, seed %llu.", int(k + 1), (unsigned long long)(first + i)), w);
        }
        rows += "<tr><td class=\"nb\">" + esc(core::trf("Step %d", int(k + 1))) + "</td><td>" +
            prose(core::tr(q.prompt)) + "</td><td>" + esc(core::trf("(%s)", letter(size_t(q.key)).c_str())) + "</td>" +
            cells + "<td>" + prose(seeds_as_paper(q)) + "</td></tr>\n";
        whys += labelled(core::trf("Step %d (%s).", int(k + 1), letter(size_t(q.key)).c_str()), core::tr(q.why));
    }
    if (rows.empty()) return "";
    std::string seeds;
    for (size_t i = 0; i < runs.size(); ++i)
        seeds += "<th scope=\"col\">" + esc(core::trf("Seed %llu", (unsigned long long)(first + i))) + "</th>";
    // (the columns' widths fixed, so that any number of seeds fits the page: the seeds share 46 %)
    std::string cols = "<colgroup><col style=\"width:11%\"><col style=\"width:22%\"><col style=\"width:10%\">";
    for (size_t i = 0; i < runs.size(); ++i)
        cols += "<col style=\"width:" + core::strf("%.2f", 46.0 / double(runs.size())) + "%\">";
    cols += "<col style=\"width:11%\"></colgroup>";
    std::string h = "<h2>" + esc(core::tr("The answers at a glance")) + "</h2>\n<table class=\"glance\">" + cols +
        "\n<tr><th scope=\"col\">" + esc(core::tr("Tour step")) + "</th><th scope=\"col\">" +
        esc(core::tr("Question")) + "</th><th scope=\"col\">" + esc(core::tr("The paper")) + "</th>" + seeds +
        "<th scope=\"col\">" + prose(core::trf("As the paper on seeds 1–%d", core::kQuestionSeeds)) + "</th></tr>\n" +
        rows + "</table>\n";
    h += "<p><strong>" + esc(core::tr("Why the paper answers so:")) + "</strong></p>\n" + whys;
    if (!warnings.empty())
        h += "<p><strong>" + esc(core::tr("Where a run's end differs from the paper, as the page says it:")) +
            "</strong></p>\n" + warnings;
    return h;
}

// The print's look: black on white, the steps never cut at a page break, the codes 3 cm a side (A4 and Letter both:
// the page's size is the printer's).
static const char* kStyle =
    "@page{margin:14mm}"
    "body{font:10.5pt/1.4 \"DejaVu Sans\",Arial,sans-serif;color:#000;background:#fff;margin:0 auto;max-width:180mm}"
    "h1{font-size:16pt;margin:0 0 2mm}h2{font-size:12pt;margin:0 0 1.5mm}p{margin:0 0 1.5mm}"
    "cite{font-style:italic}code{font:8pt/1.2 \"DejaVu Sans Mono\",monospace;word-break:break-all}"
    "table{border-collapse:collapse;margin:1mm 0 3mm}td,th{border:0.3mm solid #000;padding:0.6mm 2mm;text-align:left}"
    ".glance{table-layout:fixed;width:100%}.glance td,.glance th{overflow-wrap:break-word;hyphens:auto}"
    ".v{font-size:9pt}"
    ".step{break-inside:avoid;page-break-inside:avoid;border-top:0.4mm solid #000;padding-top:2mm;margin-top:3mm}"
    ".body{display:flex;gap:5mm}.text{flex:1}.code{width:32mm;flex:none}"
    ".qr{width:30mm;height:30mm;display:block}.link{margin-top:1mm;text-align:right}"
    ".answers{list-style:none;padding-left:2mm}.answers li{display:flex;gap:1.5mm;margin-bottom:0.8mm}"
    ".box{flex:none;width:3mm;height:3mm;border:0.3mm solid #000;margin-top:0.8mm}"
    ".write{border:0.3mm solid #000;min-height:22mm;padding:1mm 2mm;margin-top:1.5mm}.predict{min-height:32mm}"
    "sup,sub{font-size:75%;line-height:0}"
    ".key{border-left:1mm solid #000;padding-left:3mm;margin-top:2mm}"
    ".name{border-bottom:0.3mm solid #000;min-height:7mm;margin:2mm 0}"
    ".sheet+.sheet{break-before:page;page-break-before:always}.nb{white-space:nowrap}"
    // (Chinese in a Simplified Chinese face where the printer has one: DejaVu has no CJK, and a fallback's Latin
    // glyphs set full-width punctuation narrow)
    "html:lang(zh-Hans) body{font-family:\"Noto Sans CJK SC\",\"Source Han Sans SC\",\"PingFang SC\","
    "\"Microsoft YaHei\",\"DejaVu Sans\",sans-serif}";

// One sheet under the document's head: a table's worksheet (`table` of `tables`, from 1; 0 when the class has one
// seed) or the key of all the request's seeds.
static std::string one_sheet(const core::Lab& lab, const SheetRequest& r, const SeedRuns& runs,
                             const std::string& title, int table, int tables) {
    const std::vector<core::TourStep> steps = lab.tour();
    const bool key = r.kind == SheetKind::Key;
    const core::Language& lang = core::language();
    std::string h = "<h1>" + esc(title) + "</h1>\n";
    h += "<p><cite>" + esc(core::tr(lab.info().citation)) + "</cite></p>\n";   // (as the page shows it)
    const std::string seeds = r.seeds > 1
        ? core::trf("Seeds %llu–%llu", (unsigned long long)r.seed, (unsigned long long)(r.seed + uint64_t(r.seeds - 1)))
        : table > 0 ? core::trf("Table %d of %d: seed %llu", table, tables, (unsigned long long)r.seed)
                    : core::trf("Seed %llu", (unsigned long long)r.seed);
    h += "<p>" + esc(seeds) + " · " + esc(core::tr("Language:")) + core::gap_after(core::tr("Language:")) +
        "<span lang=\"" + lang.code + "\">" + esc(lang.name) + "</span></p>\n";
    if (!key) {
        h += "<p class=\"name\"><strong>" + esc(core::tr("Name:")) + "</strong></p>\n";
        h += labelled(
            core::tr("Before you start:"),
            core::tr("open the page on your phone in a normal window (a private window forgets your answers). "
                     "Your answers stay on your phone: “My answers”, in the tour's panel, lists them, and “Copy” "
                     "puts them in a line you can hand in."));
    }
    if (key) h += answers_at_a_glance(lab, steps, runs, r.seed);   // (the teacher's desk page first)
    h += time_plans(steps);
    for (int k = 0; k < int(steps.size()); ++k) h += step_html(lab, r, steps, k, runs);
    if (key) {   // how often seeds show the paper's case (declared by the lab, counted again by moe-lab reproduce)
        std::string counts;
        const std::string preset = lab.schema().presets.empty() ? "" : core::tr(lab.schema().presets.front().title);
        for (const core::Outcome& o : lab.outcomes())
            if (o.seeds > 0)
                counts += "<li>" +
                    prose(core::trf("%s Held in %d of seeds 1–%d of %s.", core::tr(o.held).c_str(), o.paper_seeds,
                                    o.seeds, preset.c_str())) +
                    "</li>\n";
        if (!counts.empty())
            h += "<section class=\"step\">\n<h2>" + esc(core::tr("Over seeds: how often the paper's case holds")) +
                "</h2>\n<ul>\n" + counts + "</ul>\n<p>" + esc(core::tr("Counted again by the command:")) +
                core::gap_after(core::tr("Counted again by the command:")) + "<code>" +
                esc("moe-lab reproduce --lab " + lab.info().id + " --seeds 10") +   // words: not shown (a command)
                "</code></p>\n</section>\n";
    }
    return h;
}

std::string sheet_html(const core::Lab& lab, const SheetRequest& r, const SeedRuns& runs) {
    const bool key = r.kind == SheetKind::Key;
    const std::string title = key ? core::trf("Teacher's key — %s", core::tr(lab.info().title).c_str())
                                  : core::trf("Worksheet — %s", core::tr(lab.info().title).c_str());
    std::string h = std::string("<!doctype html>\n<html lang=\"") + core::language().code +
        "\">\n<head>\n<meta charset=\"utf-8\">\n" +
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" + esc(title) +
        "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<main>\n";
    if (key || r.seeds == 1) {
        h += one_sheet(lab, r, runs, title, 0, 1);
    } else {   // a sheet for each table, each on pages of its own, its codes opening its seed
        for (int t = 0; t < r.seeds; ++t) {
            SheetRequest table = r;
            table.seed = r.seed + uint64_t(t);
            table.seeds = 1;
            h += "<section class=\"sheet\">\n" + one_sheet(lab, table, {}, title, t + 1, r.seeds) + "</section>\n";
        }
    }
    return h + "</main>\n</body>\n</html>\n";
}

}   // namespace session
