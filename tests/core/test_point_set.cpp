// A point set as a run's configuration (core/point_set.hpp): CSV read and written back, bad rows refused with their
// line number and nothing changed, the link's form round-tripping to the points on the grid, malformed link text
// refused.
#include "core/point_set.hpp"
#include "core/rng.hpp"
#include <cctype>
#include <cmath>
#include <doctest/doctest.h>

namespace {

core::PointSet random_points(int n, uint64_t seed, const core::PointSetSpec& spec) {
    core::Rng rng(seed);
    core::PointSet p(static_cast<size_t>(n));
    for (auto& q : p) {
        q.x = spec.lo + (spec.hi - spec.lo) * rng.uniform();
        q.y = spec.lo + (spec.hi - spec.lo) * rng.uniform();
        q.label = int(rng.uniform() * spec.classes) % spec.classes;
    }
    return p;
}

// The base64url character with its lowest bit set.
char with_low_bit(char c) {
    const std::string a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    return a[a.find(c) | 1];
}

}   // namespace

TEST_CASE("point set: CSV round-trips; a header, blank lines, spaces and CRLF are read") {
    const core::PointSetSpec spec;
    const core::PointSet pts = random_points(50, 3, spec);
    core::PointSet back;
    REQUIRE(core::read_points_csv(core::write_points_csv(pts), spec, back) == "");
    CHECK(back == pts);
    REQUIRE(core::read_points_csv("\r\n x , y , class \r\n0.5, -0.25 ,1\r\n\r\n-1,1,3", spec, back) == "");
    REQUIRE(back.size() == 2);
    CHECK(back[0] == core::LabeledPoint{0.5, -0.25, 1});
    CHECK(back[1] == core::LabeledPoint{-1, 1, 3});
    CHECK(core::read_points_csv("", spec, back) == "");
    CHECK(back.empty());
}

TEST_CASE("point set: a bad row is refused with its line number, and nothing changes") {
    const core::PointSetSpec spec;
    const core::PointSet before = random_points(5, 4, spec);
    struct Bad {
        const char* text;
        const char* why;
    };
    for (const Bad& b : {Bad{"x,y,class\n0,0,0\n0.1,0.2\n", "line 3: expected x,y,class, found 2 values"},
                         Bad{"0,0,0\n0,abc,1\n", "line 2: y: "}, Bad{"0,0,0\n\n0,0,4\n", "line 3: class: "},
                         Bad{"0,0,1.5\n", "line 1: class: "}, Bad{"2,0,1\n", "line 1: (2, 0) is outside the square"},
                         Bad{"0,0,0,0\n", "line 1: expected x,y,class, found 4 values"},
                         Bad{"x,y,class\nx,y,class\n", "line 2: x: "}}) {
        CAPTURE(b.text);
        core::PointSet p = before;
        const std::string why = core::read_points_csv(b.text, spec, p);
        CHECK(why.rfind(b.why, 0) == 0);
        CHECK(p == before);
    }
    core::PointSetSpec few = spec;
    few.max_points = 3;
    core::PointSet p = before;
    CHECK(core::read_points_csv("0,0,0\n0,0,0\n0,0,0\n0,0,0\n", few, p) == "line 4: more than 3 points");
    CHECK(p == before);
    CHECK(core::check_points(random_points(4, 1, spec), few) == "more than 3 points");
    CHECK(core::check_points({{0, 0, 0}, {0, 0, 7}}, spec).rfind("point 2: class 7", 0) == 0);
}

TEST_CASE("point set: the link's form gives back the points on the grid; 2,000 points in 26 bits each") {
    core::PointSetSpec spec;
    const core::PointSet pts = random_points(2000, 5, spec);
    const std::string link = core::encode_points(pts, spec);
    CHECK(core::bits_per_point(spec) == 26);
    CHECK(link.size() == (2000 * 26 + 5) / 6);
    for (char c : link) CHECK((std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'));
    core::PointSet back;
    REQUIRE(core::decode_points(link, spec, back) == "");
    CHECK(back == core::quantise(pts, spec));
    for (size_t i = 0; i < pts.size(); ++i) {   // within half a grid step
        CHECK(std::abs(back[i].x - pts[i].x) <= 1.0 / 4095 + 1e-12);
        CHECK(back[i].label == pts[i].label);
    }
    CHECK(core::quantise(back, spec) == back);   // on the grid already: the same again
    CHECK(core::encode_points(back, spec) == link);
    for (int n : {0, 1, 2, 3, 7}) {   // every length's spare bits
        const core::PointSet few(pts.begin(), pts.begin() + n);
        REQUIRE(core::decode_points(core::encode_points(few, spec), spec, back) == "");
        CHECK(back == core::quantise(few, spec));
    }
    spec.classes = 2;   // one bit for the class
    CHECK(core::bits_per_point(spec) == 25);
}

TEST_CASE("point set: malformed link text is refused and nothing changes") {
    const core::PointSetSpec spec;
    const core::PointSet before = random_points(3, 6, spec);
    const std::string good = core::encode_points(before, spec);
    core::PointSet p = before;
    CHECK(core::decode_points(good + "A", spec, p).find("length") != std::string::npos);
    CHECK(core::decode_points(good.substr(0, good.size() - 2), spec, p).find("length") != std::string::npos);
    std::string bad = good;
    bad[1] = '+';
    CHECK(core::decode_points(bad, spec, p).find("base64url") != std::string::npos);
    std::string pad = core::encode_points({before[0], before[1]}, spec);   // 52 bits in 9 characters: 2 spare
    pad.back() = with_low_bit(pad.back());                                 // a spare bit set
    CHECK(core::decode_points(pad, spec, p).find("last bits") != std::string::npos);
    core::PointSetSpec three = spec;
    three.classes = 3;   // class 3 fits in two bits but is not a class
    CHECK(core::decode_points(core::encode_points({{0, 0, 3}}, spec), three, p).find("class 3") != std::string::npos);
    CHECK(p == before);
}
