// A lesson's handouts (session/worksheet.hpp): for every lab of the registry, the worksheet has a step for each tour
// step, each with its QR code and the exercise link that locks what the step fixes; the same request makes the same
// bytes; the key (on the example lab: the others' keys are checked against the page in tests/e2e/worksheet.test.mjs)
// says the paper's answer, the run's answer on the seed and each wrong answer's misreading.
#include "core/registry.hpp"
#include "core/tour.hpp"
#include "core/words.hpp"
#include "session/gift.hpp"
#include "session/print_math.hpp"
#include "session/share_link.hpp"
#include "session/worksheet.hpp"
#include <doctest/doctest.h>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <utility>

static int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

static session::SheetRequest request(const std::string& lab, session::SheetKind kind, uint64_t seed = 1) {
    session::SheetRequest r;
    r.lab = lab;
    r.kind = kind;
    r.seed = seed;
    r.address = "https://example.org/moe/";
    return r;
}

TEST_CASE(
    "every lab's worksheet: a step each, a code and an exercise link for each step on phones; the same bytes again") {
    core::use_language("en", "");
    int warnings = 0;   // the page's end-of-run warnings the keys carry to their first page
    for (const auto& entry : core::all_labs()) {
        CAPTURE(entry.id);
        const core::Lab* lab = entry.lab;
        const std::vector<core::TourStep> steps = lab->tour();
        REQUIRE(!steps.empty());
        std::string html, again;
        REQUIRE(session::make_sheet(request(entry.id, session::SheetKind::Worksheet), html).empty());
        REQUIRE(session::make_sheet(request(entry.id, session::SheetKind::Worksheet), again).empty());
        CHECK(html == again);
        int on_phones = 0;   // the question steps: each student opens them from their codes
        for (const core::TourStep& s : steps) on_phones += !s.question.prompt.empty();
        REQUIRE(on_phones > 0);
        CHECK(count(html, "<section class=\"step\">") == int(steps.size()));
        CHECK(count(html, ", on phones</h2>") == on_phones);
        CHECK(count(html, ", on the projector</h2>") == int(steps.size()) - on_phones);
        CHECK(count(html, "<svg class=\"qr\"") == on_phones);
        CHECK(count(html, "class=\"write") == 2 * on_phones);   // the prediction, what the run showed
        std::string key;   // (the key has every step's code: the teacher opens the projector's steps)
        REQUIRE(session::make_sheet(request(entry.id, session::SheetKind::Key), key).empty());
        CHECK(count(key, "<svg class=\"qr\"") == int(steps.size()));
        for (int k = 0; k < int(steps.size()); ++k) {
            const std::string link = session::step_link(*lab, request(entry.id, session::SheetKind::Worksheet), k);
            CAPTURE(link);
            CHECK(link.rfind("https://example.org/moe/?lab=" + entry.id + "&preset=" + lab->schema().presets[0].id +
                                 "&seed=1&lang=en&tour=" + std::to_string(k + 1) + "&lock=lab,preset,seed",
                             0) == 0);
            for (const auto& [name, value] : steps[size_t(k)].set)   // the step's own values locked too
                CHECK(link.find("," + name) != std::string::npos);
            std::string amp;   // as printed under the code
            for (char c : link) amp += c == '&' ? std::string("&amp;") : std::string(1, c);
            const bool asks = !steps[size_t(k)].question.prompt.empty();
            CHECK((html.find("<code>" + amp + "</code>") != std::string::npos) == asks);
            CHECK(key.find("<code>" + amp + "</code>") != std::string::npos);
        }
        // a question's prompt is asked, its answers offered with boxes, and the key's words are not on the sheet
        for (const core::TourStep& s : steps)
            if (!s.question.prompt.empty()) CHECK(html.find(core::tr(s.question.why)) == std::string::npos);
        CHECK(html.find("The paper's answer.") == std::string::npos);
        // the key's first page, the teacher's desk: each question's answer and why, and every warning a step's run
        // ends with, as the page says it
        const std::string desk = key.substr(0, key.find("<section class=\"step\">"));
        for (size_t k = 0; k < steps.size(); ++k) {
            const core::TourQuestion& q = steps[k].question;
            if (q.prompt.empty()) continue;
            CHECK(desk.find("<strong>Step " + std::to_string(k + 1) + " (" + std::string(1, char('a' + q.key)) +
                            ").</strong>") != std::string::npos);
            CHECK(desk.find("On seed 1 the run") == std::string::npos);   // (the steps say it in full)
        }
        const std::string differs = "<li>On this seed the run differs from the paper. ";
        for (size_t at = key.find(differs); at != std::string::npos; at = key.find(differs, at + 1)) {
            const std::string said = key.substr(at + 4, key.find("</li>", at) - at - 4);
            CHECK_MESSAGE(desk.find("</strong> " + said + "</p>") != std::string::npos, said);
            ++warnings;
        }
    }
    CHECK(warnings > 0);   // (the playground's last step on seed 1: its load ends uneven)
}

