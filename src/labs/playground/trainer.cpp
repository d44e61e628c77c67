#include "labs/playground/trainer.hpp"
#include "core/fmath.hpp"
#include <algorithm>
#include <numeric>

namespace playground {

namespace {
enum TrainerStream : uint64_t { kInit = 1, kOrder, kNoise, kEvalOrder };
}

double load_entropy(const std::vector<double>& f) {
    double h = 0;
    for (double v : f)
        if (v > 0) h -= v * core::fm::log(v);
    return f.size() > 1 ? std::max(0.0, h / core::fm::log(double(f.size()))) : 1.0;   // (no −0 from rounding)
}

double max_vio(const std::vector<double>& f) {
    double top = 0;
    for (double v : f) top = std::max(top, v);
    return double(f.size()) * top - 1.0;
}

void RecentLoad::add(const std::vector<double>& f) {
    if (batches_.size() < size_t(window)) batches_.push_back(f);
    else batches_[next_] = f;
    next_ = (next_ + 1) % size_t(window);
}

std::vector<double> RecentLoad::load() const {
    std::vector<double> mean;
    for (const std::vector<double>& f : batches_) {
        mean.resize(f.size(), 0.0);
        for (size_t i = 0; i < f.size(); ++i) mean[i] += f[i] / double(batches_.size());
    }
    return mean;
}

std::vector<int> evaluation_order(size_t n, uint64_t seed) {
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    core::Rng(seed, kEvalOrder).shuffle(order);
    return order;
}

Trainer::Trainer(const MixtureSpec& model, const TrainSpec& train, const core::PointSet& data, uint64_t seed)
    : mixture_(model), spec_(train), data_(data), order_rng_(seed, kOrder), noise_rng_(seed, kNoise) {
    core::Rng init(seed, kInit);
    theta_ = mixture_.init(init);
    bias_.assign(size_t(model.K), 0.0);
    core::AdamConfig a;
    a.lr = train.lr;
    adam_.init(theta_.size(), a);
    order_.resize(data.size());
    std::iota(order_.begin(), order_.end(), 0);
    next_ = order_.size();   // shuffled before the first batch
}

void Trainer::step() {
    const int B = std::min<int>(spec_.B, int(data_.size()));
    if (B == 0) return;
    std::vector<double> X(2 * size_t(B));
    std::vector<int> y(static_cast<size_t>(B));
    for (int b = 0; b < B; ++b) {
        if (next_ == order_.size()) {   // a new epoch, in a new order
            order_rng_.shuffle(order_);
            next_ = 0;
        }
        const core::LabeledPoint& p = data_[size_t(order_[next_++])];
        X[2 * size_t(b)] = p.x;
        X[2 * size_t(b) + 1] = p.y;
        y[size_t(b)] = p.label;
    }
    mixture_.forward(theta_, X.data(), B, spec_.rule, spec_.gamma > 0 ? &bias_ : nullptr, &noise_rng_, pass_);
    last_loss_ = mixture_.backward(theta_, pass_, y.data(), spec_.alpha, spec_.beta, grad_);
    if (spec_.adam) adam_.step(theta_.data(), grad_.data());
    else
        for (size_t j = 0; j < theta_.size(); ++j) theta_[j] -= spec_.lr * grad_[j];
    if (spec_.gamma > 0) update_bias(bias_, pass_.routed, spec_.gamma);
    recent_.add(pass_.routed.f);
    ++steps_;
}

Evaluation Trainer::evaluate(const core::PointSet& points, uint64_t order_seed) const {
    Evaluating e(*this, points, evaluation_order(points.size(), order_seed));
    while (!e.done()) e.next_batch();
    return e.finish();
}

Evaluating::Evaluating(const Trainer& t, const core::PointSet& points, std::vector<int> order)
    : t_(t), points_(points), order_(std::move(order)), rule_(t.train_spec().rule) {
    const int K = t.mixture().spec().K;
    if (t.train_spec().eval_capacity >= 0) rule_.capacity = t.train_spec().eval_capacity;
    e_.load.assign(size_t(K), 0.0);
    e_.prob.assign(size_t(K), 0.0);
    e_.experts_per_point.assign(size_t(K) + 1, 0.0);
    e_.expert.assign(points.size(), -1);
}

void Evaluating::next_batch() {
    const int K = t_.mixture().spec().K, C = t_.mixture().spec().C, N = int(points_.size());
    const int B = std::min(t_.train_spec().B, N - start_);
    if (B <= 0) return;
    std::vector<double> X(2 * size_t(B));
    for (int b = 0; b < B; ++b) {
        const core::LabeledPoint& p = points_[size_t(order_[size_t(start_ + b)])];
        X[2 * size_t(b)] = p.x;
        X[2 * size_t(b) + 1] = p.y;
    }
    t_.mixture().forward(t_.theta(), X.data(), B, rule_, t_.choosing_bias(), nullptr, pass_);
    const bool shared = t_.mixture().spec().shared;
    for (int b = 0; b < B; ++b) {
        const int at_point = order_[size_t(start_ + b)], label = points_[size_t(at_point)].label;
        const double* out = &pass_.y[size_t(b) * C];
        const double top = *std::max_element(out, out + C);
        double sum = 0;
        for (int c = 0; c < C; ++c) sum += core::fm::exp(out[c] - top);
        e_.loss += top + core::fm::log(sum) - out[label];   // cross-entropy: log Σ_c e^{y_c} − y_label
        double m = pass_.hl[size_t(b) * K], s = 0;
        for (int i = 1; i < K; ++i) m = std::max(m, pass_.hl[size_t(b) * K + i]);
        for (int i = 0; i < K; ++i) s += core::fm::exp(pass_.hl[size_t(b) * K + i] - m);
        e_.router_z += (m + core::fm::log(s)) * (m + core::fm::log(s));
        int best = -1, experts = 0;
        for (int i = 0; i < K; ++i) {
            const size_t at = size_t(b) * K + i;
            e_.load[size_t(i)] += pass_.routed.chosen[at];
            e_.prob[size_t(i)] += pass_.routed.p[at] / N;
            experts += pass_.routed.gate[at] > 0;
            if (pass_.routed.gate[at] > 0 &&
                (best < 0 || pass_.routed.gate[at] > pass_.routed.gate[size_t(b) * K + best]))
                best = i;
        }
        // a point no expert answers has no prediction: an error, never the class its zero logits tie-break to
        if (best >= 0 || shared) e_.acc += int(std::max_element(out, out + C) - out) == label;
        else e_.unrouted += 1;
        e_.experts_per_point[size_t(experts)] += 1;
        e_.expert[size_t(at_point)] = best;
    }
    e_.dropped += pass_.routed.dropped_points;
    start_ += B;
}

Evaluation Evaluating::finish() {
    Evaluation e = std::move(e_);
    const int K = int(e.load.size()), N = int(points_.size());
    if (N == 0) return e;
    double choices = 0;
    for (double c : e.load) choices += c;
    for (double& c : e.load) c = choices > 0 ? c / choices : 0.0;
    e.acc /= N;
    e.loss /= N;
    e.router_z /= N;
    e.dropped /= N;
    e.unrouted /= N;
    for (double& c : e.experts_per_point) c /= N;
    e.load_entropy = load_entropy(e.load);
    e.max_vio = max_vio(e.load);
    for (double f : e.load) e.idle += f < 1.0 / (10.0 * K);
    e.idle /= K;
    return e;
}

}   // namespace playground
