#include "core/lab.hpp"
#include "core/params.hpp"
#include <doctest/doctest.h>
#include <stdexcept>

namespace {
core::Schema toy_schema() {
    core::Schema s;
    s.params = {
        {"n", "n", "Data", core::ParamType::Int, 10, 1000, 100, "samples"},
        {"eta", "η", "Training", core::ParamType::Real, 1e-4, 1, 0.01, "step size"},
        {"cubic", "", "Model", core::ParamType::Bool, 0, 1, 1, "cubic experts"},
        {"act", "σ", "Model", core::ParamType::Choice, 0, 0, 0, "activation", "", {"cubic", "linear"}},
    };
    s.presets = {{"lecture", "Lecture", "", {}}, {"big", "Big", "", {{"n", 900}, {"eta", 0.5}}}};
    return s;
}
}   // namespace

TEST_CASE("parameters start at their defaults and presets override them") {
    core::Params p(toy_schema());
    CHECK(p.i("n") == 100);
    CHECK(p["eta"] == doctest::Approx(0.01));
    CHECK(p.apply_preset("big"));
    CHECK(p.i("n") == 900);
    CHECK_FALSE(p.apply_preset("nope"));
    CHECK(p.apply_preset("lecture"));
    CHECK(p.i("n") == 100);
    CHECK_THROWS_AS(p.get("unknown"), std::out_of_range);
}

TEST_CASE("text values: numbers, booleans and choices round-trip; garbage is an error") {
    core::Params p(toy_schema());
    CHECK(p.set_from_text("act", "linear") == "");
    CHECK(p.i("act") == 1);
    CHECK(p.text("act") == "linear");
    CHECK(p.set_from_text("cubic", "false") == "");
    CHECK(p.text("cubic") == "false");
    CHECK(p.set_from_text("eta", "0.1") == "");
    CHECK(p.text("eta") == "0.1");
    CHECK(p.set_from_text("eta", "abc") != "");
    CHECK(p.set_from_text("eta", "1e999") != "");
    CHECK(p.set_from_text("act", "quartic").find("choose one of") != std::string::npos);
    CHECK(p.set_from_text("zzz", "1").find("unknown") != std::string::npos);
}

TEST_CASE("range errors name the parameter, its symbol and the limit") {
    core::Params p(toy_schema());
    CHECK(p.range_errors().empty());
    p.set("eta", 7);
    p.set("n", 5.5);
    auto errs = p.range_errors();
    REQUIRE(errs.size() == 2);
    CHECK(errs[0].find("n = 5.5 must be a whole number") != std::string::npos);
    CHECK(errs[1].find("eta (η) = 7 is above its maximum 1") != std::string::npos);
}

TEST_CASE("format_number gives the shortest text that parses back") {
    CHECK(core::format_number(0.1) == "0.1");
    CHECK(core::format_number(600) == "600");
    CHECK(std::stod(core::format_number(1.0 / 3.0)) == 1.0 / 3.0);
}

TEST_CASE("memory check refuses configurations over the budget") {
    core::Validation v;
    core::check_memory(v, 1e6, "small");
    CHECK(v.ok());
    core::check_memory(v, 5e10, "the training set");
    REQUIRE(v.errors.size() == 1);
    CHECK(v.errors[0].find("the training set needs about 50.0 GB") != std::string::npos);
}
