#include "core/lab.hpp"
#include "core/bind.hpp"
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

TEST_CASE("a point set parameter: none by default, its link text round-trips on the grid, and bad sets are refused") {
    core::Schema s;
    core::PointSetSpec spec;
    spec.classes = 3;
    spec.max_points = 4;
    s.params = {core::points("pts", "Data", spec, "your points"),
                core::param("n", "n", "Data", core::ParamType::Int, 1, 10, 5, "n")};
    core::Params p(s);
    REQUIRE(p.points_index() == 0);
    CHECK(p.points(0).empty());
    CHECK(p.text("pts") == "");
    CHECK(p.range_errors().empty());
    p.set_points(0, {{0.1234567, -0.5, 2}, {1, -1, 0}});
    CHECK(p["pts"] == 2);
    core::Params q(s);
    CHECK_FALSE(q == p);
    CHECK(q.set_from_text("pts", p.text("pts")) == "");
    CHECK(q.points(0) == core::quantise(p.points(0), spec));
    CHECK_FALSE(q.same(1, p) == false);   // n alike
    CHECK(q.set_from_text("pts", "%%%").find("pts") == 0);
    CHECK(q.points(0).size() == 2);   // unchanged
    p.set_points(0, {{0, 0, 3}});     // no class 3
    CHECK(p.range_errors().size() == 1);
    p.set_points(0, core::PointSet(5));   // more than 4
    CHECK(p.range_errors().size() == 1);
    p.set("pts", 3);   // a number is not a set
    CHECK(p.range_errors().size() == 1);
    CHECK(p.apply_preset("none") == false);
}

TEST_CASE("a point set parameter binds to a config's field") {
    struct Config {
        core::PointSet mine;
        int n;
    };
    core::Bound<Config> b;
    b.add_points(core::points("pts", "Data", core::PointSetSpec(), "your points"), &Config::mine);
    b.add(core::param("n", "n", "Data", core::ParamType::Int, 1, 10, 5, "n"), &Config::n);
    core::Params p(b.schema());
    p.set_points(0, {{0.5, 0.5, 1}});
    const Config c = b.config(p);
    CHECK(c.n == 5);
    REQUIRE(c.mine.size() == 1);
    CHECK(c.mine[0].label == 1);
}
