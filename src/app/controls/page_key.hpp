// The page's state, declared once, as TensorFlow Playground declares its properties in state.ts: every key a link or
// a command can carry is one PageKey, with its grammar, help, command, place in the link (and whether it follows the
// link to a phone through the QR code), field in state() and control in the HTML document. The link is read and
// written, the commands run, state() and the keys' help are written, and web/pdom.js builds its page controls from
// these declarations (page_keys.cpp); nothing restates a key. A part of the app (app/controls/part.hpp) declares its own.
#pragma once
#include "session/command.hpp"
#include "session/share_link.hpp"   // LinkItems
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace app {

// A link's value of one key, as read ("b." keys: every NAME=VALUE, decoded).
struct LinkArg {
    bool given = false;
    std::string value;              // percent-decoded (the last one when the key is repeated)
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

// The HTML document's controls for a key (web/pdom.js builds one of each kind; nothing there is written per key).
enum class Control {
    Button,   // the command (with the control's argument, if any)
    Toggle,   // a button that is on or off (aria-pressed); what it sends and says follows the state (`now`)
    Switch,   // 0|1: a checkbox
    Choice,   // one of `choices`: a select
    Number,   // lo … hi: a number field
    Slider,   // lo … hi: a range
    Text,     // any text: a text field (its value typed, sent when it changes)
};

struct Choice {
    std::string value, text;   // the argument and its label (translated when shown)
    std::string lang;          // the language the label is in, when it is not the page's (a language's own name)
    std::string canvas;        // its id in the layout map ("": "option:" + the control's id + ":" + value)
    std::string tip;           // the canvas's help when the option is hovered (translated; "": none)
};

// A control as it is now, where that follows the state (state().page_controls): "" and true leave it as declared.
struct ControlNow {
    std::string label;         // what it says now
    std::string command;       // what a press sends now (Button, Toggle)
    std::string canvas;        // its id in the layout map now
    std::string value;         // its value now ("": the key's state() field)
    std::string value_text;    // what a screen reader says of its value (Slider); what a closed Choice shows
    std::string short_label;   // what the canvas's button says, where it is shorter than `label` ("": the label)
    std::string tip;           // the canvas's help on hover now, translated ("": the declared tip)
    bool shown = true, enabled = true, pressed = false;
};

struct PageControl {
    Control kind = Control::Button;
    std::string label;    // translated where shown
    std::string group;    // the section of the document it goes in ("run", "share", "lecture", …)
    std::string canvas;   // the same control's id in the layout map (state().controls; "": "button:" + the key's name)
    std::string arg;      // Button: the argument it sends ("": none; the command is the key's name alone)
    std::string id;       // its element's id ("": the canvas id's last part, "combo:theme" → "theme")
    double lo = 0, hi = 0;   // Number, Slider: the range (hi ≤ lo: the key's grammar's)
    double step = 0;         // Number, Slider: the step
    // The keyboard's key for it (aria-keyshortcuts: "Space", "P", "?"): the canvas's keyboard presses the control
    // (its command now, while it is shown and enabled), and the keys' help lists it with the key's help.
    std::string shortcut;
    std::string key_help;           // what the shortcut does, in the keys' help ("": the key's help)
    std::string short_label;        // what the canvas's button says, where it is shorter ("": the label)
    std::string tip;                // the canvas's help when the control is hovered or long-pressed ("": none)
    std::string hide_as, lock_as;   // its names in an exercise link (hide=NAME, lock=NAME; app/parts/exercise.hpp)
    std::string help;               // the field's description ("": the key's help)
    bool commit = false;            // Choice: a change made with the keys waits for Enter or for the focus to leave
    bool picker = false;            // Choice: it runs a command and shows its first choice again (a menu, not a value)
    // Where the document's focus goes when this control is disabled or hidden while it has it: the first of these
    // controls (ids) that can take it (none: the nearest control before it)
    std::vector<std::string> heirs;
    std::function<std::vector<Choice>()> choices;   // Choice: the values offered
    std::function<ControlNow()> now;                // unset: it never changes
};

using Act = std::function<std::string(const session::CommandArg&)>;

struct PageKey {
    session::CommandSyntax syntax;   // the name, the argument's grammar and range, its name for help, one line of help
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
    // Its values in the link for the current state, as the link writes them (none: not in the link; a free text
    // percent-encoded, session::url_encode).
    std::function<std::vector<std::string>()> write;

    // In state(): a field of this name with this JSON value (unset: none)
    std::string state_name;
    std::function<std::string()> state;

    // In the HTML document: its controls, in order, then those made for what the page shows now (one per view, …),
    // which change only when the document does (state().document)
    std::vector<PageControl> controls;
    std::function<std::vector<PageControl>()> more_controls;
    std::vector<PageControl> all_controls() const {
        std::vector<PageControl> all = controls;
        if (more_controls)
            for (PageControl& c : more_controls()) all.push_back(std::move(c));
        return all;
    }
    PageControl& control(Control kind, std::string label, std::string group, std::string canvas = "") {
        PageControl c;
        c.kind = kind;
        c.label = std::move(label);
        c.group = std::move(group);
        c.canvas = std::move(canvas);
        controls.push_back(std::move(c));
        return controls.back();
    }

    std::string name_in_link() const { return link_name.empty() ? syntax.name : link_name; }
    bool prefix() const { return !name_in_link().empty() && name_in_link().back() == '.'; }
};

// A control's id in the HTML document ("" declared: the canvas id's last part), its canvas id ("" declared:
// "button:" + the key's name) and the command a press sends now (page_keys.cpp).
std::string control_id(const PageKey& k, const PageControl& c);
std::string canvas_id(const PageKey& k, const PageControl& c);
std::string command_of(const PageKey& k, const PageControl& c, const ControlNow& now);

// A Toggle as it is now: pressed or not, saying `on_label` or `off_label`, and sending "NAME=0" or "NAME=1".
ControlNow toggled(const std::string& name, bool on, const char* off_label, const char* on_label);

// Appends a key with its command (unset: a key of links only) to `keys`, and returns it for the rest of its
// declaration: `declare(keys, {"qr", …}, act).link = InLink::Page;`.
PageKey& declare(std::vector<PageKey>& keys, session::CommandSyntax syntax, Act act);

// A key's values in the link: `value` when `on`, else none (the key is left out).
inline std::vector<std::string> written_if(bool on, const std::string& value) {
    return on ? std::vector<std::string>{value} : std::vector<std::string>{};
}

// A link key whose value is a choice or "auto" (the system's or the browser's, when the link has none): read by
// `choose` ("" or why not: then auto, and why), written when the choice is not auto.
void in_link_or_auto(PageKey& k, std::function<std::string(const std::string&)> choose,
                     std::function<std::string()> chosen);

// Arguments of links and commands, read with the one grammar (core/parse.hpp) (page_keys.cpp).
std::string switch_arg(const std::string& key, const std::string& v, bool& out);   // 0|1: "" or why not
// A link's 0|1: off when the link does not give it, or gives something else (then why, in msgs).
bool switch_in_link(const std::string& key, const LinkArg& v, Messages& msgs);
bool whole_number(const std::string& s, int& out);   // 0 … 999999

// The declarations of every part, in order, and what is made from them (page_keys.cpp).
class PageKeys {
public:
    void add(std::vector<PageKey> keys);   // in order: a part's keys after the earlier parts'
    const std::vector<PageKey>& all() const { return keys_; }
    const std::vector<session::CommandSyntax>& syntaxes() const { return syntaxes_; }   // the commands, for parsing
    const PageKey& command(int k) const { return keys_[size_t(commands_[size_t(k)])]; }
    const PageKey* in_link(const std::string& item_key) const;   // the key a link item belongs to (nullptr: none)
    // The link's values of the page's keys, from its items as read once for every reader (session::link_items: decoded,
    // a name given twice left out with one message); the other items (the run's configuration) go to `rest`.
    LinkArgs gather(const session::LinkItems& link, session::LinkItems& rest) const;
    void read(LinkStage stage, const LinkArgs& link, Messages& msgs) const;
    // "&present=1&tour=3": the keys written with the run (with_run) or after it; phone: only those that follow the
    // link to a phone.
    std::string write(bool with_run, bool phone = false) const;
    // A control by its id in the HTML document ("play", "present", "enlarge-2"), as declared (nullptr: none).
    const PageKey* find_control(const std::string& id, PageControl& out) const;
    // The controls with a keyboard key, as declared: the key's declaration and its control.
    std::vector<std::pair<const PageKey*, PageControl>> with_shortcut() const;
    std::string commands_json() const;   // [{"name", "arg", "help"}]: the commands
    std::string link_json() const;       // [{"name", "arg", "help"}]: the link's keys
    // The HTML document's page controls: [{"name", "id", "kind", "label", "help", "group", "state", "canvas",
    // "command", "lo", "hi", "step", "choices": [{"value", "text", "lang"}]}]
    std::string controls_json() const;
    // ,"name":value for every key with a state field, and "page_controls": {id: {"label", "command", "canvas",
    // "value_text", "shown", "enabled", "pressed"}} for every control that follows the state
    std::string state_json() const;

private:
    std::vector<PageKey> keys_;
    std::vector<session::CommandSyntax> syntaxes_;
    std::vector<int> commands_;   // syntaxes_[k] is keys_[commands_[k]]
};

}   // namespace app
