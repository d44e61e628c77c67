#include "labs/playground/trainer.hpp"
#include "core/fmath.hpp"
#include <algorithm>
#include <numeric>

namespace playground {

namespace {
enum Stream : uint64_t { kInit = 1, kOrder, kNoise };
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
    ++steps_;
}

Evaluation Trainer::evaluate(const core::PointSet& points) const {
    Evaluation e;
    const int K = mixture_.spec().K, C = mixture_.spec().C, N = int(points.size());
    e.load.assign(size_t(K), 0.0);
    e.prob.assign(size_t(K), 0.0);
    if (N == 0) return e;
    Pass pass;
    std::vector<double> unused;
    double choices = 0;
    for (int start = 0; start < N; start += spec_.B) {
        const int B = std::min(spec_.B, N - start);
        std::vector<double> X(2 * size_t(B));
        std::vector<int> y(static_cast<size_t>(B));
        for (int b = 0; b < B; ++b) {
            const core::LabeledPoint& p = points[size_t(start + b)];
            X[2 * size_t(b)] = p.x;
            X[2 * size_t(b) + 1] = p.y;
            y[size_t(b)] = p.label;
        }
        mixture_.forward(theta_, X.data(), B, spec_.rule, spec_.gamma > 0 ? &bias_ : nullptr, nullptr, pass);
        e.loss += mixture_.backward(theta_, pass, y.data(), 0, 0, unused) * B;
        for (int b = 0; b < B; ++b) {
            const double* out = &pass.y[size_t(b) * C];
            e.acc += int(std::max_element(out, out + C) - out) == y[size_t(b)];
            double m = pass.hl[size_t(b) * K], s = 0;
            for (int i = 1; i < K; ++i) m = std::max(m, pass.hl[size_t(b) * K + i]);
            for (int i = 0; i < K; ++i) s += core::fm::exp(pass.hl[size_t(b) * K + i] - m);
            e.router_z += (m + core::fm::log(s)) * (m + core::fm::log(s));
            int best = -1;
            for (int i = 0; i < K; ++i) {
                const size_t at = size_t(b) * K + i;
                e.load[size_t(i)] += pass.routed.chosen[at];
                e.prob[size_t(i)] += pass.routed.p[at] / N;
                if (pass.routed.gate[at] > 0 &&
                    (best < 0 || pass.routed.gate[at] > pass.routed.gate[size_t(b) * K + best]))
                    best = i;
            }
            e.expert.push_back(best);
        }
        e.dropped += pass.routed.dropped_points;
        e.unrouted += pass.routed.unrouted;
    }
    for (double c : e.load) choices += c;
    for (double& c : e.load) c = choices > 0 ? c / choices : 0.0;
    e.acc /= N;
    e.loss /= N;
    e.router_z /= N;
    e.dropped /= N;
    e.unrouted /= N;
    for (double f : e.load) {
        if (f > 0) e.load_entropy -= f * core::fm::log(f);
        e.idle += f < 1.0 / (10.0 * K);
    }
    e.load_entropy = K > 1 ? e.load_entropy / core::fm::log(double(K)) : 1.0;
    e.idle /= K;
    return e;
}

}   // namespace playground
