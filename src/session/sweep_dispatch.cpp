#include "session/sweep_dispatch.hpp"
#include "core/registry.hpp"
#include "session/share_link.hpp"
#include <algorithm>

namespace session {

// --- the page's side -------------------------------------------------------------------------------------

void SweepDispatcher::begin_run(int run, const std::string& query) {
    run_ = run;
    query_ = query;
    sweeps_.clear();
    busy_.clear();
    jobs_elsewhere_ = 0;
    reps_handed_out_ = 0;
}

void SweepDispatcher::join(int workers) {
    if (!busy_.empty() || workers <= 0) return;
    busy_.assign(size_t(workers), Busy());
    transport_.open(run_, query_);
    for (size_t s = 0; s < sweeps_.size(); ++s) fill_if_complete(int(s));
}

int SweepDispatcher::attach(int reps, int points) {
    SweepState s;
    s.reps = reps;
    s.points = points;
    s.rep_results.assign(size_t(std::max(0, reps)), 0);
    s.seen.assign(size_t(std::max(0, reps)) * size_t(std::max(0, points)), 0);
    sweeps_.push_back(std::move(s));
    return int(sweeps_.size()) - 1;
}

bool SweepDispatcher::hand_out(int sweep, int rep) {
    if (!accepting_) return false;   // paused: a worker would not run it, and the page's steps would stall
    size_t pick = busy_.size();      // an idle worker first, else one with room in its queue for this sweep
    for (size_t w = 0; w < busy_.size() && pick == busy_.size(); ++w)
        if (busy_[w].reps.empty()) pick = w;
    for (size_t w = 0; w < busy_.size() && pick == busy_.size(); ++w)
        if (busy_[w].sweep == sweep && busy_[w].reps.size() < kQueued) pick = w;
    if (pick == busy_.size()) return false;
    busy_[pick].sweep = sweep;
    busy_[pick].reps.push_back(rep);
    ++reps_handed_out_;
    transport_.assign(int(pick), run_, sweep, rep);
    return true;
}

void SweepDispatcher::known(int sweep, const core::SweepResult& r) {
    sweeps_[size_t(sweep)].all.push_back(r);
    fill_if_complete(sweep);
}

void SweepDispatcher::fill_if_complete(int sweep) {
    SweepState& s = sweeps_[size_t(sweep)];
    if (s.filled || busy_.empty() || int(s.all.size()) < s.reps * s.points) return;
    s.filled = true;   // complete: the workers may go on past it
    transport_.fill(run_, sweep, s.all);
}

void SweepDispatcher::finished(int sweep, const core::SweepResult& r) { known(sweep, r); }

std::vector<core::SweepResult> SweepDispatcher::arrived(int sweep) {
    std::vector<core::SweepResult> in;
    in.swap(sweeps_[size_t(sweep)].inbox);
    for (const core::SweepResult& r : in) known(sweep, r);
    return in;
}

bool SweepDispatcher::deliver(int run, int worker, const std::vector<core::SweepResult>& results) {
    if (run != run_ || worker < 0 || worker >= workers()) return false;   // an earlier run's: dropped
    Busy& b = busy_[size_t(worker)];
    if (results.empty()) return true;
    if (b.sweep < 0 || size_t(b.sweep) >= sweeps_.size()) return false;   // it was handed nothing
    SweepState& s = sweeps_[size_t(b.sweep)];
    std::vector<size_t> tasks;
    std::vector<int> per_rep(b.reps.size(), 0);
    for (const core::SweepResult& r : results) {   // only the repetitions it was handed, each job once
        const auto at = std::find(b.reps.begin(), b.reps.end(), r.rep);
        if (at == b.reps.end() || r.task >= s.seen.size() || s.seen[r.task]) return false;
        ++per_rep[size_t(at - b.reps.begin())];
        tasks.push_back(r.task);
    }
    std::sort(tasks.begin(), tasks.end());
    if (std::adjacent_find(tasks.begin(), tasks.end()) != tasks.end()) return false;
    for (size_t k = 0; k < b.reps.size(); ++k)
        if (s.rep_results[size_t(b.reps[k])] + per_rep[k] > s.points) return false;
    for (const core::SweepResult& r : results) {
        s.seen[r.task] = 1;
        s.inbox.push_back(r);
        ++jobs_elsewhere_;
    }
    std::vector<int> open;   // its repetitions not complete yet
    for (size_t k = 0; k < b.reps.size(); ++k)
        if ((s.rep_results[size_t(b.reps[k])] += per_rep[k]) < s.points) open.push_back(b.reps[k]);
    b.reps = open;
    if (open.empty()) b.sweep = -1;   // idle
    return true;
}

// --- a worker's side -------------------------------------------------------------------------------------

std::string SweepWorker::open(const std::string& query) {
    runner_.reset();
    assigned_.clear();
    fills_.clear();
    out_.clear();
    sweeps_ = 0;
    std::string why;
    runner_ = start_query(query, why);
    if (runner_) {
        runner_->set_remote(this);
        runner_->serve_sweeps();   // nothing but the sweeps' repetitions is read from it
    }
    news_ = true;
    return why;
}

void SweepWorker::assign(int sweep, int rep) {
    assigned_.push_back({sweep, rep});
    news_ = true;
}

void SweepWorker::fill(int sweep, std::vector<core::SweepResult> all) {
    fills_.push_back({sweep, std::move(all)});
    news_ = true;
}

int SweepWorker::attach(int, int) { return sweeps_++; }

bool SweepWorker::may_run(int sweep, int rep) {
    for (const auto& a : assigned_)
        if (a.first == sweep && a.second == rep) return true;
    return false;
}

std::vector<core::SweepResult> SweepWorker::arrived(int sweep) {
    std::vector<core::SweepResult> in;
    for (auto it = fills_.begin(); it != fills_.end();)
        if (it->first == sweep) {
            in.insert(in.end(), it->second.begin(), it->second.end());
            it = fills_.erase(it);
        } else {
            ++it;
        }
    return in;
}

std::vector<std::pair<int, core::SweepResult>> SweepWorker::run(double units) {
    news_ = false;
    if (runner_ && !runner_->done()) runner_->step_units(units);
    std::vector<std::pair<int, core::SweepResult>> out;
    out.swap(out_);
    return out;
}

bool SweepWorker::idle() const {
    return !runner_ || runner_->done() || runner_->where().part > runner_->current_plan().last_elsewhere() ||
        (runner_->waiting() && !news_);
}

}   // namespace session
