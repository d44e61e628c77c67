// The string table (core/words.hpp): choosing a language, looking texts up, the pseudo-language, the decimal
// comma in numbers formatted for display, and tables that are refused with the line of their fault.
#include "core/words.hpp"
#include "core/lab.hpp"
#include <doctest/doctest.h>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace {
struct EnglishAfter {   // every test leaves the table as the others expect it
    ~EnglishAfter() { core::use_language("en", ""); }
};
}   // namespace

TEST_CASE("the table translates by the English text and falls back to it") {
    EnglishAfter restore;
    CHECK(std::strcmp(core::tr("Play"), "Play") == 0);
    REQUIRE(core::use_language("de", R"({"Play": "Abspielen", "Pause": "", "%d of %d experts": "%d von %d Experten"})")
                .empty());
    CHECK(std::string(core::language().code) == "de");
    CHECK(std::string(core::tr("Play")) == "Abspielen");
    CHECK(std::string(core::tr("Pause")) == "Pause");   // "" is not translated yet: English
    CHECK(std::string(core::tr("Reset")) == "Reset");
    CHECK(core::trf("%d of %d experts", 3, 4) == "3 von 4 Experten");
    CHECK(core::trf("acc %.2f, seed %d, %s", 0.5, 7, "x") == "acc 0,50, seed 7, x");   // decimal comma, not in %d
    CHECK(core::local_number("eq. 3.4") == "eq. 3,4");
    CHECK(core::trf("(%s)", std::string(2000, 'x').c_str()).size() == 2002);   // a value of any length
    // a text made before the language was chosen: its template, the numbers put back
    REQUIRE(
        core::use_language("de", R"({"expert %d": "Experte %d", "%d of %d at %d %%": "%d von %d bei %d %%"})").empty());
    CHECK(core::retranslate("expert 3") == "Experte 3");
    CHECK(core::retranslate("2 of 4 at 70 %") == "2 von 4 bei 70 %");
    CHECK(core::retranslate("expert 0.5") == "expert 0.5");   // not a whole number: as it was
    CHECK(core::retranslate("nothing 7") == "nothing 7");
    REQUIRE(core::use_language("en", "").empty());
    CHECK(core::trf("acc %.2f", 0.5) == "acc 0.50");
}

TEST_CASE("sentences and labels joined as their language writes them: a space, none after full-width punctuation") {
    CHECK(core::then("One.", "Two.") == "One. Two.");
    CHECK(core::then("一。", "二。") == "一。二。");
    CHECK(core::then("", "Two.") == "Two.");
    CHECK(core::then("One.", "") == "One.");
    CHECK(core::gap_after("Language:") == " ");
    CHECK(core::gap_after("语言：") == "");   // (a full-width colon holds its own space)
    CHECK(core::gap_after("甲；") == "");
    CHECK(core::gap_after("") == "");
}

TEST_CASE("a count takes its language's plural form (CLDR: one and other; Portuguese's one holds 0; Chinese: other)") {
    EnglishAfter restore;
    auto seeds = [](long long n) { return core::trnf(n, "%lld seed done, %.1f s", "%lld seeds done, %.1f s", n, 0.5); };
    CHECK(seeds(1) == "1 seed done, 0.5 s");
    CHECK(seeds(0) == "0 seeds done, 0.5 s");
    CHECK(seeds(2) == "2 seeds done, 0.5 s");
    const char* key = R"("%lld seed done, %.1f s|%lld seeds done, %.1f s")";
    REQUIRE(core::use_language(
                "es", std::string("{") + key + R"(: "%lld semilla hecha, %.1f s|%lld semillas hechas, %.1f s"})")
                .empty());
    CHECK(seeds(1) == "1 semilla hecha, 0,5 s");   // the form, then the decimal comma
    CHECK(seeds(0) == "0 semillas hechas, 0,5 s");
    CHECK(seeds(21) == "21 semillas hechas, 0,5 s");
    REQUIRE(core::use_language("pt-BR",
                               std::string("{") + key +
                                   R"(: "%lld semente concluída, %.1f s|%lld sementes concluídas, %.1f s"})")
                .empty());
    CHECK(seeds(0) == "0 semente concluída, 0,5 s");   // CLDR's pt: one is i = 0..1
    CHECK(seeds(1) == "1 semente concluída, 0,5 s");
    CHECK(seeds(2) == "2 sementes concluídas, 0,5 s");
    REQUIRE(core::use_language("zh-Hans", std::string("{") + key + R"(: "已完成 %lld 个种子，%.1f s"})").empty());
    CHECK(seeds(1) == "已完成 1 个种子，0.5 s");   // one form for every count
    CHECK(seeds(5) == "已完成 5 个种子，0.5 s");
    REQUIRE(core::use_language("de", "{}").empty());
    CHECK(seeds(1) == "1 seed done, 0,5 s");   // not translated yet: English's form
    REQUIRE(core::use_language("en-XA", "").empty());
    const std::string one = core::pseudo("%lld seed done, %.1f s");   // the pseudo-language's own one form
    char expected[200];
    std::snprintf(expected, sizeof expected, one.c_str(), 1LL, 0.5);
    CHECK(seeds(1) == expected);
}