static std::string table_of(const std::string& code) {
    if (code == "en" || code == "en-XA") return "";
    std::ifstream in(std::string(MOE_WORDS_DIR) + "/" + code + ".json", std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST_CASE(
    "the key: the paper's answer, the run's on the seed, each wrong answer's misreading, the same for any slicing") {
    core::use_language("en", "");
    const session::SheetRequest r = request("example", session::SheetKind::Key);
    std::string key;
    REQUIRE(session::make_sheet(r, key).empty());
    const core::Lab* lab = core::find_lab("example");
    for (const core::TourStep& s : lab->tour()) {
        const core::TourQuestion& q = s.question;
        if (q.prompt.empty()) continue;
        CHECK(key.find("The paper's answer.</strong> (" + std::string(1, char('a' + q.key)) + ")") !=
              std::string::npos);
        CHECK(key.find("as the paper predicts") != std::string::npos);   // the tour's seed: the tests of tours
        for (size_t a = 0; a < q.answers.size(); ++a)
            if (int(a) != q.key) CHECK(key.find(core::tr(q.answers[a].misreading)) != std::string::npos);
    }
    CHECK(key.find("This run's numbers (seed 1):") != std::string::npos);
    CHECK(key.find("<th scope=\"col\">As the paper on seeds 1\u2060–\u206010</th>") !=
          std::string::npos);                                    // at a glance
    CHECK(key.find("<td>10 of 10</td>") != std::string::npos);   // (the example's question holds on every seed)
    {   // the desk page: each question's run answer with the numbers that decide it, and why the paper answers so
        const std::string desk = key.substr(0, key.find("<section class=\"step\">"));
        CHECK(desk.find("<td>(") != std::string::npos);
        CHECK(desk.find(", as the paper<br>") != std::string::npos);
        CHECK(desk.find("<strong>Why the paper answers so:</strong>") != std::string::npos);
        for (const core::TourStep& s : lab->tour())
            if (!s.question.prompt.empty())
                CHECK(desk.find(session::print_math(core::tr(s.question.why))) != std::string::npos);
    }
    // where a question declares seeds unlike the paper: how many hold and which do not, in the language's forms
    core::TourQuestion q;
    q.unlike_paper = {3};
    CHECK(session::seeds_as_paper(q) == "9 of 10 (not on seed 3)");
    q.unlike_paper = {3, 7, 9};
    CHECK(session::seeds_as_paper(q) == "7 of 10 (not on seeds 3, 7, 9)");
    REQUIRE(core::use_language("zh-Hans", table_of("zh-Hans")).empty());
    CHECK(session::seeds_as_paper(q) == "7/10（种子 3、7、9 除外）");
    core::use_language("en", "");
    // made a slice at a time (the page's frames) it is the same: the maker's steps are the run's own slices
    std::string why;
    session::SheetMaker maker(r, why);
    REQUIRE(why.empty());
    double last = -1;
    int slices = 0;
    while (!maker.done()) {
        CHECK(maker.progress() >= last);
        last = maker.progress();
        maker.step();
        ++slices;
    }
    CHECK(slices > 1);
    CHECK(maker.html() == key);
    // another seed, other numbers
    std::string other;
    REQUIRE(session::make_sheet(request("example", session::SheetKind::Key, 7), other).empty());
    CHECK(other != key);
}

TEST_CASE(
    "the time plans: every minute given out, a question twice a quiet step's, a short class goes past quiet steps") {
    for (const core::LabEntry& e : core::all_labs()) {
        CAPTURE(e.id);
        const std::vector<core::TourStep> steps = e.lab->tour();
        if (steps.empty()) continue;
        for (const int total : {18, 35, 65}) {
            CAPTURE(total);
            for (const bool short_class : {false, true}) {
                const std::vector<int> m = session::step_minutes(steps, total, short_class);
                REQUIRE(m.size() == steps.size());
                int sum = 0;
                for (size_t k = 0; k < m.size(); ++k) {
                    sum += m[k];
                    const bool question = !steps[k].question.prompt.empty();
                    if (question || k == 0 || !short_class) CHECK(m[k] >= 1);
                    else CHECK(m[k] == 0);   // (a short class goes past it)
                    if (question)
                        for (size_t j = 0; j < m.size(); ++j)
                            if (steps[j].question.prompt.empty() && m[j] > 0) CHECK(m[k] >= m[j]);
                }
                CHECK(sum == total);
            }
        }
    }
}

TEST_CASE("a sheet's bad requests: an unknown lab is named, with the labs there are") {
    std::string html;
    const std::string why = session::make_sheet(request("no-such-lab", session::SheetKind::Worksheet), html);
    CHECK(why.find("no-such-lab") != std::string::npos);
    CHECK(why.find("cluster-experts") != std::string::npos);
    CHECK(html.empty());
}

// The part of a sheet from its title to its end (what a table's sheet holds).
static std::string sheet_body(const std::string& html) {
    const size_t from = html.find("<h1>"), to = html.find("</main>");
    return from == std::string::npos || to == std::string::npos ? "" : html.substr(from, to - from);
}

static std::string replaced(std::string text, const std::string& what, const std::string& with) {
    const size_t at = text.find(what);
    return at == std::string::npos ? text : text.replace(at, what.size(), with);
}

// Each table of a class on its own seed (SheetRequest::seeds): the worksheet is each seed's sheet, its table named;
// the key says, for every seed, what the seed's own key says, side by side.
TEST_CASE("several seeds: a sheet for each table with its seed's codes, the key's answers and numbers side by side") {
    core::use_language("en", "");
    const int n = 3;
    const uint64_t first = 5;
    session::SheetRequest r = request("example", session::SheetKind::Worksheet, first);
    r.seeds = n;
    std::string sheets;
    REQUIRE(session::make_sheet(r, sheets).empty());
    CHECK(count(sheets, "<section class=\"sheet\">") == n);
    for (int t = 0; t < n; ++t) {   // table t's sheet is seed first + t's, its seed line naming the table
        const std::string seed = std::to_string(first + uint64_t(t));
        CAPTURE(seed);
        std::string one;
        REQUIRE(
            session::make_sheet(request("example", session::SheetKind::Worksheet, first + uint64_t(t)), one).empty());
        const std::string table = replaced(sheet_body(one), "<p>Seed " + seed + " · ",
                                           "<p>Table " + std::to_string(t + 1) + " of 3: seed " + seed + " · ");
        CHECK(table != sheet_body(one));
        CHECK(sheets.find("<section class=\"sheet\">\n" + table + "</section>") != std::string::npos);
    }
    r.kind = session::SheetKind::Key;
    std::string key;
    REQUIRE(session::make_sheet(r, key).empty());
    CHECK(count(key, "<h1>") == 1);
    CHECK(key.find("<p>Seeds 5–7 · ") != std::string::npos);
    CHECK(key.find("<th scope=\"col\">Seed 5</th><th scope=\"col\">Seed 6</th><th scope=\"col\">Seed 7</th>") !=
          std::string::npos);       // at a glance, and each step's numbers
    for (int t = 0; t < n; ++t) {   // what each seed's own key says of its run is in this one
        std::string one;
        REQUIRE(session::make_sheet(request("example", session::SheetKind::Key, first + uint64_t(t)), one).empty());
        const std::string seed = std::to_string(first + uint64_t(t));
        for (size_t at = one.find("<p>On seed " + seed + " the run"); at != std::string::npos;
             at = one.find("<p>On seed " + seed + " the run", at + 1)) {
            const std::string line = one.substr(at, one.find("</p>", at) - at);
            CHECK_MESSAGE(key.find(line) != std::string::npos, line);
        }
        int numbers = 0;                              // each of its numbers, a cell of the seeds' table
        const std::string equals = "\u00A0=\u00A0";   // (as print sets a formula: session/print_math.hpp)
        for (size_t at = one.find(equals); at != std::string::npos; at = one.find(equals, at + 1)) {
            const size_t end = one.find("</li>", at);
            if (end == std::string::npos || one.rfind("<li>", at) < one.rfind("</li>", at) + 1) continue;
            const std::string value = one.substr(at + equals.size(), end - at - equals.size());
            if (value.find('<') != std::string::npos || value.find(' ') != std::string::npos) continue;
            ++numbers;
            CHECK_MESSAGE(key.find("<td>" + value + "</td>") != std::string::npos, value);
        }
        CHECK(numbers > 0);
    }
    // made a slice at a time it is the same, and its progress never goes back
    std::string why;
    session::SheetMaker maker(r, why);
    REQUIRE(why.empty());
    double last = -1;
    while (!maker.done()) {
        CHECK(maker.progress() >= last);
        CHECK(maker.progress() < 1);
        last = maker.progress();
        maker.step();
    }
    CHECK(maker.html() == key);
    // a class has 1 to 8 tables, and their seeds stay within the 64-bit seeds
    for (const int bad : {0, session::kMaxSheetSeeds + 1}) {
        r.seeds = bad;
        std::string html;
        CHECK(session::make_sheet(r, html).find("1 to 8 seeds") != std::string::npos);
        CHECK(html.empty());
    }
    r.seeds = 2;
    r.seed = UINT64_MAX;
    std::string html;
    CHECK(session::make_sheet(r, html).find("go past the largest seed") != std::string::npos);
    r.seed = UINT64_MAX - 1;
    CHECK(session::make_sheet(r, html).empty());
}

TEST_CASE("a sheet's page address: http or https with a host, no query or fragment, nothing a link cannot hold") {
    for (const char* good : {"https://example.org/moe/", "http://127.0.0.1:8080/", "HTTPS://Example.org/moe/index.html",
                             "https://teaching.example/winter-term"})
        CHECK_MESSAGE(session::address_problem(good).empty(), good);
    const std::pair<const char*, const char*> bad[] = {
        {"javascript:alert(1)", "http:// or https://"},
        {"data:text/html,<script>alert(1)</script>", "http:// or https://"},
        {"ftp://example.org/", "http:// or https://"},
        {"example.org/moe/", "http:// or https://"},
        {"", "http:// or https://"},
        {"https://", "no host"},
        {"https:///moe/", "no host"},
        {"https://example.org/moe/?x=1", "query or a fragment"},
        {"https://example.org/moe/#part", "query or a fragment"},
        {"https://example.org/a b/", "percent-encode"},
        {"https://example.org/\"><script>", "percent-encode"},
        {"https://example.org/a'b", "percent-encode"},
    };
    for (const auto& entry : bad) {
        const std::string address = entry.first, why = entry.second;
        CAPTURE(address);
        CHECK(session::address_problem(address).find(why) != std::string::npos);
        session::SheetRequest r = request("example", session::SheetKind::Key);
        r.address = address;
        std::string html;
        CHECK(session::make_sheet(r, html).find(why) != std::string::npos);   // refused before anything runs
        CHECK(html.empty());
    }
}

// A text of the table as the sheet prints it (escaped for HTML, its mathematics set).
static std::string printed(const std::string& text) {
    std::string h;
    for (char c : core::tr(text)) {
        if (c == '&') h += "&amp;";
        else if (c == '<') h += "&lt;";
        else if (c == '>') h += "&gt;";
        else if (c == '"') h += "&quot;";
        else h += c;
    }
    return session::print_math(h);
}

// Each lab with a tour, in each language: its worksheet, and its key without runs (the texts, not the numbers).
static void each_lab_sheets(const std::function<void(const core::Lab&, const std::string&, const std::string&)>& look) {
    for (const core::Language& lang : core::languages()) {
        REQUIRE(core::use_language(lang.code, table_of(lang.code)).empty());
        for (const core::LabEntry& e : core::all_labs()) {
            const std::string code = lang.code;
            CAPTURE(code);
            CAPTURE(e.id);
            const core::Lab* lab = core::find_lab(e.id);
            if (lab->tour().empty()) continue;
            std::string sheet;
            REQUIRE(session::make_sheet(request(e.id, session::SheetKind::Worksheet), sheet).empty());
            look(*lab, sheet, session::sheet_html(*lab, request(e.id, session::SheetKind::Key), {}));
        }
    }
    core::use_language("en", "");
}

TEST_CASE("the student's sheet asks before it tells: no text that answers a question is on it, in any language") {
    each_lab_sheets([](const core::Lab& lab, const std::string& sheet, const std::string& key) {
        // the lab's citation as the page shows it, and no space after a label's full-width colon
        CHECK(sheet.find(core::tr(lab.info().citation)) != std::string::npos);
        CHECK(sheet.find("：</strong> ") == std::string::npos);
        CHECK(sheet.find("： <span") == std::string::npos);
        const std::vector<core::TourStep> steps = lab.tour();
        int left_out = 0;
        for (size_t k = 0; k < steps.size(); ++k) {
            CAPTURE(k + 1);
            std::vector<std::string> revealing;
            if (core::reveals_caption(steps[k])) revealing.push_back(printed(steps[k].caption));
            if (core::reveals_claim(steps[k])) revealing.push_back(printed(steps[k].claim));
            for (const std::string& text : revealing) {
                ++left_out;
                if (text.size() < 12) continue;   // (a placeholder's "—" gives nothing away, and is everywhere)
                CHECK_MESSAGE(key.find(text) != std::string::npos, "the key prints it: " << text);
                CHECK_MESSAGE(sheet.find(text) == std::string::npos, "the sheet gives it away: " << text);
            }
            if (!steps[k].question.prompt.empty())   // and asks the question, with its answers
                CHECK(sheet.find(printed(steps[k].question.prompt)) != std::string::npos);
        }
        CHECK(left_out >= 2);   // (a question step's caption and claim at least)
    });
}

static int colons(const std::string& text) { return count(text, ":") + count(text, "："); }

TEST_CASE(
    "the key's over-seeds lines say each paper's case whole, without one run's numbers, and titles stack no colons") {
    each_lab_sheets([](const core::Lab& lab, const std::string& sheet, const std::string& key) {
        CHECK(sheet.find("】</strong> ") == std::string::npos);   // (a Chinese run-in head holds its own space)
        const std::string* pages[] = {&key, &sheet};
        for (const std::string* html : pages) {   // "Worksheet — Playground: …", not "…: Playground: …"
            const size_t a = html->find("<h1>"), b = html->find("</h1>");
            REQUIRE(b != std::string::npos);
            CHECK(colons(html->substr(a, b - a)) <= colons(core::tr(lab.info().title)));
        }
        const size_t over = key.find(core::tr("Over seeds: how often the paper's case holds"));
        int counted = 0;
        for (const core::Outcome& o : lab.outcomes()) {
            if (o.seeds <= 0) continue;
            ++counted;
            CAPTURE(o.held);
            REQUIRE(!o.held.empty());
            for (size_t at = o.held.find('{'); at != std::string::npos; at = o.held.find('{', at + 1))
                CHECK(o.held.compare(at, 2, "{=") == 0);   // a bound of the paper's case, never a run's metric
            CHECK(key.find(printed(o.held), over) != std::string::npos);
        }
        if (counted == 0) return;
        REQUIRE(over != std::string::npos);
        CHECK(key.find("…", over) == std::string::npos);   // (no slot left for a number the key does not have)
    });
}

TEST_CASE("print_math: exponents and one-letter names' subscripts set, parameter names and plain text left alone") {
    CHECK(session::print_math("Õ(d^{k*−1})") == "Õ(d<sup>k*−1</sup>)");
    CHECK(session::print_math("O(σ0^1.5).") == "O(σ0<sup>1.5</sup>).");
    CHECK(session::print_math("‖h^(t) − h^(0)‖") == "‖h<sup>(t)</sup>\u00A0−\u00A0h<sup>(0)</sup>‖");
    CHECK(session::print_math("η_r and D_α = D_γ, E_reg") ==
          "η<sub>r</sub> and D<sub>α</sub>\u00A0=\u00A0D<sub>γ</sub>, E<sub>reg</sub>");
    CHECK(session::print_math("w_g* and θ_mᵀv_c") == "w<sub>g</sub>* and θ<sub>m</sub>ᵀv<sub>c</sub>");
    CHECK(session::print_math("top_k = 2, single_opt = adam") == "top_k\u00A0=\u00A02, single_opt\u00A0=\u00A0adam");
    CHECK(session::print_math("87.5 % and 87,5 %") == "87.5\u00A0% and 87,5\u00A0%");
    CHECK(session::print_math("a ^ b, x_ , 5^") == "a ^ b, x_ , 5^");
    CHECK(session::print_math("n = 10^5") == "n\u00A0=\u00A010<sup>5</sup>");
    // a formula breaks between formulas, never at its relation or operator; a negative number has a minus sign
    CHECK(session::print_math("(σ_p = 2), α ≤ 0,1 and x &lt; 3") ==
          "(σ<sub>p</sub>\u00A0=\u00A02), α\u00A0≤\u00A00,1 and x\u00A0&lt;\u00A03");
    CHECK(session::print_math("‖a − b‖ ≈ 100 %") == "‖a\u00A0−\u00A0b‖\u00A0≈\u00A0100\u00A0%");
    CHECK(session::print_math("gap = -0,040 (-3) top-1 1-10") == "gap\u00A0=\u00A0\u22120,040 (\u22123) top-1 1-10");
    CHECK(session::print_math("seeds 1–10, a – b") == "seeds 1\u2060–\u206010, a – b");
    CHECK(session::print_math("测试准确率（%） = 75.95，见 表") == "测试准确率（%）=\u00A075.95，见 表");
    // a reference's number stays with its word, a number with the Chinese around it; other spaces may break
    CHECK(session::print_math("Theorem 4.1 and Lemma E.3, Teorema 4.1; step 6 of 7") ==
          "Theorem\u00A04.1 and Lemma\u00A0E.3, Teorema\u00A04.1; step 6 of 7");
    CHECK(session::print_math("第 6 步，定理 4.1") == "第\u00A06\u00A0步，定理\u00A04.1");
}

TEST_CASE("GIFT: the format's special characters escaped, a line break a space; a tour's questions with feedback") {
    CHECK(session::gift_escaped("a = b: {c} ~d #e \\f\ng") == "a \\= b\\: \\{c\\} \\~d \\#e \\\\f g");
    const core::Lab* lab = core::find_lab("playground");
    const std::string g = session::tour_gift(*lab);
    int questions = 0;
    for (const core::TourStep& s : lab->tour()) questions += !s.question.prompt.empty();
    REQUIRE(questions >= 2);
    CHECK(count(g, " {\n") == questions);
    CHECK(count(g, "\n=") == questions);   // one right answer each
}
