// Work estimates in "units" (about one multiply-add each) for step()'s slices and check()'s time limit.
#pragma once
#include "core/lab.hpp"
#include "core/work_plan.hpp"
#include "labs/gated-regression/config.hpp"

namespace gated {

constexpr double kUnitsPerSecond = 1.5e9;   // measured natively (moe-lab bench, user time)
constexpr double kMemoryRowCost = 200;      // reading one random row of a dataset larger than the cache
constexpr double kShuffleCost = 30;         // per element of an epoch's reshuffle (core::Rng::shuffle)

double draw_cost(int d, int k);                       // one sample of eq. (1)
double moment_cost(int d);                            // Moments::add
double tensor_cost(int d);                            // Moments::tensors
double l4_iter_cost(const Config& c, int d);          // one L_4 step (online: with its fresh batch)
double l2_iter_cost(const Config& c, int d, int n);   // one ℓ2 minibatch step on a dataset of n samples
double em_iter_cost(const Config& c);
double llog_iter_cost(const Config& c);   // one L_log step for one A
double finish_cost(const Config& c);      // one trial's readouts and Phase 2 set-up
double eval_cost(const Config& c);        // the held-out evaluation of one run
std::vector<int> sweep_grid(int n_max);   // 10³, 3·10³, 10⁴, … ≤ n_max
double sweep_work(const Config& c);
// ℓ2's reshuffles over `iters` minibatch steps: one per epoch, the first before the first step.
double shuffle_work(const Config& c, int n);
// The run's parts (Part, run.hpp) with their estimated work: the lab's plan() (lab.cpp).
core::WorkPlan work_plan(const Config& c);

// min_m α_m* = min_m E[p_m*(x)]: 1/2 for k = 2; Monte Carlo (fixed seed) for k ≥ 3.
double min_mixing_weight(const TruthConfig& t);

}   // namespace gated
