// Routing and alignment metrics of docs/labs/patch-routing.md §6, computed on the fixed test set at evaluation points
// (never per frame), and the sample complexity N* read off a sweep curve.
#pragma once
#include "labs/patch-routing/data.hpp"
#include "labs/patch-routing/model.hpp"
#include <string>
#include <vector>

namespace patch_routing {

std::string type_name(int type);   // "o1", "o2", "C1", "C2", "S3" (1-based set index)

struct RoutingStats {
    int types = 0, k = 0, n = 0;
    std::vector<double> sel;          // types x k: P(a patch of type τ ∈ J_s)
    std::vector<double> rank_hist;    // n: fraction of test samples whose discriminative patch has router rank r+1
    double R_plus = 0, R_minus = 0;   // separate: R1, R2 (Lemma 4.1); joint: top-gate capture (Assumption 4.4)
    double drop = 0;                  // irrelevant-drop rate: irrelevant patches routed to no expert
    int max_rank = 0;                 // the largest rank with a nonzero count (0: no samples)
};
// For the separate model the rank and R use router 1 for y = +1 and router 2 for y = -1; for the joint
// model the expert that captures the class most often (R_joint^± = max_s P[j_o ∈ J_s with the top gate]).
RoutingStats routing_stats(Model& m, const Dataset& test, int types,
                           int first = -1);   // the first samples only (-1: all)

// Which expert took which patch of one sample: (experts x n) gates, NaN where not routed.
struct Inspection {
    int k = 0, n = 0, y = 0, j_o = 0;
    std::vector<double> gate;
    std::vector<uint8_t> type;
};
Inspection inspect(Model& m, const Dataset& D, int i);

struct Alignment {
    double router1 = 0,
           router2 = 0;   // separate: cos(w1, o1-o2), cos(w2, o2-o1); joint: max_s cos(w_s, o1), max_s cos(w_s, o2)
    double A_o1 = 0, A_o2 = 0;   // expert feature alignment: max over neurons of cos(w_r, o)
};
Alignment alignment(const Model& m, const Geometry& g);

struct NeuronPoint {
    float p1, p2;
    int expert;
    bool negative;
};   // (<w,o1>, <w,o2>), sign of a
std::vector<NeuronPoint> neuron_points(const Model& m, const Geometry& g);

// Smallest N at which the mean accuracy reaches `target`, log-linearly interpolated between grid points
// (docs/labs/patch-routing.md §4.8); NaN when the curve never reaches it. xs increasing.
double n_star(const std::vector<double>& xs, const std::vector<double>& acc, double target);

}   // namespace patch_routing
