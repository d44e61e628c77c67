#include "labs/expert-pruning/pipeline.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include "core/fmath.hpp"
#include <algorithm>
#include <cmath>
#include <limits>

namespace expert_pruning {
namespace {
// Independent streams per purpose, so that changing one part's draws does not shift the others.
enum Tag : uint64_t { kInit = 1, kBatches, kTest, kVal, kPreBatches, kPreTest, kRandomDraws, kPostFtBatches };
using core::kNaN;
}   // namespace

double step_cost(const Moe& M, int n, int B) {
    return double(B) * (sample_cost(M, n, true) + n) + 3.0 * M.k * M.d * (M.m + 1.0);
}

core::Rng post_ft_batches(uint64_t seed) { return core::Rng(seed).split(kPostFtBatches); }

SgdTask Pipeline::task(core::Rng& rng, int B, int concept, const TrainSpec& t) const {
    SgdTask k;
    k.data = &spec_.data;
    k.q = &q_;
    k.rng = &rng;
    k.B = B;
    k.concept = concept;
    k.train = &t;
    return k;
}

void Pipeline::reset(const RunSpec& spec, uint64_t seed, bool record) {
    spec_ = spec;
    seed_ = seed;
    record_ = record;
    failure_.clear();
    checkpoints.clear();
    pre_acc.clear();
    planted.clear();
    important.clear();
    importance.clear();
    scores.clear();
    post_ft_acc.clear();
    outputs = continued = Outputs();
    prof0 = prof = Proficiency();
    concept = ConceptChoice();
    t_ = t_pre_ = t_cont_ = 0;
    in_checkpoint_ = false;
    sgd_.clear();
    const core::Rng root(seed);
    M_.resize(spec.k, spec.data.d, spec.m, spec.l, spec.routing);
    q_.init(spec.data);
    allocate_set(spec.data, spec.n_test, test_);
    allocate_set(spec.data, spec.n_val, val_);
    allocate_set(spec.data, spec.mode == Mode::Learned ? std::max(spec.n_val, 64 * spec.data.C) : 0, pre_test_);
    init_rng_[0] = root.split(kTest);
    init_rng_[1] = root.split(kVal);
    init_rng_[2] = root.split(kPreTest);
    init_rng_[3] = root.split(kInit);
    core::Rng rr = root.split(kRandomDraws);
    random_scores.assign(size_t(std::max(1, spec.random_draws)), std::vector<double>(size_t(spec.k)));
    for (auto& r : random_scores)
        for (double& x : r) x = rr.uniform();
    init_part_ = init_i_ = 0;
    stage_ = Stage::Init;
}

// The sets are drawn sample by sample and the weights expert by expert, each from its own stream, so the
// slicing changes nothing; then the mode's pre-trained model takes shape.
bool Pipeline::init_step(core::WorkBudget& budget) {
    Dataset* sets[3] = {&test_, &val_, &pre_test_};
    while (init_part_ < 3) {
        Dataset& D = *sets[init_part_];
        if (init_i_ >= D.N) {
            ++init_part_;
            init_i_ = 0;
            continue;
        }
        if (budget.spent()) return false;
        const double per = 8.0 * spec_.data.n;
        const int end = init_i_ + int(budget.take(per, D.N - init_i_));
        fill_set(spec_.data, q_, init_rng_[init_part_], init_i_, end, init_part_ == 2 ? -1 : 0, D);
        init_i_ = end;
    }
    double sr = spec_.plant.sigma_r, sn = spec_.plant.sigma_n;
    if (spec_.mode == Mode::Scratch) {
        sr = spec_.scratch_sigma_r;
        sn = spec_.scratch_sigma_n;
    }
    if (spec_.mode == Mode::Learned) {
        sr = spec_.pre_sigma_r;
        sn = spec_.pre_sigma_n;
    }
    for (; init_i_ < spec_.k; ++init_i_) {
        if (budget.spent()) return false;
        init_expert(M_, init_i_, sr, sn, init_rng_[3]);
        budget.spend(20.0 * spec_.data.d * (spec_.m + 1));
    }
    switch (spec_.mode) {
    case Mode::Planted: planted = plant_roles(M_, spec_.data, spec_.plant, init_rng_[3]); break;
    case Mode::Scratch: break;
    case Mode::Learned:
        batch_rng_ = core::Rng(seed_).split(kPreBatches);
        pre_acc.push_back({0, double(count_correct(M_, pre_test_, 0, pre_test_.N, Mask(), work_)) / pre_test_.N});
        budget.spend(pre_test_.N * eval_cost(M_, spec_.data.n));
        stage_ = Stage::Pretrain;
        return true;
    }
    start_finetune();
    return true;
}

void Pipeline::start_finetune() {
    batch_rng_ = core::Rng(seed_).split(kBatches);
    M0_ = M_;   // the snapshot w_s^(0), W^(s,0) that Δ and the change criteria compare with
    stage_ = Stage::Finetune;
    checkpoint_begin();
}

double Pipeline::fraction() const {
    if (ranked()) return 1.0;
    const double pre = spec_.mode == Mode::Learned ? spec_.T_pre : 0;
    // Drawing the test and validation sets counts as many steps as it has minibatches (same cost per sample),
    // so the bar moves while a large test set is drawn, then runs on through the SGD steps.
    const double sets = double(test_.N) + val_.N + pre_test_.N, init_steps = sets / std::max(1, spec_.B);
    return (init_steps * init_fraction() + t_pre_ + t_) /
        (init_steps + pre + spec_.T + 1.0);   // + 1: the last checkpoint and the rankings
}

double Pipeline::init_fraction() const {
    if (stage_ != Stage::Init) return 1.0;
    const Dataset* sets[3] = {&test_, &val_, &pre_test_};
    double drawn = 0, total = 0;
    for (int k = 0; k < 3; ++k) {
        total += sets[k]->N;
        drawn += k < init_part_ ? sets[k]->N : k == init_part_ ? init_i_ : 0;
    }
    return total > 0 ? drawn / total : 1.0;
}

Mask Pipeline::mask(int c, int p, int draw) const {
    if (c == kRandom) return keep_top(random_scores[size_t(draw) % random_scores.size()], M_, p);
    return keep_top(scores[size_t(c)], M_, p);
}

void Pipeline::checkpoint_begin() {
    std::vector<Mask> masks;
    const std::vector<double> none;
    for (int q = 0; q < kTrustCount; ++q) {
        const int c = kTrustCriteria[q];
        if (c == kRandom) {
            for (const auto& r : random_scores) masks.push_back(keep_top(r, M_, spec_.p_trust));
        } else {
            masks.push_back(keep_top(score(c, M_, M0_, none, nullptr), M_, spec_.p_trust));
        }
    }
    trust_masks_ = std::move(masks);
    pass_.start(test_, spec_.k);
    // the validation pass: proficiencies at t = 0 (who is important) and at the end (mode S, importance
    // score (I)), and at every checkpoint of the main run (its bars)
    want_val_ = record_ || t_ == 0 || t_ == spec_.T;
    stats_.start(M_);
    val_i_ = 0;
    in_checkpoint_ = true;
}

bool Pipeline::checkpoint_run(core::WorkBudget& budget) {
    if (!pass_.run(M_, work_, budget)) return false;
    if (!want_val_) return true;
    const double per = eval_cost(M_, spec_.data.n) + spec_.data.n * spec_.l;
    while (val_i_ < val_.N) {
        if (budget.spent()) return false;
        stats_.add(M_, val_.sample(val_i_), val_.n, val_.y[size_t(val_i_)], val_.concept[size_t(val_i_)], work_);
        budget.spend(per);
        ++val_i_;
    }
    return true;
}

void Pipeline::checkpoint_end() {
    Checkpoint cp;
    cp.t = t_;
    const Outputs& o = pass_.out;
    cp.acc = o.accuracy(Mask());
    cp.delta = router_norm_change(M_, M0_);
    size_t q = 0;
    for (int c = 0; c < kTrustCount; ++c) {
        if (kTrustCriteria[c] == kRandom) {
            double sum = 0;
            for (size_t r = 0; r < random_scores.size(); ++r) sum += o.accuracy(trust_masks_[q++]);
            cp.trust[c] = sum / random_scores.size();
        } else {
            cp.trust[c] = o.accuracy(trust_masks_[q++]);
        }
    }
    checkpoints.push_back(std::move(cp));
    if (t_ == spec_.T) outputs = pass_.out;
    if (want_val_) prof = stats_.proficiency();
    if (t_ == 0) prof0 = prof;
    in_checkpoint_ = false;
}

void Pipeline::finish() {
    importance = stats_.importance();   // the last checkpoint's validation pass (t = T)
    const std::vector<double> none;
    scores.assign(size_t(kCriteria), {});
    for (int c = 0; c < kCriteria; ++c)
        scores[size_t(c)] = c == kRandom ? random_scores[0] : score(c, M_, M0_, importance, nullptr);
    important.assign(size_t(spec_.k), 0);
    for (int s = 0; s < spec_.k; ++s) {
        const int g = M_.group(s);
        switch (spec_.mode) {
        // P: the planting says it (Def. C.1 holds by construction)
        case Mode::Planted: important[size_t(s)] = planted[size_t(s)] == (g == 0 ? kO1 : kO2); break;
        // L: Def. C.1's Ω(1) proficiency at t = 0, with the proxy p ≥ 0.3 (docs/labs/expert-pruning.md §4.2)
        case Mode::Learned:
            important[size_t(s)] = (g == 0 ? prof0.p1 : prof0.p2)[size_t(s)] >= kImportantThreshold;
            break;
        // S: there is no pre-trained model; at a tiny initialisation every p^(s,0) sits at the knife edge
        // G ≈ 1/l, so "important" here means "became proficient during fine-tuning" (p^(s,T) ≥ 0.3)
        case Mode::Scratch:
            important[size_t(s)] = (g == 0 ? prof.p1 : prof.p2)[size_t(s)] >= kImportantThreshold;
            break;
        }
    }
    if (decoupled()) {
        cont_ = M_;
        cont_rng_ = post_ft_batches(seed_);
        t_cont_ = 0;
        stage_ = Stage::Continue;
        if (spec_.T_post == 0) pass_.start(test_, spec_.k);
    } else {
        stage_ = Stage::Done;
    }
}

double Pipeline::post_ft_accuracy(const Mask& keep) const {
    if (decoupled()) return stage_ == Stage::Done ? continued.accuracy(keep) : kNaN;
    auto it = post_ft_acc.find(keep);
    return it == post_ft_acc.end() ? kNaN : it->second;
}

double Pipeline::separation_ok() const {
    if (checkpoints.empty() || important.empty()) return kNaN;
    const std::vector<double>& D = checkpoints.back().delta;
    for (int g = 0; g < 2; ++g) {
        double lo_imp = INFINITY, hi_un = -INFINITY;
        bool any_imp = false;
        for (int s = 0; s < spec_.k; ++s) {
            if (M_.group(s) != g) continue;
            if (important[size_t(s)]) {
                lo_imp = std::min(lo_imp, D[size_t(s)]);
                any_imp = true;
            } else hi_un = std::max(hi_un, D[size_t(s)]);
        }
        if (!any_imp) return kNaN;   // nothing to separate: reported as n/a, not as a success
        if (!(lo_imp > hi_un)) return 0;
    }
    return 1;
}

bool Pipeline::advance_post(core::WorkBudget& budget) {
    while (!budget.spent() &&
           stage_ == Stage::Continue) {   // decoupled: every expert trains on, as PostFt would (same batches)
        if (t_cont_ < spec_.T_post) {
            if (sgd_.advance(cont_, task(cont_rng_, spec_.B, 0, spec_.ft), budget) && ++t_cont_ == spec_.T_post)
                pass_.start(test_, spec_.k);
            continue;
        }
        if (!pass_.run(cont_, work_, budget)) return false;
        continued = pass_.out;
        stage_ = Stage::Done;
    }
    return stage_ == Stage::Done;
}

bool Pipeline::advance(core::WorkBudget& budget) {
    while (!budget.spent() && !ranked() && failure_.empty()) {
        if (stage_ == Stage::Init) {
            if (!init_step(budget)) return false;
            continue;
        }
        if (in_checkpoint_) {
            if (!checkpoint_run(budget)) return false;
            checkpoint_end();
            if (t_ >= spec_.T) finish();
            continue;
        }
        if (stage_ == Stage::Pretrain) {
            if (t_pre_ < spec_.T_pre) {
                if (!sgd_.advance(M_, task(batch_rng_, spec_.B_pre, -1, spec_.pre), budget)) continue;
                ++t_pre_;
                if (!std::isfinite(sgd_.loss())) {
                    failure_ = core::trf(
                        "Pre-training diverged at step %d (the loss became NaN/inf): lower its step sizes.", t_pre_);
                    return false;
                }
                if (t_pre_ % spec_.eval_every == 0 || t_pre_ == spec_.T_pre) {
                    pre_acc.push_back(
                        {t_pre_, double(count_correct(M_, pre_test_, 0, pre_test_.N, Mask(), work_)) / pre_test_.N});
                    budget.spend(pre_test_.N * eval_cost(M_, spec_.data.n));
                }
                continue;
            }
            concept = choose_concept(M_, spec_.data, pre_test_, work_);
            budget.spend(pre_test_.N * eval_cost(M_, spec_.data.n));
            swap_concept(M_, concept.concept);
            start_finetune();
            continue;
        }
        // fine-tuning, Algorithm 1 Step 2
        if (!sgd_.advance(M_, task(batch_rng_, spec_.B, 0, spec_.ft), budget)) continue;
        ++t_;
        if (!std::isfinite(sgd_.loss())) {
            failure_ =
                core::trf("Fine-tuning diverged at t = %d (the loss became NaN/inf): lower η_e = %g or η_r = %g.", t_,
                          spec_.ft.eta_e, spec_.ft.eta_r);
            return false;
        }
        if (t_ % spec_.eval_every == 0 || t_ == spec_.T || t_ == spec_.t_early) checkpoint_begin();
    }
    return ranked();
}

void PostFt::start(const Pipeline& p, const Mask& alive, bool record) {
    p_ = &p;
    M_ = p.model();
    alive_ = alive;
    rng_ = post_ft_batches(p.seed());   // the same batches for every kept set of this seed
    q_.init(p.spec().data);
    sgd_.clear();
    t_ = 0;
    record_ = record;
    done_ = false;
    acc_ = kNaN;
    hist_.clear();
    evaluating_ = record || p.spec().T_post == 0;
    if (evaluating_) pass_.start(p.test(), M_.k);
}

bool PostFt::advance(core::WorkBudget& budget) {
    const RunSpec& sp = p_->spec();
    while (!budget.spent() && !done_) {
        if (evaluating_) {
            if (!pass_.run(M_, work_, budget)) return false;
            acc_ = pass_.out.accuracy(alive_);
            if (record_) hist_.push_back({t_, acc_});
            evaluating_ = false;
            if (t_ >= sp.T_post) {
                done_ = true;
                return true;
            }
            continue;
        }
        SgdTask t;
        t.data = &sp.data;
        t.q = &q_;
        t.rng = &rng_;
        t.B = sp.B;
        t.concept = 0;
        t.alive = &alive_;
        t.train = &sp.ft;
        if (!sgd_.advance(M_, t, budget)) continue;   // Step 4: only s ∈ S_k' moves
        ++t_;
        if (t_ >= sp.T_post || (record_ && t_ % sp.eval_every == 0)) {
            evaluating_ = true;
            pass_.start(p_->test(), M_.k);
        }
    }
    return done_;
}

}   // namespace expert_pruning
