// The playground lab's training: a mixture (mixture.hpp) on a point set, minibatches of B points drawn without
// replacement each epoch, SGD or Adam, the router's noise in training only, and after each batch the loss-free
// balancing bias (Wang et al. 2024) when γ > 0; and what a trained mixture does on a point set, evaluated in
// shuffled batches of B as it trains (capacity is per batch, so a batch must be a sample of the points, never one
// cluster: docs/labs/playground.md §5).
#pragma once
#include "core/adam.hpp"
#include "core/point_set.hpp"
#include "core/rng.hpp"
#include "labs/playground/mixture.hpp"
#include <vector>

namespace playground {

struct TrainSpec {
    int B = 32;         // points a batch
    bool adam = true;   // else plain SGD
    double lr = 0.01;
    double alpha = 0;   // L_aux's weight (Switch)
    double beta = 0;    // L_z's weight (ST-MoE)
    double gamma = 0;   // the balancing bias's step (0: no bias)
    RoutingRule rule;
    double eval_capacity = -1;   // c_f at evaluation (DeepSpeed-MoE's eval_capacity_factor); < 0: the training one
};

// H(f) / ln K: 1 when the load f (shares, summing to 1) is even, 0 when one expert takes all.
double load_entropy(const std::vector<double>& f);
// MaxVio = (max_i load_i − mean load) / mean load (Wang et al. 2024, their measure of balance) = K max_i f_i − 1:
// 0 when even, K − 1 when one expert takes all.
double max_vio(const std::vector<double>& f);

// The training batches' choices over the last `window` batches: the load as practitioners watch it while training.
class RecentLoad {
public:
    static constexpr int window = 20;         // batches: at B = 32, about one epoch of 600 points
    void add(const std::vector<double>& f);   // one batch's shares
    std::vector<double> load() const;         // the mean of the last `window` batches' shares (empty before any)

private:
    std::vector<std::vector<double>> batches_;
    size_t next_ = 0;
};

// What the mixture does on a point set (no noise).
struct Evaluation {
    double acc = 0, loss = 0;
    std::vector<double> load;   // K: share of the points' choices that went to each expert (f)
    std::vector<double> prob;   // K: mean router probability (P)
    double load_entropy = 0;    // H(load) / ln K: 1 when even, 0 when one expert takes all
    double max_vio = 0;         // K max_i load_i − 1 (Wang et al. 2024): 0 when even
    double idle = 0;            // share of experts with load below 1/(10K)
    double dropped = 0;         // share of points dropped by every expert they chose (capacity)
    double unrouted = 0;        // share of points no expert answers, the shared one included (counted as errors)
    double router_z = 0;        // mean (log Σ_j e^{h_j})²
    std::vector<double> experts_per_point;   // K + 1: share of the points with 0, 1, …, K experts
    std::vector<int> expert;   // per point (in the points' order): the expert with its largest gate; -1: none
};

class Trainer {
public:
    Trainer(const MixtureSpec& model, const TrainSpec& train, const core::PointSet& data, uint64_t seed);
    void step();   // one batch
    int steps() const { return steps_; }
    double last_loss() const { return last_loss_; }
    // At once (Evaluating, to the end), in batches shuffled by `order_seed`.
    Evaluation evaluate(const core::PointSet& points, uint64_t order_seed) const;
    const Mixture& mixture() const { return mixture_; }
    const std::vector<double>& theta() const { return theta_; }
    const std::vector<double>& bias() const { return bias_; }
    const std::vector<double>* choosing_bias() const { return spec_.gamma > 0 ? &bias_ : nullptr; }   // or none
    const TrainSpec& train_spec() const { return spec_; }
    const RecentLoad& recent() const { return recent_; }

private:
    Mixture mixture_;
    TrainSpec spec_;
    const core::PointSet& data_;
    std::vector<double> theta_, bias_, grad_;
    core::Adam adam_;
    core::Rng order_rng_, noise_rng_;
    std::vector<int> order_;
    size_t next_ = 0;
    int steps_ = 0;
    double last_loss_ = 0;
    Pass pass_;
    RecentLoad recent_;
};

// The order an evaluation takes the points in: shuffled by the seed, the same for every model evaluated on them.
std::vector<int> evaluation_order(size_t n, uint64_t seed);

// An evaluation of a trainer on a point set a batch of B points at a time, in `order` (evaluation_order), so that a
// run's slice may end between batches (the model must not change until it is done): the same numbers as evaluate().
// Routed as in training, with the evaluation's capacity; a point no expert answers (unrouted, or dropped by all its
// experts) is an error unless the shared expert answers it.
class Evaluating {
public:
    Evaluating(const Trainer& t, const core::PointSet& points, std::vector<int> order);
    bool done() const { return start_ >= int(points_.size()); }
    int evaluated() const { return start_; }   // points so far
    int batch_size() const { return t_.train_spec().B; }
    void next_batch();     // the next B points (or fewer, at the end)
    Evaluation finish();   // once done(): the shares and means

private:
    const Trainer& t_;
    const core::PointSet& points_;
    std::vector<int> order_;
    RoutingRule rule_;
    int start_ = 0;
    Evaluation e_;
    Pass pass_;
};

}   // namespace playground
