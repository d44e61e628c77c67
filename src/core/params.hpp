// The parameter schema a lab declares once (name, paper symbol, type, range, default, help),
// its presets, and a value set checked against it. The app builds its controls, the URL codec its
// query string, and the CLI its --set flags from this one declaration.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace core {

enum class ParamType { Int, Real, Bool, Choice };
const char* type_name(ParamType t);   // "int", "real", "bool", "choice": the CLI's and the page's word for it

struct ParamSpec {
    std::string name;     // key in URLs, CLI and CSV, e.g. "eta_r"
    std::string symbol;   // the paper's symbol, e.g. "η_r"
    std::string group;    // control group: "Data", "Model", "Training", ...
    ParamType type = ParamType::Real;
    double min = 0, max = 1, def = 0;
    std::string help;   // tooltip: what it is, and the paper's value
    std::string unit;
    std::vector<std::string> choices;   // Choice: the value is an index into this list
    bool log_scale = false;             // slider is logarithmic (learning rates, sizes)
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

// A choice in a line: choice("routing", "", "Model", {"expert-choice", "token-choice"}, 0, "help").
// The value is an index into `choices` (min 0, max the last index).
inline ParamSpec choice(const char* name, const char* symbol, const char* group, std::vector<std::string> choices,
                        double def, const char* help) {
    ParamSpec s = param(name, symbol, group, ParamType::Choice, 0, double(choices.size()) - 1, def, help);
    s.choices = std::move(choices);
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
    bool operator==(const Params& o) const { return values_ == o.values_; }

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
};

std::string format_number(double v);   // shortest decimal text that parses back to v

}   // namespace core
