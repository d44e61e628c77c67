// The CLI's JSON writer: reproduce --json reports headlines that no run reached as missing, never as 0.
#include "cli/json.hpp"
#include <cmath>
#include <doctest/doctest.h>

TEST_CASE("json_headline: a headline whose values are all missing has null mean and sd") {
    const std::string s = cli::json_headline("thr_acc_lstar_m1", {NAN, NAN, NAN}, "prototype: 0.57");
    CHECK(s.find("\"mean\": null") != std::string::npos);
    CHECK(s.find("\"sd\": null") != std::string::npos);
    CHECK(s.find("\"n\": 0, \"missing\": 3") != std::string::npos);
    CHECK(s.find("\"values\": [null, null, null]") != std::string::npos);
}

TEST_CASE("json_headline: missing values are counted, the others averaged") {
    const std::string s = cli::json_headline("N_star", {2.0, NAN, 4.0}, "≈ 160");
    CHECK(s.find("\"mean\": 3,") != std::string::npos);
    CHECK(s.find("\"n\": 2, \"missing\": 1") != std::string::npos);
    CHECK(s.find("\"paper\": \"≈ 160\"") != std::string::npos);
}

TEST_CASE("json_string escapes quotes, backslashes and control characters") {
    CHECK(cli::json_string("a\"b\\c\nd\x01") == "\"a\\\"b\\\\c\\nd\\u0001\"");
}

TEST_CASE("json_paired: A, B and B − A over the seeds where both are finite, with the counts") {
    const std::string s = cli::json_paired("nstar_sep", {30, 40, 50}, {NAN, 45, 45}, "≤ 1/4");
    CHECK(s.find("\"a\": {\"mean\": 40, \"sd\": 10, \"n\": 3}") != std::string::npos);
    CHECK(s.find("\"b\": {\"mean\": 45, \"sd\": 0, \"n\": 2}") != std::string::npos);
    CHECK(s.find("\"diff\": {\"mean\": 0, \"sd\": 7.0710678118654755, \"n\": 2}") != std::string::npos);
    CHECK(s.find("\"b_higher\": 1, \"b_lower\": 1, \"ties\": 0, \"missing\": 1") != std::string::npos);
    CHECK(s.find("\"b_values\": [null, 45, 45]") != std::string::npos);
}
