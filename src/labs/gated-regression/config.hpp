// The configuration of one gated-regression run: every field is set by one parameter of the schema, bound in
// lab.cpp (core::Bound), so there are no defaults here: the schema's are the only ones.
#pragma once
#include "core/bind.hpp"
#include "labs/gated-regression/l4.hpp"
#include "labs/gated-regression/truth.hpp"

namespace gated {

struct Config {
    TruthConfig truth;
    int n, n_test, runs;
    // Phase 1: L_4
    bool online;   // online SGD on fresh batches (the paper's §4) instead of GD on a fixed dataset
    int batch4, iters;
    L4Hyper h;
    double eta4, init4, cap;
    // Phase 1: ℓ2 (and EM)
    double eta2;
    int batch2;
    bool em;
    // Phase 2: L_log
    double alpha_log, R;
    int iters_log, n_log;
    bool envelope;
    // Phase 3: sample-complexity sweep
    bool sweep;
    int sweep_seeds, d2, sweep_n_max;
};

// Each parameter once, bound to the field of Config it sets (lab.cpp): the lab's schema, and a run's config.
const core::Bound<Config>& binding();

}   // namespace gated
