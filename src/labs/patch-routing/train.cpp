#include "labs/patch-routing/train.hpp"
#include "core/divergence.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include "core/text.hpp"
#include "core/work_budget.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace patch_routing {

void router_gradient(const Dataset& D, const int* idx, int b, float* g1) {
    std::fill(g1, g1 + D.d, 0.f);
    for (int q = 0; q < b; ++q) {
        const int i = idx[q];
        core::axpy(float(-D.y[size_t(i)]) / float(b), D.xsum.data() + size_t(i) * size_t(D.d), g1, D.d);
    }
}

void Trainer::start(const ModelSpec& ms, const TrainSpec& ts, const Dataset& train, int N_, const Dataset& test,
                    uint64_t seed, bool per_epoch_eval) {
    train_ = &train;
    test_ = &test;
    ts_ = ts;
    N = std::min(N_, train.N);
    rng_ = core::Rng(seed, 7);
    core::Rng init = rng_.split(1);
    rng_ = rng_.split(2);   // the shuffling stream
    model.init(ms, train.d, train.n, init);
    order_.resize(size_t(N));
    for (int i = 0; i < N; ++i) order_[size_t(i)] = i;
    gW_.assign(model.W.size(), 0.f);
    gwr_.assign(model.wr.size(), 0.f);
    g1_.assign(size_t(train.d), 0.f);
    epoch = 0;
    iter = 0;
    router_steps = 0;
    train_acc = train_loss = 0;
    test_acc = std::numeric_limits<double>::quiet_NaN();
    converged = false;
    failure.clear();
    pos_ = errors_ = router_epoch_ = batch_q_ = 0;
    batch_loss_ = 0;
    loss_sum_ = 0;
    eval_pos_ = eval_correct_ = 0;
    finished_training_ = false;
    per_epoch_eval_ = per_epoch_eval;
    rng_.shuffle(order_);
    stage = ms.arch == Arch::Separate ? Stage::Router : Stage::Experts;
}

// Algorithm 1, step 2 (eq. 11): w1 <- w1 - η_r ∂l_r/∂w1, w2 <- w2 - η_r ∂l_r/∂w2 = w2 + η_r ∂l_r/∂w1.
void Trainer::router_batch() {
    const int b = std::min(ts_.B_r, N - pos_);
    // The gradient of (11) does not depend on w, so after a pass the router is w^(0) + η_r Σ_batches ∇̃: the
    // irrelevant patches cancel only if every sample carries the same weight (Lemma E.1 needs the classes
    // balanced). The paper's T_r = N_r/B_r assumes B_r divides N_r; for a last, partial batch we keep the
    // nominal 1/B_r (not 1/b), so that no sample of a small final batch is over-weighted.
    router_gradient(*train_, order_.data() + pos_, b, g1_.data());
    if (b < ts_.B_r)
        for (int kk = 0; kk < model.d; ++kk) g1_[size_t(kk)] *= float(b) / float(ts_.B_r);
    float* w1 = model.wr.data();
    float* w2 = model.wr.data() + model.d;
    core::axpy(float(-ts_.eta_r), g1_.data(), w1, model.d);
    core::axpy(float(ts_.eta_r), g1_.data(), w2, model.d);
    pos_ += b;
    ++iter;
    ++router_steps;
    if (!std::isfinite(core::sum_sq(w1, model.d)))
        failure = core::diverged("The separate pMoE's routers", core::trf("router step %d (phase 1)", router_steps),
                                 "their weights overflowed", core::trf("Lower η_r (now %g).", ts_.eta_r));
    if (pos_ >= N) {
        pos_ = 0;
        rng_.shuffle(order_);
        if (++router_epoch_ >= ts_.router_epochs) stage = Stage::Experts;   // routers now frozen
    }
    if (hook) hook(*this, true);
}

