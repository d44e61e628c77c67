// The gated-regression lab: Makkuva, Oh, Kannan, Viswanath, "Learning in Gated Neural Networks".
// Phase 1 trains, on the same data from the same seeds, L_4 (eq. 7: the experts), ℓ2 (squared loss, jointly)
// and optionally EM (not in the paper); several runs side by side (one thin line each, a bold median).
// Phase 2 freezes A ∈ {A*, Â from L_4, Â from ℓ2} and runs projected GD on L_log (eq. 9) from one random W₀.
// Phase 3 sweeps the success rate against n (core::Sweep), nested prefixes of one stream per seed.
// Declarations in lab.cpp, the phases in run.cpp, evaluation in evaluate.cpp, the sweep in sweep_jobs.cpp,
// views in views.cpp.
#pragma once
#include "core/lab.hpp"
#include "core/rng.hpp"
#include "core/sweep.hpp"
#include "core/work_budget.hpp"
#include "core/work_plan.hpp"
#include "labs/gated-regression/config.hpp"
#include "labs/gated-regression/run_state.hpp"
#include <memory>

namespace gated {

class GatedRegressionLab : public core::Lab {
public:
    GatedRegressionLab();
    const core::LabInfo& info() const override { return info_; }
    const core::Schema& schema() const override { return schema_; }
    const std::vector<core::Phase>& phases() const override { return phases_; }
    std::vector<core::Headline> headlines() const override;
    core::Validation check(const core::Params& p) const override;
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp

    void reset(const core::Params& p, uint64_t seed) override;
    void step() override;
    bool done() const override { return stage_ == Stage::Done || !failure_.empty(); }
    std::string failure() const override { return failure_; }
    int phase() const override;
    double progress() const override;
    std::string clock() const override;

    std::vector<core::Metric> metrics() const override;
    const core::Table& trace() const override { return trace_; }
    void views(std::vector<core::View>& out) const override;

    // for tests
    const std::vector<Run>& runs() const { return runs_; }
    const Truth& truth() const { return truth_; }
    const core::Sweep& sweep() const { return sweep_; }
    const Config& config() const { return cfg_; }

private:
    enum class Stage { Draw, Experts, Gates, Evaluate, Sweep, Done };
    void draw(core::WorkBudget& budget);
    void train_experts(core::WorkBudget& budget);
    void train_gates(core::WorkBudget& budget);
    void evaluate(core::WorkBudget& budget);
    void finish_experts();   // readouts, Phase 2 set-up
    void summarise();        // metrics_ from the finished runs
    int showcase() const;    // the run shown in the routing map and alignment views

    core::LabInfo info_;
    core::Schema schema_;
    std::vector<core::Phase> phases_;

    Config cfg_;
    Truth truth_;
    LinkConstants kc_;
    Sample test_;
    std::vector<double> alpha_star_;
    std::vector<Run> runs_;
    core::Sweep sweep_;
    uint64_t seed_ = 1;

    Stage stage_ = Stage::Done;
    int run_ = 0, t_ = 0;   // cursors: the run being processed, the iteration
    std::string failure_;
    core::WorkPlan plan_;
    Summary sum_;
    core::Table trace_;
};

}   // namespace gated
