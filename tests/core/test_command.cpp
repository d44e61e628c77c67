// The page commands' parser (session/command.hpp): every text is either one table entry with a parsed
// argument, or refused with a message that says why.
#include "session/command.hpp"
#include <doctest/doctest.h>

namespace {
const std::vector<core::CommandSyntax> kTable = {
    {"play", core::ArgKind::None, 0, 0, "", "run"},
    {"lab", core::ArgKind::Word, 0, 0, "ID", "switch lab"},
    {"seed", core::ArgKind::Seed, 0, 0, "N", "seed"},
    {"view", core::ArgKind::Whole, -1, 9, "N", "enlarge"},
    {"scale", core::ArgKind::Number, 0.75, 2.5, "F", "UI scale"},
    {"query", core::ArgKind::Text, 0, 0, "LINK", "open a link"},
};
}

TEST_CASE("commands parse to their entry and argument") {
    core::ParsedCommand p = core::parse_command("play", kTable);
    CHECK(p.index == 0);
    CHECK(p.error == "");
    p = core::parse_command("lab=patch-routing", kTable);
    CHECK(p.index == 1);
    CHECK(p.arg.text == "patch-routing");
    p = core::parse_command("seed=18446744073709551615", kTable);
    CHECK(p.index == 2);
    CHECK(p.arg.seed == UINT64_MAX);
    p = core::parse_command("view=-1", kTable);
    CHECK(p.arg.whole == -1);
    p = core::parse_command("scale=1.6", kTable);
    CHECK(p.arg.number == 1.6);
    p = core::parse_command("query=lab=x&seed=2", kTable);   // the first '=' splits
    CHECK(p.arg.text == "lab=x&seed=2");
    CHECK(core::parse_command("query=", kTable).index == 5);
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
        core::ParsedCommand p = core::parse_command(c.text, kTable);
        CHECK(p.index == -1);
        CHECK(p.error.find(c.says) != std::string::npos);
    }
    CHECK(core::parse_command("nope", kTable).error.find("commands: play, lab=ID, seed=N") != std::string::npos);
}
