// The playground lab's live run: the training and test points drawn from the seed, the mixture and its dense
// baseline trained on the same batches' schedule, evaluated every eval_every steps; the load, accuracy and loss
// over training, and the territories and decision maps as fields.
#pragma once
#include "core/lab.hpp"
#include "core/thin.hpp"
#include "labs/playground/config.hpp"
#include <memory>

namespace playground {

enum Part { kDraw, kTrain, kDone };   // the plan's parts, in order; kDone past the last

class Run : public core::LabRun {
public:
    Run(const core::Params& p, uint64_t seed) : Run(binding().config(p), seed) {}
    Run(const Config& c, uint64_t seed);
    void step(core::WorkBudget& budget) override;
    core::Where where() const override;
    std::vector<core::Metric> metrics() const override;
    void views(std::vector<core::View>& out) const override;   // views.cpp

    // for tests
    const core::PointSet& train_points() const { return train_; }
    const Evaluation& last() const { return moe_eval_; }

private:
    void evaluate(core::WorkBudget& budget);
    void make_fields();   // territory.cpp

    Config c_;
    uint64_t seed_;
    Part part_ = kDraw;
    core::PointSet train_, test_;
    std::unique_ptr<Trainer> moe_, dense_;
    int t_ = 0;
    Evaluation moe_eval_, dense_eval_;
    core::ThinnedRows curve_;   // t, acc, acc_dense, loss, loss_dense, load_entropy, then the load per expert
    core::View territory_, decision_, decision_dense_;
};

// Work units (multiply-adds, about) of one training step and of one evaluation, for the plan and the budget.
double train_step_units(const Config& c);
double evaluation_units(const Config& c);

}   // namespace playground