// One minibatch of SGD on the logistic loss (10): L = (1/B) Σ log(1 + e^{-y f}), accumulated over at most
// `max_samples` samples per call (a large B at large n, d, m is more than one step's work); the update is applied
// once the batch is complete, so the numbers do not depend on how the batch was sliced. Returns the samples done.
int Trainer::expert_batch(int max_samples) {
    const int b = std::min(ts_.B, N - pos_);
    const bool joint = model.spec.arch == Arch::Joint;
    if (batch_q_ == 0) {
        std::fill(gW_.begin(), gW_.end(), 0.f);
        if (joint) std::fill(gwr_.begin(), gwr_.end(), 0.f);
        batch_loss_ = 0;
    }
    const int q1 = std::min(b, batch_q_ + std::max(1, max_samples)), done = q1 - batch_q_;
    for (int q = batch_q_; q < q1; ++q) {
        const int i = order_[size_t(pos_ + q)];
        const float* x = train_->sample(i);
        const double y = train_->y[size_t(i)];
        const double f = model.forward(x);
        if (!std::isfinite(
                f)) {   // weights still finite but so large that f overflows: NaN compares would count as correct
            failure = core::diverged(arch_name(model.spec.arch), core::trf("epoch %d", epoch + 1),
                                     "the network's output f overflowed", core::trf("Lower η (now %g).", ts_.eta));
            return done;
        }
        if (y * f <= 0) ++errors_;   // training error before this update
        batch_loss_ += core::fm::softplus(-y * f);
        const double v = core::fm::sigmoid(-y * f);                             // v = 1/(1 + e^{y f}) (Def. F.1)
        model.backward(x, -y * v, gW_.data(), joint ? gwr_.data() : nullptr);   // ∂L/∂f = -y v
    }
    batch_q_ = q1;
    if (batch_q_ < b) return done;
    batch_q_ = 0;
    const double loss = batch_loss_;
    if (!std::isfinite(loss)) {
        failure = core::diverged(arch_name(model.spec.arch), core::trf("epoch %d", epoch + 1),
                                 std::isnan(loss) ? "the loss became NaN" : "the loss became infinite",
                                 core::trf("Lower η (now %g).", ts_.eta));
        return done;
    }
    loss_sum_ += loss;
    const float step = float(-ts_.eta / b);
    core::axpy(step, gW_.data(), model.W.data(), int(gW_.size()));
    if (joint) core::axpy(step, gwr_.data(), model.wr.data(), int(gwr_.size()));   // Algorithm 2: same η
    pos_ += b;
    ++iter;
    if (pos_ >= N) end_epoch();
    return done;
}

void Trainer::end_epoch() {
    ++epoch;
    train_acc = 1.0 - double(errors_) / N;
    train_loss = loss_sum_ / N;
    converged = errors_ == 0;
    errors_ = 0;
    loss_sum_ = 0;
    pos_ = 0;
    rng_.shuffle(order_);
    if (!std::isfinite(core::sum_sq(model.W.data(), int(model.W.size())))) {
        failure = core::diverged(arch_name(model.spec.arch), core::trf("epoch %d", epoch), "the weights overflowed",
                                 core::trf("Lower η (now %g).", ts_.eta));
        return;
    }
    finished_training_ = converged || epoch >= ts_.cap || ts_.one_pass;
    if (finished_training_ || eval_scheduled()) {
        stage = Stage::Eval;
        eval_pos_ = eval_correct_ = 0;
    }
}

// At most ~40 evaluations per run: every epoch up to 10, then every 5th (cap 200).
bool Trainer::eval_scheduled() const {
    if (!per_epoch_eval_) return false;
    return epoch <= 10 || epoch % 5 == 0;
}

bool Trainer::advance(core::WorkBudget& budget) {
    while (stage != Stage::Done && !budget.spent()) {
        if (stage == Stage::Router) {
            router_batch();
            budget.spend(double(ts_.B_r) * model.d * 2);
            if (stage != Stage::Router) break;   // the router phase ends a slice (the lab then records the routing)
        } else if (stage == Stage::Experts) {
            const double per = model.cost_train();
            budget.spend(per * expert_batch(int(budget.fit(per, ts_.B))));
        } else {   // Eval: test accuracy in chunks of at most 50 samples, fewer when a sample is costly
            const int end = eval_pos_ + int(budget.take(model.cost_forward(), std::min(50, test_->N - eval_pos_)));
            for (int i = eval_pos_; i < end; ++i)
                if (test_->y[size_t(i)] * model.forward(test_->sample(i)) > 0) ++eval_correct_;
            eval_pos_ = end;
            if (eval_pos_ >= test_->N) {
                test_acc = double(eval_correct_) / std::max(1, test_->N);
                stage = finished_training_ ? Stage::Done : Stage::Experts;
                if (hook) hook(*this, false);
            }
        }
        if (!failure.empty()) stage = Stage::Done;
    }
    return stage == Stage::Done;
}

double accuracy(Model& m, const Dataset& D, int count) {
    const int n = count < 0 ? D.N : std::min(count, D.N);
    int ok = 0;
    for (int i = 0; i < n; ++i)
        if (D.y[size_t(i)] * m.forward(D.sample(i)) > 0) ++ok;
    return n ? double(ok) / n : 0.0;
}

}   // namespace patch_routing
