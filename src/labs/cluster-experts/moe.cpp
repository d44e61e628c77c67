#include "labs/cluster-experts/moe.hpp"
#include "core/lanes.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include <algorithm>
#include <cmath>
#include <cstring>

namespace cluster_experts {

namespace lanes = core::lanes;   // (core/lanes.hpp)

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
    h_.assign(size_t(kBlock) * size_t(c.M), 0.0);   // the logits of a block
    mx_.assign(size_t(kBlock), 0.0);
    r_.assign(size_t(c.M), 0.0);
}

double training_cost(int M_, int J_, int d_, int P, bool cubic) {
    const double d = d_, M = M_, J = J_;
    const double expert = cubic ? 2.0 * J * (3 + (P - 3) * d) : d * (1 + J);
    const double routing = M > 1 ? 3.0 * M * d + 4.0 * M : 0.0;
    return expert + routing + 8;
}

double MoE::cost_per_sample(int P) const { return training_cost(cfg.M, cfg.J, ex.d, P, ex.cubic); }

namespace {
using lanes::f32x4;

// gTheta_m += coef_{i,m} · s_i for i = b0, …, b1 − 1 in turn (the per-sample core::axpy of (E.1)). The lanes run
// over W coordinates; each row piece is loaded once per 8 samples and takes their terms in sample order.
template <int W>
LANES_INLINE void add_router_grad(float* gTheta, int M, int d, const float* coef, const Dataset& D, int b0, int b1) {
    constexpr int U = 8;
    for (int i0 = b0; i0 < b1; i0 += U) {
        const int n = std::min(U, b1 - i0);
        const float* s[U];
        for (int u = 0; u < n; ++u) s[u] = D.s_of(i0 + u);
        for (int m = 0; m < M; ++m) {
            float* g = gTheta + size_t(m) * size_t(d);
            float cf[U];
            for (int u = 0; u < n; ++u) cf[u] = coef[size_t(i0 - b0 + u) * size_t(M) + size_t(m)];
            int k = 0;
            for (; k + W <= d; k += W) {
                lanes::vec<W> acc = lanes::load<W>(g + k);
                for (int u = 0; u < n; ++u) acc += lanes::splat<W>(cf[u]) * lanes::load<W>(s[u] + k);
                lanes::store<W>(g + k, acc);
            }
            for (; k + 4 <= d; k += 4) {
                f32x4 acc = lanes::load<4>(g + k);
                for (int u = 0; u < n; ++u) acc += lanes::splat<4>(cf[u]) * lanes::load<4>(s[u] + k);
                lanes::store<4>(g + k, acc);
            }
            for (; k < d; ++k) {
                float acc = g[k];
                for (int u = 0; u < n; ++u) acc += cf[u] * s[u][k];
                g[k] = acc;
            }
        }
    }
}
#ifdef MOE_LANES_AVX2
__attribute__((target("avx2"))) void add_router_grad_avx2(float* gTheta, int M, int d, const float* coef,
                                                          const Dataset& D, int b0, int b1) {
    add_router_grad<8>(gTheta, M, d, coef, D, b0, b1);
}
#endif
void add_router_grad(float* gTheta, int M, int d, const float* coef, const Dataset& D, int b0, int b1) {
#ifdef MOE_LANES_AVX2
    if (lanes::has_avx2()) return add_router_grad_avx2(gTheta, M, d, coef, D, b0, b1);
#endif
    add_router_grad<4>(gTheta, M, d, coef, D, b0, b1);
}

// core::softmax (π_m = e^{h_m − max h} / Σ e^{h − max h}) of n samples (h, pi: M per sample, mx: n scratch), the
// same numbers: the exps of the whole block first, then each sample's sum and divisions in core::softmax's order.
void softmax(const double* h, double* pi, double* mx, int n, int M) {
    for (int i = 0; i < n; ++i) {
        const double* hi = h + size_t(i) * size_t(M);
        mx[i] = hi[lanes::argmax(hi, M)];
        for (int m = 0; m < M; ++m) pi[size_t(i) * size_t(M) + size_t(m)] = hi[m] - mx[i];
    }
    lanes::exps(pi, size_t(n) * size_t(M));
    for (int i = 0; i < n; ++i) {
        const double* hi = h + size_t(i) * size_t(M);
        double* p = pi + size_t(i) * size_t(M);
        double z = 0;
        for (int m = 0; m < M; ++m) {
            if (hi[m] == mx[i]) p[m] = 1.0;   // exp(0) = 1 exactly
            z += p[m];
        }
        int m = 0;
        for (; m + 2 <= M; m += 2) lanes::store(p + m, lanes::load(p + m) / z);
        for (; m < M; ++m) p[m] /= z;
    }
}

// π_i = softmax(h(x_i; Θ)) of every sample (π ≡ 1 when M = 1), M per sample.
std::vector<double> gates(const Router& router, int M, const Dataset& D) {
    std::vector<double> pi(size_t(D.n) * size_t(M), 1.0);
    if (M == 1) return pi;
    std::vector<double> h(size_t(D.n) * size_t(M)), mx(size_t(D.n));
    std::vector<float> thT;
    router.logits_block(D, 0, D.n, h.data(), thT);
    softmax(h.data(), pi.data(), mx.data(), D.n, M);
    return pi;
}
}   // namespace

