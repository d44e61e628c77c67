#include "labs/expert-pruning/sweep_jobs.hpp"
#include "core/fmath.hpp"
#include <algorithm>
#include <cmath>
#include <limits>

namespace expert_pruning {

namespace {

using core::kNaN;
enum Kind { kTrust, kNoFt, kFt };

// One point of one repetition: a pruned copy of that seed's fine-tuned model evaluated without post-FT
// (instant: the stored per-expert outputs), with post-FT (the continued run when decoupled, else one PostFt
// run per kept set not already in the cache), or the trust view's value recorded at checkpoint t. The main
// run's post-FT timeline goes first: the first job after the no-post-FT ones runs it to its end.
class PruneJob : public core::SweepJob {
public:
    // P: the pipeline of the task's repetition, shared only with that repetition's jobs (which core::Sweep
    // runs one after another).
    PruneJob(Run& run, Pipeline* P, const core::SweepTask& t, Kind kind, int which, int p)
        : run_(run), P_(P), task_(t), kind_(kind), which_(which), p_(p) {}

    bool advance(core::WorkBudget& budget) override {
        if ((task_.rep > 0 || kind_ == kFt) && !run_.timeline_step(budget)) return false;
        Pipeline* P = P_;
        if (!P->failure().empty()) {
            failure_ = P->failure();
            return true;
        }
        if (!P->ranked()) {
            P->advance(budget);
            return false;
        }
        if (kind_ == kTrust) {
            for (const Checkpoint& cp : P->checkpoints)
                if (cp.t == int(task_.x)) out_ = {cp.trust[which_], cp.trust[which_], cp.trust[which_]};
            budget.spend(1);
            return true;
        }
        const int draws = which_ == kRandom ? int(P->random_scores.size()) : 1;
        if (kind_ == kNoFt) {
            for (int d = 0; d < draws; ++d) add(P->outputs.accuracy(P->mask(which_, p_, d)));
            budget.spend(double(draws) * P->outputs.N * P->outputs.k);
            return finish(draws);
        }
        if (P->decoupled()) {
            if (!P->done()) {
                P->advance_post(budget);
                return false;
            }
            for (int d = 0; d < draws; ++d) add(P->post_ft_accuracy(P->mask(which_, p_, d)));
            budget.spend(double(draws) * P->outputs.N * P->outputs.k);
            return finish(draws);
        }
        // coupled (token-choice or true hinge): one PostFt run per kept set, cached per seed
        while (draw_ < draws && !budget.spent()) {
            const Mask keep = P->mask(which_, p_, draw_);
            auto hit = P->post_ft_acc.find(keep);
            if (hit != P->post_ft_acc.end()) {
                add(hit->second);
                ++draw_;
                running_ = false;
                budget.spend(1);
                continue;
            }
            if (!running_) {
                post_.start(*P, keep, false);
                running_ = true;
            }
            if (!post_.advance(budget)) return false;
            P->post_ft_acc[keep] = post_.accuracy();
        }
        return draw_ >= draws && finish(draws);
    }
    std::vector<double> outputs() const override { return out_; }
    std::string failure() const override { return failure_; }

private:
    void add(double a) {
        sum_ += a;
        lo_ = std::min(lo_, a);
        hi_ = std::max(hi_, a);
    }
    bool finish(int draws) {
        out_ = {sum_ / draws, lo_, hi_};
        return true;
    }
    Run& run_;
    Pipeline* P_;
    core::SweepTask task_;
    Kind kind_;
    int which_, p_;
    double sum_ = 0, lo_ = INFINITY, hi_ = -INFINITY;
    int draw_ = 0;
    bool running_ = false;
    PostFt post_;
    std::vector<double> out_ = {kNaN, kNaN, kNaN};
    std::string failure_;
};

}   // namespace

void start_sweep(core::Sweep& sw, Run& run, int reps, uint64_t seed) {
    const SeriesLayout& layout = run.layout();
    for (int q = 0; q < kTrustCount; ++q)
        for (int t : layout.ts) sw.add_point(layout.trust(q), t);
    const int G = run.spec().k / 2;
    for (int kind = 0; kind < 2; ++kind)
        for (size_t c = 0; c < layout.criteria.size(); ++c)
            for (int q : layout.ps) sw.add_point(kind ? layout.ft(int(c)) : layout.no_ft(int(c)), double(q) / G);
    const SeriesLayout L = layout;
    sw.start(reps, 3, seed, [&run, L, G](const core::SweepTask& t) -> std::unique_ptr<core::SweepJob> {
        Pipeline* P = run.pipeline(t.rep);
        if (t.series < kTrustCount) return std::make_unique<PruneJob>(run, P, t, kTrust, t.series, 0);
        const bool ft = t.series >= L.ft(0);
        const int c = L.criteria[size_t(t.series - (ft ? L.ft(0) : L.no_ft(0)))];
        return std::make_unique<PruneJob>(run, P, t, ft ? kFt : kNoFt, c, int(std::lround(t.x * G)));
    });
}

}   // namespace expert_pruning
