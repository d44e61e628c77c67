// The playground lab's data on the plane, in the square [-1, 1]², drawn from the run's seed (core::Rng: the same
// points in the page, the desktop and the CLI; no trigonometry, whose last bits differ between C libraries: points
// on circles are Gaussian pairs scaled to the radius).
//   clusters  each class made of two Gaussian clusters, the classes' clusters interleaved around the square (the
//             structure of cluster-experts: a class is several clusters, and an expert may learn each);
//   skewed    three clusters of 70 %, 20 % and 10 % of the points (one class each, modulo the classes): the
//             imbalance under which routers collapse without balancing;
//   xor       the four quadrants, opposite ones of the same class (2 classes);
//   moons     two interleaving half circles (2 classes);
//   rings     concentric rings, one per class;
//   draw      no points: the class draws them.
#pragma once
#include "core/point_set.hpp"
#include "core/rng.hpp"

namespace playground {

enum class Shape { Clusters, Skewed, Xor, Moons, Rings, Draw };

struct DataSpec {
    Shape shape = Shape::Clusters;
    int n = 400;           // points (none for draw)
    int classes = 3;       // 2 … 4 (xor and moons: 2)
    double spread = 0.1;   // the clusters' standard deviation, the rings' and moons' radial noise
};

// The points, in the order drawn, clipped to the square.
core::PointSet make_points(const DataSpec& spec, core::Rng& rng);
int classes_of(const DataSpec& spec);   // xor and moons: 2

}   // namespace playground
