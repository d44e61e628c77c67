#include "labs/playground/datasets.hpp"
#include <algorithm>
#include <cmath>

namespace playground {

namespace {

// Eight places around the square, in order: cluster j of 2C sits at kRing[j · 8 / (2C)].
const double kRing[8][2] = {{-0.6, -0.6}, {0, -0.6}, {0.6, -0.6}, {0.6, 0},
                            {0.6, 0.6},   {0, 0.6},  {-0.6, 0.6}, {-0.6, 0}};

double clip(double v) { return std::clamp(v, -1.0, 1.0); }

// A direction uniform on the circle: a Gaussian pair scaled to length 1.
void direction(core::Rng& rng, double& u, double& v) {
    double r = 0;
    do {
        u = rng.normal();
        v = rng.normal();
        r = std::sqrt(u * u + v * v);
    } while (r < 1e-12);
    u /= r;
    v /= r;
}

}   // namespace

int classes_of(const DataSpec& spec) {
    return spec.shape == Shape::Xor || spec.shape == Shape::Moons ? 2 : std::clamp(spec.classes, 2, 4);
}

core::PointSet make_points(const DataSpec& spec, core::Rng& rng) {
    core::PointSet pts;
    const int C = classes_of(spec), n = spec.shape == Shape::Draw ? 0 : spec.n;
    const double s = spec.spread;
    for (int q = 0; q < n; ++q) {
        core::LabeledPoint p;
        switch (spec.shape) {
        case Shape::Clusters: {
            const int clusters = 2 * C, j = q % clusters;
            const double* c = kRing[j * 8 / clusters];
            p = {clip(c[0] + s * rng.normal()), clip(c[1] + s * rng.normal()), j % C};
            break;
        }
        case Shape::Skewed: {   // point q's cluster by its share: 70 %, 20 %, 10 %
            const int j = 10 * q < 7 * n ? 0 : 10 * q < 9 * n ? 1 : 2;
            const double* c = kRing[j * 3];
            p = {clip(c[0] + s * rng.normal()), clip(c[1] + s * rng.normal()), j % C};
            break;
        }
        case Shape::Xor: {
            const double x = rng.uniform(-1, 1), y = rng.uniform(-1, 1);
            p = {x, y, (x > 0) == (y > 0) ? 0 : 1};
            break;
        }
        case Shape::Moons: {   // the upper half circle of class 0, the lower one of class 1 shifted under it
            double u = 0, v = 0;
            direction(rng, u, v);
            const int k = q % 2;
            const double r = 0.5 + s * rng.normal();
            p = k == 0 ? core::LabeledPoint{clip(-0.25 + r * u), clip(-0.15 + r * std::fabs(v)), 0}
                       : core::LabeledPoint{clip(0.25 + r * u), clip(0.15 - r * std::fabs(v)), 1};
            break;
        }
        case Shape::Rings: {
            double u = 0, v = 0;
            direction(rng, u, v);
            const int k = q % C;
            const double r = 0.9 * (k + 1) / C + s * rng.normal();
            p = {clip(r * u), clip(r * v), k};
            break;
        }
        case Shape::Draw: break;
        }
        pts.push_back(p);
    }
    return pts;
}

}   // namespace playground
