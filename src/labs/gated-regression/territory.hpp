// The routing map's geometry and models, shared by the cached territories (territory.cpp, made in
// step()) and the view (views.cpp): the plane of the true gate direction eu = w*/‖w*‖ and the experts'
// difference ev = (a₁* − a₂*)/‖a₁* − a₂*‖, and the two gated models drawn on it (ℓ2, and L₄'s experts with
// L_log's gate), each with the learned experts matched to true experts 1 and 2 (e1, e2).
#pragma once
#include "core/view.hpp"
#include "labs/gated-regression/l2.hpp"
#include "labs/gated-regression/truth.hpp"
#include <vector>

namespace gated {

struct MapPlane {
    std::vector<double> wdiff, eu, ev;   // the true gate's normal, the plane's axes
};
MapPlane map_plane(const Truth& truth);

struct MapPanel {
    GatedModel m;
    int e1 = 0, e2 = 1;
};

// The territories of m's gate (gate_probs, the function training uses) on the plane over [−3, 3]²: channel c is
// the gate probability of the learned expert matched to true expert c (e1, e2, then the others).
core::Field map_field(const MapPanel& p, const MapPlane& plane);
constexpr double kMapHalfWidth = 3;
constexpr int kMapCells = 48;

}   // namespace gated
