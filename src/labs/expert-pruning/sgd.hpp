// SGD on fresh minibatches in bounded slices: a step's batch may span several calls (the page's step()
// stays short at paper scale, B = 64 samples of n = 100 tokens), with the same numbers as whole steps.
#pragma once
#include "core/work_budget.hpp"
#include "labs/expert-pruning/data.hpp"
#include "labs/expert-pruning/model.hpp"
#include "core/rng.hpp"

namespace expert_pruning {

struct SgdTask {
    const DataSpec* data = nullptr;
    const QSampler* q = nullptr;
    core::Rng* rng = nullptr;      // the batches' stream
    int B = 0, concept = 0;        // concept −1: a uniform concept per sample (pre-training)
    const Mask* alive = nullptr;   // nullptr: every expert
    const TrainSpec* train = nullptr;
};

class SgdStepper {
public:
    // Advances the current step by the samples `budget` allows (at least one), drawing the batch when a step
    // begins. True when a step was completed by this call (loss() is then its mean loss).
    bool advance(Moe& M, const SgdTask& t, core::WorkBudget& budget);
    double loss() const { return loss_; }
    void clear() { cursor_ = 0; }

private:
    Dataset batch_;
    Work work_;
    Grad grad_;
    int cursor_ = 0;
    double sum_ = 0, loss_ = 0;
};

}   // namespace expert_pruning
