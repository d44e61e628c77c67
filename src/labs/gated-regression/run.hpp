// The live run of the gated-regression lab (made by GatedRegressionLab::start): the trials side by side (one
// seed each, trial.hpp), Phase 1 (L_4, ℓ2, EM in lockstep), Phase 2 (L_log for the three frozen A's), the
// held-out evaluation and the Phase 3 sweep. step(budget) hands the one budget to every stage, and the metrics
// (run.cpp); the routing map's territories in territory.cpp, the plots in views.cpp.
#pragma once
#include "core/lab.hpp"
#include "core/sweep.hpp"
#include <array>
#include "labs/gated-regression/config.hpp"
#include "labs/gated-regression/territory.hpp"
#include "labs/gated-regression/trial.hpp"

namespace gated {

// The plan's parts (work_plan, lab.cpp), in order; the run is in one of them, kDone past the last.
enum Part { kDraw = 0, kExperts, kGates, kEvaluate, kSweep, kDone };

class Run : public core::RunOf<Config> {
public:
    Run(const Config& c, uint64_t seed);
    void step(core::WorkBudget& budget) override;   // data, experts, gates, evaluation, the sweep
    core::Where where() const override;
    std::vector<core::Metric> metrics() const override;
    void views(std::vector<core::View>& out) const override;   // views.cpp
    // A worker's run: the sweep reads nothing of phases 1 and 2, so it starts at the sweep.
    void serve_sweeps() override { serving_ = true; }

    // for tests
    const std::vector<Trial>& runs() const { return runs_; }
    const Truth& truth() const { return truth_; }
    const core::Sweep& sweep() const { return sweep_; }
    std::array<MapPanel, 2> map_panels() const;   // territory.cpp: the routing map's ℓ2 and L₄ + L_log models

private:
    void draw(core::WorkBudget& budget);
    void train_experts(core::WorkBudget& budget);
    void finish_experts(Trial& R);   // its readouts, its Phase 2 set-up
    void train_gates(core::WorkBudget& budget);
    void evaluate(core::WorkBudget& budget);
    void summarise();                                    // sum_ from the finished trials
    int showcase() const;                                // the trial shown in the routing map and alignment views
    void update_routing_map(core::WorkBudget& budget);   // their territories, when they have moved

    Truth truth_;
    LinkConstants kc_;
    Sample test_;
    std::vector<double> alpha_star_;
    std::vector<Trial> runs_;
    core::Sweep sweep_;

    Part stage_ = kDraw;
    bool serving_ = false;             // serve_sweeps()
    int run_ = 0, t_ = 0, gate_ = 0;   // cursors: the trial being processed, the iteration, Phase 2's frozen A
    Summary sum_;
    std::array<core::Field, 2> map_fields_;   // the routing map's territories (ℓ2, L₄ + L_log), made in step()
    std::array<int, 5> map_made_at_{{-1, -1, -1, -1, -1}};
};

}   // namespace gated
