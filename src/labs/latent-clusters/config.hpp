// The configuration of one latent-clusters run: every field is set by one parameter of the schema, bound in
// lab.cpp (core::Bound), so there are no defaults here: the schema's are the only ones.
#pragma once
#include "core/bind.hpp"
#include "labs/latent-clusters/experts.hpp"
#include "labs/latent-clusters/teacher.hpp"

namespace latent {

struct Config {
    TeacherConfig teacher;
    int M, J1, J3;
    Act act;
    int act_deg;   // highest degree of the randomized Hermite activation (0: the teacher's p*)
    double C_b;
    double eta1, eta_r, eta3, tau3, lambda;
    long T1, n2, T3, T4;
    int T2;
    bool reinit, baselines;
    bool router;   // false: Phase II computes its gradient (same samples) but θ stays 0 (router off)
    int n_test, eval_every;
};

// Each parameter once, bound to the field of Config it sets (lab.cpp): the lab's schema, and a run's config.
const core::Bound<Config>& binding();

}   // namespace latent
