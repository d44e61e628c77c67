// A student's answers as one line (session/answer_line.hpp): written, read back however a spreadsheet keeps it,
// and what is wrong with a bad one said.
#include "session/answer_line.hpp"
#include <doctest/doctest.h>

TEST_CASE("an answers line: tab-separated, read back from tabs, commas or quotes; other lines are not one") {
    core::AnswerLine a;
    a.lab = "playground";
    a.seed = 18446744073709551615ull;
    a.answers = {{2, 'a'}, {3, '?'}, {7, 'd'}};
    const std::string line = core::answer_line(a);
    CHECK(line == "moe-lab-answers\tplayground\t18446744073709551615\t2=a\t3=?\t7=d");
    for (const std::string& kept : {line,
                                    std::string("\"Ana\",\"moe-lab-answers\",\"playground\",\"18446744073709551615\","
                                                "\"2=a\",\"3=?\",\"7=d\"\r"),
                                    std::string("moe-lab-answers; playground; 18446744073709551615; 2=a; 3=?; 7=d")}) {
        core::AnswerLine b;
        std::string why;
        REQUIRE_MESSAGE(core::read_answer_line(kept, b, why), kept);
        CHECK(why.empty());
        CHECK(b.lab == a.lab);
        CHECK(b.seed == a.seed);
        CHECK(b.answers == a.answers);
    }
    core::AnswerLine b;
    std::string why;
    CHECK_FALSE(core::read_answer_line("Name,Answers", b, why));
    CHECK(why.empty());   // (not an answers line: passed over)
    for (const char* bad : {"moe-lab-answers\tplayground\t1", "moe-lab-answers\tplayground\t-1\t2=a",
                            "moe-lab-answers\tplayground\t1\t2a", "moe-lab-answers\tplayground\t1\t0=a",
                            "moe-lab-answers\tplayground\t1\t2=ab", "moe-lab-answers\tplayground\t1\t2=e"}) {
        CAPTURE(bad);
        CHECK_FALSE(core::read_answer_line(bad, b, why));
        CHECK_FALSE(why.empty());
    }
}
