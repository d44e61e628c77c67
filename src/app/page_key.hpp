// The page's state, declared once, as TensorFlow Playground declares its properties in state.ts: every key a link or
// a command can carry is one PageKey, with its grammar, help, command, place in the link (and whether it follows the
// link to a phone through the QR code), field in state() and control in the HTML document. The link is read and
// written, the commands run, state() and the keys' help are written, and web/pdom.js builds its page controls from
// these declarations (page_keys.cpp); nothing restates a key. A part of the app (app/part.hpp) declares its own.
#pragma once
#include "session/command.hpp"
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace app {

// A link's value of one key, as read ("b." keys: every NAME=VALUE, decoded).
struct LinkArg {
    bool given = false;
    std::string value;              // as written (the last one when the key is repeated)
    std::vector<std::string> all;   // every value, in the link's order
};
using LinkArgs = std::vector<std::pair<std::string, LinkArg>>;   // the link's page keys, by name
using Messages = std::vector<std::string>;

// When a link's value is applied: stage by stage (the run's configuration opens between Look and Setup), and in
// the declarations' order within a stage. A key that changes the run comes before those that act on it.
enum class LinkStage {
    Look,      // how the page looks, before the run opens (its language first: the rest of the link speaks it)
    Setup,     // the run is open: its workers, the exercise's restrictions
    Compare,   // run B
    Moments,   // rewind and its history
    Tour,      // a tour step (configures and plays the run), its answer
    Last,      // what is shown large, a clip
};

enum class InLink {
    No,    // a command only
    Run,   // the run's configuration (lab, preset, seed: read and written by session/share_link.hpp with the parameters)
    Page,      // written after the run's keys (the page URL)
    WithRun,   // written with the run's configuration (state().query holds these too)
};

// The HTML document's control for a key (web/pdom.js builds one of each kind; nothing there is written per key).
enum class Control {
    None,
    Button,   // the command without an argument
    Switch,   // 0|1: a checkbox
    Choice,   // one of `choices`: a select
    Number,   // lo … hi: a number field
};

struct Choice {
    std::string value, text;   // the argument and its label (translated when shown)
    std::string lang;          // the language the label is in, when it is not the page's (a language's own name)
};

using Act = std::function<std::string(const core::CommandArg&)>;

struct PageKey {
    core::CommandSyntax syntax;   // the name, the argument's grammar and range, its name for help, one line of help
    // As a command: "" when it acted, otherwise why not. Unset: the key is in links only.
    Act act;

    // In a link (a name ending in '.' takes every key that starts with it: b.NAME=VALUE)
    InLink link = InLink::No;
    LinkStage stage = LinkStage::Look;
    bool to_phone = true;   // follows the link into the QR code (false: the lecturer's display, not the class's)
    std::string link_name, link_arg, link_help;   // where the link says it otherwise than the command ("": the same)
    // Applies the link's value, called for every key of its stage, given or not (an absent key is its default or
    // leaves the state as it is); what it could not do goes to msgs. Unset: the command, when the link gives it.
    std::function<void(const LinkArg& v, const LinkArgs& link, Messages& msgs)> read;
    // Its values in the link for the current state (none: not in the link).
    std::function<std::vector<std::string>()> write;

    // In state(): a field of this name with this JSON value (unset: none)
    std::string state_name;
    std::function<std::string()> state;

    // In the HTML document
    Control control = Control::None;
    std::string label;                              // the control's label (translated where shown)
    std::function<std::vector<Choice>()> choices;   // Choice: the values offered
    std::string group;                              // the section of the document it goes in ("run", "share", …)
    std::string canvas;   // the same control's id in the layout map (state().controls; "": "button:" + its name)
    double step = 0;      // Number: the step of its field

    std::string name_in_link() const { return link_name.empty() ? syntax.name : link_name; }
    bool prefix() const { return !name_in_link().empty() && name_in_link().back() == '.'; }
};

// Appends a key with its command (unset: a key of links only) to `keys`, and returns it for the rest of its
// declaration: `declare(keys, {"qr", …}, act).link = InLink::Page;`.
PageKey& declare(std::vector<PageKey>& keys, core::CommandSyntax syntax, Act act);

// A key's values in the link: `value` when `on`, else none (the key is left out).
inline std::vector<std::string> written_if(bool on, const std::string& value) {
    return on ? std::vector<std::string>{value} : std::vector<std::string>{};
}

// Arguments of links and commands, read with the one grammar (core/parse.hpp) (page_keys.cpp).
std::string switch_arg(const std::string& key, const std::string& v, bool& out);   // 0|1: "" or why not
bool whole_number(const std::string& s, int& out);                                 // 0 … 999999

// The declarations of every part, in order, and what is made from them (page_keys.cpp).
class PageKeys {
public:
    void add(std::vector<PageKey> keys);   // in order: a part's keys after the earlier parts'
    const std::vector<PageKey>& all() const { return keys_; }
    const std::vector<core::CommandSyntax>& syntaxes() const { return syntaxes_; }   // the commands, for parsing
    const PageKey& command(int k) const { return keys_[size_t(commands_[size_t(k)])]; }
    const PageKey* in_link(const std::string& item_key) const;   // the key a link item belongs to (nullptr: none)
    // The link's values of the page's keys, from its items as split once (core::split_query); the other items (the
    // run's configuration) go to `rest`; a key given twice is dropped with a message, as a configuration key is.
    LinkArgs gather(const std::vector<std::string>& items, std::vector<std::string>& rest, Messages& repeated) const;
    void read(LinkStage stage, const LinkArgs& link, Messages& msgs) const;
    // "&present=1&tour=3": the keys written with the run (with_run) or after it; phone: only those that follow the
    // link to a phone.
    std::string write(bool with_run, bool phone = false) const;
    std::string commands_json() const;   // [{"name", "arg", "help"}]: the commands
    std::string link_json() const;       // [{"name", "arg", "help"}]: the link's keys
    // The HTML document's page controls: [{"name", "kind", "label", "help", "group", "state", "canvas", "lo", "hi",
    // "step", "choices": [{"value", "text", "lang"}]}]
    std::string controls_json() const;
    std::string state_json() const;   // ,"name":value for every key with a state field

private:
    std::vector<PageKey> keys_;
    std::vector<core::CommandSyntax> syntaxes_;
    std::vector<int> commands_;   // syntaxes_[k] is keys_[commands_[k]]
};

}   // namespace app
