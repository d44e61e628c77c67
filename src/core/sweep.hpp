// Sweep: a queue of independent, resumable jobs over a grid (e.g. (N, model) x seeds), run one bounded
// slice at a time so that a page can fill a plot live from many training runs without freezing.
//
// Use:
//   core::Sweep sw;
//   for (int model = 0; model < 3; ++model)
//       for (double N : {10, 20, 40}) sw.add_point(model, N);          // grid points: (series, x)
//   sw.start(/*reps=*/3, /*outputs=*/2, seed, [&](const core::SweepTask& t) {
//       return std::make_unique<MyRun>(t.series, t.x, t.seed);         // a SweepJob
//   });
//   while (!sw.done()) sw.step(budget);   // in LabRun::step(budget): spends from the run's own budget
//   sw.line(model, /*output=*/0, "CNN");   // LineSeries: mean per x, band mean ± sd over reps
//
// Each job advances by up to the budget handed to advance(budget); when it reports finished its outputs are
// stored in its repetition's slot of its grid point, and the aggregates (mean ± sd) include it at once.
// Jobs run repetition-major by default (the whole curve appears after the first repetition, later ones
// tighten the bands); PointMajor finishes one grid point after the other.
//
// Threads (natively, when the budget carries core::Workers): jobs of one repetition start in the order above
// and may share that repetition's inputs (its data, its trained model), filled lazily by the first job that
// needs them. While a job is exclusive() (the default: it may still change them) no other job of its
// repetition starts; once it is not (it only reads them), the next ones may start and run beside it. Jobs of
// different repetitions run at once, each on a budget of its own, and must not change what another
// repetition's jobs read. The numbers are the same bits for every number of threads and every order in
// which jobs finish: each job writes its own slot, failures are listed in task order, and the factory is
// always called on the thread that calls step().
//
// Other processes (the page's Web Workers, when the budget carries a core::SweepRemote): whole repetitions
// (all but repetition 0, which may share the run's own inputs) are handed to them before this process starts one, and their jobs' results are recorded in the same slots
// when they arrive. A sweep with nothing left to run here waits (WorkBudget::wait()) for the rest.
#pragma once
#include "core/stats.hpp"
#include "core/view.hpp"
#include "core/work_budget.hpp"
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace core {

struct SweepTask {
    int point = 0;       // index of the grid point (add_point's return value)
    int series = 0;      // the point's series (a model, a curve)
    double x = 0;        // the point's x value (N, l, ...)
    int rep = 0;         // repetition 0 .. reps-1
    uint64_t seed = 0;   // one seed per repetition, the same for every point: paired comparisons
};

class SweepJob {
public:
    virtual ~SweepJob() = default;
    // Advances by up to `budget` (spent from the caller's, so that a slice holds whatever the job); true when
    // finished. Results must not depend on where slices end.
    virtual bool advance(WorkBudget& budget) = 0;
    virtual std::vector<double> outputs() const = 0;     // read once advance() returned true
    virtual std::string failure() const { return ""; }   // non-empty: the job failed, outputs become NaN
    virtual double progress() const { return 0; }        // 0..1 of this job, estimated (for Sweep::progress)
    // True while the job may still change its repetition's shared inputs: the repetition's next job waits.
    virtual bool exclusive() const { return true; }
};

struct SweepPoint {
    int series = 0;
    double x = 0;
    std::vector<std::vector<double>> results;   // a slot per repetition: its outputs, empty until it finished
    int finished = 0;                           // filled slots
};

class SweepRemote;

class Sweep {
public:
    using Factory = std::function<std::unique_ptr<SweepJob>(const SweepTask&)>;
    enum class Order { RepMajor, PointMajor };

    void clear();                          // no points, no jobs
    int add_point(int series, double x);   // before start(); returns the point's index
    void start(int reps, int outputs, uint64_t seed, Factory make, Order order = Order::RepMajor);

    // Runs jobs until the budget is spent or all are done (on budget.workers()' threads, when it has some);
    // returns how many finished.
    int step(WorkBudget& budget);
    // Runs nothing here: only hands repetitions to other processes and records what arrived from them (when the
    // budget carries a SweepRemote). A run whose sweep reads nothing of its earlier parts starts the sweep at once
    // and offers it while those parts run here, so that the page's workers work from the run's start.
    void offer(WorkBudget& budget);
    bool started() const { return started_; }
    bool done() const { return started_ && done_ == int(tasks_.size()); }
    double progress() const;   // (finished jobs + the running jobs' progress) / all jobs (0 before start)
    int jobs_total() const { return int(tasks_.size()); }
    int jobs_done() const { return done_; }
    const SweepTask* current() const;   // the first running (or else the next) task here; nullptr when none
    const SweepTask& task(size_t i) const { return tasks_[i]; }
    int reps_elsewhere() const;   // repetitions handed to other processes (SweepRemote)
    int reps() const { return reps_; }
    int rep_jobs_done(int rep) const;   // finished jobs of repetition `rep`
    bool rep_done(int rep) const { return rep_jobs_done(rep) == points(); }
    static uint64_t rep_seed(uint64_t seed, int rep);   // the seed handed to repetition `rep`

    int points() const { return int(points_.size()); }
    const SweepPoint& point(int i) const { return points_[size_t(i)]; }
    int find(int series, double x) const;                      // point index or -1
    std::vector<double> values(int point, int output) const;   // finished repetitions, in repetition order
    MeanSd stat(int point, int output) const;                  // NaN outputs (failed jobs) are skipped
    // Points of `series` with at least one result, in order of x: y = mean, lo/hi = mean ∓ sds * sd.
    LineSeries line(int series, int output, const std::string& label, double sds = 1.0) const;
    const std::vector<std::string>& failures() const { return failures_; }   // in task order

private:
    struct Running {
        size_t task;
        std::unique_ptr<SweepJob> job;
    };
    enum Owner : char { kUndecided, kHere, kElsewhere };   // who runs a repetition
    void fill(int threads, uint64_t shuffle);              // starts jobs until `threads` run or none may start
    void record(size_t task, const SweepJob* job);         // its outputs into its slot (nullptr: not created)
    void store(size_t task, std::vector<double> out, const std::string& why);   // a result into its slot
    void exchange(SweepRemote& remote);                                         // results in, idle repetitions out
    bool runs_here(int rep);

    std::vector<SweepPoint> points_;
    std::vector<SweepTask> tasks_;
    bool rep_blocked(int rep) const;                       // an exclusive job of `rep` runs
    std::vector<char> started_task_;                       // per task: its job was created
    std::vector<int> rep_left_;                            // per repetition: jobs not finished
    std::vector<char> rep_owner_;                          // per repetition: Owner
    std::vector<char> recorded_;                           // per task: its result is in its slot
    SweepRemote* remote_ = nullptr;                        // the budget's, from the first step on
    int remote_id_ = -1;                                   // this sweep's number in the run (SweepRemote::attach)
    std::vector<std::pair<size_t, std::string>> failed_;   // (task, why), in task order
    std::vector<std::string> failures_;                    // failed_'s reasons
    Factory make_;
    std::vector<Running> running_;   // in task order
    size_t first_waiting_ = 0;       // no task before it waits to start
    uint64_t picks_ = 0;             // shuffled picks so far (tests)
    int outputs_ = 0, done_ = 0, reps_ = 0;
    bool started_ = false;
};

}   // namespace core
