// The page's link: the run's configuration (core/share_link.hpp: lab, preset, seed, parameters) and the page's own
// keys, declared once in the table below, like the commands (commands.cpp): each key's name, help, when a link's
// value is applied, how it is read and how it is written from the state. open_link() reads a link with it and
// sync_url() writes the page URL with it, in the table's order. Adding a key is adding one entry here.
#include "app/app.hpp"
#include "core/compare.hpp"
#include "session/json_text.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cstdio>

namespace app {

// A link's keys besides the configuration, as read: each key's value ("b." keys: every NAME=VALUE, decoded).
struct App::LinkArg {
    bool given = false;
    std::string value;              // as written (the last one when the key is repeated)
    std::vector<std::string> all;   // every value, in the link's order
};

// When a link's value is applied: stage by stage (the run's configuration opens between Look and Setup), and in
// the table's order within a stage. A key that changes the run comes before those that act on it.
enum class LinkStage {
    Look,      // how the page looks, before the run opens
    Setup,     // the run is open: its workers, the exercise's restrictions
    Compare,   // run B
    Moments,   // rewind and its history
    Tour,      // a tour step (configures and plays the run), its answer
    Last,      // what is shown large, a clip
};

struct App::LinkKey {
    const char* name;   // a name ending in '.' takes every key that starts with it: b.NAME=VALUE
    const char* arg;    // for help: "0|1", "N"
    const char* help;
    LinkStage stage;
    bool with_run;   // written with the run's configuration (state().query holds these too)
    // Applies the link's value (called for every key, given or not: an absent key is its default or leaves the
    // state as it is); what it could not do goes to msgs.
    void (*read)(App& a, const LinkArg& v, const LinkArgs& link, std::vector<std::string>& msgs);
    // The key's values for the current state (none: not in the link; "b.": NAME=VALUE, encoded).
    std::vector<std::string> (*write)(const App& a);
};

namespace {

using Values = std::vector<std::string>;
Values one_if(bool on, const std::string& v) { return on ? Values{v} : Values{}; }
void note(std::vector<std::string>& msgs, const std::string& why) {
    if (!why.empty()) msgs.push_back(why);
}

}   // namespace

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

const std::vector<App::LinkKey>& App::link_keys() {
    using S = LinkStage;
    using Msgs = std::vector<std::string>;
    static const std::vector<LinkKey> table = {
        // compare mode (compare_mode.cpp): B = A with changes, next to A's keys
        {"compare", "ID", core::later::tr("compare with one of the lab's named comparisons (at its preset)"),
         S::Compare, true,
         [](App& a, const LinkArg& v, const LinkArgs& link, Msgs& msgs) {
             const std::string id = core::url_decode(v.value);
             const bool b_keys = std::any_of(link.begin(), link.end(), [](const auto& k) { return k.first == "b."; });
             if (id.empty()) return;
             if (b_keys)
                 msgs.push_back(
                     core::trf("compare=%s ignored: the link's b. keys say what B is", core::quote(id).c_str()));
             else if (std::string why = a.cmd_compare(id); !why.empty())
                 msgs.push_back("compare=" + core::quote(id) + ": " + why);
         },
         [](const App& a) {
             const std::string id = a.compare_.id(*a.lab_, a.config_.preset);
             return one_if(!id.empty(), core::url_encode(id));
         }},
        {"b.", "NAME=VALUE", core::later::tr("run B's value of parameter NAME (B = A with these changes)"), S::Compare,
         true,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             if (v.all.empty()) return;
             core::Changes changes;
             for (const std::string& text : v.all) {
                 std::pair<std::string, std::string> c;
                 std::string why = core::parse_change(a.lab_->schema(), text, c);
                 if (why.empty()) changes.push_back(c);
                 else msgs.push_back(core::trf("%s: left out of the comparison", why.c_str()));
             }
             if (std::string why = a.set_compare(changes, ""); !why.empty())
                 msgs.push_back(core::trf("the link's comparison was not opened: %s", why.c_str()));
         },
         [](const App& a) {
             Values out;
             if (a.compare_.id(*a.lab_, a.config_.preset).empty())
                 for (const auto& [name, value] : a.compare_.changes())
                     out.push_back(core::url_encode(name) + "=" + core::url_encode(value));
             return out;
         }},
        // sweep repetitions in the page's Web Workers (worker_pool.cpp)
        {"workers", "N",
         core::later::tr(
             "sweep repetitions in N Web Workers (0: none; auto, the default: one per spare core where they pay)"),
         S::Setup, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             if (v.value.empty() || !a.host_.workers) return;   // (the desktop ignores it: its sweeps use threads)
             if (std::string why = a.cmd_workers(v.value); !why.empty())
                 msgs.push_back("workers=" + core::quote(v.value) + ": " + why);
         },
         [](const App& a) { return one_if(a.workers_.requested() >= 0, std::to_string(a.workers_.requested())); }},
        // lecture mode (lecture_commands.cpp, presentation.cpp, tour_player.cpp)
        {"present", "0|1", core::later::tr("presentation layout"), S::Look, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             bool on = false;
             if (v.given) note(msgs, switch_arg("present", v.value, on));
             a.present_ = on;
         },
         [](const App& a) { return one_if(a.present_, "1"); }},
        {"qr", "0|1", core::later::tr("the QR code of this run's link beside the views (presentation mode)"), S::Look,
         false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             bool on = false;
             if (v.given) note(msgs, switch_arg("qr", v.value, on));
             note(msgs, a.cmd_qr(on));
         },
         [](const App& a) { return one_if(a.qr_, "1"); }},
        {"embed", "0|1", core::later::tr("one view, minimal chrome, for an iframe (not with present=1)"), S::Look,
         false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             bool on = false;
             if (v.given) note(msgs, switch_arg("embed", v.value, on));
             a.embed_ = on && !a.present_;
         },
         [](const App& a) { return one_if(a.embed_, "1"); }},
        {"tour", "N", core::later::tr("step N (from 1) of the lab's tour"), S::Tour, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             if (!v.value.empty()) note(msgs, a.cmd_tour(v.value));
         },
         [](const App& a) { return one_if(a.tour_.on(), std::to_string(a.tour_.step() + 1)); }},
        // (a clip is not written back: a shared link does not record on others' screens)
        {"record", "1|view", core::later::tr("record a clip of the canvas (1) or of the view shown large (view)"),
         S::Last, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             if (!v.value.empty()) note(msgs, a.record_.command(v.value, !a.shown_views().empty()));
         },
         [](const App&) { return Values{}; }},
        {"view", "N|ID",
         core::later::tr("view N (from 0) or the view with this id shown large (a tour step names its own)"), S::Last,
         false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             if (v.value.empty()) return;
             int n = -1;
             std::vector<core::View> vs;
             a.lab_->views(vs);
             if (!whole_number(v.value, n))
                 for (size_t k = 0; k < vs.size(); ++k)
                     if (vs[k].id == v.value) n = int(k);
             if (n >= 0 && n < int(vs.size())) {
                 a.focused_view_ = n;
                 a.focused_view2_ = -1;
             } else msgs.push_back(core::trf("view=%s: no such view (a number from 0 or a view id)", v.value.c_str()));
         },
         [](const App& a) { return one_if(!a.tour_.on() && a.focused_view_ >= 0, std::to_string(a.focused_view_)); }},
        {"answer", "a-d", core::later::tr("the class's answer to the tour step's question (the step then runs)"),
         S::Tour, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             if (!v.value.empty()) note(msgs, a.cmd_answer(v.value));
         },
         [](const App& a) {
             return one_if(a.tour_.on() && a.tour_.answer() >= 0, std::string(1, char('a' + a.tour_.answer())));
         }},
        {"scale", "F", core::later::tr("text and control size, 0.75 to 2.5 (written with present, embed or a tour)"),
         S::Look, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             if (!v.given) return;
             double s = 0;
             std::string why = core::parse_number(v.value, s);
             if (!why.empty() || s < 0.75 || s > 2.5) {
                 const std::string q = core::quote(v.value);
                 msgs.push_back(
                     why.empty() ? core::trf("scale=%s: give a UI scale from 0.75 to 2.5", q.c_str())
                                 : core::trf("scale=%s: give a UI scale from 0.75 to 2.5: %s", q.c_str(), why.c_str()));
                 return;
             }
             if (float(s) != a.ui_scale_) {
                 a.ui_scale_ = float(s);
                 a.fonts_dirty_ = true;
             }
         },
         [](const App& a) {
             char b[16];
             std::snprintf(b, sizeof b, "%.3g", double(a.ui_scale_));
             return one_if(a.ui_scale_ != 1.0f && (a.present_ || a.embed_ || a.tour_.on()), b);
         }},
        {"theme", "ID", core::later::tr("colours: light, dark or contrast (absent: the system's)"), S::Look, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             if (std::string why = a.cmd_theme(v.given ? v.value : "auto", false); !why.empty()) {
                 msgs.push_back(why);   // a bad theme: the system's, and a message
                 a.cmd_theme("auto", false);
             }
         },
         [](const App& a) { return one_if(a.theme_choice_ != "auto", a.theme_choice_); }},
        {"lang", "CODE", core::later::tr("the page's language (absent: the browser's)"), S::Look, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             if (std::string why = a.cmd_lang(v.given ? v.value : "auto", false); !why.empty()) {
                 msgs.push_back(why);   // an unknown language: the browser's, and a message
                 a.cmd_lang("auto", false);
             }
         },
         [](const App& a) { return one_if(a.lang_choice_ != "auto", a.lang_choice_); }},
        // rewind (rewind.cpp)
        {"history", "0|1", core::later::tr("keep moments of the run for rewind (1, the default) or not (0)"),
         S::Moments, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             if (v.value == "0" || v.value == "1") a.cmd_history(v.value == "1");
             else if (!v.value.empty())
                 msgs.push_back(core::trf("history=%s: give 0 or 1", core::quote(v.value).c_str()));
         },
         [](const App& a) { return one_if(!a.rewind_.keeps(), "0"); }},
        {"rewind", "F", core::later::tr("the run played to its end, shown as it was at progress F (0 to 1)"),
         S::Moments, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             a.rewind_.set_pending(-1);
             if (v.value.empty() || v.value == "off") return;
             double f = -1;
             if (core::parse_number(v.value, f).empty() && f >= 0 && f <= 1) {
                 a.rewind_.set_pending(f);   // the run stops at that moment (so it is kept), goes on, and shows it
                 a.target_progress_ = f;
                 a.playing_ = true;
             } else
                 msgs.push_back(
                     core::trf("rewind=%s: give the run's progress from 0 to 1", core::quote(v.value).c_str()));
         },
         [](const App& a) {
             return a.rewind_.live() ? Values{} : Values{core::format_number(a.rewind_.shown()->progress)};
         }},
        // exercise links (exercise.hpp)
        {"hide", "PARTS",
         core::later::tr("an exercise: these controls are not shown (compare, presets, seed, lab, tour, params, "
                         "params:NAME)"),
         S::Setup, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             for (const std::string& m : a.exercise_.hide(v.value, a.lab_->schema())) msgs.push_back(m);
         },
         [](const App& a) { return one_if(!a.exercise_.hidden().empty(), a.exercise_.hidden()); }},
        {"lock", "NAMES",
         core::later::tr("an exercise: these values are shown but cannot change (parameters, seed, preset, lab)"),
         S::Setup, false,
         [](App& a, const LinkArg& v, const LinkArgs&, Msgs& msgs) {
             for (const std::string& m : a.exercise_.lock(v.value, a.lab_->schema())) msgs.push_back(m);
         },
         [](const App& a) { return one_if(!a.exercise_.locked().empty(), a.exercise_.locked()); }},
    };
    return table;
}

