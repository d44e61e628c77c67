// A lesson's handouts (session/worksheet.hpp): for every lab of the registry, the worksheet has a step for each tour
// step, each with its QR code and the exercise link that locks what the step fixes; the same request makes the same
// bytes; the key (on the example lab: the others' keys are checked against the page in tests/e2e/worksheet.test.mjs)
// says the paper's answer, the run's answer on the seed and each wrong answer's misreading.
#include "core/registry.hpp"
#include "core/words.hpp"
#include "session/share_link.hpp"
#include "session/worksheet.hpp"
#include <doctest/doctest.h>
#include <string>

static int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

static core::SheetRequest request(const std::string& lab, core::SheetKind kind, uint64_t seed = 1) {
    core::SheetRequest r;
    r.lab = lab;
    r.kind = kind;
    r.seed = seed;
    r.address = "https://example.org/moe/";
    return r;
}

TEST_CASE("every lab's worksheet: a step, a code and an exercise link for each tour step; the same bytes again") {
    core::use_language("en", "");
    for (const auto& entry : core::all_labs()) {
        CAPTURE(entry.id);
        auto lab = entry.make();
        const std::vector<core::TourStep> steps = lab->tour();
        REQUIRE(!steps.empty());
        std::string html, again;
        REQUIRE(core::make_sheet(request(entry.id, core::SheetKind::Worksheet), html).empty());
        REQUIRE(core::make_sheet(request(entry.id, core::SheetKind::Worksheet), again).empty());
        CHECK(html == again);
        CHECK(count(html, "<section class=\"step\">") == int(steps.size()));
        CHECK(count(html, "<svg class=\"qr\"") == int(steps.size()));
        CHECK(count(html, "class=\"write\"") == 2 * int(steps.size()));   // the prediction, what the run showed
        for (int k = 0; k < int(steps.size()); ++k) {
            const std::string link = core::step_link(*lab, request(entry.id, core::SheetKind::Worksheet), k);
            CAPTURE(link);
            CHECK(link.rfind("https://example.org/moe/?lab=" + entry.id +
                                 "&seed=1&lang=en&tour=" + std::to_string(k + 1) + "&lock=lab,preset,seed",
                             0) == 0);
            for (const auto& [name, value] : steps[size_t(k)].set)   // the step's own values locked too
                CHECK(link.find("," + name) != std::string::npos);
            std::string amp;   // as printed under the code
            for (char c : link) amp += c == '&' ? std::string("&amp;") : std::string(1, c);
            CHECK(html.find("<code>" + amp + "</code>") != std::string::npos);
        }
        // a question's prompt is asked, its answers offered with boxes, and the key's words are not on the sheet
        for (const core::TourStep& s : steps)
            if (!s.question.prompt.empty()) CHECK(html.find(core::tr(s.question.why)) == std::string::npos);
        CHECK(html.find("The paper's answer:") == std::string::npos);
    }
}

TEST_CASE(
    "the key: the paper's answer, the run's on the seed, each wrong answer's misreading, the same for any slicing") {
    core::use_language("en", "");
    const core::SheetRequest r = request("example", core::SheetKind::Key);
    std::string key;
    REQUIRE(core::make_sheet(r, key).empty());
    auto lab = core::make_lab("example");
    for (const core::TourStep& s : lab->tour()) {
        const core::TourQuestion& q = s.question;
        if (q.prompt.empty()) continue;
        CHECK(key.find("The paper's answer:</strong> (" + std::string(1, char('a' + q.key)) + ")") !=
              std::string::npos);
        CHECK(key.find("as the paper predicts") != std::string::npos);   // the tour's seed: the tests of tours
        for (size_t a = 0; a < q.answers.size(); ++a)
            if (int(a) != q.key) CHECK(key.find(core::tr(q.answers[a].misreading)) != std::string::npos);
    }
    CHECK(key.find("This run's numbers (seed 1):") != std::string::npos);
    // made a slice at a time (the page's frames) it is the same: the maker's steps are the run's own slices
    std::string why;
    core::SheetMaker maker(r, why);
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
    REQUIRE(core::make_sheet(request("example", core::SheetKind::Key, 7), other).empty());
    CHECK(other != key);
}

TEST_CASE("a sheet's bad requests: an unknown lab is named, with the labs there are") {
    std::string html;
    const std::string why = core::make_sheet(request("no-such-lab", core::SheetKind::Worksheet), html);
    CHECK(why.find("no-such-lab") != std::string::npos);
    CHECK(why.find("cluster-experts") != std::string::npos);
    CHECK(html.empty());
}
