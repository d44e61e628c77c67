#include "session/compare.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>

namespace session {

// A metric B lacks (the CLI's summary of missing values, with missing_reason's "NaN"; the page shows "n/a")
static const char* const kNotReportedByB = "not reported by B";   // words: not shown

std::string parse_change(const core::Schema& schema, const std::string& text,
                         std::pair<std::string, std::string>& out) {
    size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        return core::trf("B's change %s: expected name=value (for example noise_width=0)", core::quote(text).c_str());
    std::string name = text.substr(0, eq), value = text.substr(eq + 1);
    if (schema.index_of(name) < 0)
        return core::trf("B's change %s: unknown parameter %s", core::quote(text).c_str(), core::quote(name).c_str());
    core::Params probe(schema);
    std::string err = probe.set_from_text(name, value);
    if (!err.empty()) return core::trf("B's change %s: %s", core::quote(text).c_str(), err.c_str());
    out = {name, value};
    return "";
}

std::string apply_changes(const core::Lab& lab, const core::Params& a, const core::Changes& changes, core::Params& b) {
    b = a;
    std::string why;
    auto add = [&](const std::string& m) { why += (why.empty() ? "" : "; ") + m; };
    for (size_t k = 0; k < changes.size(); ++k) {
        const auto& [name, value] = changes[k];
        for (size_t j = 0; j < k; ++j)
            if (changes[j].first == name) add(core::trf("B changes %s twice", core::quote(name).c_str()));
        if (lab.schema().index_of(name) < 0) {
            add(core::trf("B: unknown parameter %s for %s", core::quote(name).c_str(), lab.info().id.c_str()));
            continue;
        }
        std::string err = b.set_from_text(name, value);
        if (!err.empty()) add("B: " + err);
    }
    if (!why.empty()) return why;
    core::SharedLimits pair(2);   // A and B run at once: each gets half the memory and work of a single run
    for (const auto& e : core::validate(lab, a).errors) add(core::trf("A, run beside B: %s", e.c_str()));
    for (const auto& e : core::validate(lab, b).errors) add("B (" + describe(changes) + "): " + e);
    return why;
}

std::string describe(const core::Changes& changes) {
    std::string s;
    for (const auto& [name, value] : changes) s += (s.empty() ? "" : ", ") + name + " = " + value;
    return s.empty() ? core::tr("no change") : s;
}

const core::Comparison* find_comparison(const std::vector<core::Comparison>& list, const std::string& id) {
    for (const core::Comparison& c : list)
        if (c.id == id) return &c;
    return nullptr;
}

std::string comparison_ids(const core::Lab& lab) {
    std::string ids;
    for (const core::Comparison& c : lab.comparisons()) ids += (ids.empty() ? "" : ", ") + c.id;
    return ids.empty() ? core::tr("none declared") : ids;
}

void step_lockstep(core::Runner& a, core::Runner* b) {
    const bool a_on = !finished(a), b_on = b && !finished(*b);
    if (a_on && (!b_on || a.progress() <= b->progress())) a.step();
    else if (b_on) b->step();
}

std::string PairedRun::reset(const RunConfig& config, const core::Changes& changes) {
    const core::Lab* lab = core::find_lab(config.lab);
    a = lab ? std::make_unique<core::Runner>(*lab) : nullptr;
    b = lab ? std::make_unique<core::Runner>(*lab) : nullptr;
    if (!lab) return core::trf("unknown lab %s", core::quote(config.lab).c_str());
    core::Params pb;
    std::string why = apply_changes(*lab, config.params, changes, pb);
    if (!why.empty()) return why;
    start(config, pb);
    return "";
}

void PairedRun::start(const RunConfig& config, const core::Params& b_params) {
    if (!a) a = std::make_unique<core::Runner>(*core::find_lab(config.lab));
    if (!b) b = std::make_unique<core::Runner>(a->lab());
    a->reset(config.params, config.seed);
    b->reset(b_params, config.seed);
}

PairedDiff paired_diff(const std::vector<double>& a, const std::vector<double>& b) {
    PairedDiff p;
    p.a = core::mean_sd(a);
    p.b = core::mean_sd(b);
    std::vector<double> d;
    for (size_t k = 0; k < a.size() && k < b.size(); ++k) {
        if (!std::isfinite(a[k]) || !std::isfinite(b[k])) {
            ++p.missing;
            continue;
        }
        d.push_back(b[k] - a[k]);
        if (b[k] > a[k]) ++p.b_higher;
        else if (b[k] < a[k]) ++p.b_lower;
        else ++p.ties;
    }
    p.diff = core::mean_sd(d);
    return p;
}

const core::Comparison* named_as(const std::vector<core::Comparison>& list, const core::Changes& changes) {
    for (const core::Comparison& c : list)
        if (c.b == changes) return &c;
    return nullptr;
}

std::vector<MetricPair> headline_pairs(const core::Runner& a, const core::Runner& b,
                                       const std::vector<std::string>& watch) {
    return headline_pairs(a, b.metrics(), watch);
}

std::vector<MetricPair> headline_pairs(const core::Runner& a, const std::vector<core::Metric>& mb,
                                       const std::vector<std::string>& watch) {
    std::vector<core::Metric> ma = a.metrics();
    auto find = [](const std::vector<core::Metric>& ms, const std::string& key) -> const core::Metric* {
        for (const core::Metric& m : ms)
            if (m.key == key) return &m;
        return nullptr;
    };
    std::vector<std::string> keys = watch;
    for (const core::Headline& h : a.lab().headlines())
        if (std::find(keys.begin(), keys.end(), h.key) == keys.end()) keys.push_back(h.key);
    std::vector<MetricPair> out;
    for (const std::string& key : keys) {
        const core::Metric *x = find(ma, key), *y = find(mb, key);
        if (!x) continue;
        MetricPair p{key, x->label, x->format, x->value, NAN, core::missing_reason(*x), kNotReportedByB};
        if (y) {
            p.b = y->value;
            p.b_missing = core::missing_reason(*y);
        }
        out.push_back(p);
    }
    return out;
}

}   // namespace session
