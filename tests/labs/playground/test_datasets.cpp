// The playground lab's data shapes (src/labs/playground/datasets.hpp): inside the square, the classes declared, the
// same points from the same seed, the skewed shape's 70/20/10 split, xor's quadrants, rings by radius.
#include "core/point_set.hpp"
#include "labs/playground/datasets.hpp"
#include <cmath>
#include <doctest/doctest.h>

TEST_CASE("playground data: every shape fits its declaration and comes back the same from the same seed") {
    using playground::Shape;
    for (Shape shape : {Shape::Clusters, Shape::Skewed, Shape::Xor, Shape::Moons, Shape::Rings, Shape::Draw})
        for (int classes : {2, 3, 4}) {
            playground::DataSpec spec;
            spec.shape = shape;
            spec.classes = classes;
            spec.n = 600;
            CAPTURE(int(shape));
            CAPTURE(classes);
            core::Rng a(7), b(7);
            const core::PointSet p = playground::make_points(spec, a);
            CHECK(p == playground::make_points(spec, b));
            CHECK(int(p.size()) == (shape == Shape::Draw ? 0 : 600));
            core::PointSetSpec square;
            square.classes = playground::classes_of(spec);
            CHECK(core::check_points(p, square) == "");
            std::vector<int> count(size_t(square.classes), 0);
            for (const auto& q : p) ++count[size_t(q.label)];
            if (shape != Shape::Draw && shape != Shape::Skewed)
                for (int c : count) CHECK(c >= 600 / square.classes / 2);   // every class present
        }
}

TEST_CASE("playground data: skewed is 70/20/10; xor by quadrant; rings by radius") {
    playground::DataSpec spec;
    spec.shape = playground::Shape::Skewed;
    spec.n = 1000;
    core::Rng rng(3);
    core::PointSet p = playground::make_points(spec, rng);
    std::vector<int> count(3, 0);
    for (const auto& q : p) ++count[size_t(q.label)];
    CHECK(count == std::vector<int>{700, 200, 100});
    spec.shape = playground::Shape::Xor;
    p = playground::make_points(spec, rng);
    for (const auto& q : p) CHECK(q.label == ((q.x > 0) == (q.y > 0) ? 0 : 1));
    spec.shape = playground::Shape::Rings;
    spec.classes = 3;
    spec.spread = 0.02;
    p = playground::make_points(spec, rng);
    double mean[3] = {0, 0, 0};
    for (const auto& q : p) mean[q.label] += std::sqrt(q.x * q.x + q.y * q.y) / (1000.0 / 3);
    CHECK(mean[0] < mean[1]);
    CHECK(mean[1] < mean[2]);
}
