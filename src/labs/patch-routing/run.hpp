// The live run of the patch-routing lab (made by PatchRoutingLab::start): one run at a chosen N (router phase,
// then expert training of separate pMoE, joint pMoE and the CNN on the same data), then the sample-complexity
// sweep over N x model x seed, then the l x N threshold grid (separate pMoE), each a queue of resumable
// training runs (core::Sweep). step(budget) hands the one budget to everything it calls: data generation, the
// single run's trainers, the sweep jobs (run.cpp); views.cpp packages the plots.
#pragma once
#include "core/lab.hpp"
#include "core/sweep.hpp"
#include "core/work_plan.hpp"
#include "labs/patch-routing/config.hpp"
#include "labs/patch-routing/metrics.hpp"
#include "labs/patch-routing/train.hpp"
#include <algorithm>
#include <array>
#include <memory>

namespace patch_routing {

int nearest_N_index(const Config& c);   // the threshold readout's row: the grid N nearest to N_run (log scale)
// Samples in each repetition's training pool: enough for the single run and the sweep's largest N.
inline int pool_size(const Config& c) { return std::max(c.N_run, c.Ns.empty() ? 2 : c.Ns.back()); }

// Operations to route one sample and rank its discriminative patch: k (n d + l n) + n d. It also caps the
// routing statistics of the single run's evaluations (run.cpp: kStatsBudget / route_cost samples), so it
// cannot change without changing the numbers.
inline double route_cost(const Model& m) {
    return double(m.k) * (double(m.n) * m.d + double(m.l) * m.n) + double(m.n) * m.d;
}
// The units charged for routing one sample: route_cost with the top-l selection at its measured cost.
inline double route_units(const Model& m) { return route_cost(m) + kSelectCost * m.k * m.l * m.n; }
// Steps of the separate pMoE's router phase in the single run: router_epochs passes over N_run in batches of B_r.
inline int router_steps(const Config& c) {
    return c.train.router_epochs * ((c.N_run + c.train.B_r - 1) / std::max(1, c.train.B_r));
}

// The plan's parts, in order: drawing the data (the test set and the single run's pool), the separate pMoE's
// routers, the rest of the single run, the sweep, the threshold grid (when grid_lmax > 0); kDone past the last.
enum Part { kDraw, kRouters, kSingle, kSweep, kGrid, kDone };
// The run's parts (Part) with their phases and estimated multiply-adds (lab.cpp).
core::WorkPlan work_plan(const Config& c);
// The lab's one unit of work: about one multiply-add of the models' dense kernels; the top-l selection
// (kSelectCost) and drawing the data (kGenerateCost) are counted in the same time. Units per second natively
// (-O3), measured by moe-lab bench over the lecture run.
constexpr double kUnitsPerSecond = 1e10;
constexpr double kGenerateCost = 300;   // units per drawn coordinate (a normal and its share of the rest)

// What the single run records for one model, one entry per evaluation (or router step).
struct History {
    std::vector<double> iter, epoch, train_acc, test_acc, router1, router2, A_o1, A_o2;
    int router_steps = 0;
};

class Run : public core::RunOf<Config> {
public:
    Run(const Config& c, uint64_t seed);
    Run(const Run&) = delete;   // the sweep jobs and the trainers' hooks hold `this`
    Run& operator=(const Run&) = delete;

    void step(core::WorkBudget& budget) override;   // the data, the routers, the single run, the N* sweep, the grid
    core::Where where() const override;
    std::vector<core::Metric> metrics() const override;
    void views(std::vector<core::View>& out) const override;   // views.cpp
    // A worker's run: the sweep's and the grid's jobs read the test set and their repetitions' pools, never the
    // single run, so it goes from the data straight to the sweep (step()).
    void serve_sweeps() override { serving_ = true; }

    // for the sweep jobs and the tests
    // Training samples of repetition `rep`: pool_step() generates them as far as the budget goes and returns
    // true once they are complete; pool() then gives them.
    bool pool_step(int rep, core::WorkBudget& budget);
    const Dataset& pool(int rep) const { return pools_[size_t(rep)]->data; }
    const Dataset& test_set() const { return test_; }
    const Geometry& geometry() const { return geo_; }
    const core::Sweep& sweep() const { return sweep_; }
    const core::Sweep& grid() const { return grid_; }
    const Trainer& single(Arch a) const { return run_[size_t(a)]; }
    static uint64_t model_seed(uint64_t rep_seed, Arch a, int N, int l);

private:
    void draw(Dataset& D, core::Rng& rng, int& filled, core::WorkBudget& budget);   // as far as the budget goes
    void start_single(int which);
    void record(const Trainer& t, bool router);
    void update_sweep_cache();
    void update_grid_cache();

    Part part_ = kDraw;                    // where the run is: step() moves it on, where() reports it
    bool serving_ = false;                 // serve_sweeps()
    core::WorkBudget* budget_ = nullptr;   // the slice's budget while step() runs: record() charges its passes
    Geometry geo_;
    Dataset test_;
    struct Pool {
        Dataset data;
        core::Rng rng;
        int filled = 0;
    };
    std::vector<std::unique_ptr<Pool>> pools_;
    core::Rng test_rng_;
    int test_filled_ = 0;

    // single run at N_run: separate, joint, CNN in this order
    std::array<Trainer, 3> run_;
    int single_ = 0;                // index into kSingleOrder
    bool single_started_ = false;   // its trainer started (start_single)
    std::array<History, 3> hist_;
    std::array<RoutingStats, 3> routing_;
    std::array<std::vector<Inspection>, 3> inspect_;
    std::array<std::vector<NeuronPoint>, 3> neurons_;
    std::array<core::View, 3> territory_;   // routed models: which patches each router keeps (territory.hpp)

    core::Sweep sweep_, grid_;
    // cached aggregates (updated when a job finishes)
    std::array<core::LineSeries, 3> curve_;
    std::array<double, 3> nstar_{};
    // The spread behind nstar_: per sweep seed, N*_sep / N*_CNN from that seed's own curves (NaN: a model did
    // not reach the target); per sweep N, the separate router's routed share (Lemma 4.1), mean over seeds.
    std::vector<double> seed_ratio_sep_, route_sep_;
    std::vector<double> grid_success_, grid_acc_, grid_route_;   // |Ns| x grid_lmax
    double thr_lstar_ = 0, thr_lstar_m1_ = 0;
    int thr_N_ = 0;   // the grid N the threshold readout uses
};

}   // namespace patch_routing
