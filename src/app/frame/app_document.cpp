// What the page's parallel HTML document (web/pdom.js) is built from, for screen readers and the keyboard: the
// lab's declarations as JSON (document_json), the state it follows (access_state_json, part of state()), and
// each view's data as tables (view_table_json). Nothing here is written per lab: a sixth lab gets its document
// from its schema, phases, views, tour and comparisons.
#include "app/frame/app.hpp"
#include "app/plot/colors.hpp"
#include "session/json_text.hpp"
#include "core/registry.hpp"
#include "session/spoken.hpp"
#include "session/view_table.hpp"
#include "core/words.hpp"
#include <algorithm>

namespace app {

using session::json_bool;
using session::json_number;
using session::json_string;
using session::json_strings;

namespace {

constexpr size_t kTableRows = 20;   // rows of a view's table in the HTML document: readable by ear

std::string field(const char* key, const std::string& json, bool first = false) {
    return std::string(first ? "\"" : ",\"") + key + "\":" + json;
}

// The help + "Range 1e-05 to 10 s, log scale.": the parameter's accessible description, its link name shown
// beside it as code (web/pdom.js). The help's first sentence is left out: the accessible name (spoken_label)
// says it already, and is heard just before.
std::string describe_param(const core::ParamSpec& s) {
    std::string d = core::tr(s.help);
    const std::string said = session::first_sentence(d);
    if (!said.empty() && d.compare(0, said.size(), said) == 0) {
        d.erase(0, said.size());
        d.erase(0, d.find_first_not_of(". "));
    }
    if (s.type == core::ParamType::Int || s.type == core::ParamType::Real) {
        const std::string lo = core::local_number(core::format_number(s.min)),
                          hi = core::local_number(core::format_number(s.max)) + (s.unit.empty() ? "" : " " + s.unit);
        d += (d.empty() ? "" : " ") +
            (s.log_scale ? core::trf("Range %s to %s, log scale.", lo.c_str(), hi.c_str())
                         : core::trf("Range %s to %s.", lo.c_str(), hi.c_str()));
    }
    return d;
}

std::vector<std::string> shown_choices(const core::ParamSpec& p) {
    std::vector<std::string> shown;
    for (const std::string& c : p.choices) shown.push_back(core::shown_value(p, c));
    return shown;
}

std::string params_json(const core::Schema& schema) {
    std::string s = "[";
    for (size_t k = 0; k < schema.params.size(); ++k) {
        const core::ParamSpec& p = schema.params[k];
        s += (k ? ",{" : "{") + field("name", json_string(p.name), true) + field("symbol", json_string(p.symbol)) +
            field("label", json_string(session::spoken_label(p.symbol, p.name, core::tr(p.help)))) +
            field("spoken", json_string(p.symbol.empty() ? "" : session::spoken_symbol(p.symbol))) +
            field("words", json_string(session::param_words(p))) +
            field("description", json_string(describe_param(p))) + field("group", json_string(core::tr(p.group))) +
            field("type", json_string(core::type_name(p.type))) + field("min", json_number(p.min)) +
            field("max", json_number(p.max)) + field("unit", json_string(p.unit)) +
            field("choices", json_strings(p.choices)) + field("shown", json_strings(shown_choices(p))) +
            field("classes", std::to_string(p.type == core::ParamType::Points ? p.points.classes : 0)) + "}";
    }
    return s + "]";
}

}   // namespace

std::string App::document_key() const {
    std::string key = run_.config().lab + (compare_.on() ? "|B" : "") + exercise_.query();
    for (const core::View& v : views_.all()) key += "|" + v.id;
    const std::string lang = core::language().code;   // another language: the document in its words
    return lang == "en" ? key : key + "|lang=" + lang;
}

std::string App::document_json() const {
    const core::LabInfo& info = run_.lab().info();
    std::string s = "{" + field("key", json_string(document_key()), true);
    s += field("lab",
               "{" + field("id", json_string(info.id), true) + field("title", json_string(core::tr(info.title))) +
                   field("citation", json_string(core::tr(info.citation))) +
                   field("summary", json_string(core::tr(info.summary))) + "}");
    s += ",\"labs\":[";
    for (size_t k = 0; k < core::all_labs().size(); ++k) {
        const core::Lab* lab = core::all_labs()[k].lab;
        s += (k ? ",{" : "{") + field("id", json_string(lab->info().id), true) +
            field("title", json_string(core::tr(lab->info().title))) + "}";
    }
    s += "],\"presets\":[";
    const auto& presets = run_.lab().schema().presets;
    for (size_t k = 0; k < presets.size(); ++k)
        s += (k ? ",{" : "{") + field("id", json_string(presets[k].id), true) +
            field("title", json_string(core::tr(presets[k].title))) +
            field("note", json_string(core::tr(presets[k].note))) +
            field("warning", json_string(core::tr(presets[k].warning))) + "}";
    s += "]" + field("params", params_json(run_.lab().schema())) + field("exercise", exercise_.json());
    s += field("link_name", json_string(core::tr("Link name: %s.")));   // %s: a parameter's name, as code
    s += ",\"phases\":[";
    const auto& phases = run_.lab().phases();
    for (size_t k = 0; k < phases.size(); ++k)
        s += (k ? ",{" : "{") + field("id", json_string(phases[k].id), true) +
            field("title", json_string(core::tr(phases[k].title))) +
            field("look_for", json_string(core::tr(phases[k].look_for))) +
            field("claim", json_string(core::tr(phases[k].claim))) + "}";
    s += "],\"views\":[";   // (the views' texts are translated already: App::build_views)
    for (size_t k = 0; k < views_.all().size(); ++k)
        s += (k ? ",{" : "{") + field("id", json_string(views_.all()[k].id), true) +
            field("title", json_string(views_.all()[k].title)) +
            field("caption", json_string(views_.all()[k].caption)) + "}";
    s += "],\"tour\":[";
    const auto tour = run_.lab().tour();
    for (size_t k = 0; k < tour.size(); ++k)
        s += (k ? ",{" : "{") + field("caption", json_string(core::tr(tour[k].caption)), true) +
            field("claim", json_string(core::tr(tour[k].claim))) + "}";
    s += "],\"comparisons\":[";
    const auto comparisons = run_.lab().comparisons();
    for (size_t k = 0; k < comparisons.size(); ++k)
        s += (k ? ",{" : "{") + field("id", json_string(comparisons[k].id), true) +
            field("title", json_string(core::tr(comparisons[k].title))) +
            field("contrast", json_string(core::tr(comparisons[k].contrast))) + "}";
    s += "],\"metrics\":[";   // every metric's label and format; the headlines are what a finished run announces
    const auto metrics = run_.runner().metrics();
    const auto heads = run_.lab().headlines();
    for (size_t k = 0; k < metrics.size(); ++k) {
        const bool headline =
            std::any_of(heads.begin(), heads.end(), [&](const core::Headline& h) { return h.key == metrics[k].key; });
        s += (k ? ",{" : "{") + field("key", json_string(metrics[k].key), true) +
            field("label", json_string(core::tr(metrics[k].label))) + field("format", json_string(metrics[k].format)) +
            field("headline", json_bool(headline)) + "}";
    }
    s += "]";
    s += field("keys", keyboard_.json());
    return s + field("commands", keys_.commands_json()) + field("link_keys", keys_.link_json()) +
        field("page_controls", keys_.controls_json()) + "}";
}

// state()'s part for the HTML document: the key of its declarations, what the controls show, the focus, the views'
// readouts, which views are tables, the overlays.
std::string App::access_state_json() const {
    std::string s = field("document", json_string(document_key()));
    s += ",\"readouts\":{";
    for (size_t k = 0; k < views_.all().size(); ++k)
        s += (k ? "," : "") + json_string(views_.all()[k].id) + ":" + json_strings(views_.all()[k].readouts);
    return s + "}";
}

std::string App::view_table_json(int n) const {
    if (n < 0 || n >= int(views_.all().size())) return "null";
    std::string s = "[";
    const std::vector<session::DataTable> tables = session::view_tables(views_.all()[size_t(n)], kTableRows);
    for (size_t k = 0; k < tables.size(); ++k) {
        const session::DataTable& t = tables[k];
        s += (k ? ",{" : "{") + field("caption", json_string(t.caption), true) +
            field("columns", json_strings(t.columns)) + field("total_rows", std::to_string(t.total_rows)) +
            field("notes", json_strings(t.notes)) + (t.data_first ? ",\"data_first\":true" : "") + ",\"rows\":[";
        for (size_t r = 0; r < t.rows.size(); ++r) s += (r ? "," : "") + json_strings(t.rows[r]);
        s += "]}";
    }
    return s + "]";
}

}   // namespace app
