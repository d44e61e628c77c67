#include "fuzz_body.hpp"
#include "session/command.hpp"
#include "session/compare.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "session/share_link.hpp"
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

void require(bool ok, const std::string& what) {
    if (!ok) throw std::logic_error("fuzz invariant broken: " + what);
}

// A command table with every argument kind (the page's own table lives in src/app and needs ImGui).
const std::vector<session::CommandSyntax>& syntax() {
    static const std::vector<session::CommandSyntax> t = {
        {"play", session::ArgKind::None, 0, 0, "", "run"},
        {"lab", session::ArgKind::Word, 0, 0, "ID", "switch lab"},
        {"seed", session::ArgKind::Seed, 0, 0, "N", "seed"},
        {"view", session::ArgKind::Whole, -1, 7, "N", "enlarge"},
        {"scale", session::ArgKind::Number, 0.75, 2.5, "F", "UI scale"},
        {"query", session::ArgKind::Text, 0, 0, "LINK", "open a link"},
    };
    return t;
}

// The link restores exactly what it encodes, silently.
void check_round_trip(const session::RunConfig& c) {
    std::string q = session::encode_query(c);
    session::Decoded d = session::decode_query(q);
    require(d.messages.empty(),
            "a link we wrote is refused: " + q + (d.messages.empty() ? "" : " (" + d.messages[0] + ")"));
    require(d.config.lab == c.lab && d.config.preset == c.preset && d.config.seed == c.seed,
            "lab/preset/seed round trip: " + q);
    require(d.config.params == c.params, "parameters round trip: " + q);
}

void numbers(const std::string& text) {
    double v = 0;
    if (core::parse_number(text, v).empty()) {
        require(std::isfinite(v), "parse_number gave a non-finite value");
        require(!(v == 0 && std::signbit(v)), "parse_number gave -0");
        double back = 0;
        std::string shown = core::format_number(v);
        require(core::parse_number(shown, back).empty() && back == v, "format_number does not parse back: " + shown);
    }
    uint64_t s = 0;
    if (core::parse_seed(text, s).empty()) {
        uint64_t back = 1;
        require(core::parse_seed(std::to_string(s), back).empty() && back == s, "seed text round trip");
        require(text.find_first_not_of("0123456789") == std::string::npos, "seed accepted a non-digit");
    }
    long long w = 0;
    if (core::parse_whole(text, -5, 1000000, w).empty())
        require(w >= -5 && w <= 1000000, "whole number out of its range");
    std::string q = core::quote(text);
    require(q.size() <= 2 + 40 * 4 + 3, "quote too long");
    for (unsigned char ch : q) require(ch >= 0x20 && ch != 0x7F, "quote kept a control character");
}

void command(const std::string& text) {
    session::ParsedCommand p = session::parse_command(text, syntax());
    require((p.index < 0) != p.error.empty(), "a command is either parsed or refused with a message");
    if (p.index < 0) return;
    const session::CommandSyntax& c = syntax()[size_t(p.index)];
    if (c.arg == session::ArgKind::Number)
        require(p.arg.number >= c.lo && p.arg.number <= c.hi, "number argument out of range");
    if (c.arg == session::ArgKind::Whole)
        require(p.arg.whole >= c.lo && p.arg.whole <= c.hi, "whole argument out of range");
}

void link(const std::string& text) {
    session::Decoded d = session::decode_query(text);
    const core::Lab* lab = core::find_lab(d.config.lab);
    require(lab != nullptr, "decode_query gave an unknown lab");
    require(core::validate(*lab, d.config.params).ok(), "decode_query gave a configuration that does not validate");
    check_round_trip(d.config);
}

// "name=value" against every lab's schema: set, validate (the lab's check() on arbitrary values).
void parameters(const std::string& text) {
    size_t eq = text.find('=');
    if (eq == std::string::npos) return;
    const std::string name = text.substr(0, eq), value = text.substr(eq + 1);
    for (const core::LabEntry& e : core::all_labs()) {
        const core::Lab* lab = e.lab;
        if (lab->schema().index_of(name) < 0) continue;
        session::RunConfig c = session::default_config(*lab);
        std::string err = c.params.set_from_text(name, value);
        if (!err.empty()) continue;
        core::Validation v = core::validate(*lab, c.params);
        for (const auto& e : v.errors) require(!e.empty(), "empty validation message");
        if (v.ok()) check_round_trip(c);
    }
}

// Compare mode's B: "name=value" as a link's b.name=value, against every lab. A change is either refused
// with a message or gives a B that validates.
void compare_change(const std::string& text) {
    for (const core::LabEntry& e : core::all_labs()) {
        const core::Lab* lab = e.lab;
        std::pair<std::string, std::string> c;
        if (!session::parse_change(lab->schema(), text, c).empty()) continue;
        core::Params b;
        std::string why = session::apply_changes(*lab, session::default_config(*lab).params, {c}, b);
        require(why.empty() == core::validate(*lab, b).ok(), "apply_changes and validate disagree: " + text);
    }
}

}   // namespace

void fuzz_one(const uint8_t* data, size_t size) {
    if (size > 4096) return;   // links and commands are short; long inputs only slow the search
    const std::string text(reinterpret_cast<const char*>(data), size);
    numbers(text);
    command(text);
    link(text);
    parameters(text);
    compare_change(text);
}
