// The parameter schema a lab declares once (name, paper symbol, type, range, default, help),
// its presets, and a value set checked against it. The app builds its controls, the URL codec its
// query string, and the CLI its --set flags from this one declaration.
#pragma once
#include "core/point_set.hpp"
#include <memory>
#include <string>
#include <vector>

namespace core {

// Points: a set of labelled points on the plane (core/point_set.hpp), the data a class draws; its number is the
// number of points, the set itself is kept beside it (Params::points), written in a link in its encoded form.
enum class ParamType { Int, Real, Bool, Choice, Points };
const char* type_name(ParamType t);   // "int", "real", "bool", "choice", "points": the CLI's and the page's word

struct ParamSpec {
    std::string name;     // key in URLs, CLI and CSV, e.g. "eta_r"
    std::string symbol;   // the paper's symbol, e.g. "η_r"
    std::string group;    // control group: "Data", "Model", "Training", ...
    ParamType type = ParamType::Real;
    double min = 0, max = 1, def = 0;
    std::string help;   // tooltip: what it is, and the paper's value
    std::string unit;
    std::vector<std::string> choices;   // Choice: the value is an index into this list (as a link writes it)
    std::vector<std::string> shown;     // Choice: each as the page shows it (its key in the table)
    bool log_scale = false;             // slider is logarithmic (learning rates, sizes)
    PointSetSpec points;                // Points: the square, the classes, the most points (the default is none)
    std::string title;   // without a symbol: the words the page names it by (a text of the table), e.g. "Routing"
};

// A point set in a line: points("points", "Data", spec, "help"). Its value is the number of points (none by default).
inline ParamSpec points(const char* name, const char* group, const PointSetSpec& spec, const char* help) {
    ParamSpec s;
    s.name = name;
    s.group = group;
    s.type = ParamType::Points;
    s.min = 0;
    s.max = spec.max_points;
    s.def = 0;
    s.help = help;
    s.points = spec;
    return s;
}

// The words that name a parameter the papers give no symbol: param("routing", Words{"Routing"}, …).
struct Words {
    const char* text;
};

// One parameter in a line: param("eta", "η", "Training", ParamType::Real, 1e-5, 1, 0.005, "help", true).
inline ParamSpec param(const char* name, const char* symbol, const char* group, ParamType type, double min, double max,
                       double def, const char* help, bool log_scale = false) {
    ParamSpec s;
    s.name = name;
    s.symbol = symbol;
    s.group = group;
    s.type = type;
    s.min = min;
    s.max = max;
    s.def = def;
    s.help = help;
    s.log_scale = log_scale;
    return s;
}

inline ParamSpec param(const char* name, Words title, const char* group, ParamType type, double min, double max,
                       double def, const char* help, bool log_scale = false) {
    ParamSpec s = param(name, "", group, type, min, max, def, help, log_scale);
    s.title = title.text;
    return s;
}

// One value of a choice: as a link, the CLI and a CSV write it, and as the page shows it (a text of the table).
struct Option {
    const char* value;   // "token-choice"
    const char* shown;   // "Token choice"
};
// A choice in a line: choice("routing", "", "Model", {{"expert-choice", "Expert choice"}, …}, 0, "help").
inline ParamSpec choice(const char* name, const char* symbol, const char* group, const std::vector<Option>& options,
                        double def, const char* help) {
    ParamSpec s = param(name, symbol, group, ParamType::Choice, 0, double(options.size()) - 1, def, help);
    for (const Option& o : options) s.choices.push_back(o.value), s.shown.push_back(o.shown);
    return s;
}

inline ParamSpec choice(const char* name, Words title, const char* group, const std::vector<Option>& options,
                        double def, const char* help) {
    ParamSpec s = choice(name, "", group, options, def, help);
    s.title = title.text;
    return s;
}

struct Preset {
    std::string id;                                       // "lecture"
    std::string title;                                    // "Lecture"
    std::string note;                                     // one line: what this preset shows
    std::vector<std::pair<std::string, double>> values;   // overrides of the defaults
    std::string warning;                                  // shown when chosen in the page (e.g. "slow in the browser")
};

struct Schema {
    std::vector<ParamSpec> params;
    std::vector<Preset> presets;   // presets[0] is the default

    int index_of(const std::string& name) const;         // -1 if unknown
    const Preset* preset(const std::string& id) const;   // nullptr if unknown
};

// Values for one schema. Lookup by name is for reset()-time use, not for hot loops.
// A Params keeps its own (shared, immutable) copy of the schema, so it may outlive the lab it came from.
class Params {
public:
    Params() = default;
    explicit Params(const Schema& schema);   // the schema's defaults

    double operator[](const std::string& name) const { return get(name); }
    double get(const std::string& name) const;   // throws std::out_of_range if unknown
    int i(const std::string& name) const { return int(get(name)); }
    bool b(const std::string& name) const { return get(name) != 0; }
    void set(const std::string& name, double v);

    const Schema& schema() const { return *schema_; }
    std::vector<double>& values() { return values_; }
    const std::vector<double>& values() const { return values_; }
    bool operator==(const Params& o) const { return values_ == o.values_ && sets_ == o.sets_; }
    bool same(size_t k, const Params& o) const {   // parameter k has the same value (and points) in both
        return values_[k] == o.values_[k] && sets_[k] == o.sets_[k];
    }

    // A Points parameter's set (empty for any other), and setting it (its value becomes the number of points).
    const PointSet& points(size_t k) const { return sets_[k]; }
    void set_points(size_t k, PointSet points);
    int points_index() const;   // the first Points parameter, or -1

    // Applies a preset's overrides on top of the defaults. Returns false for an unknown id.
    bool apply_preset(const std::string& id);
    // Sets name from text ("0.5", "true", a choice's name). Returns an error message or "".
    std::string set_from_text(const std::string& name, const std::string& text);
    std::string text(const std::string& name) const;   // shortest text that round-trips

    // Range and type errors, one message per bad value ("eta = 7 is above its maximum 1").
    std::vector<std::string> range_errors() const;

private:
    std::shared_ptr<const Schema> schema_;
    std::vector<double> values_;
    std::vector<PointSet> sets_;   // per parameter: a Points parameter's set, empty for the others
};

std::string format_number(double v);   // shortest decimal text that parses back to v
// A value as the page shows it: a choice by its shown name through the table ("token-choice" → "Token choice"),
// a number in the language's decimal mark; `text` as a link writes it.
std::string shown_value(const ParamSpec& s, const std::string& text);
// How the page names a parameter: its symbol, else its title through the table, else its link name.
std::string shown_name(const ParamSpec& s);

}   // namespace core
