#include "session/command.hpp"
#include "core/params.hpp"
#include "core/parse.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <cctype>

namespace session {

namespace {

std::string usage(const CommandSyntax& c) { return c.arg == ArgKind::None ? c.name : c.name + "=" + c.arg_name; }

std::string lower(std::string s) {
    for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

}   // namespace

std::string command_list(const std::vector<CommandSyntax>& table) {
    std::string s;
    for (const auto& c : table) s += (s.empty() ? "" : ", ") + usage(c);
    return s;
}

ParsedCommand parse_command(const std::string& text, const std::vector<CommandSyntax>& table) {
    ParsedCommand p;
    size_t eq = text.find('=');
    const std::string name = text.substr(0, eq);
    const bool has_value = eq != std::string::npos;
    p.arg.text = has_value ? text.substr(eq + 1) : "";
    int found = -1;
    for (size_t k = 0; k < table.size(); ++k)
        if (table[k].name == name) found = int(k);
    if (found < 0) {
        const CommandSyntax* similar = nullptr;   // the name in other capitals: PLAY → play
        for (const auto& c : table)
            if (lower(c.name) == lower(name)) similar = &c;
        const std::string all = command_list(table);
        p.error = similar ? core::trf("unknown command %s: did you mean '%s'? (commands: %s)",
                                      core::quote(text).c_str(), usage(*similar).c_str(), all.c_str())
                          : core::trf("unknown command %s (commands: %s)", core::quote(text).c_str(), all.c_str());
        return p;
    }
    const CommandSyntax& c = table[size_t(found)];
    const std::string& v = p.arg.text;
    std::string err;
    if (c.arg == ArgKind::None) {
        if (has_value) err = core::trf("%s takes no value", c.name.c_str());
    } else if (!has_value) {
        err = core::trf("%s needs a value: %s", c.name.c_str(), usage(c).c_str());
    } else if (c.arg == ArgKind::Word) {
        if (v.empty()) err = core::trf("%s needs a value: %s", c.name.c_str(), usage(c).c_str());
    } else if (c.arg == ArgKind::Seed) {
        err = core::parse_seed(v, p.arg.seed);
        if (!err.empty()) err = core::strf("%s %s", c.name.c_str(), err.c_str());
    } else if (c.arg == ArgKind::Whole) {
        err = core::parse_whole(v, (long long)c.lo, (long long)c.hi, p.arg.whole);
        if (!err.empty()) err = core::strf("%s %s", c.name.c_str(), err.c_str());
        p.arg.number = double(p.arg.whole);
    } else if (c.arg == ArgKind::Number) {
        err = core::parse_number(v, p.arg.number);
        if (!err.empty()) err = core::strf("%s %s", c.name.c_str(), err.c_str());
        else if (!(p.arg.number >= c.lo && p.arg.number <= c.hi))
            err = core::trf("%s %s is outside %s … %s", c.name.c_str(), core::quote(v).c_str(),
                            core::format_number(c.lo).c_str(), core::format_number(c.hi).c_str());
    }
    if (!err.empty()) {   // (the template of the app's refusals, src/app/frame/app_keys.cpp)
        p.error = core::trf("command %s refused: %s", core::quote(text).c_str(), err.c_str());
        return p;
    }
    p.index = found;
    return p;
}

}   // namespace session