TEST_CASE("a malformed table or an unknown language is refused and changes nothing") {
    EnglishAfter restore;
    REQUIRE(core::use_language("es", R"({"Play": "Reproducir"})").empty());
    const std::string err = core::use_language("de", "{\"Play\": \"Abspielen\",\n \"Pause\" \"Pause\"}");
    CHECK(err.find("line 2") != std::string::npos);
    CHECK(std::string(core::language().code) == "es");
    CHECK(std::string(core::tr("Play")) == "Reproducir");
    CHECK(core::use_language("de", "{\"a\": \"b\", \"a\": \"c\"}").find("twice") != std::string::npos);
    CHECK(core::use_language("de", "[]").find("object") != std::string::npos);
    CHECK(core::use_language("de", "{\"a\": \"\\q\"}").find("escape") != std::string::npos);
    CHECK(core::use_language("xx", "").find("no language") != std::string::npos);
    std::vector<std::pair<std::string, std::string>> out;
    CHECK(core::parse_word_table(R"({"a\n\"b\"": "\u00e9\u4e2d"})", out).empty());
    REQUIRE(out.size() == 1);
    CHECK(out[0].first == "a\n\"b\"");
    CHECK(out[0].second == "é中");
}

TEST_CASE("the pseudo-language accents words, keeps symbols and placeholders, and is 40 % longer") {
    EnglishAfter restore;
    REQUIRE(core::use_language("en-XA", "").empty());
    const std::string p = core::tr("Router step %.2f for w_g* and {metric}");
    CHECK(p.find("%.2f") != std::string::npos);
    CHECK(p.find("w_g*") != std::string::npos);
    CHECK(p.find("{metric}") != std::string::npos);
    CHECK(p.find("Ŕ") != std::string::npos);
    CHECK(p.find("Router") == std::string::npos);
    CHECK(core::placeholders(p) == core::placeholders("Router step %.2f for w_g* and {metric}"));
    const std::string e = "Load balancing loss";
    CHECK(core::pseudo(e).size() >= e.size() * 14 / 10);
    CHECK(core::pseudo("%d %%") == "%d %%");   // nothing to translate: unchanged
}

TEST_CASE("the user's languages choose the page's") {
    CHECK(core::best_language({"de-AT", "en"}) == "de");
    CHECK(core::best_language({"pt"}) == "pt-BR");
    CHECK(core::best_language({"zh-CN"}) == "zh-Hans");
    CHECK(core::best_language({"fr", "es-MX"}) == "es");
    CHECK(core::best_language({"en-GB", "de"}) == "en");
    CHECK(core::best_language({"fr"}) == "en");
    CHECK(core::best_language({}) == "en");
}

TEST_CASE("placeholders: printf specifiers in order, names sorted, sets are not names") {
    CHECK(core::placeholders("%d of %.2f {b} {a} {1, 2}") == std::vector<std::string>{"%d", "%.2f", "{a}", "{b}"});
    CHECK(core::placeholders("70 %%") == std::vector<std::string>{"%%"});
}

TEST_CASE("a number inside a text is a marker: the language gives its decimal mark, a translation never types it") {
    EnglishAfter english;
    CHECK(std::string(core::tr("below {=0.05} in {=16000} runs")) == "below 0.05 in 16000 runs");   // English, the CLI
    core::Metric m{"stuck", "stuck runs", std::nan(""), "%.4f", "no run is stuck (all below {=0.05})"};
    CHECK(core::missing_reason(m) == "no run is stuck (all below 0.05)");   // the CLI's JSON says why, as shown
    REQUIRE(core::use_language("de", R"({"below {=0.05}": "unter {=0.05}"})").empty());
    CHECK(std::string(core::tr("below {=0.05}")) == "unter 0,05");
    CHECK(std::string(core::tr("not translated: {=0.5}")) == "not translated: 0,5");
}
