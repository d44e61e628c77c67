#include "core/words.hpp"
#include "labs/patch-routing/model.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include "labs/patch-routing/kernels.hpp"
#include <algorithm>
#include <cmath>

namespace patch_routing {

const char* arch_name(Arch a) {
    switch (a) {
    case Arch::CNN: return core::later::tr("CNN");
    case Arch::Separate: return core::later::tr("separate pMoE");
    case Arch::Joint: return core::later::tr("joint pMoE");
    }
    return "?";
}

void Model::init(const ModelSpec& s, int d_, int n_, core::Rng& rng) {
    spec = s;
    d = d_;
    n = n_;
    k = s.arch == Arch::CNN ? 1 : s.k;
    M = s.M;
    l = s.arch == Arch::CNN ? n : s.l;
    const int m = k * M;                               // total neurons
    const double sigma = 1.0 / std::sqrt(double(m));   // eq. (8): w_{r,s}^(0) ~ N(0, I_d / m)
    W.assign(size_t(k) * size_t(d) * size_t(M), 0.f);
    for (float& v : W) v = float(sigma * rng.normal());
    a.assign(size_t(k) * size_t(M), 0.f);   // §3.2: a ~ N(0, 1), fixed
    for (int s2 = 0; s2 < k; ++s2)
        for (int r = 0; r < M; ++r)
            a[size_t(s2 * M + r)] = s.balanced_a ? (r % 2 == 0 ? 1.f : -1.f) : float(rng.normal());
    wr.assign(size_t(k) * size_t(d), 0.f);   // eq. (7): w_s^(0) ~ N(0, σ_r² I_d)
    if (routed())
        for (float& v : wr) v = float(s.sigma_r * rng.normal());
    J.assign(size_t(k) * size_t(l), 0);
    for (int t = 0; t < l; ++t) J[size_t(t)] = t;   // unrouted (CNN): J = [n]
    G.assign(size_t(k) * size_t(l), 1.0);
    z.assign(size_t(k) * size_t(l) * size_t(M), 0.f);
    u.assign(size_t(k) * size_t(l), 0.0);
    g.assign(size_t(n), 0.0);
    hs.assign(size_t(l), 0.0);
    e.assign(size_t(l) * size_t(M), 0.f);
}

double Model::cost_forward() const {
    double c = double(k) * l * d * M;
    if (routed()) c += double(k) * n * d + kSelectCost * k * l * n;   // the routers' scores, the top-l selection
    return c;
}

double Model::cost_train() const {
    double c = cost_forward() + double(k) * l * d * M;
    if (spec.arch == Arch::Joint) c += double(k) * l * d;
    return c;
}

void Model::select(const float* x, int s) {
    int* Js = J.data() + size_t(s) * size_t(l);
    double* Gs = G.data() + size_t(s) * size_t(l);
    if (!routed()) return;   // CNN: every patch, G ≡ 1 (set in init)
    for (int j = 0; j < n; ++j) g[size_t(j)] = score(s, x + size_t(j) * size_t(d));   // g_{j,s}
    // J_s = top-l scores in decreasing order, ties to the lower patch index (deterministic,
    // docs/labs/patch-routing.md §4.3): the same order as core::top_k (checked in test_model.cpp), kept local
    // because this is the forward hot loop and core::top_k allocates two vectors per call (+40 % on the separate
    // pMoE's training steps at the defaults). One pass: a patch enters the sorted top l only if it beats the last,
    // and moves up past the scores it beats strictly, so an equal score stays behind the lower index.
    int found = 0;
    for (int j = 0; j < n; ++j) {
        const double gj = g[size_t(j)];
        if (found == l && !(gj > g[size_t(Js[l - 1])])) continue;
        int t = found < l ? found++ : l - 1;
        for (; t > 0 && gj > g[size_t(Js[t - 1])]; --t) Js[t] = Js[t - 1];
        Js[t] = j;
    }
    if (spec.arch == Arch::Joint) {
        // eq. (4) as intended (Lemma H.1, eq. 26, official code): G_{j,s} = e^{g_j} / Σ_{i∈J_s} e^{g_i}.
        // The printed denominator Σ g_i has no exponential: a typo (docs/labs/patch-routing.md §5.1).
        for (int t = 0; t < l; ++t) hs[size_t(t)] = g[size_t(Js[t])];
        core::softmax(hs.data(), Gs, l);
    } else {
        for (int t = 0; t < l; ++t) Gs[t] = 1.0;   // eq. (3): G ≡ 1 for separate training
    }
}

void Model::route(const float* x) {
    for (int s = 0; s < k; ++s) select(x, s);
}

double Model::forward(const float* x) {
    double f = 0;
    for (int s = 0; s < k; ++s) {
        select(x, s);
        const float* Ws = W.data() + size_t(s) * size_t(d) * size_t(M);
        const float* as = a.data() + size_t(s) * size_t(M);
        const int* Js = J.data() + size_t(s) * size_t(l);
        float* zs = z.data() + size_t(s) * size_t(l) * size_t(M);
        // z_{t,r} = <w_{r,s}, x^(j_t)>, each summed over the coordinate in a fixed order (kernels.hpp)
        kern::preact(x, Js, l, Ws, d, M, zs);
        for (int t = 0; t < l; ++t) {
            const float* zt = zs + size_t(t) * size_t(M);
            const double ut = kern::relu_dot(as, zt, M);   // u_t = Σ_r a_{r,s} ReLU(z_{t,r})
            u[size_t(s * l + t)] = ut;
            f += G[size_t(s * l + t)] * ut;
        }
    }
    return f / l;   // eq. (1) / (5): the factor 1/l (1/n for the CNN)
}

void Model::backward(const float* x, double c, float* gW, float* gwr) {
    for (int s = 0; s < k; ++s) {
        const float* as = a.data() + size_t(s) * size_t(M);
        float* gWs = gW + size_t(s) * size_t(d) * size_t(M);
        const float* zs = z.data() + size_t(s) * size_t(l) * size_t(M);
        for (int t = 0; t < l; ++t) {
            // eqs. (13), (19), (21): ∂f/∂w_{r,s} = (a_{r,s}/l) G_{j,s} 1[<w_{r,s}, x^(j)> >= 0] x^(j)
            const double base = c * G[size_t(s * l + t)] / l;
            const float* zt = zs + size_t(t) * size_t(M);
            float* et = e.data() + size_t(t) * size_t(M);
            kern::masked_scale(float(base), as, zt, M, et);
        }
        kern::outer(x, J.data() + size_t(s) * size_t(l), l, e.data(), d, M, gWs);
        if (spec.arch == Arch::Joint && gwr) {
            // eq. (26), written as ∂f/∂w_s = (1/l) Σ_{j∈J_s} G_j (u_j - Σ_i G_i u_i) x^(j),
            // u_j = Σ_{r ∈ expert s} a_{r,s} ReLU(<w_{r,s}, x^(j)>). (The paper's Σ_{r∈[m]} means expert s's
            // m/k neurons, docs/labs/patch-routing.md §5.2.) No gradient flows through the top-l selection itself.
            double ubar = 0;
            for (int t = 0; t < l; ++t) ubar += G[size_t(s * l + t)] * u[size_t(s * l + t)];
            float* gs = gwr + size_t(s) * size_t(d);
            for (int t = 0; t < l; ++t) {
                const double coef = c * G[size_t(s * l + t)] * (u[size_t(s * l + t)] - ubar) / l;
                core::axpy(float(coef), x + size_t(J[size_t(s * l + t)]) * size_t(d), gs, d);
            }
        }
    }
}

int Model::rank(const float* x, int s, int j) const {
    const float* ws = router(s);
    const float gj = core::dot(ws, x + size_t(j) * size_t(d), d);
    int r = 1;
    for (int i = 0; i < n; ++i)
        if (core::dot(ws, x + size_t(i) * size_t(d), d) > gj) ++r;
    return r;
}

}   // namespace patch_routing
