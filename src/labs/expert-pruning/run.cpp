// The lab's run: its set-up, the bounded step(budget), the main run's post-FT timeline, where it is, metrics and
// the trace; the sweep jobs over (criterion, ρ) and the pruning step t are in sweep_jobs.cpp.
#include "labs/expert-pruning/run.hpp"
#include "labs/expert-pruning/sweep_jobs.hpp"
#include "labs/expert-pruning/territory.hpp"
#include "core/fmath.hpp"
#include "core/metric_list.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace expert_pruning {
namespace {

constexpr int kTerritorySamples = 100;   // test samples behind the territory's thresholds τ_s

using core::kNaN;
}   // namespace

Run::Run(const Config& c, uint64_t seed)
    : RunOf(c, seed, kDone), spec_(c.spec), reps_(c.seeds), p_main_(c.spec.p_trust), inspect_(c.inspect) {
    main_.reset(spec_, core::Sweep::rep_seed(seed, 0), true);
    layout_.criteria.assign(std::begin(kShownCriteria), std::end(kShownCriteria));
    if (c.diff_norm) layout_.criteria.push_back(kDiffNorm);
    const int G = spec_.k / 2;
    for (int q = 0; q < G; ++q)
        if (spec_.routing == Routing::ExpertChoice || 2 * (G - q) >= spec_.l) layout_.ps.push_back(q);   // footnote 3
    for (int t = 0; t <= spec_.T; ++t)
        if (t % spec_.eval_every == 0 || t == spec_.T || t == spec_.t_early) layout_.ts.push_back(t);
    trace_.columns = {"t", "acc"};
    for (int s = 0; s < spec_.k; ++s) trace_.columns.push_back(core::strf("delta_%d", s + 1));
    for (int q = 0; q < kTrustCount; ++q)
        trace_.columns.push_back(std::string("pruned_at_t_") + criterion_key(kTrustCriteria[q]));
    constexpr size_t kViewPoints = 1000;
    rows_.reset(kViewPoints);
    pre_rows_.reset(kViewPoints);
    for (auto& r : post_rows_) r.reset(kViewPoints);
}

// Called by the sweep's factory, on the thread that steps the run: the pipelines of finished repetitions go
// first, so that one extra pipeline lives per repetition in progress (one per thread: lab.cpp's memory check).
Pipeline* Run::pipeline(int rep) {
    if (rep == 0) return &main_;
    for (auto it = others_.begin(); it != others_.end();)
        it = sweep_.rep_done(it->first) ? others_.erase(it) : std::next(it);
    std::unique_ptr<Pipeline>& P = others_[rep];
    if (!P) {
        P = std::make_unique<Pipeline>();
        P->reset(spec_, core::Sweep::rep_seed(seed_, rep));
    }
    return P.get();
}

bool Run::timeline_step(core::WorkBudget& budget) {
    // Jobs of other repetitions wait for it too, and may run at once: one advances it at a time. Its numbers
    // do not depend on who advances it, nor on where its slices end.
    std::lock_guard<std::mutex> lock(timeline_mutex_);
    if (timeline_started_ == 0) {
        timeline_[0].start(main_, main_.mask(kDelta, p_main_), true);
        timeline_[1].start(main_, main_.mask(kRandom, p_main_, 0), true);
        timeline_started_ = 1;
    }
    for (int q = 0; q < 2; ++q) {
        if (timeline_[size_t(q)].done()) continue;
        if (!timeline_[size_t(q)].advance(budget)) return false;
        if (!main_.decoupled())
            main_.post_ft_acc[main_.mask(q == 0 ? kDelta : kRandom, p_main_, 0)] = timeline_[size_t(q)].accuracy();
    }
    return true;
}

// One slice of the run's budget: the main run until it is ranked, then the sweep's jobs (the first post-FT
// job runs the main run's timeline first), each cut wherever the budget runs out.
void Run::step(core::WorkBudget& budget) {
    while (!budget.spent() && !done()) {
        const double before = budget.used();
        if (!main_.ranked()) {
            main_.advance(budget);
            record_checkpoints();
            if (!main_.failure().empty()) failure_ = main_.failure();
            continue;
        }
        if (!sweep_.started()) start_sweep(sweep_, *this, reps_, seed_);
        if (!sweep_.done()) sweep_.step(budget);
        else timeline_step(budget);   // (the post-FT jobs have run it already)
        record_checkpoints();
        if (budget.used() <= before) budget.spend(1);   // every pass spends something: the loop always ends
    }
}

