// The patch-routing lab (Chowdhury et al. 2023, pMoE): one run at a chosen N (router phase, then
// expert training of separate pMoE, joint pMoE and the CNN on the same data), then the sample-complexity
// sweep over N x model x seed, then the l x N threshold grid (separate pMoE), each a queue of resumable
// training runs advanced one bounded slice per step() (core::Sweep).
#pragma once
#include "core/lab.hpp"
#include "core/sweep.hpp"
#include "core/work_plan.hpp"
#include "labs/patch-routing/metrics.hpp"
#include "labs/patch-routing/train.hpp"
#include <algorithm>
#include <array>
#include <memory>

namespace patch_routing {

struct Config {
    DataSpec data;
    ModelSpec model[3];   // indexed by Arch: CNN, separate, joint
    TrainSpec train;
    int n_test = 1000;
    int N_run = 80;        // the single run's N and the threshold readout's N
    std::vector<int> Ns;   // the sweep's grid of N
    int sweep_seeds = 3;
    int grid_lmax = 0;   // 0: no threshold grid
    int grid_seeds = 3;
    double target = 0.95;
};
Config make_config(const core::Params& p);
int nearest_N_index(const Config& c);
// Samples in each repetition's training pool: enough for the single run and the sweep's largest N.
inline int pool_size(const Config& c) {
    return std::max(c.N_run, c.Ns.empty() ? 2 : c.Ns.back());
}   // the threshold readout's row: the grid N nearest to N_run (log scale)

core::Schema make_schema();
core::Validation check_params(const core::Params& p);
// The run's parts (data, single run, sweep, grid) in multiply-adds: check_params() limits it, progress() reads it.
core::WorkPlan work_plan(const Config& c);
constexpr double kMacsPerSecond = 4e9;   // measured natively for the slowest model (joint, small M)
constexpr double kGenerateCost = 30;     // multiply-adds per drawn coordinate (a normal and its share of the rest)
std::vector<core::Phase> make_phases();

// What the single run records for one model, one entry per evaluation (or router step).
struct History {
    std::vector<double> iter, epoch, train_acc, test_acc, router1, router2, A_o1, A_o2;
    int router_steps = 0;
};

class PatchRoutingLab : public core::Lab {
public:
    PatchRoutingLab();
    const core::LabInfo& info() const override { return info_; }
    const core::Schema& schema() const override { return schema_; }
    const std::vector<core::Phase>& phases() const override { return phases_; }
    std::vector<core::Headline> headlines() const override;
    core::Validation check(const core::Params& p) const override { return check_params(p); }

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
    std::vector<core::TourStep> tour() const override;            // tour.cpp
    std::vector<core::Comparison> comparisons() const override;   // comparisons.cpp

    // for the sweep jobs and the tests
    const Config& config() const { return cfg_; }
    // Training samples of repetition `rep`: pool_step() generates them a chunk per call and returns true once
    // they are complete; pool() then gives them.
    bool pool_step(int rep);
    const Dataset& pool(int rep) const { return pools_[size_t(rep)]->data; }
    const Dataset& test_set() const { return test_; }
    const Geometry& geometry() const { return geo_; }
    const core::Sweep& sweep() const { return sweep_; }
    const core::Sweep& grid() const { return grid_; }
    const Trainer& single(Arch a) const { return run_[size_t(a)]; }
    static uint64_t model_seed(uint64_t rep_seed, Arch a, int N, int l);

private:
    enum class Stage { Start, Single, Sweep, Grid, Done };
    void start_single(int which);
    void record(const Trainer& t, bool router);
    void update_sweep_cache();
    void update_grid_cache();
    void rebuild_trace();

    core::LabInfo info_;
    core::Schema schema_;
    std::vector<core::Phase> phases_;
    Config cfg_;
    core::WorkPlan plan_;   // work_plan(cfg_), for progress()
    uint64_t seed_ = 1;
    Stage stage_ = Stage::Done;
    std::string failure_;
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
    int single_ = 0;   // index into kSingleOrder
    std::array<History, 3> hist_;
    std::array<RoutingStats, 3> routing_;
    std::array<std::vector<Inspection>, 3> inspect_;
    std::array<std::vector<NeuronPoint>, 3> neurons_;
    core::Table trace_;

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