// A block of samples' share of (3.3) and its gradients (E.1), (E.2). The experts' work runs in groups of up to
// Experts::kGroup samples routed to the same expert; every sum keeps the order of the sample-by-sample loop:
// the loss and each router weight over all samples in order, each expert's weights over its own samples in order.
void MoE::block(const Dataset& D, int b0, int b1, const int* route, const double* pi, float* gW, float* gTheta,
                double inv_n, double& loss, Scratch& s) const {
    const int M = cfg.M, E = ex.E, B = b1 - b0;
    s.members.resize(size_t(B));
    s.f.resize(size_t(B));
    s.c.resize(size_t(B));
    s.loss.resize(size_t(B));
    s.z.resize(ex.group_scratch(D.P));
    if (ex.cubic && M > 1) D.prefetch_patches(b0, b1);   // read below in expert order
    // the block's samples grouped by expert, each group in sample order (counting sort by m_i)
    std::vector<int>& start = s.start;
    start.assign(size_t(E) + 1, 0);
    for (int i = b0; i < b1; ++i) ++start[size_t(route[i]) + 1];
    for (int m = 0; m < E; ++m) start[size_t(m) + 1] += start[size_t(m)];
    s.next.assign(start.begin(), start.end() - 1);
    for (int i = b0; i < b1; ++i) s.members[size_t(s.next[size_t(route[i])]++)] = i;
    for (int m = 0; m < E; ++m) {
        for (int g = start[size_t(m)]; g < start[size_t(m) + 1]; g += Experts::kGroup) {
            const int S = std::min(Experts::kGroup, start[size_t(m) + 1] - g);
            const int* idx = s.members.data() + g;
            double f[Experts::kGroup], cw[Experts::kGroup];
            ex.f_group(m, D, idx, S, s.z.data(), f);
            // ℓ'(z) = −1/(1+e^z) = −sigmoid(−z); c = ℓ'(y π f) · y / n. One exp serves ℓ' and ℓ:
            // with e = exp(−|z|), sigmoid(−z) = (z ≥ 0 ? e : 1)/(1 + e) and ℓ(z) = max(−z, 0) + log(1 + e).
            double margin[Experts::kGroup], e[Experts::kGroup];
            for (int q = 0; q < S; ++q) {
                const int i = idx[q];
                margin[q] = D.y[size_t(i)] * pi[size_t(i) * size_t(M) + size_t(m)] * f[q];
            }
            for (int q = 0; q < S; q += 2) {   // the exps two at a time (the spare lane repeats the last sample)
                const lanes::f64x2 v =
                    lanes::exp(lanes::f64x2{-std::fabs(margin[q]), -std::fabs(margin[std::min(q + 1, S - 1)])});
                e[q] = v[0];
                if (q + 1 < S) e[q + 1] = v[1];
            }
            for (int q = 0; q < S; ++q) {
                const int i = idx[q];
                const double y = D.y[size_t(i)], pim = pi[size_t(i) * size_t(M) + size_t(m)];
                const double c = -((margin[q] >= 0 ? e[q] : 1.0) / (1.0 + e[q])) * y * inv_n;
                s.f[size_t(i - b0)] = f[q];
                s.c[size_t(i - b0)] = c;
                s.loss[size_t(i - b0)] =
                    want_loss ? (std::max(-margin[q], 0.0) + core::fm::log(1.0 + e[q])) * inv_n : 0.0;
                cw[q] = c * pim;
            }
            // (E.2): ∇_{w_{m,j}} L = Σ_{i: m_i = m} ℓ'_i y_i π_{i,m} Σ_p σ'(⟨w_{m,j}, x_i^(p)⟩) x_i^(p) / n
            if (gW) ex.grad_group(m, D, idx, S, s.z.data(), cw, gW + size_t(m) * ex.block());
        }
    }
    for (int i = b0; i < b1; ++i) loss += s.loss[size_t(i - b0)];
    // (E.1): ∇_{θ_m} L = Σ_i ℓ'_i y_i f_{m_i} π_{i,m_i} (1[m = m_i] − π_{i,m}) s_i / n
    if (gTheta && M > 1) {
        s.coef.resize(size_t(B) * size_t(M));
        for (int i = b0; i < b1; ++i) {
            const double* p = pi + size_t(i) * size_t(M);
            const int m_i = route[i];
            const double c = s.c[size_t(i - b0)], f = s.f[size_t(i - b0)], pim = p[m_i];
            for (int m = 0; m < M; ++m)
                s.coef[size_t(i - b0) * size_t(M) + size_t(m)] = float(c * f * pim * ((m == m_i ? 1.0 : 0.0) - p[m]));
        }
        add_router_grad(gTheta, M, router.d, s.coef.data(), D, b0, b1);
    }
}

