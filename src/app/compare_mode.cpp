// Compare mode: run B = run A with one or more parameters changed, on the same seed, stepped in lockstep
// with A (core::step_lockstep) inside the frame budget, or in a Web Worker of its own, paced by A (run_b_worker.cpp).
// B follows A: when A's configuration changes, B is A's new configuration with the same changes. The link holds
// B as compare=ID or as b.name=value next to A's keys.
#include "app/app.hpp"
#include "core/compare.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include <cmath>

namespace app {

bool App::finished() const { return core::finished(*lab_) && (!lab_b_ || b_finished()); }

std::string App::set_compare(const core::Changes& changes, const std::string& title) {
    if (changes.empty()) {
        end_compare();
        return "";
    }
    core::Params b;
    std::string why = core::apply_changes(*lab_, config_.params, changes, b);
    if (!why.empty()) return why;   // the running comparison, if any, stays as it was
    b_changes_ = changes;
    b_title_ = title;
    b_watch_.clear();
    std::vector<core::Comparison> named = lab_->comparisons();
    if (const core::Comparison* c = core::named_as(named, changes))   // a hand-made B may be a named one
    {
        b_title_ = c->title;
        b_watch_ = c->watch;
    }
    reset_run();   // A from the start too: the two runs stay in lockstep from the same seed
    return "";
}

void App::end_compare() {
    if (b_changes_.empty() && !lab_b_) return;
    b_changes_.clear();
    b_title_.clear();
    drop_b();
    last_query_ = core::encode_query(config_);
    sync_url();
}

void App::reset_b() {
    if (b_changes_.empty()) {
        drop_b();
        return;
    }
    core::Params b;
    std::string why = core::apply_changes(*lab_, config_.params, b_changes_, b);
    if (!why.empty()) {   // A's new configuration leaves no valid B: say so, and run A alone
        add_message("comparison ended: " + why);
        b_changes_.clear();
        b_title_.clear();
        drop_b();
        return;
    }
    if (!lab_b_) {
        lab_b_ = core::make_lab(config_.lab);
        lab_b_->set_threads(host_.threads);
    }
    lab_b_->reset(b, config_.seed);
    b_ = core::snapshot_of(*lab_b_, false);
    open_b_worker(b);
}

std::string App::cmd_compare(const std::string& id) {
    if (id == "off") {
        end_compare();
        return "";
    }
    std::vector<core::Comparison> list = lab_->comparisons();
    const core::Comparison* c = core::find_comparison(list, id);
    if (!c)
        return "no comparison " + core::quote(id) + " for " + config_.lab +
            " (comparisons: " + core::comparison_ids(*lab_) + "; off ends one)";
    if (!c->preset.empty() && c->preset != config_.preset) {   // the contrast lives at its preset: A opens there
        core::RunConfig at = config_;
        if (!at.params.apply_preset(c->preset)) return "comparison " + c->id + " names an unknown preset";
        at.preset = c->preset;
        b_changes_.clear();   // B follows once A is at its preset
        drop_b();
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
    if (k < 0) return "no parameter " + core::quote(name) + " in " + config_.lab;
    core::Changes changes = b_changes_;
    for (size_t j = 0; j < changes.size(); ++j)
        if (changes[j].first == name) {   // a second click drops the change
            changes.erase(changes.begin() + long(j));
            return set_compare(changes, "");
        }
    const core::ParamSpec& s = lab_->schema().params[size_t(k)];
    changes.emplace_back(name, other_value(s, config_.params.values()[size_t(k)]));
    return set_compare(changes, "");
}

// B in the link: compare=ID when B is one of the lab's named comparisons at its preset, else b.NAME=VALUE keys.
std::string App::compare_id() const {
    if (b_changes_.empty()) return "";
    for (const core::Comparison& c : lab_->comparisons())
        if (c.b == b_changes_ && (c.preset.empty() || c.preset == config_.preset)) return c.id;
    return "";
}

}   // namespace app
