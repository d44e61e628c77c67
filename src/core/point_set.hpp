// A point set on the plane as part of a run's configuration (the data a class draws for a lab): labelled points
// (x, y, class) inside a square, checked against their declaration, read from and written to CSV, and encoded for a
// share link on a grid, so that a link opens the same points.
//
//   core::PointSetSpec spec;                       // [-1, 1]², classes 0 … 3, at most 2,000 points
//   std::string why = core::read_points_csv(text, spec, points);   // "line 7: class 5 is not one of 0 … 3"
//   std::string link = core::encode_points(points, spec);          // base64url, 26 bits a point
//   why = core::decode_points(link, spec, again);                  // again == core::quantise(points, spec)
#pragma once
#include <string>
#include <vector>

namespace core {

struct LabeledPoint {
    double x = 0, y = 0;
    int label = 0;   // its class, 0 … classes − 1
    bool operator==(const LabeledPoint& o) const { return x == o.x && y == o.y && label == o.label; }
};
using PointSet = std::vector<LabeledPoint>;

struct PointSetSpec {
    double lo = -1, hi = 1;   // the square [lo, hi]²
    int classes = 4;          // labels 0 … classes − 1 (at most 256)
    int max_points = 2000;
    int grid_bits = 12;   // a link keeps each coordinate on 2^grid_bits steps across [lo, hi]
};

// "" or what is wrong with the first point that does not fit the declaration (or with the count).
std::string check_points(const PointSet& points, const PointSetSpec& spec);

// CSV, one point a line: x,y,class. An optional first line "x,y,class"; blank lines are skipped; spaces around a
// value and "\r\n" are accepted; numbers in the one grammar (core/parse.hpp), the class a whole number. "" with the
// points in `out`, or "line N: why" with `out` unchanged (nothing changes when a file is refused).
std::string read_points_csv(const std::string& text, const PointSetSpec& spec, PointSet& out);
// With the header; each number in the fewest digits that read back as the same double.
std::string write_points_csv(const PointSet& points);

// The points a link restores: each coordinate on the grid (the nearest of 2^grid_bits steps across [lo, hi]).
PointSet quantise(const PointSet& points, const PointSetSpec& spec);
// The link's form: the points packed as bits (x and y on the grid, then the class in as few bits as the classes
// need), in base64url (A–Z a–z 0–9 - _) without padding. "" for no points.
std::string encode_points(const PointSet& points, const PointSetSpec& spec);
// "" with quantise(points) in `out`, or why the text is not such a list (`out` unchanged).
std::string decode_points(const std::string& text, const PointSetSpec& spec, PointSet& out);
int bits_per_point(const PointSetSpec& spec);

}   // namespace core
