// The configuration of one patch-routing run: every field is set by the parameters of the schema, bound in
// lab.cpp (core::Bound), so there are no defaults here: the schema's are the only ones.
#pragma once
#include "core/bind.hpp"
#include "labs/patch-routing/data.hpp"
#include "labs/patch-routing/model.hpp"
#include "labs/patch-routing/train.hpp"
#include <vector>

namespace patch_routing {

struct Config {
    DataSpec data;
    ModelSpec model[3];   // indexed by Arch: CNN, separate, joint (arch, k and the CNN's l = n derived)
    TrainSpec train;
    int n_test;
    int N_run;             // the single run's N and the threshold readout's N
    int N_min, N_points;   // the sweep's grid: N_min, 2 N_min, 4 N_min, ... (N_points values)
    std::vector<int> Ns;   // that grid (derived)
    int sweep_seeds;
    int grid_lmax;   // 0: no threshold grid
    int grid_seeds;
    static constexpr double target = 0.95;   // the success criterion: test accuracy ≥ 95 %
};

// Each parameter once, bound to the field of Config it sets (lab.cpp): the lab's schema, and a run's config.
const core::Bound<Config>& binding();

}   // namespace patch_routing
