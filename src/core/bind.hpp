// Bound<Config>: each parameter declared once, bound to the field of the lab's Config it sets, so that the
// schema and the config cannot drift (the config's fields have no defaults of their own: the schema's are
// the only ones). The lab's schema comes from the same list, and config(params) reads every field.
//
// For lab authors:
//   struct Config { int n; double eta; Routing routing; TruthConfig truth; };   // no defaults here
//   const core::Bound<Config>& binding() {                                   // once, in lab.cpp
//       static const core::Bound<Config> b = [] {
//           core::Bound<Config> b;
//           b.add(core::param("n", "n", "Data", core::ParamType::Int, 10, 1e5, 1000, "Samples."), &Config::n);
//           b.add(core::choice("routing", "", "Model", {"expert", "token"}, 0, "..."), &Config::routing);
//           b.add(core::param("d", "d", "Data", ...), &Config::truth, &TruthConfig::d);     // a nested field
//           b.add(core::param("rho", ...), &Config::spec, &Spec::data, &DataSpec::rho);   // ... at any depth
//           b.add(core::param("eta_log", ...), [](Config& c, double v) { c.eta = v / 2; });   // anything else
//           b.derive([](Config& c) { c.grid = make_grid(c.n_min, c.points); });   // from several parameters
//           return b;
//       }();
//       return b;
//   }
//   Config c = binding().config(params);      // in start(); binding().schema() in the lab's schema
#pragma once
#include "core/params.hpp"
#include <functional>
#include <type_traits>
#include <utility>
#include <vector>

namespace core {

// A parameter's value (a double) as a field of type F: ints truncate (the schema's Int and Choice values
// are whole numbers), bools are value != 0, enums take the choice's index.
template <class F>
F field_value(double v) {
    if constexpr (std::is_same_v<F, bool>) return v != 0;
    else if constexpr (std::is_enum_v<F>) return static_cast<F>(static_cast<long>(v));
    else return static_cast<F>(v);
}

// The member of `c` that `path` leads to: c itself, c.*m, (c.*m).*m2, ...
template <class T>
T& member_at(T& c) {
    return c;
}
template <class T, class M, class... Path>
auto& member_at(T& c, M T::*m, Path... path) {
    return member_at(c.*m, path...);
}

template <class Config>
class Bound {
public:
    using Setter = std::function<void(Config&, double)>;

    // The parameter sets `field` of the config, or a field nested in it, reached from `field` through `path`, a
    // member of each nested config in turn: add(spec, &Config::n), add(spec, &Config::truth, &TruthConfig::d).
    template <class F, class... Path>
    ParamSpec& add(ParamSpec spec, F Config::*field, Path... path) {
        return add(std::move(spec), Setter([field, path...](Config& c, double v) {
                       auto& x = member_at(c.*field, path...);
                       x = field_value<std::remove_reference_t<decltype(x)>>(v);
                   }));
    }
    // A Points parameter (core::points) sets a core::PointSet field of the config, or one nested in it.
    template <class... Path>
    ParamSpec& add_points(ParamSpec spec, PointSet Config::*field, Path... path) {
        point_fields_.emplace_back(
            setters_.size(), [field, path...](Config& c, const PointSet& pts) { member_at(c.*field, path...) = pts; });
        return add(std::move(spec), Setter([](Config&, double) {}));
    }
    // The parameter sets the config in its own way (a derived value, several fields).
    ParamSpec& add(ParamSpec spec, Setter set) {
        schema_.params.push_back(std::move(spec));
        setters_.push_back(std::move(set));
        return schema_.params.back();
    }
    // Fields that several parameters decide together (a grid from its start and its length, the parts of one
    // model spread over several structs), set after every parameter's own setter.
    void derive(std::function<void(Config&)> f) { derive_.push_back(std::move(f)); }
    void preset(Preset p) { schema_.presets.push_back(std::move(p)); }

    const Schema& schema() const { return schema_; }
    Schema& schema() { return schema_; }
    // Every field from the parameters, in declaration order (a value-initialised Config underneath), then the
    // derived ones.
    Config config(const Params& p) const {
        Config c{};
        const std::vector<double>& v = p.values();
        for (size_t i = 0; i < setters_.size() && i < v.size(); ++i) setters_[i](c, v[i]);
        for (const auto& [k, set] : point_fields_)
            if (k < v.size()) set(c, p.points(k));
        for (const auto& f : derive_) f(c);
        return c;
    }
    // The schema's defaults as a config (what a check compares a control with; tests that build a lab's parts).
    Config defaults() const { return config(Params(schema_)); }
    size_t size() const { return setters_.size(); }

private:
    Schema schema_;
    std::vector<Setter> setters_;
    std::vector<std::function<void(Config&)>> derive_;
    std::vector<std::pair<size_t, std::function<void(Config&, const PointSet&)>>> point_fields_;
};

// A lab's binding, made on its first use and kept: `const Bound<Config>& binding() { return made_once(make_binding); }`.
template <class Config>
const Bound<Config>& made_once(Bound<Config> (*make)()) {
    static const Bound<Config> b = make();
    return b;
}

}   // namespace core
