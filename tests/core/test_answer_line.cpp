// A student's answers as one line (session/answer_line.hpp): written, read back however a spreadsheet keeps it,
// and what is wrong with a bad one said.
#include "session/answer_line.hpp"
#include <doctest/doctest.h>

TEST_CASE("an answers line: tab-separated, read back from tabs, commas or quotes; other lines are not one") {
    session::AnswerLine a;
    a.lab = "playground";
    a.seed = 18446744073709551615ull;
    a.answers = {{2, 'a'}, {3, '?'}, {7, 'd'}};
    const std::string line = session::answer_line(a);
    CHECK(line == "moe-lab-answers\tplayground\t18446744073709551615\t2=a\t3=?\t7=d");
    for (const std::string& kept : {line,
                                    std::string("\"Ana\",\"moe-lab-answers\",\"playground\",\"18446744073709551615\","
                                                "\"2=a\",\"3=?\",\"7=d\"\r"),
                                    std::string("moe-lab-answers; playground; 18446744073709551615; 2=a; 3=?; 7=d")}) {
        session::AnswerLine b;
        std::string why;
        REQUIRE_MESSAGE(session::read_answer_line(kept, b, why), kept);
        CHECK(why.empty());
        CHECK(b.lab == a.lab);
        CHECK(b.seed == a.seed);
        CHECK(b.answers == a.answers);
    }
    session::AnswerLine b;
    std::string why;
    CHECK_FALSE(session::read_answer_line("Name,Answers", b, why));
    CHECK(why.empty());   // (not an answers line: passed over)
    for (const char* bad : {"moe-lab-answers\tplayground\t1", "moe-lab-answers\tplayground\t-1\t2=a",
                            "moe-lab-answers\tplayground\t1\t2a", "moe-lab-answers\tplayground\t1\t0=a",
                            "moe-lab-answers\tplayground\t1\t2=ab", "moe-lab-answers\tplayground\t1\t2=e"}) {
        CAPTURE(bad);
        CHECK_FALSE(session::read_answer_line(bad, b, why));
        CHECK_FALSE(why.empty());
    }
}

TEST_CASE("an answers line with the student's name: any script, spaces, apostrophes, tabs, commas and quotes "
          "survive a spreadsheet's paste and a CSV file; a line without one reads as before") {
    session::AnswerLine a;
    a.lab = "cluster-experts";
    a.seed = 1;
    a.answers = {{6, 'c'}};
    a.name = "Zoë O'Neil-李雷, \"Z\"\tRamírez; 100%";
    const std::string line = session::answer_line(a);
    CHECK(line == "moe-lab-answers\tcluster-experts\t1\tname=Zoë O'Neil-李雷%2C %22Z%22%09Ramírez%3B 100%25\t6=c");
    CHECK(line.find('\n') == std::string::npos);
    // pasted: the line as copied; saved as CSV, the line in one quoted cell after a time and a name typed beside
    // it; a spreadsheet's columns saved as CSV (each cell quoted) and with semicolons
    std::string cells;
    for (const char c : line) cells += c == '\t' ? std::string("\",\"") : std::string(1, c);
    for (const std::string& kept :
         {line, "2026-12-02,Zoe,\"" + line + "\"\r", "\"" + cells + "\"",
          std::string("moe-lab-answers; cluster-experts; 1; name=Zoë O'Neil-李雷%2C %22Z%22%09Ramírez%3B "
                      "100%25 ; 6=c")}) {
        session::AnswerLine b;
        std::string why;
        REQUIRE_MESSAGE(session::read_answer_line(kept, b, why), kept << ": " << why);
        CHECK(b.name == a.name);
        CHECK(b.answers == a.answers);
        CHECK(b.seed == 1);
    }
    session::AnswerLine b;
    std::string why;
    REQUIRE(session::read_answer_line("moe-lab-answers\tcluster-experts\t1\t6=c", b, why));
    CHECK(b.name.empty());
    a.name.clear();
    CHECK(session::answer_line(a) == "moe-lab-answers\tcluster-experts\t1\t6=c");
    // a name alone is not an answers line; a stray '%' is kept
    CHECK_FALSE(session::read_answer_line("moe-lab-answers\tcluster-experts\t1\tname=Ana", b, why));
    CHECK_FALSE(why.empty());
    REQUIRE(session::read_answer_line("moe-lab-answers\tcluster-experts\t1\tname=50%x Ana \t6=c", b, why));
    CHECK(b.name == "50%x Ana");
}
