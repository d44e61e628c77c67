// Which patches each router keeps: the routers' territories on the plane of the discriminative
// direction u = (o1 − o2)/|o1 − o2| and a noise direction, the centre q1* of the irrelevant set S_1 made
// orthogonal to u. Channel s is the margin <w_s, x> − τ_s of a patch x on the plane over τ_s, the smallest score
// router s keeps in a test sample (median of its l-th best; core/keep_field.hpp), from Model::score itself.
#pragma once
#include "core/view.hpp"
#include "labs/patch-routing/data.hpp"
#include "labs/patch-routing/model.hpp"

namespace patch_routing {

struct Plane {
    std::vector<float> u, v;   // orthonormal: the discriminative direction, the noise direction
    std::vector<float> at(double a, double b) const;
};
Plane territory_plane(const Geometry& g);

// The territory of a routed model's routers (the CNN has none): τ from the first `samples` test samples.
core::View territory_view(const Model& m, const Geometry& g, const Dataset& test, int samples,
                          const std::string& title);
// Units of work territory_view spends (the scores of the samples' patches and of the grid's cells).
double territory_units(const Model& m, int samples);

}   // namespace patch_routing
