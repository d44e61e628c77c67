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

// The trace's columns (and the curves'), in order; then each expert's load f_i, mean probability P_i and bias b_i.
enum Column : size_t {
    kT,
    kAcc,
    kAccDense,
    kLoss,
    kLossDense,
    kEntropy,
    kMaxVio,
    kEntropyRecent,
    kMaxVioRecent,   // at the evaluation; over the recent training batches
    kIdle,
    kPerExpert   // kPerExpert + i: f_i; + K + i: P_i; + 2K + i: b_i
};

class Run : public core::RunOf<Config> {
public:
    Run(const Config& c, uint64_t seed);
    void step(core::WorkBudget& budget) override;   // the points and first maps, then training
    core::Where where() const override;
    std::vector<core::Metric> metrics() const override;
    void views(std::vector<core::View>& out) const override;   // views.cpp

    // for tests
    const core::PointSet& train_points() const { return train_; }
    const Evaluation& last() const { return moe_eval_; }

private:
    // An evaluation of both models a slice at a time (training waits until it is done): the test points a batch at a
    // time, then the maps a row at a time. True once done, with the trace's row added and the views replaced.
    bool evaluate(core::WorkBudget& budget);
    void start_maps();            // territory.cpp: the three maps' views, empty
    void fill_map_row(int row);   // each map's row `row`
    void finish_maps();           // the test points on top, then the views replace the shown ones

    Part part_ = kDraw;
    core::PointSet train_, test_;
    std::vector<int> test_order_;   // the evaluation's batches: the test points shuffled once by the seed
    std::unique_ptr<Trainer> moe_, dense_;
    int t_ = 0;
    Evaluation moe_eval_, dense_eval_;
    std::unique_ptr<Evaluating> moe_evaluating_, dense_evaluating_;   // the evaluation under way, if any
    int map_row_ = 0;
    double evaluated_units_ = 0;                                        // of the evaluation under way
    core::ThinnedRows curve_;                                           // the trace's columns (Column)
    core::View territory_, decision_, decision_dense_;                  // shown
    core::View next_territory_, next_decision_, next_decision_dense_;   // being filled
};

// The data view (territory.cpp): the plane the class's points are edited on, without its map.
core::View data_plane(const Config& c);

// Work units (multiply-adds, about) of one training step and of one evaluation, for the plan and the budget.
double train_step_units(const Config& c);
double evaluation_units(const Config& c);
double evaluated_point_units(const Config& c);   // one point through both models
int train_size(const Config& c);                 // the training points: drawn from the seed, and the class's
int test_size(const Config& c);
constexpr int kMapCells = 48;   // a map's cells a side

}   // namespace playground
