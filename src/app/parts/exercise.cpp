#include "app/parts/exercise.hpp"
#include "session/json_text.hpp"
#include "core/parse.hpp"
#include "session/share_link.hpp"
#include "core/words.hpp"
#include <algorithm>

namespace app {

namespace {

std::vector<std::string> split(const std::string& list) {
    std::vector<std::string> out;
    for (size_t start = 0; start <= list.size();) {
        size_t end = std::min(list.find(',', start), list.size());
        if (end > start) out.push_back(list.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& x) {
    return std::find(v.begin(), v.end(), x) != v.end();
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ",") + x;
    return s;
}

}   // namespace

std::vector<std::string> Exercise::open(const std::string& hide, const std::string& lock, const core::Schema& schema) {
    std::vector<std::string> msgs = this->hide(hide, schema), more = this->lock(lock, schema);
    msgs.insert(msgs.end(), more.begin(), more.end());
    return msgs;
}

std::vector<std::string> Exercise::hide(const std::string& list, const core::Schema& schema) {
    hidden_.clear();
    std::vector<std::string> msgs;
    for (const std::string& part : split(list)) {
        const bool param = part.rfind("params:", 0) == 0;
        if (param ? schema.index_of(part.substr(7)) >= 0
                  : has({"compare", "presets", "seed", "lab", "tour", "params"}, part))
            hidden_.push_back(part);
        else
            msgs.push_back(
                core::trf("hide=%s: nothing to hide by that name (compare, presets, seed, lab, tour, params or "
                          "params:NAME)",
                          core::quote(part).c_str()));
    }
    return msgs;
}

std::vector<std::string> Exercise::lock(const std::string& list, const core::Schema& schema) {
    locked_.clear();
    std::vector<std::string> msgs;
    for (const std::string& name : split(list)) {
        if (schema.index_of(name) >= 0 || has({"seed", "preset", "lab"}, name)) locked_.push_back(name);
        else
            msgs.push_back(
                core::trf("lock=%s: no parameter by that name (or seed, preset, lab)", core::quote(name).c_str()));
    }
    return msgs;
}

bool Exercise::hides(const std::string& part) const {
    return has(hidden_, part) || (part.rfind("params:", 0) == 0 && has(hidden_, "params"));
}

bool Exercise::locks(const std::string& name) const { return has(locked_, name); }

std::string Exercise::refuses(const std::string& command, const std::string& arg) const {
    if (!active()) return "";
    // each refusal one whole sentence: hidden or locked
    if (command == "lab" && (hides("lab") || locks("lab")))
        return hides("lab") ? core::tr("the lab is hidden in this exercise link")
                            : core::tr("the lab is locked in this exercise link");
    if (command == "preset" && (hides("presets") || locks("preset")))
        return hides("presets") ? core::tr("the preset is hidden in this exercise link")
                                : core::tr("the preset is locked in this exercise link");
    if (command == "seed" && (hides("seed") || locks("seed")))
        return hides("seed") ? core::tr("the seed is hidden in this exercise link")
                             : core::tr("the seed is locked in this exercise link");
    if ((command == "compare" || command == "vs" || command == "b") && hides("compare"))
        return core::tr("compare mode is hidden in this exercise link");
    if (command == "tour" && hides("tour")) return core::tr("the tour is hidden in this exercise link");
    if (command == "set") {
        const std::string name = arg.substr(0, arg.find('=')), quoted = core::quote(name);
        if (fixes_param(name))
            return hides("params:" + name) ? core::trf("parameter %s is hidden in this exercise link", quoted.c_str())
                                           : core::trf("parameter %s is locked in this exercise link", quoted.c_str());
    }
    if (command == "query") return core::tr("this exercise link fixes the page: open another link to leave it");
    return "";
}

std::string Exercise::refuses(const session::RunConfig& c) const {
    if (!active() || !stage_) return "";
    const session::RunConfig& now = stage_->config();
    bool changes = (locks("lab") && c.lab != now.lab) || (locks("preset") && c.preset != now.preset) ||
        (locks("seed") && c.seed != now.seed);
    for (const core::ParamSpec& p : stage_->lab().schema().params)
        if (fixes_param(p.name) && c.params.text(p.name) != now.params.text(p.name)) changes = true;
    return changes ? core::tr("that step is another exercise, locked out of this link: open it from its own code") : "";
}

std::string Exercise::query() const {
    std::string q;
    if (!hidden_.empty()) q += "&hide=" + hidden();
    if (!locked_.empty()) q += "&lock=" + locked();
    return q;
}

std::string Exercise::hidden() const { return joined(hidden_); }

std::string Exercise::locked() const { return joined(locked_); }

std::string Exercise::json() const {
    return "{\"hidden\":" + session::json_strings(hidden_) + ",\"locked\":" + session::json_strings(locked_) + "}";
}

std::vector<PageKey> Exercise::keys() {
    std::vector<PageKey> keys(2);
    keys[0].syntax = {"hide",
                      session::ArgKind::Text,
                      0,
                      0,
                      "PARTS",
                      core::later::tr("an exercise: these controls are not shown (compare, presets, seed, lab, tour, "
                                      "params, params:NAME)")};
    keys[0].read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
        for (const std::string& m : hide(v.value, stage_->lab().schema())) msgs.push_back(m);
    };
    keys[0].write = [this] { return written_if(!hidden_.empty(), hidden()); };
    keys[0].state_name = "exercise";
    keys[0].state = [this] { return json(); };
    keys[1].syntax = {"lock",
                      session::ArgKind::Text,
                      0,
                      0,
                      "NAMES",
                      core::later::tr("an exercise: these values are shown but cannot change (parameters, seed, "
                                      "preset, lab)")};
    keys[1].read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
        for (const std::string& m : lock(v.value, stage_->lab().schema())) msgs.push_back(m);
    };
    keys[1].write = [this] { return written_if(!locked_.empty(), locked()); };
    for (PageKey& k : keys) {
        k.link = InLink::Page;
        k.stage = LinkStage::Setup;
    }
    return keys;
}

}   // namespace app
