// The one number grammar (core/parse.hpp) used by the CLI, the share link and the page's commands.
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "session/share_link.hpp"
#include <cmath>
#include <doctest/doctest.h>

TEST_CASE("numbers: decimal only, finite, representable; -0 reads as 0") {
    for (const auto& tw : std::initializer_list<std::pair<const char*, double>>{{"12", 12},
                                                                                {"0.5", 0.5},
                                                                                {"-3", -3},
                                                                                {".5", 0.5},
                                                                                {"5.", 5},
                                                                                {"2e-3", 2e-3},
                                                                                {"1E+2", 100},
                                                                                {"-0", 0},
                                                                                {"1e-310", 1e-310},
                                                                                {"0e-999", 0}}) {
        const char* text = tw.first;   // (no structured binding: CAPTURE's lambda cannot use one in C++17)
        CAPTURE(text);
        double v = 7;
        CHECK(core::parse_number(text, v) == "");
        CHECK(v == tw.second);
        bool negative_zero = v == 0 && std::signbit(v);
        CHECK_FALSE(negative_zero);
    }
    for (const char* bad :
         {"",       " 3",     "3 ",    "+3",
          "0x10",   "-0X1",   "inf",   "-inf",
          "nan",    "NaN",    "1e",    "e5",
          ".",      "-",      "1.2.3", "1e400",
          "-1e400", "1e-400", "3,5",   "１",
          "5abc",   "--1",    "1e+",   "0.0000000000000000000000000000000000000000000000000000000000000001"}) {
        CAPTURE(bad);
        double v = 7;
        std::string err = core::parse_number(bad, v);
        CHECK(err != "");
        CHECK(v == 7);   // untouched
    }
    double v = 0;
    CHECK(core::parse_number("0x10", v).find("decimal") != std::string::npos);
    CHECK(core::parse_number("1e-400", v).find("round to 0") != std::string::npos);
    CHECK(core::parse_number("1e999", v).find("too large") != std::string::npos);
    CHECK(core::parse_number(" 1", v).find("spaces") != std::string::npos);
}

TEST_CASE("seeds: every 64-bit value, nothing that wraps") {
    uint64_t s = 5;
    CHECK(core::parse_seed("0", s) == "");
    CHECK(s == 0);
    CHECK(core::parse_seed("18446744073709551615", s) == "");
    CHECK(s == UINT64_MAX);
    CHECK(core::parse_seed("9007199254740993", s) == "");   // 2^53 + 1: beyond a double's integers
    CHECK(s == 9007199254740993ull);
    for (const char* bad :
         {"18446744073709551616", "99999999999999999999", "-1", " -1", " 1", "+1", "1e3", "0x1", "", "1.0", "banana"}) {
        CAPTURE(bad);
        s = 5;
        CHECK(core::parse_seed(bad, s).find("not a seed") != std::string::npos);
        CHECK(s == 5);
    }
}

TEST_CASE("whole numbers within a range") {
    long long n = 0;
    CHECK(core::parse_whole("-1", -1, 10, n) == "");
    CHECK(n == -1);
    for (const char* bad :
         {"11", "-2", "2147483648", "4294967297", "99999999999999999999999", "1.5", "1e2", " 1", "+1", ""}) {
        CAPTURE(bad);
        CHECK(core::parse_whole(bad, -1, 10, n).find("from -1 to 10") != std::string::npos);
    }
}

TEST_CASE("quote keeps messages short and printable") {
    CHECK(core::quote("abc") == "'abc'");
    CHECK(core::quote(std::string("a\x01"
                                  "b\n",
                                  4)) == "'a?b?'");
    CHECK(core::quote("é") == "'é'");
    CHECK(core::quote("\xC3") == "'?'");
    CHECK(core::quote(std::string(100, 'x')) == "'" + std::string(40, 'x') + "…'");
}

TEST_CASE("the link uses the same grammar, and a repeated key is refused with a message") {
    const core::Lab* lab = core::all_labs()[0].lab;
    const std::string id = lab->info().id;
    session::RunConfig def = session::default_config(*lab);
    std::string p = "";
    for (const auto& s : lab->schema().params)
        if (s.type == core::ParamType::Real && s.min <= 0 && s.max >= 0) {
            p = s.name;
            break;
        }
    if (!p.empty()) {
        // -0 is 0: the link says "p=0", never "p=-0"
        session::Decoded d = session::decode_query("lab=" + id + "&" + p + "=-0");
        session::RunConfig c = d.config;
        CHECK(session::encode_query(c).find("=-0") == std::string::npos);
    }
    const std::string p0 = lab->schema().params[0].name;
    session::Decoded d =
        session::decode_query("lab=" + id + "&" + p0 + "=9999&" + p0 + "=" + core::format_number(def.params[p0]));
    CHECK(d.config.params == def.params);
    REQUIRE_FALSE(d.messages.empty());
    CHECK(d.messages[0].find("appears 2 times") != std::string::npos);

    d = session::decode_query("lab=" + id + "&seed=3&seed=4");
    CHECK(d.config.seed == 1);
    CHECK(d.messages.size() == 1);
    d = session::decode_query("lab=" + id + "&seed=%20-1");
    CHECK(d.config.seed == 1);
    CHECK(d.messages.size() == 1);
    d = session::decode_query("lab=" + id + "&seed=18446744073709551615");
    CHECK(d.config.seed == UINT64_MAX);
    CHECK(d.messages.empty());
    CHECK(session::encode_query(d.config).find("seed=18446744073709551615") != std::string::npos);
    for (const char* bad : {"0x10", "+3", "%201", "1e-400"}) {
        CAPTURE(bad);
        d = session::decode_query("lab=" + id + "&" + p0 + "=" + bad);
        CHECK(d.config.params == def.params);
        CHECK(d.messages.size() >= 2);
    }
}
