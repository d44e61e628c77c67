// The configuration of one gated-regression run, read from the parameters (schema in lab.cpp).
#pragma once
#include "core/params.hpp"
#include "labs/gated-regression/l4.hpp"
#include "labs/gated-regression/truth.hpp"

namespace gated {

struct Config {
    TruthConfig truth;
    int n = 100000, n_test = 5000, runs = 6;
    // Phase 1: L_4
    bool online = false;   // online SGD on fresh batches (the paper's §4) instead of GD on a fixed dataset
    int batch4 = 1024, iters = 1500;
    L4Hyper h{0.1, 1.0, 0.75};
    double eta4 = 0.05, init4 = 0.1, cap = 3.0;
    // Phase 1: ℓ2 (and EM)
    double eta2 = 0.2;
    int batch2 = 128;
    bool em = false;
    // Phase 2: L_log
    double alpha_log = 2.0, R = 2.0;
    int iters_log = 20, n_log = 10000;
    bool envelope = true;
    // Phase 3: sample-complexity sweep
    bool sweep = true;
    int sweep_seeds = 6, d2 = 4, sweep_n_max = 100000;

    static Config from(const core::Params& p);
};

}   // namespace gated
