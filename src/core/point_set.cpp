#include "core/point_set.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace core {

namespace {

const char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int class_bits(int classes) {
    int b = 0;
    while ((1 << b) < classes) ++b;
    return b;
}

long steps(const PointSetSpec& spec) { return (1L << spec.grid_bits) - 1; }

long on_grid(double v, const PointSetSpec& spec) {
    const double t = (v - spec.lo) / (spec.hi - spec.lo);
    return std::lround(std::fmin(1.0, std::fmax(0.0, t)) * double(steps(spec)));
}

double from_grid(long q, const PointSetSpec& spec) {
    return spec.lo + (spec.hi - spec.lo) * double(q) / double(steps(spec));
}

std::string trim(const std::string& s) {
    size_t a = 0, b = s.size();
    while (a < b && (s[a] == ' ' || s[a] == '\t')) ++a;
    while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r')) --b;
    return s.substr(a, b - a);
}

std::vector<std::string> split(const std::string& line, char sep) {
    std::vector<std::string> out(1);
    for (char c : line)
        if (c == sep) out.emplace_back();
        else out.back() += c;
    for (std::string& f : out) f = trim(f);
    return out;
}

std::string check_point(const LabeledPoint& p, const PointSetSpec& spec) {
    for (double v : {p.x, p.y})
        if (!(v >= spec.lo && v <= spec.hi))
            return trf("(%g, %g) is outside the square [%g, %g]²", p.x, p.y, spec.lo, spec.hi);
    if (p.label < 0 || p.label >= spec.classes) return trf("class %d is not one of 0 … %d", p.label, spec.classes - 1);
    return "";
}

std::string too_many(const PointSetSpec& spec) { return trf("more than %d points", spec.max_points); }

}   // namespace

int bits_per_point(const PointSetSpec& spec) { return 2 * spec.grid_bits + class_bits(spec.classes); }

std::string check_points(const PointSet& points, const PointSetSpec& spec) {
    if (int(points.size()) > spec.max_points) return too_many(spec);
    for (size_t i = 0; i < points.size(); ++i)
        if (std::string why = check_point(points[i], spec); !why.empty())
            return trf("point %zu: %s", i + 1, why.c_str());
    return "";
}

std::string read_points_csv(const std::string& text, const PointSetSpec& spec, PointSet& out) {
    PointSet got;
    size_t start = 0;
    bool first = true;   // the first line with something on it may be the header
    for (int line = 1; start <= text.size(); ++line) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string row = trim(text.substr(start, end - start));
        start = end + 1;
        if (row.empty()) continue;
        const std::vector<std::string> f = split(row, ',');
        const bool header = first && f.size() == 3 && f[0] == "x" && f[1] == "y" && f[2] == "class";
        first = false;
        if (header) continue;
        auto at = [&](const std::string& why) { return trf("line %d: %s", line, why.c_str()); };
        if (f.size() != 3)
            return at(trnf((long long)f.size(), "expected x,y,class, found %zu value",
                           "expected x,y,class, found %zu values", f.size()));
        LabeledPoint p;   // (x, y and class: the CSV's columns, named as in its header)
        if (std::string why = parse_number(f[0], p.x); !why.empty()) return at("x: " + why);
        if (std::string why = parse_number(f[1], p.y); !why.empty()) return at("y: " + why);
        long long c = 0;
        if (std::string why = parse_whole(f[2], 0, spec.classes - 1, c); !why.empty()) return at("class: " + why);
        p.label = int(c);
        if (std::string why = check_point(p, spec); !why.empty()) return at(why);
        if (int(got.size()) == spec.max_points) return at(too_many(spec));
        got.push_back(p);
    }
    out = std::move(got);
    return "";
}

std::string write_points_csv(const PointSet& points) {
    std::string s = "x,y,class\n";
    auto number = [](double v) {
        char b[40];
        for (int digits = 1; digits <= 17; ++digits) {   // the fewest digits that read back as v
            std::snprintf(b, sizeof b, "%.*g", digits, v);
            if (std::strtod(b, nullptr) == v) break;
        }
        return std::string(b);
    };
    for (const LabeledPoint& p : points) s += number(p.x) + "," + number(p.y) + "," + std::to_string(p.label) + "\n";
    return s;
}

PointSet quantise(const PointSet& points, const PointSetSpec& spec) {
    PointSet out = points;
    for (LabeledPoint& p : out) {
        p.x = from_grid(on_grid(p.x, spec), spec);
        p.y = from_grid(on_grid(p.y, spec), spec);
    }
    return out;
}

std::string encode_points(const PointSet& points, const PointSetSpec& spec) {
    std::string out;
    unsigned long long acc = 0;   // bits not yet written, the oldest highest
    int held = 0;
    auto put = [&](unsigned long long value, int bits) {
        acc = (acc << bits) | value;
        held += bits;
        while (held >= 6) {
            held -= 6;
            out += kBase64[(acc >> held) & 63];
        }
    };
    const int cb = class_bits(spec.classes);
    for (const LabeledPoint& p : points) {
        put((unsigned long long)on_grid(p.x, spec), spec.grid_bits);
        put((unsigned long long)on_grid(p.y, spec), spec.grid_bits);
        put((unsigned long long)p.label, cb);
    }
    if (held > 0) out += kBase64[(acc << (6 - held)) & 63];   // the last character's spare bits are 0
    return out;
}

std::string decode_points(const std::string& text, const PointSetSpec& spec, PointSet& out) {
    const long bits = long(text.size()) * 6, per = bits_per_point(spec);
    const long n = bits / per;
    if (bits - n * per >= 6) return tr("not a list of points (its length does not match whole points)");
    if (n > spec.max_points) return too_many(spec);
    std::vector<int> sixes;
    for (char c : text) {
        const char* at = c ? std::strchr(kBase64, c) : nullptr;
        if (!at) return trf("not a list of points (%s is not a base64url character)", quote(std::string(1, c)).c_str());
        sixes.push_back(int(at - kBase64));
    }
    long pos = 0;   // the next bit to read
    auto get = [&](int count) {
        unsigned long value = 0;
        for (int k = 0; k < count; ++k, ++pos) value = (value << 1) | ((sixes[size_t(pos / 6)] >> (5 - pos % 6)) & 1);
        return value;
    };
    PointSet got;
    const int cb = class_bits(spec.classes);
    for (long i = 0; i < n; ++i) {
        LabeledPoint p;
        p.x = from_grid(long(get(spec.grid_bits)), spec);
        p.y = from_grid(long(get(spec.grid_bits)), spec);
        p.label = int(get(cb));
        if (p.label >= spec.classes)
            return trf("point %ld: class %d is not one of 0 … %d", i + 1, p.label, spec.classes - 1);
        got.push_back(p);
    }
    if (get(int(bits - pos)) != 0) return tr("not a list of points (its last bits are not zero)");
    out = std::move(got);
    return "";
}

}   // namespace core
