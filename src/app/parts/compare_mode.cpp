// Compare mode: run B = run A with one or more parameters changed, on the same seed, stepped in lockstep
// with A (session::step_lockstep) inside the frame budget, or in a Web Worker of its own, paced by A (run_b_worker.cpp).
// B follows A: when A's configuration changes, B is A's new configuration with the same changes. The link holds
// B as compare=ID or as b.name=value next to A's keys.
#include "app/parts/compare.hpp"
#include "session/compare.hpp"
#include "session/spoken.hpp"
#include "session/json_text.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"
#include <cmath>

namespace app {

std::string Compare::set(const core::Lab& a, const core::Params& params, const core::Changes& changes,
                         const std::string& title) {
    core::Params b;
    std::string why = session::apply_changes(a, params, changes, b);
    if (!why.empty()) return why;   // the running comparison, if any, stays as it was
    changes_ = changes;
    title_ = title;
    watch_.clear();
    std::vector<core::Comparison> named = a.comparisons();
    if (const core::Comparison* c = session::named_as(named, changes))   // a hand-made B may be a named one
    {
        title_ = c->title;
        watch_ = c->watch;
    }
    return "";
}

void Compare::end() {
    changes_.clear();
    title_.clear();
    drop();
}

double Compare::b_seconds() const {
    return runner_ ? runner_->current_plan().total() / runner_->lab().units_per_second() : 0.0;
}

std::string Compare::reset(const core::Lab& a, const session::RunConfig& config,
                           const std::function<bool(double)>& worker) {
    if (changes_.empty()) {
        drop();
        return "";
    }
    core::Params b;
    std::string why = session::apply_changes(a, config.params, changes_, b);
    if (!why.empty()) {   // A's new configuration leaves no valid B: say so, and run A alone
        end();
        return why;
    }
    if (!runner_) {
        runner_ = std::make_unique<core::Runner>(a);
        runner_->set_threads(host_.threads);
    }
    runner_->reset(b, config.seed);
    const std::string& text = stage_.runner().text();        // the class's text, which B's views route as A's do
    if (runner_->text() != text) runner_->read_text(text);   // (read by B's run, at B's parameters)
    b_ = session::snapshot_of(*runner_, false);
    remote_ = host_.workers && worker(b_seconds());   // B in its own worker, when the page has them ready
    if (!remote_) return "";
    session::RunConfig c = config;
    c.params = b;
    host_.workers->open_b(++run_, session::encode_query(c), text);
    limit_sent_ = -1;
    return "";
}

// B in the link: compare=ID when B is one of the lab's named comparisons at its preset, else b.NAME=VALUE keys.
std::string Compare::id(const core::Lab& a, const std::string& preset) const {
    if (changes_.empty()) return "";
    for (const core::Comparison& c : a.comparisons())
        if (c.b == changes_ && (c.preset.empty() || c.preset == preset)) return c.id;
    return "";
}

// state().compare: null, or B's changes, progress, end and metrics (A's are state().metrics).
std::string Compare::json(const core::Runner& a) const {
    using session::json_number;
    using session::json_string;
    if (!runner_) return "null";
    std::string s = "{\"title\":" + json_string(core::tr(title_)) + ",\"changes\":{";   // (as the document's)
    for (size_t k = 0; k < changes_.size(); ++k)
        s += (k ? "," : "") + json_string(changes_[k].first) + ":" + json_string(changes_[k].second);
    s += "},\"done\":" + session::json_bool(b_.done) + ",\"failure\":" + json_string(b_.failure);
    s += ",\"phase\":" + std::to_string(b_.phase) + ",\"progress\":" + json_number(b_.progress);
    s += ",\"worker\":" + session::json_bool(remote_) + ",\"run\":" + std::to_string(run_);
    s += ",\"a_done\":" + session::json_bool(a.done());
    s += ",\"metrics\":{";
    const auto& ms = b_.metrics;
    for (size_t k = 0; k < ms.size(); ++k)
        s += (k ? "," : "") + json_string(ms[k].key) + ":" + json_number(ms[k].value);
    s += "},\"headlines\":[";
    auto hs = session::headline_pairs(a, b_.metrics, watch_);
    for (size_t k = 0; k < hs.size(); ++k)
        s += std::string(k ? "," : "") + "{\"key\":" + json_string(hs[k].key) + ",\"a\":" + json_number(hs[k].a) +
            ",\"b\":" + json_number(hs[k].b) + "}";
    return s + "]}";
}

std::string Compare::change(const core::Changes& changes, const std::string& title) {
    if (changes.empty()) {
        leave();
        return "";
    }
    if (std::string why = set(stage_.lab(), stage_.config().params, changes, title); !why.empty()) return why;
    stage_.restart();   // A from the start too: the two runs stay in lockstep from the same seed
    return "";
}

void Compare::leave() {
    if (changes_.empty() && !on()) return;
    end();
    stage_.write_url();
}

std::string Compare::choose(const std::string& id) {
    if (id == "off") {
        leave();
        return "";
    }
    const core::Lab& lab = stage_.lab();
    const session::RunConfig& config = stage_.config();
    std::vector<core::Comparison> list = lab.comparisons();
    const core::Comparison* c = session::find_comparison(list, id);
    if (!c)
        return core::trf("no comparison %s for %s (comparisons: %s; off ends one)", core::quote(id).c_str(),
                         config.lab.c_str(), session::comparison_ids(lab).c_str());
    if (!c->preset.empty() && c->preset != config.preset) {   // the contrast lives at its preset: A opens there
        session::RunConfig at = config;
        if (!at.params.apply_preset(c->preset))
            return core::trf("comparison %s names an unknown preset", c->id.c_str());
        at.preset = c->preset;
        end();   // B follows once A is at its preset
        stage_.open(at);
    }
    return change(c->b, c->title);
}

// A second value worth comparing with, one click away: the other state of a switch, the next choice, a
// doubled (or halved) size on a log slider, a tenth of the range further on a linear one. The panel then
// edits B's value.
static std::string other_value(const core::ParamSpec& s, double v) {
    using T = core::ParamType;
    double w = v;
    switch (s.type) {
    case T::Points: break;   // not one click away: B changes its points by a link's b.NAME
    case T::Bool: w = v != 0 ? 0 : 1; break;
    case T::Choice: w = s.choices.empty() ? v : std::fmod(v + 1, double(s.choices.size())); break;
    case T::Int:
        if (s.log_scale) w = v * 2 <= s.max ? v * 2 : std::floor(v / 2);
        else w = v + 1 <= s.max ? v + 1 : v - 1;
        break;
    case T::Real: {
        if (s.log_scale) w = v * 2 <= s.max ? v * 2 : v / 2;
        else {
            double step = (s.max - s.min) / 10;
            w = v + step <= s.max ? v + step : v - step;
        }
        break;
    }
    }
    w = std::fmin(s.max, std::fmax(s.min, w));
    if (s.type == T::Choice && w >= 0 && w < double(s.choices.size())) return s.choices[size_t(w)];
    return core::format_number(w);
}

std::string Compare::vary(const std::string& name) {
    const core::Schema& schema = stage_.lab().schema();
    int k = schema.index_of(name);
    if (k < 0) return core::trf("no parameter %s in %s", core::quote(name).c_str(), stage_.config().lab.c_str());
    core::Changes changes = changes_;
    for (size_t j = 0; j < changes.size(); ++j)
        if (changes[j].first == name) {   // a second click drops the change
            changes.erase(changes.begin() + long(j));
            return change(changes, "");
        }
    const core::ParamSpec& s = schema.params[size_t(k)];
    if (s.type == core::ParamType::Points)
        return core::trf("B's points are not one click away: give them in a link's b.%s=… (the link's form)",
                         name.c_str());
    changes.emplace_back(name, other_value(s, stage_.config().params.values()[size_t(k)]));
    return change(changes, "");
}

std::vector<PageKey> Compare::keys() {
    using K = session::ArgKind;
    using Arg = const session::CommandArg&;
    auto comparing = [this] {   // the document's buttons of a comparison, shown while there is one
        ControlNow n;
        n.shown = on();
        return n;
    };
    std::vector<PageKey> keys;
    {
        PageKey& k = declare(keys,
                             {"compare", K::Word, 0, 0, "ID",
                              core::later::tr("compare with one of the lab's named comparisons (off: end it)")},
                             [this](Arg v) { return choose(v.text); });
        k.link = InLink::WithRun;
        k.stage = LinkStage::Compare;
        k.link_help = core::later::tr("compare with one of the lab's named comparisons (at its preset)");
        k.read = [this](const LinkArg& v, const LinkArgs& link, Messages& msgs) {
            const std::string& id = v.value;
            const bool b_keys = std::any_of(link.begin(), link.end(), [](const auto& x) { return x.first == "b."; });
            if (id.empty()) return;
            if (b_keys)
                msgs.push_back(
                    core::trf("compare=%s ignored: the link's b. keys say what B is", core::quote(id).c_str()));
            else if (std::string why = choose(id); !why.empty())
                msgs.push_back("compare=" + core::quote(id) + ": " + why);
        };
        k.write = [this] {
            const std::string named = id(stage_.lab(), stage_.config().preset);
            return written_if(!named.empty(), session::url_encode(named));
        };
        k.state = [this] { return json(stage_.runner()); };
        PageControl& with = k.control(Control::Choice, core::later::tr("Compare with"), "compare", "combo:compare");
        with.commit = true;
        with.choices = [this] {
            std::vector<Choice> c = {{"off", core::later::tr("no comparison"), ""}};
            for (const core::Comparison& x : stage_.lab().comparisons())
                c.push_back({x.id, x.title, "", "", session::describe(x.b) + "\n\n" + core::tr(x.contrast)});
            return c;
        };
        with.now = [this] {   // a comparison by hand is none of the named ones
            ControlNow n;
            const std::string named = id(stage_.lab(), stage_.config().preset);
            n.value = on() && !named.empty() ? named : "off";
            return n;
        };
        k.control(Control::Button, core::later::tr("End comparison"), "compare-end", "button:end-compare").arg = "off";
        k.controls.back().now = comparing;
        k.controls.back().heirs = {"compare"};
        k.controls.back().tip = core::later::tr("Back to run A alone (it keeps its progress). Link key: b.name=value.");
    }
    {
        PageKey& k = declare(
            keys, {"b", K::Text, 0, 0, "NAME=VALUE", core::later::tr("run B's value of parameter NAME (compare mode)")},
            [this](Arg v) {
                std::pair<std::string, std::string> c;
                std::string why = session::parse_change(stage_.lab().schema(), v.text, c);
                if (!why.empty()) return why;
                core::Changes changes = changes_;
                auto at =
                    std::find_if(changes.begin(), changes.end(), [&](const auto& x) { return x.first == c.first; });
                if (at == changes.end()) changes.push_back(c);
                else at->second = c.second;
                return change(changes, "");
            });
        k.link = InLink::WithRun;
        k.stage = LinkStage::Compare;
        k.link_name = "b.";
        k.link_help = core::later::tr("run B's value of parameter NAME (B = A with these changes)");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            if (v.all.empty()) return;
            core::Changes changes;
            for (const std::string& text : v.all) {
                std::pair<std::string, std::string> c;
                std::string why = session::parse_change(stage_.lab().schema(), text, c);
                if (why.empty()) changes.push_back(c);
                else msgs.push_back(core::trf("%s: left out of the comparison", why.c_str()));
            }
            if (std::string why = change(changes, ""); !why.empty())
                msgs.push_back(core::trf("the link's comparison was not opened: %s", why.c_str()));
        };
        k.write = [this] {
            std::vector<std::string> out;
            if (id(stage_.lab(), stage_.config().preset).empty())
                for (const auto& [name, value] : changes_)
                    out.push_back(session::url_encode(name) + "=" + session::url_encode(value));
            return out;
        };
    }
    declare(
        keys,
        {"vs", K::Word, 0, 0, "NAME", core::later::tr("compare with parameter NAME changed (again: drop that change)")},
        [this](Arg v) { return vary(v.text); });
    {
        PageControl& c = keys.back().control(Control::Choice, core::later::tr("Or run B with one parameter changed"),
                                             "compare", "combo:vs");
        c.commit = c.picker = true;
        c.choices = [this] {
            std::vector<Choice> c = {{"", core::later::tr("choose a parameter"), ""}};
            for (const core::ParamSpec& p : stage_.lab().schema().params)
                if (p.type != core::ParamType::Points)   // (by its words: an option holds no symbol read aloud)
                    c.push_back(
                        {p.name, session::param_words(p), core::language().code, "button:vs:" + p.name,
                         std::any_of(changes_.begin(), changes_.end(), [&](const auto& x) { return x.first == p.name; })
                             ? core::tr("B changes this parameter: click to drop the change")
                             : core::tr("Compare: run B with this parameter changed, on the same seed, beside "
                                        "this run")});
            return c;
        };
    }
    declare(keys, {"csv-b", K::None, 0, 0, "", core::later::tr("download run B's time series as CSV (compare mode)")},
            [this](Arg) -> std::string {
                if (!on()) return core::tr("there is no run B: compare first");
                if (!host_.download) return core::tr("there are no downloads here");
                host_.download(stage_.config().lab + "-seed" + std::to_string(stage_.config().seed) + "-B.csv",
                               trace().to_csv());
                return std::string();
            })
        .control(Control::Button, core::later::tr("Download run B's CSV"), "compare-end")
        .now = [this] {
        ControlNow n;
        n.shown = on();
        n.short_label = core::tr("B's CSV");
        n.tip = core::trf("The time series of run B (%s).", session::describe(changes_).c_str());
        return n;
    };
    keys.back().controls.back().heirs = {"compare"};

    for (PageKey& k : keys)   // an exercise link may hide the comparison
        for (PageControl& c : k.controls) c.hide_as = "compare";
    return keys;
}

}   // namespace app