// The plan's parts (Part, run.hpp): the main run's stages, its pruned copies before and after post-FT (the
// timeline first), then the other seeds, each one's fine-tuning and its pruned copies counting half.
core::Where Run::where() const {
    if (main_.ranked() && sweep_.done() && timeline_[0].done() && timeline_[1].done())
        return {kDone, 0, 0, "", reps_ > 1 ? 4 : 3};
    if (!main_.ranked()) {
        switch (main_.stage()) {
        case Pipeline::Stage::Init: return {kDrawing, main_.init_fraction(), 1.0};
        case Pipeline::Stage::Pretrain: return {kPretraining, double(main_.t_pre()), double(spec_.T_pre)};
        default: return {kFinetuning, double(main_.t()), double(spec_.T)};
        }
    }
    const int before_ft = layout_.jobs_before_ft(), per_rep = before_ft + layout_.jobs_ft();
    const core::SweepTask* t = sweep_.started() ? sweep_.current() : nullptr;
    if (sweep_.started() && t && t->rep == 0 && t->series < layout_.ft(0))
        return {kPruning, double(sweep_.rep_jobs_done(0)), double(before_ft)};
    // The other seeds once the main run's jobs and its timeline are done (their jobs may run in the page's
    // workers: then none runs here, and t is nullptr while their results are awaited).
    const bool others =
        reps_ > 1 && sweep_.started() && sweep_.rep_done(0) && timeline_[0].done() && timeline_[1].done();
    if (!others && (!t || t->rep == 0)) {   // the timeline, then the post-FT jobs of the main run
        if (!sweep_.started()) return {kPruning, 0, double(before_ft)};
        double timeline = 0;
        for (const PostFt& r : timeline_)
            timeline += r.done() ? 1.0 : spec_.T_post > 0 ? std::min(0.99, double(r.t()) / spec_.T_post) : 0.0;
        return {kPostFt, sweep_.rep_jobs_done(0) - before_ft + timeline, double(layout_.jobs_ft() + 2)};
    }
    double seeds = 0;   // each other seed: its fine-tuning, then its pruned copies (several at once on threads)
    for (int r = 1; r < reps_; ++r) {
        const auto P = others_.find(r);
        const double ft = sweep_.rep_done(r) ? 1.0 : P != others_.end() ? P->second->fraction() : 0.0;
        seeds += 0.5 * ft + 0.5 * double(sweep_.rep_jobs_done(r)) / per_rep;
    }
    const std::string copies = core::trf("pruned copies %d / %d", sweep_.jobs_done(), sweep_.jobs_total());
    return {kOtherSeeds, seeds, double(reps_ - 1),
            t ? core::trf("seed %d / %d, ", t->rep + 1, reps_) + copies : copies};
}

void Run::record_checkpoints() {
    if (traced_ < main_.checkpoints.size()) {   // a new checkpoint: the routers' territories now
        territory_ =
            territory_view(main_.model(), spec_.data, main_.test(), kTerritorySamples, main_.checkpoints.back().delta);
        territory_.id = "territory";
        // the model as it is now (past the checkpoint): the title a whole template with its step
        territory_.title = main_.model().routing == Routing::ExpertChoice
            ? core::trf("Which tokens each expert takes (expert-choice), t = %d", main_.t())
            : core::trf("Which expert each token prefers (token-choice), t = %d", main_.t());
        territory_.caption =
            "For a token x = a·u + b·q₁ on the plane of the task direction u = (o₁ − o₂)/√2 and the noise pattern q₁: "
            "the expert that keeps it by the widest margin g^(s)(x) − τ_s (τ_s: the smallest routing value expert s "
            "keeps in a test sample); blank: dropped by every expert. Fine-tuning turns the important experts' "
            "routers to the task token (Lemma 4.1: S₁'s to o₁, S₂'s to o₂) while the unimportant ones keep noise: "
            "their router-norm change Δ is what pruning ranks.";
    }
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

double Run::acc_no_ft(int c, int p) const {
    if (!main_.ranked()) return kNaN;
    const int draws = c == kRandom ? int(main_.random_scores.size()) : 1;
    double sum = 0;
    for (int d = 0; d < draws; ++d) sum += main_.outputs.accuracy(main_.mask(c, p, d));
    return sum / draws;
}

double Run::acc_ft(int c, int p) const {
    if (!main_.ranked()) return kNaN;
    const int draws = c == kRandom ? int(main_.random_scores.size()) : 1;
    double sum = 0;
    for (int d = 0; d < draws; ++d) sum += main_.post_ft_accuracy(main_.mask(c, p, d));   // NaN until computed
    return sum / draws;
}

std::vector<core::Metric> Run::metrics() const {
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
            const char* label = core::tr(criterion_label(c));
            m.add(key, core::trf("%s, ρ = %g (%d of %d pruned per group), no post-FT", label, rhos[r], q, G),
                  acc_no_ft(c, q), "%.4f", after_ft);
            m.add(key + "_ft", core::trf("%s, ρ = %g (%d of %d pruned per group), after post-FT", label, rhos[r], q, G),
                  acc_ft(c, q), "%.4f", after_post);
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
    m.add("important", "Important experts (ground truth in planted mode, p ≥ {=0.3} otherwise)",
          ranked ? important : kNaN, "%.0f", after_ft);
    for (int q = 0; q < kTrustCount; ++q) {
        double v = kNaN;
        for (const Checkpoint& cp : main_.checkpoints)
            if (cp.t == spec_.t_early) v = cp.trust[q];
        m.add(std::string("early_") + criterion_key(kTrustCriteria[q]),
              core::trf("%s, pruned at t = %d (%d of %d pruned per group), no post-FT",
                        core::tr(criterion_label(kTrustCriteria[q])), spec_.t_early, p_main_, G),
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
             ranked ? double(main_.concept.both_groups) : kNaN, "%.0f", "mode = learned only");
    m.count("seeds_done", "Seeds finished in the bands",
            sweep_.started() ? sweep_.jobs_done() / std::max(1, sweep_.jobs_total() / reps_) : 0);
    return m.take();
}

}   // namespace expert_pruning
