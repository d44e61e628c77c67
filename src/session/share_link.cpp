#include "session/share_link.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace session {

std::string url_encode(const std::string& s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char ch : s) {
        if (std::isalnum(ch) || ch == '-' || ch == '_' || ch == '.' || ch == '~') out += char(ch);
        else {
            out += '%';
            out += hex[ch >> 4];
            out += hex[ch & 15];
        }
    }
    return out;
}

std::string url_decode(const std::string& s) {
    std::string out;
    for (size_t k = 0; k < s.size(); ++k) {
        if (s[k] == '+') out += ' ';
        else if (s[k] == '%' && k + 2 < s.size() && std::isxdigit((unsigned char)s[k + 1]) &&
                 std::isxdigit((unsigned char)s[k + 2])) {
            out += char(std::strtol(s.substr(k + 1, 2).c_str(), nullptr, 16));
            k += 2;
        } else out += s[k];
    }
    return out;
}

RunConfig default_config(const core::Lab& lab) {
    RunConfig c;
    c.lab = lab.info().id;
    c.params = core::Params(lab.schema());
    if (!lab.schema().presets.empty()) {
        c.preset = lab.schema().presets[0].id;
        c.params.apply_preset(c.preset);
    }
    return c;
}

std::string encode_query(const RunConfig& c) {
    std::string q = "lab=" + url_encode(c.lab);
    if (!c.preset.empty()) q += "&preset=" + url_encode(c.preset);
    q += "&seed=" + std::to_string(c.seed);
    core::Params base(c.params.schema());
    if (!c.preset.empty()) base.apply_preset(c.preset);
    const auto& specs = c.params.schema().params;
    for (size_t k = 0; k < specs.size(); ++k)
        if (!c.params.same(k, base))
            q += "&" + url_encode(specs[k].name) + "=" + url_encode(c.params.text(specs[k].name));
    return q;
}

std::unique_ptr<core::Runner> start_query(const std::string& query, std::string& why) {
    const Decoded d = decode_query(query);
    why = d.messages.empty() ? "" : d.messages.front();
    const core::Lab* lab = why.empty() ? core::find_lab(d.config.lab) : nullptr;
    if (!lab) {
        if (why.empty()) why = core::trf("no lab %s", d.config.lab.c_str());
        return nullptr;
    }
    auto run = std::make_unique<core::Runner>(*lab);
    run->reset(d.config.params, d.config.seed);
    return run;
}

std::vector<std::string> split_query(const std::string& query) {
    std::vector<std::string> items;
    const std::string q = !query.empty() && query[0] == '?' ? query.substr(1) : query;
    for (size_t start = 0; start <= q.size();) {
        const size_t end = std::min(q.find('&', start), q.size());
        if (end > start) items.push_back(q.substr(start, end - start));
        start = end + 1;
    }
    return items;
}

Decoded decode_query(const std::string& query) {
    const LinkItems link = link_items(query);
    Decoded d = decode_items(link);
    d.messages.insert(d.messages.begin(), link.messages.begin(), link.messages.end());
    return d;
}

LinkItems link_items(const std::string& query) {
    LinkItems link;
    std::vector<std::string>& messages = link.messages;
    std::vector<std::pair<std::string, std::string>> kv;
    for (const std::string& item : split_query(query)) {
        const size_t eq = item.find('=');
        if (eq == std::string::npos)
            messages.push_back(core::trf("ignored %s: expected name=value", core::quote(url_decode(item)).c_str()));
        else kv.emplace_back(url_decode(item.substr(0, eq)), url_decode(item.substr(eq + 1)));
    }
    // A name given twice is ambiguous: left out whatever its values (the run's keys fall back to their defaults,
    // a page key to its state), said once, at its first place.
    for (size_t a = 0; a < kv.size(); ++a) {
        std::string values;
        int n = 0, before = 0;
        for (size_t b = 0; b < kv.size(); ++b)
            if (kv[b].first == kv[a].first) {
                values += (n++ ? ", " : "") + core::quote(kv[b].second);
                before += b < a;
            }
        if (n == 1) {
            link.items.push_back(kv[a]);
        } else if (before == 0) {
            link.repeated.push_back(kv[a].first);
            messages.push_back(
                core::trf("%s appears %d times in the link (%s): ignored, since it is not clear which was "
                          "meant",
                          core::quote(kv[a].first).c_str(), n, values.c_str()));
        }
    }
    return link;
}

Decoded decode_items(const LinkItems& link) {
    Decoded d;
    const auto& kv = link.items;
    auto find = [&](const std::string& key) -> const std::string* {
        for (const auto& [k, v] : kv)
            if (k == key) return &v;
        return nullptr;
    };

    const core::Lab* lab = nullptr;
    if (const std::string* id = find("lab")) {
        lab = core::find_lab(*id);
        if (!lab)
            d.messages.push_back(core::trf("unknown lab %s (labs: %s): opened the default lab",
                                           core::quote(*id).c_str(), core::lab_ids().c_str()));
    }
    if (!lab) {
        if (core::all_labs().empty()) return d;
        lab = core::all_labs()[0].lab;
    }
    d.config = default_config(*lab);
    if (const std::string* p = find("preset")) {
        if (d.config.params.apply_preset(*p)) d.config.preset = *p;
        else
            d.messages.push_back(core::trf("unknown preset %s for %s (presets: %s): used '%s'", core::quote(*p).c_str(),
                                           lab->info().id.c_str(), preset_ids(*lab).c_str(), d.config.preset.c_str()));
    }
    if (const std::string* s = find("seed")) {
        std::string err = core::parse_seed(*s, d.config.seed);
        if (!err.empty()) d.messages.push_back(core::trf("%s: used seed 1", err.c_str()));
    }
    bool bad_value = false;   // (a repeated parameter, said by link_items, counts as a bad value)
    for (const std::string& k : link.repeated) bad_value |= lab->schema().index_of(k) >= 0;
    for (const auto& [k, v] : kv) {
        if (k == "lab" || k == "preset" || k == "seed") continue;
        if (lab->schema().index_of(k) < 0) {
            d.messages.push_back(core::trf("unknown parameter %s ignored", core::quote(k).c_str()));
            continue;
        }
        std::string err = d.config.params.set_from_text(k, v);
        if (!err.empty()) {
            d.messages.push_back(err);
            bad_value = true;
        }
    }
    core::Validation val = validate(*lab, d.config.params);
    if (!val.ok() || bad_value) {
        for (const auto& e : val.errors) d.messages.push_back(e);
        core::Params fallback(lab->schema());
        fallback.apply_preset(d.config.preset);
        d.config.params = fallback;
        d.messages.push_back(
            core::trf("the link's parameters were not valid: opened the '%s' defaults", d.config.preset.c_str()));
    } else {
        d.checked = true;   // (the run opens with this check: a link is validated once)
        d.check = std::move(val);
    }
    return d;
}

std::string preset_ids(const core::Lab& lab) {
    std::string ids;
    for (const auto& p : lab.schema().presets) ids += (ids.empty() ? "" : ", ") + p.id;
    return ids;
}

}   // namespace session
