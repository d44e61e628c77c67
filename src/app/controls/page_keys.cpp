// What is made from the page's key declarations (page_key.hpp): the link read and written, the commands' table, the
// keys' help, state()'s fields and the HTML document's page controls. Nothing here knows a key by name.
#include "app/controls/page_key.hpp"
#include "app/controls/part.hpp"
#include "session/share_link.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include <algorithm>

namespace app {

using session::json_string;

// Lecture keys read numbers and switches with the one grammar (core/parse.hpp), like every other input.
std::string switch_arg(const std::string& key, const std::string& v, bool& out) {
    long long n = 0;
    std::string why = core::parse_whole(v, 0, 1, n);
    if (!why.empty())
        return core::trf("%s=%s: give 1 (on) or 0 (off): %s", key.c_str(), core::quote(v).c_str(), why.c_str());
    out = n == 1;
    return "";
}

bool switch_in_link(const std::string& key, const LinkArg& v, Messages& msgs) {
    bool on = false;
    if (!v.given) return false;
    if (std::string why = switch_arg(key, v.value, on); !why.empty()) {
        msgs.push_back(why);
        return false;
    }
    return on;
}

bool whole_number(const std::string& s, int& out) {
    long long n = 0;
    if (!core::parse_whole(s, 0, 999999, n).empty()) return false;
    out = int(n);
    return true;
}

void in_link_or_auto(PageKey& k, std::function<std::string(const std::string&)> choose,
                     std::function<std::string()> chosen) {
    k.read = [choose](const LinkArg& v, const LinkArgs&, Messages& msgs) {
        if (std::string why = choose(v.given ? v.value : "auto"); !why.empty()) {
            msgs.push_back(why);   // not one of the choices: auto, and a message
            choose("auto");
        }
    };
    k.write = [chosen] {
        const std::string c = chosen();
        return written_if(c != "auto", c);
    };
}

PageKey& declare(std::vector<PageKey>& keys, session::CommandSyntax syntax, Act act) {
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

LinkArgs PageKeys::gather(const session::LinkItems& items, session::LinkItems& rest) const {
    LinkArgs link;
    rest.repeated = items.repeated;
    for (const auto& [k, v] : items.items) {
        const PageKey* key = in_link(k);
        if (!key) {
            rest.items.emplace_back(k, v);
            continue;
        }
        const std::string name = key->name_in_link();
        auto at = std::find_if(link.begin(), link.end(), [&](const auto& x) { return x.first == name; });
        if (at == link.end()) at = link.insert(link.end(), {name, LinkArg{}});
        at->second.given = true;
        at->second.value = v;
        at->second.all.push_back(key->prefix() ? k.substr(name.size()) + "=" + v : v);
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
        session::ParsedCommand p = session::parse_command(key.syntax.name + "=" + v.value, {key.syntax});
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

std::string canvas_id(const PageKey& k, const PageControl& c) {
    return c.canvas.empty() ? "button:" + k.syntax.name : c.canvas;
}

std::string control_id(const PageKey& k, const PageControl& c) {
    if (!c.id.empty()) return c.id;
    const std::string canvas = canvas_id(k, c);
    return canvas.substr(canvas.find(':') + 1);
}

std::string command_of(const PageKey& k, const PageControl& c, const ControlNow& now) {
    if (!now.command.empty()) return now.command;
    return c.arg.empty() ? k.syntax.name : k.syntax.name + "=" + c.arg;
}

const PageKey* PageKeys::find_control(const std::string& id, PageControl& out) const {
    for (const PageKey& k : keys_)   // the declared controls first: the controls made per view are built to look
        for (const PageControl& c : k.controls)
            if (control_id(k, c) == id) {
                out = c;
                return &k;
            }
    for (const PageKey& k : keys_)
        if (k.more_controls)
            for (PageControl& c : k.more_controls())
                if (control_id(k, c) == id) {
                    out = std::move(c);
                    return &k;
                }
    return nullptr;
}

std::vector<std::pair<const PageKey*, PageControl>> PageKeys::with_shortcut() const {
    std::vector<std::pair<const PageKey*, PageControl>> out;
    for (const PageKey& k : keys_)
        for (const PageControl& c : k.controls)
            if (!c.shortcut.empty()) out.emplace_back(&k, c);
    return out;
}

namespace {

std::string help_entry(const std::string& name, const std::string& arg, const std::string& help) {
    return "{\"name\":" + json_string(name) + ",\"arg\":" + json_string(arg) +
        ",\"help\":" + json_string(core::tr(help)) + "}";
}

// A field's description: its own, else the key's help (a choice's options say enough: none)
std::string help_of(const PageKey& k, const PageControl& c) {
    if (!c.help.empty()) return c.help;
    return c.kind == Control::Choice || c.kind == Control::Button || c.kind == Control::Toggle ? "" : k.syntax.help;
}

const char* control_kind(Control c) {
    switch (c) {
    case Control::Button: return "button";
    case Control::Switch: return "switch";
    case Control::Choice: return "choice";
    case Control::Number: return "number";
    case Control::Toggle: return "toggle";
    case Control::Slider: return "slider";
    case Control::Text: return "text";
    }
    return "button";
}

}   // namespace

std::string PageKeys::commands_json() const {
    std::string s;
    for (const session::CommandSyntax& c : syntaxes_)
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

ControlNow toggled(const std::string& name, bool on, const char* off_label, const char* on_label) {
    ControlNow n;
    n.pressed = on;
    n.label = core::tr(on ? on_label : off_label);
    n.command = name + (on ? "=0" : "=1");
    return n;
}

std::string PageKeys::controls_json() const {
    std::string s;
    for (const PageKey& k : keys_)
        for (const PageControl& c : k.all_controls()) {
            std::string choices;
            if (c.choices)
                for (const Choice& o : c.choices())
                    choices += (choices.empty() ? "" : ",") + std::string("{\"value\":") + json_string(o.value) +
                        ",\"text\":" + json_string(o.lang.empty() ? core::tr(o.text) : o.text) +
                        ",\"lang\":" + json_string(o.lang) + ",\"canvas\":" + json_string(o.canvas) + "}";
            s += (s.empty() ? "[" : ",") + std::string("{\"name\":") + json_string(k.syntax.name) +
                ",\"id\":" + json_string(control_id(k, c)) + ",\"kind\":" + json_string(control_kind(c.kind)) +
                ",\"label\":" + json_string(core::tr(c.label)) + ",\"help\":" + json_string(core::tr(help_of(k, c))) +
                ",\"group\":" + json_string(c.group) +
                ",\"state\":" + json_string(k.state_name.empty() ? k.syntax.name : k.state_name) +
                ",\"canvas\":" + json_string(canvas_id(k, c)) +
                ",\"command\":" + json_string(command_of(k, c, ControlNow{})) +
                ",\"lo\":" + session::json_number(c.hi > c.lo ? c.lo : k.syntax.lo) +
                ",\"hi\":" + session::json_number(c.hi > c.lo ? c.hi : k.syntax.hi) +
                ",\"step\":" + session::json_number(c.step) + ",\"shortcut\":" + json_string(c.shortcut) +
                ",\"hide_as\":" + json_string(c.hide_as) + ",\"lock_as\":" + json_string(c.lock_as) +
                ",\"commit\":" + (c.commit ? "true" : "false") + ",\"picker\":" + (c.picker ? "true" : "false") +
                ",\"heirs\":" + session::json_strings(c.heirs) + ",\"choices\":[" + choices + "]}";
        }
    return s.empty() ? "[]" : s + "]";
}

std::string PageKeys::state_json() const {
    std::string s, now;
    for (const PageKey& k : keys_) {
        if (k.state) s += "," + json_string(k.state_name.empty() ? k.syntax.name : k.state_name) + ":" + k.state();
        for (const PageControl& c : k.all_controls()) {
            if (!c.now) continue;
            const ControlNow n = c.now();
            now += (now.empty() ? "" : ",") + json_string(control_id(k, c)) + ":{\"label\":" + json_string(n.label) +
                ",\"command\":" + json_string(n.command) + ",\"canvas\":" + json_string(n.canvas) +
                ",\"value\":" + json_string(n.value) + ",\"value_text\":" + json_string(n.value_text) +
                ",\"shown\":" + (n.shown ? "true" : "false") + ",\"enabled\":" + (n.enabled ? "true" : "false") +
                ",\"pressed\":" + (n.pressed ? "true" : "false") + "}";
        }
    }
    return s + ",\"page_controls\":{" + now + "}";
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
