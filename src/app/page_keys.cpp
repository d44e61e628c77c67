// What is made from the page's key declarations (page_key.hpp): the link read and written, the commands' table, the
// keys' help, state()'s fields and the HTML document's page controls. Nothing here knows a key by name.
#include "app/page_key.hpp"
#include "app/part.hpp"
#include "session/share_link.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include <algorithm>

namespace app {

using core::json_string;

// Lecture keys read numbers and switches with the one grammar (core/parse.hpp), like every other input.
std::string switch_arg(const std::string& key, const std::string& v, bool& out) {
    long long n = 0;
    std::string why = core::parse_whole(v, 0, 1, n);
    if (!why.empty())
        return core::trf("%s=%s: give 1 (on) or 0 (off): %s", key.c_str(), core::quote(v).c_str(), why.c_str());
    out = n == 1;
    return "";
}

bool whole_number(const std::string& s, int& out) {
    long long n = 0;
    if (!core::parse_whole(s, 0, 999999, n).empty()) return false;
    out = int(n);
    return true;
}

PageKey& declare(std::vector<PageKey>& keys, core::CommandSyntax syntax, Act act) {
    keys.push_back(PageKey{});
    keys.back().syntax = std::move(syntax);
    keys.back().act = std::move(act);
    return keys.back();
}

void PageKeys::add(std::vector<PageKey> keys) {
    for (PageKey& k : keys) {
        if (k.act) {
            commands_.push_back(int(keys_.size()));
            syntaxes_.push_back(k.syntax);
        }
        keys_.push_back(std::move(k));
    }
}

const PageKey* PageKeys::in_link(const std::string& item_key) const {
    for (const PageKey& k : keys_) {
        if (k.link == InLink::No || k.link == InLink::Run) continue;
        const std::string name = k.name_in_link();
        if (k.prefix() ? item_key.rfind(name, 0) == 0 : item_key == name) return &k;
    }
    return nullptr;
}

LinkArgs PageKeys::gather(const std::vector<std::string>& items, std::vector<std::string>& rest,
                          Messages& repeated) const {
    LinkArgs link;
    for (const std::string& kv : items) {
        const size_t eq = kv.find('=');
        const std::string k = kv.substr(0, eq), v = eq == std::string::npos ? "" : kv.substr(eq + 1);
        const PageKey* key = in_link(k);
        if (!key) {
            rest.push_back(kv);
            continue;
        }
        const std::string name = key->name_in_link();
        auto at = std::find_if(link.begin(), link.end(), [&](const auto& x) { return x.first == name; });
        if (at == link.end()) at = link.insert(link.end(), {name, LinkArg{}});
        at->second.given = true;
        at->second.value = v;
        at->second.all.push_back(key->prefix() ? core::url_decode(k.substr(name.size())) + "=" + core::url_decode(v)
                                               : v);
    }
    for (auto& [name, arg] : link) {
        if (name.back() == '.' || arg.all.size() < 2) continue;
        std::string values;
        for (const std::string& v : arg.all) values += (values.empty() ? "'" : ", '") + v + "'";
        repeated.push_back(
            core::trf("'%s' appears %d times in the link (%s): ignored, since it is not clear which was meant",
                      name.c_str(), int(arg.all.size()), values.c_str()));
        arg = LinkArg{};
    }
    return link;
}

void PageKeys::read(LinkStage stage, const LinkArgs& link, Messages& msgs) const {
    for (const PageKey& key : keys_) {
        if (key.stage != stage || key.link == InLink::No || key.link == InLink::Run) continue;
        const std::string name = key.name_in_link();
        auto at = std::find_if(link.begin(), link.end(), [&](const auto& x) { return x.first == name; });
        const LinkArg v = at == link.end() ? LinkArg{} : at->second;
        if (key.read) {
            key.read(v, link, msgs);
            continue;
        }
        if (!v.given) continue;   // (the command, with the link's value: as typed)
        core::ParsedCommand p = core::parse_command(key.syntax.name + "=" + core::url_decode(v.value), {key.syntax});
        std::string why = p.error.empty() ? key.act(p.arg) : p.error;
        if (!why.empty()) msgs.push_back(name + "=" + core::quote(v.value) + ": " + why);
    }
}

std::string PageKeys::write(bool with_run, bool phone) const {
    std::string q;
    for (const PageKey& key : keys_) {
        if ((key.link != InLink::Page && key.link != InLink::WithRun) || (key.link == InLink::WithRun) != with_run ||
            (phone && !key.to_phone) || !key.write)
            continue;
        for (const std::string& v : key.write()) q += "&" + key.name_in_link() + (key.prefix() ? "" : "=") + v;
    }
    return q;
}

namespace {

std::string help_entry(const std::string& name, const std::string& arg, const std::string& help) {
    return "{\"name\":" + json_string(name) + ",\"arg\":" + json_string(arg) +
        ",\"help\":" + json_string(core::tr(help)) + "}";
}

const char* control_kind(Control c) {
    switch (c) {
    case Control::Button: return "button";
    case Control::Switch: return "switch";
    case Control::Choice: return "choice";
    case Control::Number: return "number";
    case Control::None: break;
    }
    return "none";
}

}   // namespace

std::string PageKeys::commands_json() const {
    std::string s;
    for (const core::CommandSyntax& c : syntaxes_)
        s += (s.empty() ? "[" : ",") + help_entry(c.name, c.arg_name, c.help);
    return s.empty() ? "[]" : s + "]";
}

std::string PageKeys::link_json() const {
    std::string s;
    for (const PageKey& k : keys_)
        if (k.link != InLink::No)
            s += (s.empty() ? "[" : ",") +
                help_entry(k.name_in_link(), k.link_arg.empty() ? k.syntax.arg_name : k.link_arg,
                           k.link_help.empty() ? k.syntax.help : k.link_help);
    return s.empty() ? "[]" : s + "]";
}

std::string PageKeys::controls_json() const {
    std::string s;
    for (const PageKey& k : keys_) {
        if (k.control == Control::None) continue;
        std::string choices;
        if (k.choices)
            for (const Choice& c : k.choices())
                choices += (choices.empty() ? "" : ",") + std::string("{\"value\":") + json_string(c.value) +
                    ",\"text\":" + json_string(c.lang.empty() ? core::tr(c.text) : c.text) +
                    ",\"lang\":" + json_string(c.lang) + "}";
        s += (s.empty() ? "[" : ",") + std::string("{\"name\":") + json_string(k.syntax.name) +
            ",\"kind\":" + json_string(control_kind(k.control)) + ",\"label\":" + json_string(core::tr(k.label)) +
            ",\"help\":" + json_string(core::tr(k.syntax.help)) + ",\"group\":" + json_string(k.group) +
            ",\"state\":" + json_string(k.state_name.empty() ? k.syntax.name : k.state_name) +
            ",\"canvas\":" + json_string(k.canvas.empty() ? "button:" + k.syntax.name : k.canvas) +
            ",\"lo\":" + core::json_number(k.syntax.lo) + ",\"hi\":" + core::json_number(k.syntax.hi) +
            ",\"step\":" + core::json_number(k.step) + ",\"choices\":[" + choices + "]}";
    }
    return s.empty() ? "[]" : s + "]";
}

std::string PageKeys::state_json() const {
    std::string s;
    for (const PageKey& k : keys_)
        if (k.state) s += "," + json_string(k.state_name.empty() ? k.syntax.name : k.state_name) + ":" + k.state();
    return s;
}

}   // namespace app

namespace app {

static std::vector<MakePart>& parts_added() {
    static std::vector<MakePart> parts;
    return parts;
}

bool add_part(MakePart make) {
    parts_added().push_back(make);
    return true;
}

const std::vector<MakePart>& added_parts() { return parts_added(); }

}   // namespace app
