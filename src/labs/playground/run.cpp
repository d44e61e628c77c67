// The playground lab's run: the points, the two trainings side by side, the evaluations, the metrics.
#include "labs/playground/run.hpp"
#include "core/metric_list.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>

namespace playground {

namespace {
enum RunStream : uint64_t { kTrainPoints = 11, kTestPoints, kDense, kTestOrder };
}

MixtureSpec dense_spec(const Config& c) {
    const Mixture m(c.model);
    const int k = c.train.rule.expert_choice ? 1 : std::clamp(c.train.rule.k, 1, c.model.K);
    const double active = double(k + (c.model.shared ? 1 : 0)) * double(m.expert_size()) + 3.0 * c.model.K;
    MixtureSpec d;
    d.K = 1;
    d.C = c.model.C;
    d.hidden = std::max(1, int(std::lround((active - d.C) / (3.0 + d.C))));   // 3h + (h + 1)·C parameters
    d.shared = false;
    d.noise = false;
    return d;
}

double train_step_units(const Config& c) {
    const Mixture m(c.model), d(dense_spec(c));
    const double k =
        c.train.rule.expert_choice ? std::max(1.0, c.train.rule.capacity) : std::min(c.train.rule.k, c.model.K);
    return 3.0 * c.train.B * ((k + c.model.shared) * double(m.expert_size()) + 6.0 * c.model.K + double(d.size()));
}

int train_size(const Config& c) { return (c.data.shape == Shape::Draw ? 0 : c.data.n) + int(c.drawn.size()); }
int test_size(const Config& c) { return c.data.shape == Shape::Draw ? int(c.drawn.size()) : c.n_test; }

double evaluated_point_units(const Config& c) {
    const Mixture m(c.model), d(dense_spec(c));
    return 2.0 * (double(c.model.K) * double(m.expert_size()) + 6.0 * c.model.K + double(d.size()));
}

double evaluation_units(const Config& c) {
    return (test_size(c) + 3.0 * kMapCells * kMapCells) * evaluated_point_units(c);   // the test points, the maps
}

Run::Run(const Config& c, uint64_t seed) : RunOf(c, seed, kDone) {
    curve_.reset(400);
    trace_.columns = {"t",
                      "acc",
                      "acc_dense",
                      "loss",
                      "loss_dense",
                      "load_entropy",
                      "max_vio",
                      "load_entropy_recent",
                      "max_vio_recent",
                      "idle_experts"};
    for (const char* name : {"load_%d", "prob_%d", "bias_%d"})
        for (int i = 0; i < c.model.K; ++i) trace_.columns.push_back(core::strf(name, i + 1));
}

void Run::step(core::WorkBudget& budget) {
    if (part_ == kDraw && !moe_) {   // a few thousand points at most: at once
        core::Rng tr(seed_, kTrainPoints), te(seed_, kTestPoints);
        train_ = make_points(cfg_.data, tr);
        train_.insert(train_.end(), cfg_.drawn.begin(), cfg_.drawn.end());
        DataSpec test = cfg_.data;
        test.n = cfg_.n_test;
        test_ = cfg_.data.shape == Shape::Draw ? cfg_.drawn : make_points(test, te);
        budget.spend(10.0 * double(train_.size() + test_.size()));
        moe_ = std::make_unique<Trainer>(cfg_.model, cfg_.train, train_, seed_);
        TrainSpec plain = cfg_.train;   // the baseline: the same optimiser and batches, nothing to route
        plain.rule = RoutingRule();
        plain.alpha = plain.beta = plain.gamma = 0;
        plain.eval_capacity = -1;
        // both models see the test points in the same shuffled batches (docs/labs/playground.md §5)
        test_order_ = evaluation_order(test_.size(), core::Rng(seed_, kTestOrder).next_u32());
        dense_ = std::make_unique<Trainer>(dense_spec(cfg_), plain, train_, core::Rng(seed_, kDense).next_u32());
    }
    if (part_ == kDraw) {   // the drawing ends with the first evaluation: the maps of the untrained models
        if (evaluate(budget)) part_ = train_.empty() ? kDone : kTrain;   // no points: nothing to train
        return;
    }
    while (!budget.spent() && part_ == kTrain) {
        if (moe_evaluating_) {
            if (evaluate(budget) && t_ >= cfg_.T) part_ = kDone;
            continue;
        }
        moe_->step();
        dense_->step();
        ++t_;
        budget.spend(train_step_units(cfg_));
        if (!std::isfinite(moe_->last_loss()) || !std::isfinite(dense_->last_loss())) {
            failure_ = std::isfinite(moe_->last_loss())
                ? core::trf("the dense network's loss diverged (not a number) at step %d: lower the step "
                            "size lr = %g",
                            t_, cfg_.train.lr)
                : core::trf("the mixture's loss diverged (not a number) at step %d: lower the step size "
                            "lr = %g",
                            t_, cfg_.train.lr);
            return;
        }
        if (t_ % cfg_.eval_every == 0 || t_ == cfg_.T) {
            if (evaluate(budget) && t_ >= cfg_.T) part_ = kDone;
        }
    }
}

bool Run::evaluate(core::WorkBudget& budget) {
    if (!moe_evaluating_) {
        moe_evaluating_ = std::make_unique<Evaluating>(*moe_, test_, test_order_);
        dense_evaluating_ = std::make_unique<Evaluating>(*dense_, test_, test_order_);
        map_row_ = 0;
        evaluated_units_ = 0;
        start_maps();
    }
    const double per_point = evaluated_point_units(cfg_);
    while (!budget.spent()) {
        double units = 0;
        if (!moe_evaluating_->done()) {   // both models see the same batches: they end together
            const int before = moe_evaluating_->evaluated();
            moe_evaluating_->next_batch();
            dense_evaluating_->next_batch();
            units = (moe_evaluating_->evaluated() - before) * per_point;
        } else if (map_row_ < kMapCells) {
            fill_map_row(map_row_++);
            units = 3.0 * kMapCells * per_point;
        } else {
            moe_eval_ = moe_evaluating_->finish();
            dense_eval_ = dense_evaluating_->finish();
            moe_evaluating_.reset();
            dense_evaluating_.reset();
            const std::vector<double> recent = moe_->recent().load();   // none before the first step
            std::vector<double> row = {double(t_),
                                       moe_eval_.acc,
                                       dense_eval_.acc,
                                       moe_eval_.loss,
                                       dense_eval_.loss,
                                       moe_eval_.load_entropy,
                                       moe_eval_.max_vio,
                                       recent.empty() ? NAN : load_entropy(recent),
                                       recent.empty() ? NAN : max_vio(recent),
                                       moe_eval_.idle};
            row.insert(row.end(), moe_eval_.load.begin(), moe_eval_.load.end());
            row.insert(row.end(), moe_eval_.prob.begin(), moe_eval_.prob.end());
            row.insert(row.end(), moe_->bias().begin(), moe_->bias().end());
            curve_.push(row);
            trace_.rows.push_back(row);
            finish_maps();
            return true;
        }
        budget.spend(units);
        evaluated_units_ += units;
    }
    return false;
}

core::Where Run::where() const {
    if (part_ == kDraw) return {kDraw, evaluated_units_, evaluation_units(cfg_)};
    // training's share of the work: its steps and its evaluations, the one under way in part
    const double evaluations = double(cfg_.T / cfg_.eval_every + (cfg_.T % cfg_.eval_every != 0));
    const double done = double(t_) * train_step_units(cfg_) + double(trace_.rows.size() - 1) * evaluation_units(cfg_) +
        (moe_evaluating_ ? evaluated_units_ : 0);
    core::Where w{part_, done, double(cfg_.T) * train_step_units(cfg_) + evaluations * evaluation_units(cfg_)};
    w.detail = core::trf("t = %d / %d", t_, cfg_.T);
    return w;
}

std::vector<core::Metric> Run::metrics() const {
    const bool seen = part_ != kDraw && !test_.empty();   // evaluated from the start of training on
    const char* why =
        part_ != kDraw ? "no points yet: add some on the data view" : "measured once the points are drawn";
    const bool own = cfg_.data.shape == Shape::Draw;   // the class's points are the test points too
    core::MetricList m;
    m.count("t", "Step t", t_);
    m.add_if(seen, "acc", own ? "MoE accuracy on your points" : "MoE test accuracy", moe_eval_.acc, "%.3f", why);
    m.add_if(seen, "acc_dense",
             own ? "Dense network's accuracy on your points (as many active parameters)"
                 : "Dense network's test accuracy (as many active parameters)",
             dense_eval_.acc, "%.3f", why);
    m.add_if(seen, "acc_gain", "MoE accuracy minus the dense network's", moe_eval_.acc - dense_eval_.acc, "%.3f", why);
    m.add_if(seen, "loss", own ? "MoE cross-entropy on your points" : "MoE test cross-entropy", moe_eval_.loss, "%.4f",
             why);
    // the load of a handful of points says nothing of balancing (3 points leave an expert of 4 idle whatever it does)
    const bool judged = seen && int(test_.size()) >= 10 * cfg_.model.K;
    const char* few = seen ? "too few points to judge the load: fewer than 10 an expert" : why;
    m.add_if(judged, "load_entropy", "Load entropy H(f) / ln K (1: even)", moe_eval_.load_entropy, "%.3f", few);
    m.add_if(judged, "max_vio", "MaxVio: the busiest expert's load over the mean, minus 1 (0: even)", moe_eval_.max_vio,
             "%.3f", few);
    // the training batches' load over the last RecentLoad::window batches (noise and bias as in training)
    const std::vector<double> recent = moe_ ? moe_->recent().load() : std::vector<double>();
    const bool trained = judged && !recent.empty();
    const char* untrained = judged ? "measured once training has started" : few;
    m.add_if(trained, "load_entropy_recent", "Load entropy of the last 20 training batches",
             trained ? load_entropy(recent) : NAN, "%.3f", untrained);
    m.add_if(trained, "max_vio_recent", "MaxVio of the last 20 training batches", trained ? max_vio(recent) : NAN,
             "%.3f", untrained);
    m.add_if(judged, "idle_experts", "Share of experts below 1/(10K) of the load", moe_eval_.idle, "%.3f", few);
    m.add_if(seen, "dropped", "Share of test points dropped by every expert they chose (capacity)", moe_eval_.dropped,
             "%.3f", why);
    m.add_if(seen, "unrouted", "Share of test points no expert answers (counted as errors)", moe_eval_.unrouted, "%.3f",
             why);
    m.add_if(seen, "router_z", "Router z: mean (log Σ e^h)²", moe_eval_.router_z, "%.3f", why);
    return m.take();
}

}   // namespace playground
