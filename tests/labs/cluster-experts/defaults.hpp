// The schema's defaults as the settings of the lab's parts, for tests that build the data and the models
// directly: setting 1 with K = 4, P = 4, d = 16; a cubic MoE with M = 8, J = 4, σ0 = 0.1, η = 0.005, η_r = 0.5.
#pragma once
#include "labs/cluster-experts/config.hpp"

namespace cluster_experts {

inline DataConfig default_data() { return binding().defaults().data_model(); }
inline TrainConfig default_moe() {
    TrainConfig c = binding().defaults().moe;
    c.cubic = true;
    return c;
}

}   // namespace cluster_experts
