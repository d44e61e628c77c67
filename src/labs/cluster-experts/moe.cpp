#include "labs/cluster-experts/moe.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include <algorithm>
#include <cmath>

namespace cluster_experts {

void MoE::init(const TrainConfig& c, int d, core::Rng& init_rng, core::Rng noise_rng) {
    cfg = c;
    ex.init(c.M, c.J, d, c.cubic, c.sigma0, init_rng);
    W0 = ex.W;
    router.init(c.M, d);
    noise_ = noise_rng;
    t = 0;
    loss = 0;
    if (c.adam) adam_.init(ex.W.size(), c.adam_cfg);
    gW_.assign(ex.W.size(), 0.f);
    gTheta_.assign(router.theta.size(), 0.f);
    z_.clear();   // sized by begin(), which knows P
    h_.assign(size_t(c.M), 0.0);
    r_.assign(size_t(c.M), 0.0);
}

double training_cost(int M_, int J_, int d_, int P, bool cubic) {
    const double d = d_, M = M_, J = J_;
    const double expert = cubic ? 2.0 * J * (3 + (P - 3) * d) : d * (1 + J);
    const double routing = M > 1 ? 3.0 * M * d + 4.0 * M : 0.0;
    return expert + routing + 8;
}

double MoE::cost_per_sample(int P) const { return training_cost(cfg.M, cfg.J, ex.d, P, ex.cubic); }

// One sample's share of (3.3) and its gradients (E.1), (E.2); returns ℓ(y π f).
double MoE::sample(const Dataset& D, int i, int m_i, const double* h, double* pi, float* z, float* gW, float* gTheta,
                   double inv_n) const {
    const int M = cfg.M;
    if (M > 1) core::softmax(h, pi, M);
    else pi[0] = 1.0;
    const double y = D.y[size_t(i)];
    const double f = ex.f(m_i, D, i, z);
    const double pim = pi[m_i];
    const double margin = y * pim * f;
    // ℓ'(z) = −1/(1+e^z) = −sigmoid(−z); c = ℓ'(y π f) · y / n. One exp serves ℓ' and ℓ:
    // with e = exp(−|z|), sigmoid(−z) = (z ≥ 0 ? e : 1)/(1 + e) and ℓ(z) = max(−z, 0) + log(1 + e).
    const double e = core::fm::exp(-std::fabs(margin));
    const double c = -((margin >= 0 ? e : 1.0) / (1.0 + e)) * y * inv_n;
    // (E.2): ∇_{w_{m,j}} L = Σ_{i: m_i = m} ℓ'_i y_i π_{i,m} Σ_p σ'(⟨w_{m,j}, x_i^(p)⟩) x_i^(p) / n
    if (gW) ex.grad(m_i, D, i, z, c * pim, gW + size_t(m_i) * ex.block());
    // (E.1): ∇_{θ_m} L = Σ_i ℓ'_i y_i f_{m_i} π_{i,m_i} (1[m = m_i] − π_{i,m}) s_i / n
    if (gTheta && M > 1) {
        const float* s = D.s_of(i);
        for (int m = 0; m < M; ++m) {
            double coef = c * f * pim * ((m == m_i ? 1.0 : 0.0) - pi[m]);
            core::axpy(float(coef), s, gTheta + size_t(m) * size_t(router.d), router.d);
        }
    }
    return want_loss ? (std::max(-margin, 0.0) + core::fm::log(1.0 + e)) * inv_n : 0.0;
}

void MoE::begin(const Dataset& D) {
    std::fill(gW_.begin(), gW_.end(), 0.f);
    std::fill(gTheta_.begin(), gTheta_.end(), 0.f);
    if (z_.size() < size_t(ex.z_size(D.P))) z_.assign(size_t(ex.z_size(D.P)), 0.f);
    route_.resize(size_t(D.n));
    pi_.resize(size_t(D.n) * size_t(cfg.M));
    loss_acc_ = 0;
}

void MoE::accumulate(const Dataset& D, int i0, int i1) {
    const int M = cfg.M;
    const double inv_n = 1.0 / D.n;
    for (int i = i0; i < i1; ++i) {
        int m_i = 0;
        if (M > 1) {
            router.logits(D.s_of(i), h_.data());
            // m_{i,t} = argmax_m { h_m + r_{m,i} }, r ~ Unif[0, width] (Sec. 3.3); ties to the lowest m
            for (int m = 0; m < M; ++m)
                r_[size_t(m)] = h_[size_t(m)] + (cfg.noise_width > 0 ? cfg.noise_width * noise_.uniform() : 0.0);
            m_i = core::argmax(r_.data(), M);
        }
        route_[size_t(i)] = m_i;
        loss_acc_ += sample(D, i, m_i, h_.data(), pi_.data() + size_t(i) * size_t(M), z_.data(), gW_.data(),
                            gTheta_.data(), inv_n);
    }
}

void MoE::finish(const Dataset& D) {
    const int M = cfg.M, d = router.d;
    if (M > 1 && cfg.lb_lambda > 0) {
        // Switch-Transformer load balancing (notes §2.4; the paper never gives its form and its theory
        // does not use one): L_aux = λ M Σ_m frac_m P_m, frac_m = share routed to m (constant),
        // P_m = mean_i π_{i,m}. ∂L_aux/∂h_{i,m'} = (λM/n) π_{i,m'} (frac_{m'} − Σ_m frac_m π_{i,m}).
        std::vector<double> frac(size_t(M), 0.0);
        for (int i = 0; i < D.n; ++i) frac[size_t(route_[size_t(i)])] += 1.0 / D.n;
        const double scale = cfg.lb_lambda * M / D.n;
        for (int i = 0; i < D.n; ++i) {
            const double* pi = pi_.data() + size_t(i) * size_t(M);
            double mix = 0;
            for (int m = 0; m < M; ++m) mix += frac[size_t(m)] * pi[m];
            for (int m = 0; m < M; ++m)
                core::axpy(float(scale * pi[m] * (frac[size_t(m)] - mix)), D.s_of(i),
                           gTheta_.data() + size_t(m) * size_t(d), d);
        }
    }
    const size_t B = ex.block();
    if (cfg.adam) {   // App. A.2's single models: Adam on the full-batch gradient, elementwise
        for (int m = 0; m < ex.E; ++m) ex.complete(gW_.data() + size_t(m) * B);
        adam_.step(ex.W.data(), gW_.data());
    }
    for (int m = 0; m < ex.E && !cfg.adam; ++m) {
        float* G = gW_.data() + size_t(m) * B;
        ex.complete(G);
        float* Wm = ex.W.data() + size_t(m) * B;
        if (cfg.plain_gd) {
            core::axpy(float(-cfg.eta_gd), G, Wm, int(B));
            continue;
        }
        double nrm = double(core::norm2(G, int(B)));
        if (nrm > 0) core::axpy(float(-cfg.eta / nrm), G, Wm, int(B));   // (3.4); no data: no step
    }
    if (M > 1) core::axpy(float(-cfg.eta_r), gTheta_.data(), router.theta.data(), int(gTheta_.size()));   // (3.5)
    ex.refresh();
    loss = loss_acc_;
    ++t;
}

bool MoE::finite() const {
    if (want_loss && !std::isfinite(loss)) return false;
    float a = core::sum_sq(ex.W.data(), int(ex.W.size()));
    float b = core::sum_sq(router.theta.data(), int(router.theta.size()));
    return std::isfinite(a) && std::isfinite(b);
}

double MoE::loss_fixed(const Dataset& D, const std::vector<int>& routes) const {
    std::vector<double> h(size_t(cfg.M), 0.0), pi(size_t(cfg.M));
    std::vector<float> z(size_t(ex.z_size(D.P)));
    double L = 0;
    for (int i = 0; i < D.n; ++i) {
        if (cfg.M > 1) router.logits(D.s_of(i), h.data());
        L += sample(D, i, routes[size_t(i)], h.data(), pi.data(), z.data(), nullptr, nullptr, 1.0 / D.n);
    }
    return L;
}

void MoE::grad_fixed(const Dataset& D, const std::vector<int>& routes, std::vector<float>& gW,
                     std::vector<float>& gTheta) const {
    gW.assign(ex.W.size(), 0.f);
    gTheta.assign(router.theta.size(), 0.f);
    std::vector<double> h(size_t(cfg.M), 0.0), pi(size_t(cfg.M));
    std::vector<float> z(size_t(ex.z_size(D.P)));
    for (int i = 0; i < D.n; ++i) {
        if (cfg.M > 1) router.logits(D.s_of(i), h.data());
        sample(D, i, routes[size_t(i)], h.data(), pi.data(), z.data(), gW.data(), gTheta.data(), 1.0 / D.n);
    }
    for (int m = 0; m < ex.E; ++m) ex.complete(gW.data() + size_t(m) * ex.block());
}

}   // namespace cluster_experts
