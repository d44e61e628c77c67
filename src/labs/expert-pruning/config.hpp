// The configuration of one expert-pruning run: every field is set by the parameters of the schema, bound in
// lab.cpp (core::Bound), so there are no defaults here: the schema's are the only ones.
#pragma once
#include "core/bind.hpp"
#include "labs/expert-pruning/pipeline.hpp"

namespace expert_pruning {

struct Config {
    RunSpec spec;   // one seed's settings (pipeline.hpp); spec.data.C and spec.p_trust are derived
    int C;          // concept pairs as set (from scratch the run uses one: spec.data.C)
    double rho;     // the main run's pruning ratio: spec.p_trust = floor(ρ·|S_g|) per group, at least one kept
    bool diff_norm;
    int seeds;     // repetitions of the sweep; the first is the main run
    int inspect;   // the expert whose neurons are shown (0: the first important one of S₁)
};

// Each parameter once, bound to the field of Config it sets (lab.cpp): the lab's schema, and a run's config.
const core::Bound<Config>& binding();

}   // namespace expert_pruning
