#include "core/command.hpp"
#include "core/params.hpp"
#include "core/parse.hpp"
#include <cctype>

namespace core {

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
        p.error = "unknown command " + quote(text);
        for (const auto& c : table)
            if (lower(c.name) == lower(name)) p.error += ": did you mean '" + usage(c) + "'?";
        p.error += " (commands: " + command_list(table) + ")";
        return p;
    }
    const CommandSyntax& c = table[size_t(found)];
    const std::string& v = p.arg.text;
    std::string err;
    if (c.arg == ArgKind::None) {
        if (has_value) err = "takes no value";
    } else if (!has_value) {
        err = "needs a value: " + usage(c);
    } else if (c.arg == ArgKind::Word) {
        if (v.empty()) err = "needs a value: " + usage(c);
    } else if (c.arg == ArgKind::Seed) {
        err = parse_seed(v, p.arg.seed);
    } else if (c.arg == ArgKind::Whole) {
        err = parse_whole(v, (long long)c.lo, (long long)c.hi, p.arg.whole);
        p.arg.number = double(p.arg.whole);
    } else if (c.arg == ArgKind::Number) {
        err = parse_number(v, p.arg.number);
        if (err.empty() && !(p.arg.number >= c.lo && p.arg.number <= c.hi))
            err = quote(v) + " is outside " + format_number(c.lo) + " … " + format_number(c.hi);
    }
    if (!err.empty()) {
        p.error = "command " + quote(text) + " refused: " + c.name + " " + err;
        return p;
    }
    p.index = found;
    return p;
}

}   // namespace core
