// moe-lab tally (cli/tally.hpp): ten phones' copied answers lines, pasted as a spreadsheet saves them, counted per
// question; a header, a blank line and faulty lines are passed over or named.
#include "cli/tally.hpp"
#include "core/registry.hpp"
#include "session/answer_line.hpp"
#include <doctest/doctest.h>
#include <sstream>

TEST_CASE("tally: ten phones' answers lines, counted per question, faults named with their line") {
    const core::Lab* ce = core::find_lab("cluster-experts");
    const std::vector<core::TourStep> steps = ce->tour();
    int asks = 0;   // the lab's question step (from 1)
    for (size_t k = 0; k < steps.size(); ++k)
        if (!steps[k].question.prompt.empty()) asks = int(k) + 1;
    REQUIRE(asks > 0);
    const char letters[10] = {'a', 'b', 'b', 'b', '?', 'a', 'b', 'b', 'a', 'b'};   // ten phones
    std::string csv = "Timestamp,Name,Answers\n\n";   // a spreadsheet's header and a blank line
    for (int k = 0; k < 10; ++k) {
        session::AnswerLine a;
        a.lab = "cluster-experts";
        a.seed = 1;
        a.answers = {{asks, letters[k]}};
        if (k < 3) a.name = k == 0 ? "Lima, Ana" : k == 1 ? "李雷" : "Zoë \"Z\" O'Neil";   // three give a name
        std::string line = session::answer_line(a);
        if (k % 2) line = "2026-12-02," + std::string("\"") + line + "\"";   // saved as CSV, quoted
        csv += line + "\n";
    }
    csv += "moe-lab-answers\tcluster-experts\t1\t1=a\n";     // a step without a question
    csv += "moe-lab-answers\tno-such-lab\t1\t6=a\n";         // an unknown lab
    csv += "moe-lab-answers\tcluster-experts\tone\t6=a\n";   // not a seed
    csv += "moe-lab-answers\tcluster-experts\t1\t6=z\n";     // not a letter
    std::istringstream in(csv);
    cli::Tally t;
    cli::tally_lines(in, "answers.csv", t);
    CHECK(t.lines == 10);
    REQUIRE(t.faults.size() == 4);
    CHECK(t.faults[0].find("answers.csv:13: cluster-experts's step 1 asks no question") == 0);
    CHECK(t.faults[1].find("answers.csv:14: unknown lab 'no-such-lab'") == 0);
    CHECK(t.faults[2].find("answers.csv:15: ") == 0);
    CHECK(t.faults[3].find("answers.csv:16: '6=z' is not STEP=LETTER") == 0);
    const std::vector<int>& chose = t.chose["cluster-experts"][asks];
    REQUIRE(chose.size() == steps[size_t(asks - 1)].question.answers.size() + 1);
    CHECK(chose[0] == 3);       // (a)
    CHECK(chose[1] == 6);       // (b)
    CHECK(chose.back() == 1);   // I don't know
    CHECK(cli::tally_json(t).find("{\"step\":" + std::to_string(asks) + ",\"key\":") != std::string::npos);
    // the names, with the answer each chose
    const auto& who = t.who["cluster-experts"][asks];
    CHECK(who[0] == std::vector<std::string>{"Lima, Ana"});
    CHECK(who[1] == std::vector<std::string>{"李雷", "Zoë \"Z\" O'Neil"});
    CHECK(cli::tally_json(t).find("\"names\":[[\"Lima, Ana\"],[\"李雷\",\"Zoë \\\"Z\\\" O'Neil\"]") !=
          std::string::npos);
}
