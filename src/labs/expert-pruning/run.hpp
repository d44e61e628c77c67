// The live run of the expert-pruning lab (made by ExpertPruningLab::start): the main run (repetition 0, a
// Pipeline: drawing the test and validation sets, pre-training in mode L, fine-tuning with checkpoints, the
// rankings), then the sweep over (criterion, ρ) and the pruning step t for every seed (core::Sweep), with the
// main run's post-FT timeline (Δ and random at ρ) before its post-FT points. step(budget) hands the run's one
// budget to all of it (run.cpp); the parts, in order, are work_plan()'s (lab.cpp); views.cpp packages the plots.
#pragma once
#include "core/lab.hpp"
#include "core/sweep.hpp"
#include "core/thin.hpp"
#include "labs/expert-pruning/config.hpp"
#include "labs/expert-pruning/pipeline.hpp"
#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace expert_pruning {

// step()'s work units (model.cpp's sample_cost, about one multiply-add) per second natively (-O3). moe-lab bench
// measured 6.5e8 (lecture) to 9.9e8 (hinge) and 1.5e9 (paper51, d = 200: the costs undercount larger models).
// WebAssembly is about 2× slower.
constexpr double kUnitsPerSecond = 8.0e8;

// The criteria every run shows (kDiffNorm is added when asked for), in the order of the views and metrics.
constexpr int kShownCriteria[] = {kDelta, kRandom, kImportance, kRouterMag, kNeuronMag, kNeuronChange, kReverseDelta};

// The plan's parts (work_plan(), lab.cpp), in order: Where::part of Run::where(); kDone past the last.
enum Part { kDrawing = 0, kPretraining, kFinetuning, kPruning, kPostFt, kOtherSeeds, kDone };

// The sweep's series: trust criteria over the pruning step t, then each shown criterion over ρ without
// post-FT, then the same with post-FT. Outputs per job: accuracy (random: mean over the R draws), min, max.
struct SeriesLayout {
    std::vector<int> criteria;   // the shown criteria (kDiffNorm only when asked for)
    std::vector<int> ps;         // pruned per group of the ρ grid (x = p / |S_g|)
    std::vector<int> ts;         // checkpoints of the trust view
    int trust(int q) const { return q; }
    int no_ft(int c) const { return kTrustCount + c; }
    int ft(int c) const { return kTrustCount + int(criteria.size()) + c; }
    // jobs of one repetition before the post-FT ones (trust view, no post-FT), and the post-FT ones
    int jobs_before_ft() const { return kTrustCount * int(ts.size()) + int(criteria.size() * ps.size()); }
    int jobs_ft() const { return int(criteria.size() * ps.size()); }
};

class Run : public core::RunOf<Config> {
public:
    Run(const Config& c, uint64_t seed);
    void step(core::WorkBudget& budget) override;   // pre-training, fine-tuning, then the pruning sweep
    core::Where where() const override;
    std::vector<core::Metric> metrics() const override;
    void views(std::vector<core::View>& out) const override;   // views.cpp

    // for the sweep jobs
    Pipeline* pipeline(int rep);   // the main run for rep 0, else rep's own (made on its first job's creation)
    // The main run's post-FT timeline (Δ and random at ρ); true when done. Any job's thread may call it.
    bool timeline_step(core::WorkBudget& budget);

    // for the tests
    const Pipeline& main_run() const { return main_; }
    const core::Sweep& sweep() const { return sweep_; }
    const SeriesLayout& layout() const { return layout_; }
    const RunSpec& spec() const { return spec_; }

private:
    void record_checkpoints();              // trace rows and view rows for the main run's new checkpoints
    double acc_no_ft(int c, int p) const;   // main run, mean over draws for random
    double acc_ft(int c, int p) const;

    RunSpec spec_;
    int reps_, p_main_, inspect_;
    Pipeline main_;
    std::map<int, std::unique_ptr<Pipeline>> others_;   // the repetitions ≥ 1 in progress
    std::array<PostFt, 2> timeline_;                    // [0] Δ, [1] random draw 0, both at ρ
    std::mutex timeline_mutex_;
    int timeline_started_ = 0;
    core::Sweep sweep_;
    SeriesLayout layout_;
    size_t traced_ = 0;
    core::View territory_;   // which tokens each expert keeps, at the latest checkpoint (territory.hpp)
    // bounded copies for the views (core/thin.hpp): the trace rows (t, acc, Δ_1..Δ_k, trust...), the
    // pre-training accuracy (step, acc) and the two post-FT timelines (t′, acc)
    core::ThinnedRows rows_, pre_rows_;
    std::array<core::ThinnedRows, 2> post_rows_;
    size_t pre_synced_ = 0;
    std::array<size_t, 2> post_synced_{{0, 0}};
};

}   // namespace expert_pruning
