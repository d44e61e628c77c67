// The cluster-experts lab: Chen, Deng, Wu, Gu, Li (2022), "Towards Understanding Mixture of Experts
// in Deep Learning". Four models train side by side on the same data: the nonlinear (cubic) MoE,
// the linear MoE (same W^(0)), and the two single models (M = 1, J_single filters).
// Declarations (schema, presets, phases) are in lab.cpp, the training loop in run.cpp, views in views.cpp.
#pragma once
#include "core/lab.hpp"
#include "core/rng.hpp"
#include "labs/cluster-experts/data.hpp"
#include "core/thin.hpp"
#include "core/work_plan.hpp"
#include "labs/cluster-experts/metrics.hpp"
#include "labs/cluster-experts/moe.hpp"
#include <array>
#include <memory>

namespace cluster_experts {

enum Model { kCubic = 0, kLinear = 1 };

// The run's parts (drawing the data; training with its evaluations) in step()'s work units (lab.cpp).
core::WorkPlan work_plan(const core::Params& p);

class ClusterExpertsLab : public core::Lab {
public:
    ClusterExpertsLab();
    const core::LabInfo& info() const override { return info_; }
    const core::Schema& schema() const override { return schema_; }
    const std::vector<core::Phase>& phases() const override { return phases_; }
    std::vector<core::Headline> headlines() const override;
    core::Validation check(const core::Params& p) const override;

    void reset(const core::Params& p, uint64_t seed) override;
    void step() override;
    bool done() const override {
        return !failure_.empty() || (t_ >= T_ && !pending_eval_ && cursor_ == 0 && model_ == 0);
    }
    std::string failure() const override { return failure_; }
    int phase() const override { return stage_; }
    double progress() const override;
    std::string clock() const override;

    std::vector<core::Metric> metrics() const override;
    const core::Table& trace() const override { return trace_; }
    void views(std::vector<core::View>& out) const override;
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp

    // for tests
    const Dataset& train_data() const { return train_; }
    const Dataset& test_data() const { return test_; }
    const MoE& moe(int c) const { return moe_[size_t(c)]; }
    bool data_ready() const { return gen_train_.done() && gen_test_.done(); }

private:
    void train(core::WorkBudget& budget);
    void publish_eval();
    void
    reset_histories();   // views.cpp: the series' labels and colours, their size caps   // caches the finished evaluation pass: metrics, trace row, histories
    core::LabInfo info_;
    core::Schema schema_;
    std::vector<core::Phase> phases_;

    // configuration of the current run
    core::WorkPlan plan_;   // progress() reads where the run is in it
    int setting_ = 0, T_ = 0, eval_every_ = 10, cell_every_ = 50;
    bool singles_ = true;
    DataConfig dc_;
    Dataset train_, test_;
    Generator gen_train_, gen_test_;    // the data fill in over the first steps
    std::array<MoE, 2> moe_, single_;   // [kCubic], [kLinear]
    core::Rng eval_rng_;

    // progress: iteration t_ accumulates model model_ over samples [cursor_, n) (one model after the
    // other: each has its own noise stream and buffers, so the order does not change the numbers)
    int t_ = 0, cursor_ = 0, model_ = 0;
    bool pending_eval_ = true, eval_started_ = false;
    EvalPass eval_;
    std::string failure_;
    int stage_ = 0;
    std::array<int, 3> stage_start_{{0, -1, -1}};

    // cached at evaluation points (views() only packages these)
    std::array<MoeEval, 2> ev_;
    std::array<Alignment, 2> al_;
    std::array<std::vector<double>, 2> cell_;   // M·K per-expert × cluster accuracy (%)
    std::array<int, 2> cell_t_{{-1, -1}};
    std::array<double, 2> acc_single_{{0, 0}};
    std::vector<int> kstar_;                                     // predicted specialty (Def. D.3), from W^(0)
    core::ThinnedLines hist_acc_, hist_entropy_, hist_router_;   // the line plots, grown per evaluation
    std::vector<core::ThinnedLines> hist_expert_;   // per expert of the nonlinear MoE: ⟨w, v_k⟩ and centers
    core::Table trace_;
};

}   // namespace cluster_experts
