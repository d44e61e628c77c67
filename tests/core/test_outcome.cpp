// Outcomes (core/outcome.hpp): the first case whose metric test holds is said, with this run's numbers;
// a case other than the paper's says so and how often seeds show the paper's; undecided ones are left out.
#include "core/lab.hpp"
#include "core/metric_list.hpp"
#include "core/outcome.hpp"
#include "core/registry.hpp"
#include "session/run_seeds.hpp"
#include "session/share_link.hpp"
#include "core/words.hpp"
#include <doctest/doctest.h>
#include <fstream>
#include <sstream>
#include <tuple>

namespace {

std::vector<core::Metric> metrics(double stuck, double acc) {
    core::MetricList m;
    m.count("stuck", "Runs stuck", stuck);
    m.count("runs", "Runs", 6);
    m.percent("acc", "Accuracy (%)", acc);
    return m.take();
}

core::Outcome stuck_outcome() {
    return core::outcome({core::answer_if_above("ℓ2 stuck in {stuck} of {runs} runs.", "stuck", 0.5),
                          core::answer_otherwise("No ℓ2 run stuck ({stuck} of {runs}).")},
                         0, 9, 10, "At least one ℓ2 run stuck.");
}

std::string table_of(const std::string& code) {
    std::ifstream in(std::string(MOE_WORDS_DIR) + "/" + code + ".json", std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}   // namespace

TEST_CASE(
    "outcomes: {key} takes the metric's value in its format, {key%} a percentage as its language writes it, unknown "
    "keys and NaN stay") {
    const auto m = metrics(1, 99.8);
    CHECK(core::fill_metrics("{stuck} of {runs}, {acc} %", m) == "1 of 6, 99.80 %");
    CHECK(core::fill_metrics("{nope} and {", m) == "{nope} and {");
    CHECK(core::fill_metrics("{stuck%} of them", metrics(0.904, 1)) == "90 % of them");
    CHECK(core::fill_metrics("{acc}", metrics(1, core::kNotApplicable)) == "{acc}");
    // a percentage as its language writes it (the table's "%s %%"): German keeps the space and its decimal comma,
    // Chinese sets none
    for (const auto& [code, whole, half] :
         {std::tuple<const char*, const char*, const char*>{"de", "90 %", "87,5 %"}, {"zh-Hans", "90%", "87.5%"}}) {
        const std::string lang = code;   // (a structured binding cannot be captured in C++17)
        CAPTURE(lang);
        REQUIRE(core::use_language(lang, table_of(lang)).empty());
        CHECK(core::fill_metrics("{stuck%}", metrics(0.904, 1)) == whole);
        CHECK(core::percent(87.5, "%.1f") == half);
    }
    core::use_language("en", "");
    CHECK(core::percent(87.5, "%.1f") == "87.5 %");
}

TEST_CASE("outcomes: the first case that holds is said; another case than the paper's says so, with the seeds") {
    const std::vector<core::Outcome> o = {stuck_outcome()};
    auto said = core::say_outcomes(o, metrics(2, 90));
    REQUIRE(said.size() == 1);
    CHECK(said[0].text == "ℓ2 stuck in 2 of 6 runs.");
    CHECK(!said[0].differs);
    CHECK(core::outcome_line(o, metrics(2, 90), "Lecture", true) == "ℓ2 stuck in 2 of 6 runs.");

    said = core::say_outcomes(o, metrics(0, 90));
    REQUIRE(said.size() == 1);
    CHECK(said[0].differs);
    CHECK(said[0].case_index == 1);
    CHECK(
        core::outcome_line(o, metrics(0, 90), "Lecture", true) ==
        "On this seed the run differs from the paper. No ℓ2 run stuck (0 of 6). (The paper's outcome holds in 9 of seeds 1–10 "
        "of Lecture.)");
    // on another preset the seed count (measured on the default preset) is not quoted
    CHECK(core::outcome_line(o, metrics(0, 90), "Lecture", false) ==
          "On this seed the run differs from the paper. No ℓ2 run stuck (0 of 6).");
}

TEST_CASE("outcomes: a sentence whose metric this run does not have is left out, not guessed") {
    const core::Outcome acc =
        core::outcome({core::answer_if_above("Accuracy {acc} %.", "acc", 95), core::answer_otherwise("Only {acc} %.")},
                      0, 10, 10, "Accuracy over 95 %.");
    const std::vector<core::Outcome> o = {acc, stuck_outcome()};
    const auto said = core::say_outcomes(o, metrics(1, core::kNotApplicable));
    REQUIRE(said.size() == 1);
    CHECK(said[0].outcome == 1);
    CHECK(core::outcome_line(o, metrics(1, 96), "Lecture", true) == "Accuracy 96.00 %. ℓ2 stuck in 1 of 6 runs.");
}

TEST_CASE("outcomes: the example lab's declared seed count is what its seeds give (as moe-lab reproduce checks)") {
    const core::Lab* lab = core::find_lab("example");
    REQUIRE(lab);
    const session::RunConfig c = session::default_config(*lab);
    const std::vector<core::Outcome> outcomes = lab->outcomes();
    REQUIRE(outcomes.size() == 1);
    std::vector<std::vector<core::Metric>> runs;
    for (const session::SeedResult& r : session::run_seeds(c, outcomes[0].seeds, 1, 1)) {
        CHECK(r.failure.empty());
        runs.push_back(r.metrics);
    }
    const auto counts = core::count_outcomes(outcomes, runs);
    CHECK(counts[0].decided == outcomes[0].seeds);
    CHECK(counts[0].paper == outcomes[0].paper_seeds);
}
