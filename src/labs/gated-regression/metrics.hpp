// Held-out evaluation (§5 and docs/labs/gated-regression.md §4.12): test MSE against the oracle E[y|x] and linear
// regression, and routing accuracy: gate-only (argmax p(x) = z) and posterior (argmax P[z | x, y] = z).
#pragma once
#include "core/rng.hpp"
#include "labs/gated-regression/l2.hpp"
#include "labs/gated-regression/truth.hpp"
#include <vector>

namespace gated {

struct Sample {   // n samples of eq. (1): X (n×d), z, y
    int n = 0, d = 0;
    std::vector<double> X, y;
    std::vector<int> z;
    void draw(const Truth& t, int count, core::Rng& rng);   // appends count samples
};

double mse(const GatedModel& m, const Sample& s);
double oracle_mse(const Truth& t, const Sample& s);

// Least squares with an intercept, fitted on train, evaluated on test.
double linreg_mse(const Sample& train, const Sample& test);

// Routing accuracy of a gated model whose expert i is matched to true expert perm⁻¹(i): perm[m] is the model's
// expert for true expert m (Readout::perm; identity when the model is already in the true labelling).
// posterior: use P[z | x, y] ∝ p_i(x) N(y | g(⟨a_i,x⟩), σ²), else argmax p(x).
double routing_accuracy(const GatedModel& m, const std::vector<int>& perm, const Sample& s, double sigma,
                        bool posterior);

// α_m* = E[p_m*(x)], by Monte Carlo over the sample's inputs (1/2 exactly for k = 2 by symmetry).
std::vector<double> mixing_weights(const Truth& t, const Sample& s);

}   // namespace gated
