// Training of one model, resumable in bounded slices (Trainer::advance), following the paper:
//  - separate pMoE, Algorithm 1: phase 1 trains the two routers on the linear loss (6) by minibatch SGD
//    (its gradient does not depend on w), phase 2 freezes them and trains the experts with G ≡ 1;
//  - joint pMoE, Algorithm 2: routers and experts together on the logistic loss (2) with softmax gates;
//  - CNN (5): the hidden weights on the logistic loss.
// Output weights stay fixed. Minibatch SGD over a fixed training set of N samples, reshuffled every
// epoch, until zero training error (the paper's protocol, §5.1) or an epoch cap; "one pass" (theory
// mode, T = N/B) stops after a single epoch.
#pragma once
#include "labs/patch-routing/data.hpp"
#include "labs/patch-routing/model.hpp"
#include "core/work_budget.hpp"
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace patch_routing {

// The training settings: the lab's parameters set them (config.hpp, the binding in lab.cpp), so there are no
// defaults here.
struct TrainSpec {
    double eta;          // η, expert (and joint router) step size
    int B;               // batch
    int cap;             // epoch cap
    double eta_r;        // η_r, separate router step size (phase 1)
    int B_r;             // B_r
    int router_epochs;   // passes of phase 1 over the N samples (N_r = N)
    bool one_pass;       // theory mode: one epoch, each sample seen once
};

// Linear router loss (6) on a minibatch: l_r = -(1/|B|) Σ y <w1 - w2, Σ_j x^(j)>.
// Its gradient: ∂l_r/∂w1 = -(1/|B|) Σ y Σ_j x^(j) = -∂l_r/∂w2, written to g1 (d floats).
void router_gradient(const Dataset& D, const int* idx, int b, float* g1);

class Trainer {
public:
    enum class Stage { Router, Experts, Eval, Done };

    // train: the first N samples of `train` are the training set; test: evaluated at the end (and at
    // scheduled epochs when per_epoch_eval). Nothing is copied: both must outlive the trainer.
    void start(const ModelSpec& ms, const TrainSpec& ts, const Dataset& train, int N, const Dataset& test,
               uint64_t seed, bool per_epoch_eval = false);
    // Advances by about `budget`'s multiply-adds, spent from it (whole samples; a minibatch may span calls); returns
    // true when done. The end of the router phase ends the call (the lab then records the routing).
    bool advance(core::WorkBudget& budget);
    bool advance(double units) {   // a budget of its own (tests)
        core::WorkBudget budget(units);
        return advance(budget);
    }
    bool done() const { return stage == Stage::Done; }

    // Called after every router step (router = true) and after every test evaluation (router = false).
    std::function<void(const Trainer&, bool router)> hook;

    Model model;
    Stage stage = Stage::Done;
    int N = 0;
    int epoch = 0;           // finished expert epochs
    long iter = 0;           // SGD steps so far, router phase included
    int router_steps = 0;    // steps of phase 1 (the phase boundary on an iteration axis)
    double train_acc = 0;    // accuracy on the training set during the last epoch (before each update)
    double train_loss = 0;   // mean logistic loss during the last epoch
    double test_acc = std::numeric_limits<double>::quiet_NaN();   // at the last evaluation
    bool converged = false;                                       // reached zero training error
    std::string failure;                                          // non-empty: diverged (NaN/inf)

private:
    void router_batch();
    int expert_batch(int max_samples);
    void end_epoch();
    bool eval_scheduled() const;
    const Dataset* train_ = nullptr;
    const Dataset* test_ = nullptr;
    TrainSpec ts_{};
    core::Rng rng_;
    std::vector<int> order_;
    std::vector<float> gW_, gwr_, g1_;
    int pos_ = 0, errors_ = 0, router_epoch_ = 0;
    double loss_sum_ = 0, batch_loss_ = 0;
    int batch_q_ = 0;   // samples of the current minibatch already accumulated
    int eval_pos_ = 0, eval_correct_ = 0;
    bool finished_training_ = false, per_epoch_eval_ = false;
};

// Test accuracy of a model on the first `count` samples of D (count < 0: all).
double accuracy(Model& m, const Dataset& D, int count = -1);

}   // namespace patch_routing
