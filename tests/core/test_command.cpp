// The page commands' parser (session/command.hpp): every text is either one table entry with a parsed
// argument, or refused with a message that says why.
#include "session/command.hpp"
#include <doctest/doctest.h>

namespace {
const std::vector<session::CommandSyntax> kTable = {
    {"play", session::ArgKind::None, 0, 0, "", "run"},
    {"lab", session::ArgKind::Word, 0, 0, "ID", "switch lab"},
    {"seed", session::ArgKind::Seed, 0, 0, "N", "seed"},
    {"view", session::ArgKind::Whole, -1, 9, "N", "enlarge"},
    {"scale", session::ArgKind::Number, 0.75, 2.5, "F", "UI scale"},
    {"query", session::ArgKind::Text, 0, 0, "LINK", "open a link"},
};
}

TEST_CASE("commands parse to their entry and argument") {
    session::ParsedCommand p = session::parse_command("play", kTable);
    CHECK(p.index == 0);
    CHECK(p.error == "");
    p = session::parse_command("lab=patch-routing", kTable);
    CHECK(p.index == 1);
    CHECK(p.arg.text == "patch-routing");
    p = session::parse_command("seed=18446744073709551615", kTable);
    CHECK(p.index == 2);
    CHECK(p.arg.seed == UINT64_MAX);
    p = session::parse_command("view=-1", kTable);
    CHECK(p.arg.whole == -1);
    p = session::parse_command("scale=1.6", kTable);
    CHECK(p.arg.number == 1.6);
    p = session::parse_command("query=lab=x&seed=2", kTable);   // the first '=' splits
    CHECK(p.arg.text == "lab=x&seed=2");
    CHECK(session::parse_command("query=", kTable).index == 5);
}

TEST_CASE("refused commands say why") {
    struct Case {
        const char* text;
        const char* says;
    };
    for (const Case& c :
         {Case{"PLAY", "did you mean 'play'"}, Case{"frobnicate", "unknown command 'frobnicate'"},
          Case{"", "unknown command ''"}, Case{"play=1", "takes no value"}, Case{"lab", "needs a value: lab=ID"},
          Case{"lab=", "needs a value"}, Case{"seed=-1", "not a seed"}, Case{"seed= 1", "not a seed"},
          Case{"view=10", "from -1 to 9"}, Case{"view=1.5", "not a whole number"}, Case{"scale=NaN", "not a number"},
          Case{"scale=abc", "not a number"}, Case{"scale=9", "outside 0.75 … 2.5"}, Case{"scale=0x1", "decimal"},
          Case{"scale", "needs a value: scale=F"}}) {
        CAPTURE(c.text);
        session::ParsedCommand p = session::parse_command(c.text, kTable);
        CHECK(p.index == -1);
        CHECK(p.error.find(c.says) != std::string::npos);
    }
    CHECK(session::parse_command("nope", kTable).error.find("commands: play, lab=ID, seed=N") != std::string::npos);
}
