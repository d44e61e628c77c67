// The configuration of one cluster-experts run: every field is set by one parameter of the schema, bound in
// lab.cpp (core::Bound), so there are no defaults here: the schema's are the only ones.
#pragma once
#include "core/bind.hpp"
#include "labs/cluster-experts/data.hpp"
#include "labs/cluster-experts/moe.hpp"

namespace cluster_experts {

struct Config {
    int setting;       // the paper's Settings 1–4 (0–3) or kCustomSetting
    DataConfig data;   // K, P, d and the custom α, β, γ, σ_p controls: data_model() applies the setting
    int n, n_test;
    TrainConfig moe;   // both MoEs' (M, J, σ0, steps, noise, plain GD, load balancing); the run sets `cubic`
    int J_single;
    int T;
    bool singles;
    bool single_adam;   // single_opt: Adam (App. A.2) instead of normalized GD (3.4)
    double eta_single, adam_lr_cubic, adam_lr_linear, weight_decay;
    int eval_every, cell_every;

    // The data model drawn: `data` with the setting's distributions (apply_setting; custom keeps the controls').
    DataConfig data_model() const {
        DataConfig d = data;
        apply_setting(setting, d);
        return d;
    }
};

// Each parameter once, bound to the field of Config it sets (lab.cpp): the lab's schema, and a run's config.
const core::Bound<Config>& binding();

}   // namespace cluster_experts