void MoE::begin(const Dataset& D) {
    std::fill(gW_.begin(), gW_.end(), 0.f);
    std::fill(gTheta_.begin(), gTheta_.end(), 0.f);
    route_.resize(size_t(D.n));
    pi_.resize(size_t(D.n) * size_t(cfg.M));
    loss_acc_ = 0;
}

void MoE::accumulate(const Dataset& D, int i0, int i1) {
    const int M = cfg.M;
    const double inv_n = 1.0 / D.n;
    for (int b0 = i0; b0 < i1; b0 += kBlock) {
        const int b1 = std::min(i1, b0 + kBlock);
        // routing (Sec. 3.3): the logits, the noisy routes sample after sample (the noise stream's order), the
        // gates; three passes over the block, so that consecutive samples' work overlaps
        if (M > 1) {
            double* h = h_.data();
            router.logits_block(D, b0, b1 - b0, h, thT_);
            for (int i = b0; i < b1; ++i) {
                // m_{i,t} = argmax_m { h_m + r_{m,i} }, r ~ Unif[0, width]; ties to the lowest m
                const double* hi = h + size_t(i - b0) * size_t(M);
                for (int m = 0; m < M; ++m)
                    r_[size_t(m)] = hi[m] + (cfg.noise_width > 0 ? cfg.noise_width * noise_.uniform() : 0.0);
                route_[size_t(i)] = lanes::argmax(r_.data(), M);
            }
            softmax(h, pi_.data() + size_t(b0) * size_t(M), mx_.data(), b1 - b0, M);
        } else {
            for (int i = b0; i < b1; ++i) {
                route_[size_t(i)] = 0;
                pi_[size_t(i)] = 1.0;
            }
        }
        block(D, b0, b1, route_.data(), pi_.data(), gW_.data(), gTheta_.data(), inv_n, loss_acc_, scratch_);
    }
}

void MoE::finish(const Dataset& D) {
    const int M = cfg.M, d = router.d;
    if (M > 1 && cfg.lb_lambda > 0) {
        // Switch-Transformer load balancing (docs/labs/cluster-experts.md §4.7; the paper never gives its form
        // and its theory does not use one): L_aux = λ M Σ_m frac_m P_m, frac_m = share routed to m (constant),
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
    const std::vector<double> pi = gates(router, cfg.M, D);
    Scratch s;
    double L = 0;
    for (int b0 = 0; b0 < D.n; b0 += kBlock)
        block(D, b0, std::min(D.n, b0 + kBlock), routes.data(), pi.data(), nullptr, nullptr, 1.0 / D.n, L, s);
    return L;
}

void MoE::grad_fixed(const Dataset& D, const std::vector<int>& routes, std::vector<float>& gW,
                     std::vector<float>& gTheta) const {
    gW.assign(ex.W.size(), 0.f);
    gTheta.assign(router.theta.size(), 0.f);
    const std::vector<double> pi = gates(router, cfg.M, D);
    Scratch s;
    double L = 0;
    for (int b0 = 0; b0 < D.n; b0 += kBlock)
        block(D, b0, std::min(D.n, b0 + kBlock), routes.data(), pi.data(), gW.data(), gTheta.data(), 1.0 / D.n, L, s);
    for (int m = 0; m < ex.E; ++m) ex.complete(gW.data() + size_t(m) * ex.block());
}

}   // namespace cluster_experts
