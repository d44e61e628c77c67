#include "core/sweep.hpp"
#include <algorithm>
#include <cmath>
#include <limits>

namespace core {

void Sweep::clear() {
    points_.clear();
    tasks_.clear();
    failures_.clear();
    make_ = nullptr;
    job_.reset();
    next_ = running_ = 0;
    outputs_ = done_ = 0;
    started_ = false;
}

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
    failures_.clear();
    for (SweepPoint& p : points_) p.results.clear();
    job_.reset();
    next_ = running_ = 0;
    done_ = 0;
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
    started_ = true;
}

int Sweep::step(WorkBudget& budget) {
    int finished = 0;
    while (!budget.spent() && !done()) finished += step_job(budget) ? 1 : 0;
    return finished;
}

bool Sweep::step_job(WorkBudget& budget) {
    if (!started_) return false;
    if (!job_) {
        if (next_ >= tasks_.size()) return false;
        running_ = next_++;
        job_ = make_(tasks_[running_]);
        if (!job_) {   // the factory declined: record a failed repetition
            failures_.push_back("job could not be created");
            points_[size_t(tasks_[running_].point)].results.push_back(
                std::vector<double>(size_t(outputs_), std::numeric_limits<double>::quiet_NaN()));
            ++done_;
            return true;
        }
    }
    if (!job_->advance(budget)) return false;
    std::vector<double> out = job_->outputs();
    std::string why = job_->failure();
    if (!why.empty()) {
        failures_.push_back(why);
        out.assign(size_t(outputs_), std::numeric_limits<double>::quiet_NaN());
    }
    out.resize(size_t(outputs_), std::numeric_limits<double>::quiet_NaN());
    points_[size_t(tasks_[running_].point)].results.push_back(std::move(out));
    job_.reset();
    ++done_;
    return true;
}

double Sweep::progress() const {
    if (tasks_.empty()) return started_ ? 1.0 : 0.0;
    const double running = job_ ? std::clamp(job_->progress(), 0.0, 1.0) : 0.0;
    return (double(done_) + running) / double(tasks_.size());
}

const SweepTask* Sweep::current() const {
    if (job_) return &tasks_[running_];
    if (next_ < tasks_.size()) return &tasks_[next_];
    return nullptr;
}

int Sweep::find(int series, double x) const {
    for (int i = 0; i < points(); ++i)
        if (points_[size_t(i)].series == series && points_[size_t(i)].x == x) return i;
    return -1;
}

std::vector<double> Sweep::values(int point, int output) const {
    std::vector<double> v;
    for (const auto& r : points_[size_t(point)].results) v.push_back(r[size_t(output)]);
    return v;
}

MeanSd Sweep::stat(int point, int output) const { return mean_sd(values(point, output)); }

LineSeries Sweep::line(int series, int output, const std::string& label, double sds) const {
    std::vector<int> idx;
    for (int i = 0; i < points(); ++i)
        if (points_[size_t(i)].series == series && !points_[size_t(i)].results.empty()) idx.push_back(i);
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
