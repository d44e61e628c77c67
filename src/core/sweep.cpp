#include "core/sweep.hpp"
#include "core/rng.hpp"
#include "core/sweep_remote.hpp"
#include "core/workers.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <limits>

namespace core {

void Sweep::clear() { *this = Sweep(); }

int Sweep::add_point(int series, double x) {
    SweepPoint p;
    p.series = series;
    p.x = x;
    points_.push_back(p);
    return int(points_.size()) - 1;
}

// splitmix64 of (seed, rep): well-mixed, integer-only, the same on every target.
uint64_t Sweep::rep_seed(uint64_t seed, int rep) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL * uint64_t(rep + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void Sweep::start(int reps, int outputs, uint64_t seed, Factory make, Order order) {
    tasks_.clear();
    failed_.clear();
    failures_.clear();
    running_.clear();
    for (SweepPoint& p : points_) {
        p.results.assign(size_t(std::max(0, reps)), {});
        p.finished = 0;
    }
    first_waiting_ = 0;
    picks_ = 0;
    done_ = 0;
    reps_ = std::max(0, reps);
    outputs_ = outputs;
    make_ = std::move(make);
    auto add = [&](int pt, int rep) {
        SweepTask t;
        t.point = pt;
        t.series = points_[size_t(pt)].series;
        t.x = points_[size_t(pt)].x;
        t.rep = rep;
        t.seed = rep_seed(seed, rep);
        tasks_.push_back(t);
    };
    if (order == Order::RepMajor) {
        for (int r = 0; r < reps; ++r)
            for (int pt = 0; pt < points(); ++pt) add(pt, r);
    } else {
        for (int pt = 0; pt < points(); ++pt)
            for (int r = 0; r < reps; ++r) add(pt, r);
    }
    started_task_.assign(tasks_.size(), 0);
    recorded_.assign(tasks_.size(), 0);
    rep_left_.assign(size_t(reps_), points());
    rep_owner_.assign(size_t(reps_), kUndecided);
    remote_ = nullptr;
    remote_id_ = -1;
    started_ = true;
}

bool Sweep::rep_blocked(int rep) const {
    for (const Running& r : running_)
        if (tasks_[r.task].rep == rep && r.job->exclusive()) return true;
    return false;
}

// The next task of a repetition with no exclusive job running: the first in order (shuffle ≠ 0: the first of
// a repetition drawn at random, so that tests see jobs start, and finish, in other orders).
void Sweep::fill(int threads, uint64_t shuffle) {
    while (int(running_.size()) < threads) {
        while (first_waiting_ < tasks_.size() && started_task_[first_waiting_]) ++first_waiting_;
        std::vector<size_t> ready;   // the first waiting task of each repetition that may start
        std::vector<char> seen(size_t(reps_), 0);
        for (size_t i = first_waiting_; i < tasks_.size(); ++i) {
            const int r = tasks_[i].rep;
            if (started_task_[i] || seen[size_t(r)]) continue;
            seen[size_t(r)] = 1;
            if (runs_here(r) && !rep_blocked(r)) ready.push_back(i);
            if (shuffle == 0 && !ready.empty()) break;
        }
        if (ready.empty()) return;
        const size_t i = shuffle == 0 ? ready[0] : ready[Rng(shuffle, ++picks_).below(uint32_t(ready.size()))];
        started_task_[i] = 1;
        rep_owner_[size_t(tasks_[i].rep)] = kHere;
        std::unique_ptr<SweepJob> job = make_(tasks_[i]);
        if (!job) {   // the factory declined: a failed repetition
            record(i, nullptr);
            continue;
        }
        running_.push_back({i, std::move(job)});
        std::sort(running_.begin(), running_.end(), [](const Running& a, const Running& b) { return a.task < b.task; });
    }
}

bool Sweep::runs_here(int rep) {
    const char owner = rep_owner_[size_t(rep)];
    return owner == kHere || (owner == kUndecided && (!remote_ || remote_->may_run(remote_id_, rep)));
}

void Sweep::record(size_t task, const SweepJob* job) {
    const std::string why = job ? job->failure() : tr("job could not be created");
    std::vector<double> out = why.empty() ? job->outputs() : std::vector<double>();   // a failure: all NaN
    if (remote_) remote_->finished(remote_id_, {task, tasks_[task].rep, out, why});
    store(task, std::move(out), why);
}

void Sweep::store(size_t task, std::vector<double> out, const std::string& why) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (!why.empty()) out.clear();
    if (!why.empty()) {
        failed_.insert(std::upper_bound(failed_.begin(), failed_.end(), std::make_pair(task, std::string())),
                       {task, why});
        failures_.clear();
        for (const auto& f : failed_) failures_.push_back(f.second);
    }
    out.resize(size_t(outputs_), nan);
    const SweepTask& t = tasks_[task];
    SweepPoint& p = points_[size_t(t.point)];
    p.results[size_t(t.rep)] = std::move(out);
    ++p.finished;
    --rep_left_[size_t(t.rep)];
    recorded_[task] = 1;
    ++done_;
}

// Results from other processes into their slots; then the lowest repetitions no job has started here go to
// workers with room for them (session/sweep_dispatch.hpp), until one is refused (the sweep runs the rest itself, in order). Repetition 0 always runs
// here: it may share the run's own inputs (expert-pruning's main model, whose post-FT its jobs run and its
// metrics show), and this process's copy of them must be the one that changed.
void Sweep::exchange(SweepRemote& remote) {
    for (SweepResult& r : remote.arrived(remote_id_)) {
        if (r.task >= tasks_.size() || recorded_[r.task]) continue;   // already here (it ran here)
        started_task_[r.task] = 1;
        store(r.task, std::move(r.outputs), r.failure);
    }
    for (int rep = 1; rep < reps_; ++rep) {
        if (rep_owner_[size_t(rep)] != kUndecided) continue;
        if (!remote.hand_out(remote_id_, rep)) break;
        rep_owner_[size_t(rep)] = kElsewhere;
        for (size_t i = 0; i < tasks_.size(); ++i)
            if (tasks_[i].rep == rep) started_task_[i] = 1;   // none of its jobs starts here
    }
}

int Sweep::reps_elsewhere() const { return int(std::count(rep_owner_.begin(), rep_owner_.end(), kElsewhere)); }

void Sweep::offer(WorkBudget& budget) {
    SweepRemote* remote = budget.remote();
    if (!started_ || !remote) return;
    if (remote_id_ < 0) {
        remote_ = remote;
        remote_id_ = remote->attach(reps_, points());
    }
    exchange(*remote);
}

int Sweep::step(WorkBudget& budget) {
    if (!started_) return 0;
    Workers* workers = budget.workers();
    const int threads = workers ? workers->threads() : 1;
    const int before = done_;
    offer(budget);
    while (!budget.spent() && !done()) {
        const int recorded = done_;
        fill(threads, workers ? workers->shuffle() : 0);
        if (running_.empty() && done_ == recorded) {   // nothing may start here: the rest runs elsewhere
            budget.wait();
            break;
        }
        if (running_.empty()) continue;   // the factory declined every job it was asked for
        std::vector<char> finished(running_.size(), 0);
        if (running_.size() == 1) {
            finished[0] = running_[0].job->advance(budget);
        } else {   // each job on a budget of its own, as large as what is left of this one
            std::vector<double> used(running_.size(), 0);
            const double left = budget.left();
            workers->run(int(running_.size()), [&](int k) {
                WorkBudget own(left);
                finished[size_t(k)] = running_[size_t(k)].job->advance(own);
                used[size_t(k)] = own.used();
            });
            for (double u : used) budget.spend(u);   // in a fixed order
        }
        std::vector<Running> still;
        for (size_t k = 0; k < running_.size(); ++k) {
            if (!finished[k]) {
                still.push_back(std::move(running_[k]));
                continue;
            }
            record(running_[k].task, running_[k].job.get());
        }
        running_ = std::move(still);
    }
    return done_ - before;
}

int Sweep::rep_jobs_done(int rep) const { return rep >= 0 && rep < reps_ ? points() - rep_left_[size_t(rep)] : 0; }

double Sweep::progress() const {
    if (tasks_.empty()) return started_ ? 1.0 : 0.0;
    double running = 0;
    for (const Running& r : running_) running += std::clamp(r.job->progress(), 0.0, 1.0);
    return (double(done_) + running) / double(tasks_.size());
}

const SweepTask* Sweep::current() const {
    if (!running_.empty()) return &tasks_[running_.front().task];
    for (size_t i = first_waiting_; i < tasks_.size(); ++i)
        if (!started_task_[i]) return &tasks_[i];
    return nullptr;
}

int Sweep::find(int series, double x) const {
    for (int i = 0; i < points(); ++i)
        if (points_[size_t(i)].series == series && points_[size_t(i)].x == x) return i;
    return -1;
}

std::vector<double> Sweep::values(int point, int output) const {
    std::vector<double> v;
    for (const auto& r : points_[size_t(point)].results)
        if (!r.empty()) v.push_back(r[size_t(output)]);
    return v;
}

MeanSd Sweep::stat(int point, int output) const { return mean_sd(values(point, output)); }

LineSeries Sweep::line(int series, int output, const std::string& label, double sds) const {
    std::vector<int> idx;
    for (int i = 0; i < points(); ++i)
        if (points_[size_t(i)].series == series && points_[size_t(i)].finished > 0) idx.push_back(i);
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return points_[size_t(a)].x < points_[size_t(b)].x; });
    LineSeries s;
    s.label = label;
    s.markers = true;
    for (int i : idx) {
        MeanSd m = stat(i, output);
        if (m.n == 0) continue;
        s.x.push_back(points_[size_t(i)].x);
        s.y.push_back(m.mean);
        s.lo.push_back(m.mean - sds * m.sd);
        s.hi.push_back(m.mean + sds * m.sd);
    }
    return s;
}

}   // namespace core
