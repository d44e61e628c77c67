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
// stored as one repetition of its grid point, and the aggregates (mean ± sd) include it at once.
// Jobs run repetition-major by default (the whole curve appears after the first repetition, later ones
// tighten the bands); PointMajor finishes one grid point after the other.
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
};

struct SweepPoint {
    int series = 0;
    double x = 0;
    std::vector<std::vector<double>> results;   // one row of outputs per finished repetition
};

class Sweep {
public:
    using Factory = std::function<std::unique_ptr<SweepJob>(const SweepTask&)>;
    enum class Order { RepMajor, PointMajor };

    void clear();                          // no points, no jobs
    int add_point(int series, double x);   // before start(); returns the point's index
    void start(int reps, int outputs, uint64_t seed, Factory make, Order order = Order::RepMajor);

    // Runs jobs, one after another, until the budget is spent or all are done; returns how many finished.
    int step(WorkBudget& budget);
    bool started() const { return started_; }
    bool done() const { return started_ && next_ >= tasks_.size() && !job_; }
    double progress() const;   // (finished jobs + the running job's progress) / all jobs (0 before start)
    int jobs_total() const { return int(tasks_.size()); }
    int jobs_done() const { return done_; }
    const SweepTask* current() const;                   // the running (or next) task; nullptr when done
    static uint64_t rep_seed(uint64_t seed, int rep);   // the seed handed to repetition `rep`

    int points() const { return int(points_.size()); }
    const SweepPoint& point(int i) const { return points_[size_t(i)]; }
    int find(int series, double x) const;                      // point index or -1
    std::vector<double> values(int point, int output) const;   // finished repetitions
    MeanSd stat(int point, int output) const;                  // NaN outputs (failed jobs) are skipped
    // Points of `series` with at least one result, in order of x: y = mean, lo/hi = mean ∓ sds * sd.
    LineSeries line(int series, int output, const std::string& label, double sds = 1.0) const;
    const std::vector<std::string>& failures() const { return failures_; }

private:
    bool step_job(WorkBudget& budget);   // one advance of the current (or next) job; true if it finished

    std::vector<SweepPoint> points_;
    std::vector<SweepTask> tasks_;
    std::vector<std::string> failures_;
    Factory make_;
    std::unique_ptr<SweepJob> job_;
    size_t next_ = 0;      // index of the next task to create
    size_t running_ = 0;   // index of the task of job_
    int outputs_ = 0, done_ = 0;
    bool started_ = false;
};

}   // namespace core
