// Compare mode: run B = run A with one or more parameters changed, on the same seed, stepped in lockstep
// with A (core::step_lockstep) inside the frame budget, or in a Web Worker of its own, paced by A (run_b_worker.cpp).
// B follows A: when A's configuration changes, B is A's new configuration with the same changes. The link holds
// B as compare=ID or as b.name=value next to A's keys.
#include "app/compare.hpp"
#include "app/app.hpp"
#include "core/compare.hpp"
#include "session/json_text.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include <cmath>

namespace app {

std::string Compare::set(const core::Lab& a, const core::Params& params, const core::Changes& changes,
                         const std::string& title) {
    core::Params b;
    std::string why = core::apply_changes(a, params, changes, b);
    if (!why.empty()) return why;   // the running comparison, if any, stays as it was
    changes_ = changes;
    title_ = title;
    watch_.clear();
    std::vector<core::Comparison> named = a.comparisons();
    if (const core::Comparison* c = core::named_as(named, changes))   // a hand-made B may be a named one
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

double Compare::b_seconds() const { return lab_ ? lab_->current_plan().total() / lab_->units_per_second() : 0.0; }

std::string Compare::reset(const core::Lab& a, const core::RunConfig& config,
                           const std::function<bool(double)>& worker) {
    if (changes_.empty()) {
        drop();
        return "";
    }
    core::Params b;
    std::string why = core::apply_changes(a, config.params, changes_, b);
    if (!why.empty()) {   // A's new configuration leaves no valid B: say so, and run A alone
        end();
        return why;
    }
    if (!lab_) {
        lab_ = core::make_lab(config.lab);
        lab_->set_threads(host_.threads);
    }
    lab_->reset(b, config.seed);
    b_ = core::snapshot_of(*lab_, false);
    remote_ = host_.workers && worker(b_seconds());   // B in its own worker, when the page has them ready
    if (!remote_) return "";
    core::RunConfig c = config;
    c.params = b;
    host_.workers->open_b(++run_, core::encode_query(c));
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
std::string Compare::json(const core::Lab& a) const {
    using core::json_number;
    using core::json_string;
    if (!lab_) return "null";
    std::string s = "{\"title\":" + json_string(core::tr(title_)) + ",\"changes\":{";   // (as the document's)
    for (size_t k = 0; k < changes_.size(); ++k)
        s += (k ? "," : "") + json_string(changes_[k].first) + ":" + json_string(changes_[k].second);
    s += "},\"done\":" + core::json_bool(b_.done) + ",\"failure\":" + json_string(b_.failure);
    s += ",\"phase\":" + std::to_string(b_.phase) + ",\"progress\":" + json_number(b_.progress);
    s += ",\"worker\":" + core::json_bool(remote_) + ",\"run\":" + std::to_string(run_);
    s += ",\"a_done\":" + core::json_bool(a.done());
    s += ",\"metrics\":{";
    const auto& ms = b_.metrics;
    for (size_t k = 0; k < ms.size(); ++k)
        s += (k ? "," : "") + json_string(ms[k].key) + ":" + json_number(ms[k].value);
    s += "},\"headlines\":[";
    auto hs = core::headline_pairs(a, b_.metrics, watch_);
    for (size_t k = 0; k < hs.size(); ++k)
        s += std::string(k ? "," : "") + "{\"key\":" + json_string(hs[k].key) + ",\"a\":" + json_number(hs[k].a) +
            ",\"b\":" + json_number(hs[k].b) + "}";
    return s + "]}";
}

bool App::finished() const { return core::finished(*lab_) && (!compare_.on() || compare_.finished()); }

std::string App::set_compare(const core::Changes& changes, const std::string& title) {
    if (changes.empty()) {
        end_compare();
        return "";
    }
    if (std::string why = compare_.set(*lab_, config_.params, changes, title); !why.empty()) return why;
    reset_run();   // A from the start too: the two runs stay in lockstep from the same seed
    return "";
}

void App::end_compare() {
    if (compare_.changes().empty() && !compare_.on()) return;
    compare_.end();
    last_query_ = core::encode_query(config_);
    sync_url();
}

void App::reset_b() {
    const std::string why = compare_.reset(*lab_, config_, [this](double b) { return workers_.take_b(b); });
    if (!why.empty()) add_message(core::trf("comparison ended: %s", why.c_str()));
}

std::string App::cmd_compare(const std::string& id) {
    if (id == "off") {
        end_compare();
        return "";
    }
    std::vector<core::Comparison> list = lab_->comparisons();
    const core::Comparison* c = core::find_comparison(list, id);
    if (!c)
        return core::trf("no comparison %s for %s (comparisons: %s; off ends one)", core::quote(id).c_str(),
                         config_.lab.c_str(), core::comparison_ids(*lab_).c_str());
    if (!c->preset.empty() && c->preset != config_.preset) {   // the contrast lives at its preset: A opens there
        core::RunConfig at = config_;
        if (!at.params.apply_preset(c->preset))
            return core::trf("comparison %s names an unknown preset", c->id.c_str());
        at.preset = c->preset;
        compare_.end();   // B follows once A is at its preset
        open(at);
    }
    return set_compare(c->b, c->title);
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

std::string App::cmd_compare_with(const std::string& name) {
    int k = lab_->schema().index_of(name);
    if (k < 0) return core::trf("no parameter %s in %s", core::quote(name).c_str(), config_.lab.c_str());
    core::Changes changes = compare_.changes();
    for (size_t j = 0; j < changes.size(); ++j)
        if (changes[j].first == name) {   // a second click drops the change
            changes.erase(changes.begin() + long(j));
            return set_compare(changes, "");
        }
    const core::ParamSpec& s = lab_->schema().params[size_t(k)];
    if (s.type == core::ParamType::Points)
        return core::trf("B's points are not one click away: give them in a link's b.%s=… (the link's form)",
                         name.c_str());
    changes.emplace_back(name, other_value(s, config_.params.values()[size_t(k)]));
    return set_compare(changes, "");
}

}   // namespace app
