// The expert-pruning lab: Chowdhury, Wang, El Maghraoui, Wang, Chen, Carothers (ICML 2024), "A Provably
// Effective Method for Pruning Experts in Fine-tuned Sparse Mixture-of-Experts". A pre-trained MoE layer is
// fine-tuned on a binary task (pipeline.hpp), every criterion ranks the experts of each head-sign group, the
// pruned copies are evaluated with and without post-pruning fine-tuning, over a grid of ratios ρ and over
// seeds (core::Sweep). Declarations in lab.cpp, the run in run.cpp, the plots in views.cpp.
#pragma once
#include "core/work_budget.hpp"
#include "core/work_plan.hpp"
#include "core/lab.hpp"
#include "core/sweep.hpp"
#include "core/thin.hpp"
#include "core/work_budget.hpp"
#include "core/work_plan.hpp"
#include "labs/expert-pruning/pipeline.hpp"
#include <array>
#include <memory>

namespace expert_pruning {

RunSpec make_spec(const core::Params& p);
core::WorkPlan work_plan(const core::Params& p);   // the run's parts and their work, for check() and progress()
core::Schema make_schema();
std::vector<core::Phase> make_phases();
core::Validation check_params(const core::Params& p);

// The sweep's series: trust criteria over the pruning step t, then each shown criterion over ρ without
// post-FT, then the same with post-FT. Outputs per job: accuracy (random: mean over the R draws), min, max.
struct SeriesLayout {
    std::vector<int> criteria;   // the shown criteria (kDiffNorm only when asked for)
    std::vector<int> ps;         // pruned per group of the ρ grid (x = p / |S_g|)
    std::vector<int> ts;         // checkpoints of the trust view
    int trust(int q) const { return q; }
    int no_ft(int c) const { return kTrustCount + c; }
    int ft(int c) const { return kTrustCount + int(criteria.size()) + c; }
};

class ExpertPruningLab : public core::Lab {
public:
    ExpertPruningLab();
    const core::LabInfo& info() const override { return info_; }
    const core::Schema& schema() const override { return schema_; }
    const std::vector<core::Phase>& phases() const override { return phases_; }
    std::vector<core::Headline> headlines() const override;
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp
    core::Validation check(const core::Params& p) const override { return check_params(p); }

    void reset(const core::Params& p, uint64_t seed) override;
    void step() override;
    bool done() const override;
    std::string failure() const override { return failure_; }
    int phase() const override;
    double progress() const override;
    std::string clock() const override;

    std::vector<core::Metric> metrics() const override;
    const core::Table& trace() const override { return trace_; }
    void views(std::vector<core::View>& out) const override;

    // for the sweep jobs and the tests
    Pipeline* pipeline(int rep);                      // nullptr while it cannot be advanced (another repetition runs)
    core::WorkBudget& budget() { return *budget_; }   // the running step()'s budget
    const Pipeline& main_run() const { return main_; }
    const core::Sweep& sweep() const { return sweep_; }
    const SeriesLayout& layout() const { return layout_; }
    const RunSpec& spec() const { return spec_; }

private:
    void build_sweep();
    void record_checkpoints();              // trace rows and view rows for the main run's new checkpoints
    bool timeline_step();                   // the main run's post-FT timeline (Δ and random at ρ); true when done
    double acc_no_ft(int c, int p) const;   // main run, mean over draws for random
    double acc_ft(int c, int p) const;

    core::LabInfo info_;
    core::Schema schema_;
    std::vector<core::Phase> phases_;
    RunSpec spec_;
    uint64_t seed_ = 1;
    int reps_ = 1, p_main_ = 0, inspect_ = 0;
    Pipeline main_, other_;
    int other_rep_ = -1;
    std::array<PostFt, 2> timeline_;   // [0] Δ, [1] random draw 0, both at ρ
    int timeline_started_ = 0;
    core::Sweep sweep_;
    SeriesLayout layout_;
    core::WorkBudget* budget_ = nullptr;
    core::WorkPlan plan_;
    std::string failure_;
    core::Table trace_;
    size_t traced_ = 0;
    // bounded copies for the views (core/thin.hpp): the trace rows (t, acc, Δ_1..Δ_k, trust...), the
    // pre-training accuracy (step, acc) and the two post-FT timelines (t′, acc)
    core::ThinnedRows rows_, pre_rows_;
    std::array<core::ThinnedRows, 2> post_rows_;
    size_t pre_synced_ = 0;
    std::array<size_t, 2> post_synced_{{0, 0}};
};

}   // namespace expert_pruning
