#include "labs/playground/mixture.hpp"
#include "core/fmath.hpp"
#include <cmath>

namespace playground {

namespace {
constexpr double kRouterInit = 0.1;   // the router's weights' start: near uniform, not tied
}

Mixture::Mixture(const MixtureSpec& spec) : spec_(spec) {
    const size_t h = size_t(spec.hidden), C = size_t(spec.C), K = size_t(spec.K);
    expert_ = h > 0 ? 2 * h + h + C * h + C : 2 * C + C;
    shared_at_ = K * expert_;
    router_at_ = shared_at_ + (spec.shared ? expert_ : 0);
    noise_at_ = router_at_ + 3 * K;
    size_ = noise_at_ + (spec.noise ? 2 * K : 0);
}

std::vector<double> Mixture::init(core::Rng& rng) const {
    std::vector<double> theta(size_, 0.0);
    const int h = spec_.hidden, C = spec_.C;
    const int experts = spec_.K + (spec_.shared ? 1 : 0);
    for (int e = 0; e < experts; ++e) {
        double* w = &theta[size_t(e) * expert_];
        if (h > 0) {
            for (int j = 0; j < 2 * h; ++j) w[j] = rng.normal() / std::sqrt(2.0);                 // W₁, fan-in 2
            for (int j = 0; j < C * h; ++j) w[3 * h + j] = rng.normal() / std::sqrt(double(h));   // W₂, fan-in h
        } else {
            for (int j = 0; j < 2 * C; ++j) w[j] = rng.normal() / std::sqrt(2.0);
        }
    }
    for (size_t j = router_at_; j < router_at_ + 2 * size_t(spec_.K); ++j) theta[j] = kRouterInit * rng.normal();
    return theta;
}

void Mixture::expert_forward(const double* w, const double* x, double* out, double* act) const {
    const int h = spec_.hidden, C = spec_.C;
    if (h == 0) {
        for (int c = 0; c < C; ++c) out[c] = w[2 * c] * x[0] + w[2 * c + 1] * x[1] + w[2 * C + c];
        return;
    }
    const double *W1 = w, *b1 = w + 2 * h, *W2 = w + 3 * h, *b2 = w + 3 * h + C * h;
    for (int j = 0; j < h; ++j) act[j] = core::fm::tanh(W1[2 * j] * x[0] + W1[2 * j + 1] * x[1] + b1[j]);
    for (int c = 0; c < C; ++c) {
        double s = b2[c];
        for (int j = 0; j < h; ++j) s += W2[c * h + j] * act[j];
        out[c] = s;
    }
}

void Mixture::expert_backward(const double* w, const double* x, const double* act, const double* dout,
                              double* dw) const {
    const int h = spec_.hidden, C = spec_.C;
    if (h == 0) {
        for (int c = 0; c < C; ++c) {
            dw[2 * c] += dout[c] * x[0];
            dw[2 * c + 1] += dout[c] * x[1];
            dw[2 * C + c] += dout[c];
        }
        return;
    }
    const double* W2 = w + 3 * h;
    double *dW1 = dw, *db1 = dw + 2 * h, *dW2 = dw + 3 * h, *db2 = dw + 3 * h + C * h;
    for (int c = 0; c < C; ++c) {
        db2[c] += dout[c];
        for (int j = 0; j < h; ++j) dW2[c * h + j] += dout[c] * act[j];
    }
    for (int j = 0; j < h; ++j) {
        double dz = 0;
        for (int c = 0; c < C; ++c) dz += dout[c] * W2[c * h + j];
        const double da = dz * (1 - act[j] * act[j]);   // tanh' = 1 − tanh²
        dW1[2 * j] += da * x[0];
        dW1[2 * j + 1] += da * x[1];
        db1[j] += da;
    }
}

void Mixture::router_logits(const std::vector<double>& theta, const double* X, int B, std::vector<double>& hl) const {
    const int K = spec_.K;
    const double *Wr = &theta[router_at_], *br = Wr + 2 * K;
    hl.assign(size_t(B) * size_t(K), 0.0);
    for (int b = 0; b < B; ++b)
        for (int i = 0; i < K; ++i) hl[size_t(b) * K + i] = Wr[2 * i] * X[2 * b] + Wr[2 * i + 1] * X[2 * b + 1] + br[i];
}

void Mixture::forward(const std::vector<double>& theta, const double* X, int B, const RoutingRule& rule,
                      const std::vector<double>* bias, core::Rng* noise, Pass& pass) const {
    const int K = spec_.K, C = spec_.C, h = spec_.hidden;
    pass.B = B;
    pass.rule = rule;
    pass.X.assign(X, X + 2 * size_t(B));
    router_logits(theta, X, B, pass.hl);
    pass.eps.clear();
    if (spec_.noise && noise) {   // h̃ = h + ε ⊙ softplus(W_n x) (Shazeer et al. 2017, eq. 4)
        const double* Wn = &theta[noise_at_];
        pass.eps.resize(pass.hl.size());
        for (int b = 0; b < B; ++b)
            for (int i = 0; i < K; ++i) {
                const size_t at = size_t(b) * K + i;
                pass.eps[at] = noise->normal();
                pass.hl[at] += pass.eps[at] * core::fm::softplus(Wn[2 * i] * X[2 * b] + Wn[2 * i + 1] * X[2 * b + 1]);
            }
    }
    pass.routed = route(pass.hl, bias, B, K, rule);
    pass.out.assign(size_t(B) * K * C, 0.0);
    pass.act.assign(size_t(B) * K * size_t(h), 0.0);
    pass.y.assign(size_t(B) * C, 0.0);
    for (int b = 0; b < B; ++b)
        for (int i = 0; i < K; ++i) {
            const double g = pass.routed.gate[size_t(b) * K + i];
            if (g <= 0) continue;
            double* out = &pass.out[(size_t(b) * K + i) * C];
            expert_forward(&theta[size_t(i) * expert_], &X[2 * b], out, pass.act.data() + (size_t(b) * K + i) * h);
            for (int c = 0; c < C; ++c) pass.y[size_t(b) * C + c] += g * out[c];
        }
    pass.s_out.assign(spec_.shared ? size_t(B) * C : 0, 0.0);
    pass.s_act.assign(spec_.shared ? size_t(B) * h : 0, 0.0);
    if (spec_.shared)
        for (int b = 0; b < B; ++b) {
            expert_forward(&theta[shared_at_], &X[2 * b], &pass.s_out[size_t(b) * C],
                           pass.s_act.data() + size_t(b) * h);
            for (int c = 0; c < C; ++c) pass.y[size_t(b) * C + c] += pass.s_out[size_t(b) * C + c];
        }
}

double Mixture::backward(const std::vector<double>& theta, const Pass& pass, const int* labels, double alpha,
                         double beta, std::vector<double>& g) const {
    const int K = spec_.K, C = spec_.C, h = spec_.hidden, B = pass.B;
    g.assign(size_, 0.0);
    std::vector<double> dy(size_t(B) * C), dgate(size_t(B) * K, 0.0), dh(size_t(B) * K, 0.0), q(static_cast<size_t>(C));
    double loss = 0;
    for (int b = 0; b < B; ++b) {   // cross-entropy of softmax(y), the batch's mean
        const double* y = &pass.y[size_t(b) * C];
        double m = y[0], s = 0;
        for (int c = 1; c < C; ++c) m = std::max(m, y[c]);
        for (int c = 0; c < C; ++c) s += (q[size_t(c)] = core::fm::exp(y[c] - m));
        loss += m + core::fm::log(s) - y[labels[b]];
        for (int c = 0; c < C; ++c) dy[size_t(b) * C + c] = (q[size_t(c)] / s - (c == labels[b] ? 1.0 : 0.0)) / B;
    }
    loss /= B;
    std::vector<double> dout(static_cast<size_t>(C));
    for (int b = 0; b < B; ++b) {
        const double* d = &dy[size_t(b) * C];
        for (int i = 0; i < K; ++i) {
            const size_t at = size_t(b) * K + i;
            const double gt = pass.routed.gate[at];
            if (gt <= 0) continue;
            const double* out = &pass.out[at * C];
            for (int c = 0; c < C; ++c) {
                dgate[at] += d[c] * out[c];
                dout[size_t(c)] = gt * d[c];
            }
            expert_backward(&theta[size_t(i) * expert_], &pass.X[2 * b], pass.act.data() + at * h, dout.data(),
                            &g[size_t(i) * expert_]);
        }
        if (spec_.shared)
            expert_backward(&theta[shared_at_], &pass.X[2 * b], pass.s_act.data() + size_t(b) * h, d, &g[shared_at_]);
    }
    gate_backward(pass.routed, pass.rule, dgate, dh);
    if (alpha > 0) loss += aux_loss(pass.routed, alpha, dh);
    if (beta > 0) loss += z_loss(pass.hl, B, K, beta, dh);
    double *dWr = &g[router_at_], *dbr = dWr + 2 * K;
    const double* Wn = spec_.noise ? &theta[noise_at_] : nullptr;
    for (int b = 0; b < B; ++b)
        for (int i = 0; i < K; ++i) {
            const double d = dh[size_t(b) * K + i];
            const double x0 = pass.X[2 * b], x1 = pass.X[2 * b + 1];
            dWr[2 * i] += d * x0;
            dWr[2 * i + 1] += d * x1;
            dbr[i] += d;
            if (pass.eps.empty()) continue;   // softplus' = the logistic function
            const double s = d * pass.eps[size_t(b) * K + i] * core::fm::sigmoid(Wn[2 * i] * x0 + Wn[2 * i + 1] * x1);
            g[noise_at_ + 2 * size_t(i)] += s * x0;
            g[noise_at_ + 2 * size_t(i) + 1] += s * x1;
        }
    return loss;
}

}   // namespace playground
