// The lab's run: reset, the bounded step(), the sweep jobs over (criterion, ρ) and the pruning step t,
// the main run's post-FT timeline, metrics and the trace.
#include "labs/expert-pruning/lab.hpp"
#include "core/fmath.hpp"
#include "core/metric_list.hpp"
#include "core/text.hpp"
#include <algorithm>
#include <cmath>
#include <limits>

namespace expert_pruning {
namespace {

constexpr double kStepBudget = 4e5;   // work units per step(): about 1.5 ms natively (lab.cpp's calibration)
const double kNaN = std::numeric_limits<double>::quiet_NaN();
enum Kind { kTrust, kNoFt, kFt };

// One point of one repetition: a pruned copy of that seed's fine-tuned model evaluated without post-FT
// (instant: the stored per-expert outputs), with post-FT (the continued run when decoupled, else one PostFt
// run per kept set not already in the cache), or the trust view's value recorded at checkpoint t.
class PruneJob : public core::SweepJob {
public:
    PruneJob(ExpertPruningLab& lab, const core::SweepTask& t, Kind kind, int which, int p)
        : lab_(lab), task_(t), kind_(kind), which_(which), p_(p) {}

    bool advance() override {
        Pipeline* P = lab_.pipeline(task_.rep);
        core::WorkBudget& budget = lab_.budget();
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
                run_.start(*P, keep, false);
                running_ = true;
            }
            if (!run_.advance(budget)) return false;
            P->post_ft_acc[keep] = run_.accuracy();
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
    ExpertPruningLab& lab_;
    core::SweepTask task_;
    Kind kind_;
    int which_, p_;
    double sum_ = 0, lo_ = INFINITY, hi_ = -INFINITY;
    int draw_ = 0;
    bool running_ = false;
    PostFt run_;
    std::vector<double> out_ = {kNaN, kNaN, kNaN};
    std::string failure_;
};

}   // namespace

void ExpertPruningLab::reset(const core::Params& p, uint64_t seed) {
    spec_ = make_spec(p);
    seed_ = seed;
    reps_ = p.i("seeds");
    p_main_ = spec_.p_trust;
    plan_ = work_plan(p);
    inspect_ = p.i("inspect");
    failure_.clear();
    main_.reset(spec_, core::Sweep::rep_seed(seed, 0), true);
    other_rep_ = -1;
    timeline_ = {};
    timeline_started_ = 0;
    layout_ = SeriesLayout();
    layout_.criteria = {kDelta, kRandom, kImportance, kRouterMag, kNeuronMag, kNeuronChange, kReverseDelta};
    if (p.b("diff_norm")) layout_.criteria.push_back(kDiffNorm);
    const int G = spec_.k / 2;
    for (int q = 0; q < G; ++q)
        if (spec_.routing == Routing::ExpertChoice || 2 * (G - q) >= spec_.l) layout_.ps.push_back(q);   // footnote 3
    for (int t = 0; t <= spec_.T; ++t)
        if (t % spec_.eval_every == 0 || t == spec_.T || t == spec_.t_early) layout_.ts.push_back(t);
    sweep_.clear();
    trace_ = core::Table();
    trace_.columns = {"t", "acc"};
    for (int s = 0; s < spec_.k; ++s) trace_.columns.push_back(core::strf("delta_%d", s + 1));
    for (int q = 0; q < kTrustCount; ++q)
        trace_.columns.push_back(std::string("pruned_at_t_") + criterion_key(kTrustCriteria[q]));
    traced_ = 0;
    constexpr size_t kViewPoints = 1000;
    rows_.reset(kViewPoints);
    pre_rows_.reset(kViewPoints);
    for (auto& r : post_rows_) r.reset(kViewPoints);
    pre_synced_ = 0;
    post_synced_ = {{0, 0}};
}

Pipeline* ExpertPruningLab::pipeline(int rep) {
    if (rep == 0) return &main_;
    if (other_rep_ != rep) {   // jobs run repetition by repetition (RepMajor): one extra pipeline is enough
        other_.reset(spec_, core::Sweep::rep_seed(seed_, rep));
        other_rep_ = rep;
    }
    return &other_;
}

void ExpertPruningLab::build_sweep() {
    for (int q = 0; q < kTrustCount; ++q)
        for (int t : layout_.ts) sweep_.add_point(layout_.trust(q), t);
    const int G = spec_.k / 2;
    for (int kind = 0; kind < 2; ++kind)
        for (size_t c = 0; c < layout_.criteria.size(); ++c)
            for (int q : layout_.ps) sweep_.add_point(kind ? layout_.ft(int(c)) : layout_.no_ft(int(c)), double(q) / G);
    const SeriesLayout L = layout_;
    sweep_.start(reps_, 3, seed_, [this, L, G](const core::SweepTask& t) -> std::unique_ptr<core::SweepJob> {
        if (t.series < kTrustCount) return std::make_unique<PruneJob>(*this, t, kTrust, t.series, 0);
        const bool ft = t.series >= L.ft(0);
        const int c = L.criteria[size_t(t.series - (ft ? L.ft(0) : L.no_ft(0)))];
        return std::make_unique<PruneJob>(*this, t, ft ? kFt : kNoFt, c, int(std::lround(t.x * G)));
    });
}

bool ExpertPruningLab::timeline_step() {
    if (timeline_started_ == 0) {
        timeline_[0].start(main_, main_.mask(kDelta, p_main_), true);
        timeline_[1].start(main_, main_.mask(kRandom, p_main_, 0), true);
        timeline_started_ = 1;
    }
    for (int q = 0; q < 2; ++q) {
        if (timeline_[size_t(q)].done()) continue;
        if (!timeline_[size_t(q)].advance(*budget_)) return false;
        if (!main_.decoupled())
            main_.post_ft_acc[main_.mask(q == 0 ? kDelta : kRandom, p_main_, 0)] = timeline_[size_t(q)].accuracy();
    }
    return true;
}

void ExpertPruningLab::step() {
    core::WorkBudget budget(kStepBudget);
    budget_ = &budget;
    while (!budget.spent() && !done()) {
        const double before = budget.used();
        if (!main_.ranked()) {
            main_.advance(budget);
            record_checkpoints();
            if (!main_.failure().empty()) failure_ = main_.failure();
            continue;
        }
        if (!sweep_.started()) build_sweep();
        const core::SweepTask* t = sweep_.current();
        const bool post_ft_due = !t || t->rep > 0 || t->series >= layout_.ft(0);
        if (post_ft_due && !(timeline_[0].done() && timeline_[1].done())) {
            timeline_step();
            record_checkpoints();
        } else if (!sweep_.done()) sweep_.step();
        if (budget.used() <= before) budget.spend(1);   // every pass spends something: the loop always ends
    }
    budget_ = nullptr;
}

bool ExpertPruningLab::done() const {
    return !failure_.empty() || (main_.ranked() && sweep_.done() && timeline_[0].done() && timeline_[1].done());
}

int ExpertPruningLab::phase() const {
    if (!main_.ranked())
        return main_.stage() == Pipeline::Stage::Pretrain || main_.stage() == Pipeline::Stage::Init ? 0 : 1;
    const core::SweepTask* t = sweep_.current();
    if (!t) return reps_ > 1 ? 4 : 3;
    if (t->rep > 0) return 4;
    return t->series >= layout_.ft(0) || timeline_started_ ? 3 : 2;
}

double ExpertPruningLab::progress() const {
    if (!main_.ranked()) return plan_.progress(0, main_.fraction());
    if (done()) return plan_.progress(2, 1.0);
    const int per_rep = sweep_.jobs_total() / reps_;
    const core::SweepTask* t = sweep_.started() ? sweep_.current() : nullptr;
    if (!t || t->rep == 0) return plan_.progress(1, sweep_.started() ? double(sweep_.jobs_done()) / per_rep : 0.0);
    // seed r ≥ 1: its fine-tuning, then its pruned copies (half and half)
    const double jobs = double(sweep_.jobs_done() - t->rep * per_rep) / per_rep;
    const double ft = other_rep_ == t->rep ? other_.fraction() : 0.0;
    return plan_.progress(2, (t->rep - 1 + 0.5 * ft + 0.5 * std::clamp(jobs, 0.0, 1.0)) / (reps_ - 1));
}

std::string ExpertPruningLab::clock() const {
    if (!main_.ranked()) {
        if (main_.stage() == Pipeline::Stage::Init)
            return core::strf("drawing the test and validation sets: %.0f %%", 100 * main_.init_fraction());
        if (main_.stage() == Pipeline::Stage::Pretrain)
            return core::strf("pre-training %d / %d", main_.t_pre(), spec_.T_pre);
        return core::strf("t = %d / %d", main_.t(), spec_.T);
    }
    const core::SweepTask* t = sweep_.current();
    if (!t) return core::strf("done: %d seed%s", reps_, reps_ > 1 ? "s" : "");
    return core::strf("seed %d / %d, pruned copies %d / %d", t->rep + 1, reps_, sweep_.jobs_done(),
                      sweep_.jobs_total());
}

void ExpertPruningLab::record_checkpoints() {
    for (; traced_ < main_.checkpoints.size(); ++traced_) {
        const Checkpoint& cp = main_.checkpoints[traced_];
        std::vector<double> row = {double(cp.t), cp.acc};
        row.insert(row.end(), cp.delta.begin(), cp.delta.end());
        for (int q = 0; q < kTrustCount; ++q) row.push_back(cp.trust[q]);
        rows_.push(row);
        trace_.add(std::move(row));
    }
    for (; pre_synced_ < main_.pre_acc.size(); ++pre_synced_)
        pre_rows_.push({double(main_.pre_acc[pre_synced_].first), main_.pre_acc[pre_synced_].second});
    for (size_t q = 0; q < 2; ++q)
        for (const auto& h = timeline_[q].history(); post_synced_[q] < h.size(); ++post_synced_[q])
            post_rows_[q].push({double(h[post_synced_[q]].first), h[post_synced_[q]].second});
}

double ExpertPruningLab::acc_no_ft(int c, int p) const {
    if (!main_.ranked()) return kNaN;
    const int draws = c == kRandom ? int(main_.random_scores.size()) : 1;
    double sum = 0;
    for (int d = 0; d < draws; ++d) sum += main_.outputs.accuracy(main_.mask(c, p, d));
    return sum / draws;
}

double ExpertPruningLab::acc_ft(int c, int p) const {
    if (!main_.ranked()) return kNaN;
    const int draws = c == kRandom ? int(main_.random_scores.size()) : 1;
    double sum = 0;
    for (int d = 0; d < draws; ++d) sum += main_.post_ft_accuracy(main_.mask(c, p, d));   // NaN until computed
    return sum / draws;
}

std::vector<core::Metric> ExpertPruningLab::metrics() const {
    core::MetricList m;
    const int G = spec_.k / 2;
    const bool ranked = main_.ranked();
    const std::string after_ft = "measured once fine-tuning ends",
                      after_post = "measured after post-pruning fine-tuning";
    m.count("t", "Fine-tuning step t", main_.t());
    m.add("acc_unpruned", "Test accuracy of the fine-tuned, unpruned model",
          main_.checkpoints.empty() ? kNaN : main_.checkpoints.back().acc, "%.4f", "measured at the first checkpoint");
    double worst = kNaN;
    for (int q : layout_.ps)
        if (ranked) worst = std::isnan(worst) ? acc_no_ft(kDelta, q) : std::min(worst, acc_no_ft(kDelta, q));
    m.add("acc_delta_worst", "Δ rule: lowest accuracy over the ρ grid (down to one expert per group), no post-FT",
          worst, "%.4f", after_ft);
    static const double rhos[3] = {0.25, 0.5, 0.75};
    static const char* keys[3] = {"25", "50", "75"};
    for (int c : layout_.criteria)
        for (int r = 0; r < 3; ++r) {
            const int q = pruned_per_group(rhos[r], G);
            const std::string key = std::string("acc_") + criterion_key(c) + "_" + keys[r];
            const std::string lbl =
                core::strf("%s, ρ = %g (%d of %d pruned per group)", criterion_label(c), rhos[r], q, G);
            m.add(key, lbl + ", no post-FT", acc_no_ft(c, q), "%.4f", after_ft);
            m.add(key + "_ft", lbl + ", after post-FT", acc_ft(c, q), "%.4f", after_post);
        }
    double imp_min = kNaN, un_max = kNaN;
    if (ranked) {
        const std::vector<double>& D = main_.checkpoints.back().delta;
        for (int s = 0; s < spec_.k; ++s) {
            const bool imp = main_.important[size_t(s)];
            double& slot = imp ? imp_min : un_max;
            const double v = D[size_t(s)];
            slot = std::isnan(slot) ? v : imp ? std::min(slot, v) : std::max(slot, v);
        }
    }
    m.add("delta_separated",
          "Δ separates: every important expert's Δ above every unimportant one's, in each group (1/0)",
          ranked ? main_.separation_ok() : kNaN, "%.0f",
          "measured once fine-tuning ends; n/a when a group has no important expert");
    m.add("delta_imp_min", "Smallest Δ_s^(T) of an important expert", imp_min, "%.4f",
          "measured once fine-tuning ends; n/a without important experts");
    m.add("delta_unimp_max", "Largest Δ_s^(T) of an unimportant expert", un_max, "%.4f",
          "measured once fine-tuning ends; n/a when every expert is important");
    m.add("cert", "(3/2) ln l, Lemma 4.4's certificate", 1.5 * core::fm::log(double(spec_.l)));
    int important = 0;
    for (uint8_t v : main_.important) important += v;
    m.add("important", "Important experts (ground truth in planted mode, p ≥ 0.3 otherwise)", ranked ? important : kNaN,
          "%.0f", after_ft);
    for (int q = 0; q < kTrustCount; ++q) {
        double v = kNaN;
        for (const Checkpoint& cp : main_.checkpoints)
            if (cp.t == spec_.t_early) v = cp.trust[q];
        m.add(std::string("early_") + criterion_key(kTrustCriteria[q]),
              core::strf("%s, pruned at t = %d (%d of %d pruned per group), no post-FT",
                         criterion_label(kTrustCriteria[q]), spec_.t_early, p_main_, G),
              v, "%.4f", "measured at t = t_early");
    }
    const Mask keep = ranked ? main_.mask(kDelta, p_main_) : Mask();
    Work w;
    m.add("k_prime", "Active experts k′ after Δ pruning at ρ", ranked ? kept(keep) : kNaN, "%.0f", after_ft);
    m.add("flops_rel", "FLOPs per sample relative to the unpruned model, at ρ",
          ranked ? relative_flops(main_.model(), keep, main_.val(), w) : kNaN, "%.4f", after_ft);
    m.add("params_rel", "Parameters relative to the unpruned model, at ρ",
          ranked ? parameter_fraction(main_.model(), keep) : kNaN, "%.4f", after_ft);
    m.add("timeline_delta_ft", "Δ-pruned at ρ, after post-FT (timeline)",
          timeline_[0].done() ? timeline_[0].accuracy() : kNaN, "%.4f", after_post);
    m.add("timeline_random_ft", "Random-pruned (draw 1) at ρ, after post-FT (timeline)",
          timeline_[1].done() ? timeline_[1].accuracy() : kNaN, "%.4f", after_post);
    m.add_if(spec_.mode == Mode::Learned, "concept_both_groups",
             "Learned: the downstream concept has a specialist in both groups (1/0)",
             ranked ? double(main_.concept.both_groups) : kNaN, "mode = learned only", "%.0f");
    m.count("seeds_done", "Seeds finished in the bands",
            sweep_.started() ? sweep_.jobs_done() / std::max(1, sweep_.jobs_total() / reps_) : 0);
    return m.take();
}

}   // namespace expert_pruning