// A page link: the table's keys (read stage by stage), the rest is the run's configuration (core::decode_query).
void App::open_link(const std::string& query) {
    const std::string q = !query.empty() && query[0] == '?' ? query.substr(1) : query;
    const std::vector<LinkKey>& keys = link_keys();
    LinkArgs link;   // the table's keys that the link has, by name
    std::string rest;
    for (size_t start = 0; start <= q.size();) {
        const size_t end = std::min(q.find('&', start), q.size());
        const std::string kv = q.substr(start, end - start);
        start = end + 1;
        const size_t eq = kv.find('=');
        const std::string k = kv.substr(0, eq), v = eq == std::string::npos ? "" : kv.substr(eq + 1);
        auto key = std::find_if(keys.begin(), keys.end(), [&](const LinkKey& x) {
            const std::string name = x.name;
            return name.back() == '.' ? k.rfind(name, 0) == 0 : k == name;
        });
        if (key == keys.end()) {
            if (!kv.empty()) rest += (rest.empty() ? "" : "&") + kv;
            continue;
        }
        auto at = std::find_if(link.begin(), link.end(), [&](const auto& x) { return x.first == key->name; });
        if (at == link.end()) at = link.insert(link.end(), {key->name, LinkArg{}});
        const bool prefix = std::string(key->name).back() == '.';
        at->second.given = true;
        at->second.value = v;
        at->second.all.push_back(
            prefix ? core::url_decode(k.substr(std::string(key->name).size())) + "=" + core::url_decode(v) : v);
    }
    // A page key given twice is ambiguous, as a configuration key is (core/share_link.cpp): ignored, with a message.
    std::vector<std::string> repeated;
    for (auto& [name, arg] : link) {
        if (std::string(name).back() == '.' || arg.all.size() < 2) continue;
        std::string values;
        for (const std::string& v : arg.all) values += (values.empty() ? "'" : ", '") + v + "'";
        repeated.push_back(
            core::trf("'%s' appears %d times in the link (%s): ignored, since it is not clear which was meant",
                      name.c_str(), int(arg.all.size()), values.c_str()));
        arg = LinkArg{};
    }
    auto read_stage = [&](LinkStage stage, std::vector<std::string>& msgs) {
        for (const LinkKey& key : keys) {
            if (key.stage != stage) continue;
            auto at = std::find_if(link.begin(), link.end(), [&](const auto& x) { return x.first == key.name; });
            key.read(*this, at == link.end() ? LinkArg{} : at->second, link, msgs);
        }
    };
    core::Decoded d = core::decode_query(rest);
    std::vector<std::string> look;
    read_stage(LinkStage::Look, look);
    link_messages_ = d.messages;
    link_messages_.insert(link_messages_.end(), look.begin(), look.end());
    link_messages_.insert(link_messages_.end(), repeated.begin(), repeated.end());
    tour_.end();      // a link says the whole page: no tour, no run B unless it names them
    compare_.end();   // (before the run opens, so that B does not follow A's new configuration)
    open(d.config);
    for (LinkStage s : {LinkStage::Setup, LinkStage::Compare, LinkStage::Moments, LinkStage::Tour, LinkStage::Last})
        read_stage(s, link_messages_);
    sync_url();
}

// The link's keys for the current state: those written with the run's configuration (with_run) or the others.
std::string App::link_query(bool with_run) const {
    std::string q;
    for (const LinkKey& key : link_keys()) {
        if (key.with_run != with_run) continue;
        for (const std::string& v : key.write(*this))
            q += "&" + std::string(key.name) + (std::string(key.name).back() == '.' ? "" : "=") + v;
    }
    return q;
}

// The keys for the HTML document and its help: [{"name", "arg", "help"}, ...].
std::string App::link_keys_json() {
    std::string s;
    for (const LinkKey& k : link_keys())
        s += std::string(s.empty() ? "[" : ",") + "{\"name\":" + core::json_string(k.name) +
            ",\"arg\":" + core::json_string(k.arg) + ",\"help\":" + core::json_string(core::tr(k.help)) + "}";
    return s + "]";
}

void App::sync_url() {
    std::string url = last_query_ + link_query(false);
    if (url != last_url_ && host_.set_query) host_.set_query(url);
    last_url_ = url;
}

}   // namespace app
