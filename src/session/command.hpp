// The syntax of the page's commands ("play", "seed=3", "scale=1.5"): a table of names, each with the
// kind of argument it takes, parsed with the one number grammar (core/parse.hpp). The app pairs each
// entry with its action (src/app/controls/page_key.hpp: each key's command); parsing lives here, without UI, so the unit tests and
// the fuzzer reach it. A text either parses to one entry and its argument, or gives a message.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace session {

enum class ArgKind {
    None,     // "play"
    Word,     // "lab=cluster-experts": any non-empty text, checked by the action
    Seed,     // "seed=3": parse_seed
    Whole,    // "view=2": parse_whole within [lo, hi]
    Number,   // "scale=1.5": parse_number within [lo, hi]
    Text,     // "query=lab=x&seed=2": the rest of the text as it is (may be empty)
};

struct CommandSyntax {
    std::string name;
    ArgKind arg = ArgKind::None;
    double lo = 0, hi = 0;   // Whole, Number: the accepted range
    std::string arg_name;    // for help and messages: "ID", "N", "F"
    std::string help;        // one line: what it does
};

struct CommandArg {
    std::string text;      // the value as written
    double number = 0;     // Number (and Whole)
    long long whole = 0;   // Whole
    uint64_t seed = 0;     // Seed
};

struct ParsedCommand {
    int index = -1;   // into the syntax table; -1 when refused
    CommandArg arg;
    std::string error;   // why it was refused
};

ParsedCommand parse_command(const std::string& text, const std::vector<CommandSyntax>& table);

// "play, pause, seed=N, …" for help and messages.
std::string command_list(const std::vector<CommandSyntax>& table);

}   // namespace session
