// The live run of the cluster-experts lab (made by ClusterExpertsLab::start): four models trained side by
// side on the same data, the nonlinear (cubic) MoE, the linear MoE (same W^(0)) and the two single models
// (M = 1, J_single filters). step(budget) draws the data, then alternates evaluation passes and training
// iterations, each cut wherever the budget runs out (run.cpp); views.cpp packages the plots.
#pragma once
#include "core/lab.hpp"
#include "core/rng.hpp"
#include "core/thin.hpp"
#include "labs/cluster-experts/config.hpp"
#include "labs/cluster-experts/data.hpp"
#include "labs/cluster-experts/metrics.hpp"
#include "labs/cluster-experts/moe.hpp"
#include <array>

namespace cluster_experts {

enum Model { kCubic = 0, kLinear = 1 };

// The plan's parts (work_plan(), lab.cpp), in order: drawing the data, then training with its evaluations; kDone
// past the last.
enum Part { kDraw, kTrain, kDone };

class Run : public core::RunOf<Config> {
public:
    Run(const Config& c, uint64_t seed);
    void step(core::WorkBudget& budget) override;   // draws the data, then evaluations and training iterations
    core::Where where() const override;
    std::vector<core::Metric> metrics() const override;
    void views(std::vector<core::View>& out) const override;   // views.cpp

    // for tests
    const Dataset& train_data() const { return train_; }
    const Dataset& test_data() const { return test_; }
    const MoE& moe(int c) const { return moe_[size_t(c)]; }
    bool data_ready() const { return gen_train_.done() && gen_test_.done(); }

private:
    void train(core::WorkBudget& budget);
    void publish_eval();      // caches the finished evaluation pass: metrics, trace row, histories
    void reset_histories();   // views.cpp: the series' labels and colours, their size caps

    // configuration of the run (from its Config)
    int T_, eval_every_, cell_every_;
    bool singles_;
    DataConfig dc_;   // the data model drawn: the setting applied
    Dataset train_, test_;
    Generator gen_train_, gen_test_;    // the data fill in over the first steps
    std::array<MoE, 2> moe_, single_;   // [kCubic], [kLinear]
    core::Rng eval_rng_;

    // progress: iteration t_ accumulates model model_ over samples [cursor_, n) (one model after the
    // other: each has its own noise stream and buffers, so the order does not change the numbers)
    int t_ = 0, cursor_ = 0, model_ = 0;
    bool pending_eval_ = true, eval_started_ = false;
    EvalPass eval_;
    int stage_ = 0;   // the detected training stage (phases()): 0 exploration, 1 router learning, 2 converged
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
    core::View territory_;   // the routers' territories on a plane of cluster centres (territory.cpp)
    void make_territory();   // at each evaluation
};

}   // namespace cluster_experts
