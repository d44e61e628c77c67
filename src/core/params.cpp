#include "core/params.hpp"
#include "core/parse.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace core {

int Schema::index_of(const std::string& name) const {
    for (size_t k = 0; k < params.size(); ++k)
        if (params[k].name == name) return int(k);
    return -1;
}

const Preset* Schema::preset(const std::string& id) const {
    for (const Preset& p : presets)
        if (p.id == id) return &p;
    return nullptr;
}

Params::Params(const Schema& schema) : schema_(std::make_shared<const Schema>(schema)) {
    for (const ParamSpec& p : schema.params) values_.push_back(p.def);
    sets_.resize(values_.size());
}

void Params::set_points(size_t k, PointSet points) {
    values_[k] = double(points.size());
    sets_[k] = std::move(points);
}

int Params::points_index() const {
    for (size_t k = 0; k < schema_->params.size(); ++k)
        if (schema_->params[k].type == ParamType::Points) return int(k);
    return -1;
}

double Params::get(const std::string& name) const {
    int k = schema_->index_of(name);
    if (k < 0) throw std::out_of_range("unknown parameter '" + name + "'");   // words: not shown (a lab's bug)
    return values_[size_t(k)];
}

void Params::set(const std::string& name, double v) {
    int k = schema_->index_of(name);
    if (k < 0) throw std::out_of_range("unknown parameter '" + name + "'");   // words: not shown (a lab's bug)
    values_[size_t(k)] = v;
    if (schema_->params[size_t(k)].type == ParamType::Points) sets_[size_t(k)].clear();   // a number alone: no points
}

bool Params::apply_preset(const std::string& id) {
    const Preset* p = schema_->preset(id);
    if (!p) return false;
    for (size_t k = 0; k < values_.size(); ++k) values_[k] = schema_->params[k].def;
    for (PointSet& s : sets_) s.clear();
    for (const auto& [name, v] : p->values) set(name, v);
    return true;
}

std::string format_number(double v) {
    char buf[40];
    if (v == 0) return "0";   // also -0: one text for one value
    if (v == std::floor(v) && std::fabs(v) < 1e15) {
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return buf;
    }
    for (int prec = 1; prec <= 17; ++prec) {
        std::snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
}

std::string Params::set_from_text(const std::string& name, const std::string& text) {
    int k = schema_->index_of(name);
    if (k < 0) return trf("unknown parameter %s", quote(name).c_str());
    const ParamSpec& s = schema_->params[size_t(k)];
    if (s.type == ParamType::Points) {   // the link's form (core/point_set.hpp)
        PointSet pts;
        const std::string why = decode_points(text, s.points, pts);
        if (!why.empty()) return strf("%s: %s", name.c_str(), why.c_str());
        set_points(size_t(k), std::move(pts));
        return "";
    }
    if (s.type == ParamType::Choice) {
        for (size_t c = 0; c < s.choices.size(); ++c)
            if (s.choices[c] == text) {
                values_[size_t(k)] = double(c);
                return "";
            }
    }
    if (s.type == ParamType::Bool) {
        if (text == "true" || text == "on" || text == "yes") {
            values_[size_t(k)] = 1;
            return "";
        }
        if (text == "false" || text == "off" || text == "no") {
            values_[size_t(k)] = 0;
            return "";
        }
    }
    double v = 0;
    std::string err = parse_number(text, v);
    if (!err.empty()) {
        if (s.type == ParamType::Choice) {
            std::string choices;
            for (const auto& c : s.choices) choices += (choices.empty() ? "" : " ") + c;
            return trf("%s: %s (choose one of: %s)", name.c_str(), err.c_str(), choices.c_str());
        }
        if (s.type == ParamType::Bool) return trf("%s: %s (write true or false)", name.c_str(), err.c_str());
        return strf("%s: %s", name.c_str(), err.c_str());
    }
    values_[size_t(k)] = v;
    return "";
}

std::string Params::text(const std::string& name) const {
    int k = schema_->index_of(name);
    if (k < 0) throw std::out_of_range("unknown parameter '" + name + "'");   // words: not shown (a lab's bug)
    const ParamSpec& s = schema_->params[size_t(k)];
    double v = values_[size_t(k)];
    if (s.type == ParamType::Points) return encode_points(sets_[size_t(k)], s.points);
    if (s.type == ParamType::Choice && v >= 0 && v < double(s.choices.size()) && v == std::floor(v))
        return s.choices[size_t(v)];
    if (s.type == ParamType::Bool) return v != 0 ? "true" : "false";
    return format_number(v);
}

std::vector<std::string> Params::range_errors() const {
    std::vector<std::string> errs;
    for (size_t k = 0; k < values_.size(); ++k) {
        const ParamSpec& s = schema_->params[k];
        double v = values_[k];
        std::string who = s.name + (s.symbol.empty() || s.symbol == s.name ? "" : " (" + s.symbol + ")");
        if (s.type == ParamType::Points) {   // the set itself; its value is only how many
            const std::string why = check_points(sets_[k], s.points);
            if (!why.empty()) errs.push_back(strf("%s: %s", who.c_str(), why.c_str()));
            else if (v != double(sets_[k].size()))
                errs.push_back(trf("%s = %s is a number of points: give the points themselves", who.c_str(),
                                   format_number(v).c_str()));
            continue;
        }
        if (!std::isfinite(v)) {
            errs.push_back(trf("%s is not a finite number", who.c_str()));
            continue;
        }
        if ((s.type == ParamType::Int || s.type == ParamType::Choice) && v != std::floor(v)) {
            errs.push_back(trf("%s = %s must be a whole number", who.c_str(), format_number(v).c_str()));
            continue;
        }
        if (s.type == ParamType::Bool && v != 0 && v != 1) {
            errs.push_back(trf("%s must be true or false", who.c_str()));
            continue;
        }
        double lo = s.type == ParamType::Choice ? 0 : s.min;
        double hi = s.type == ParamType::Choice ? double(s.choices.size()) - 1 : s.max;
        if (s.type == ParamType::Bool) {
            lo = 0;
            hi = 1;
        }
        if (v < lo)
            errs.push_back(trf("%s = %s is below its minimum %s", who.c_str(), format_number(v).c_str(),
                               format_number(lo).c_str()));
        if (v > hi)
            errs.push_back(trf("%s = %s is above its maximum %s", who.c_str(), format_number(v).c_str(),
                               format_number(hi).c_str()));
    }
    return errs;
}

const char* type_name(ParamType t) {
    switch (t) {
    case ParamType::Int: return "int";
    case ParamType::Real: return "real";
    case ParamType::Bool: return "bool";
    case ParamType::Choice: return "choice";
    case ParamType::Points: return "points";
    }
    return "real";
}

std::string shown_value(const ParamSpec& s, const std::string& text) {
    if (s.type == ParamType::Choice) {
        for (size_t c = 0; c < s.choices.size() && c < s.shown.size(); ++c)
            if (s.choices[c] == text) return tr(s.shown[c]);
        return text;
    }
    return local_number(text);
}

std::string shown_name(const ParamSpec& s) {
    if (!s.symbol.empty()) return s.symbol;
    return s.title.empty() ? s.name : tr(s.title);
}

}   // namespace core
