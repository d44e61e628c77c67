#include "labs/token-routing/moe.hpp"
#include "labs/token-routing/kernels.hpp"
#include "core/stats.hpp"
#include <algorithm>
#include <cmath>

namespace token_routing {

void route(const ModelSpec& s, int B, const double* h, Routing& r) {
    const int K = s.K, k = s.k, T = s.T, N = B * T;
    r.p.resize(size_t(N) * K);
    r.top.resize(size_t(N) * k);
    r.w.resize(size_t(N) * k);
    r.gate.resize(size_t(N) * k);
    r.kept.assign(size_t(N) * k, 1);
    r.f.assign(size_t(K), 0.0);
    r.P.assign(size_t(K), 0.0);
    for (int n = 0; n < N; ++n) {
        double* p = &r.p[size_t(n) * K];
        int* top = &r.top[size_t(n) * k];
        kern::softmax(h + size_t(n) * K, p, K);
        core::top_k(p, K, k, top);   // ties to the lower index
        double chosen = 0;
        for (int q = 0; q < k; ++q) chosen += p[top[q]];
        for (int q = 0; q < k; ++q) r.w[size_t(n) * k + q] = k == 1 ? p[top[q]] : p[top[q]] / chosen;
        for (int q = 0; q < k; ++q) r.f[size_t(top[q])] += 1.0 / (double(N) * k);   // Switch eq. (5), every choice
        for (int i = 0; i < K; ++i) r.P[size_t(i)] += p[i] / N;                     // Switch eq. (6)
    }
    r.gate = r.w;
    // capacity: one sequence is one routing group; first choices in position order, then second choices
    r.capacity = s.capacity > 0 ? int(std::ceil(s.capacity * k * T / K - 1e-9)) : 0;
    if (r.capacity > 0) {
        std::vector<int> load(static_cast<size_t>(K));
        for (int b = 0; b < B; ++b) {
            std::fill(load.begin(), load.end(), 0);
            for (int q = 0; q < k; ++q)
                for (int t = 0; t < T; ++t) {
                    const size_t at = size_t(b * T + t) * k + q;
                    int& l = load[size_t(r.top[at])];
                    if (l >= r.capacity) r.kept[at] = 0, r.gate[at] = 0;
                    else ++l;
                }
        }
    }
    double fp = 0;
    for (int i = 0; i < K; ++i) fp += r.f[size_t(i)] * r.P[size_t(i)];
    r.aux = s.alpha * K * fp;   // Switch eq. (4)
}

void ffn_forward(const ModelSpec& s, const double* theta, const BlockLayout& bl, int B, BlockCache& bc) {
    const int N = B * s.T, d = s.d, F = s.d_ff;
    bc.y.assign(size_t(N) * d, 0.0);
    if (!is_moe(s)) {   // dense: y = GELU(u W1) W2
        bc.a.resize(size_t(N) * F);
        bc.h.resize(size_t(N) * F);
        kern::mm(bc.u2.data(), theta + bl.w1, bc.a.data(), N, d, F);
        for (size_t j = 0; j < bc.a.size(); ++j) bc.h[j] = kern::gelu(bc.a[j]);
        kern::mm(bc.h.data(), theta + bl.w2, bc.y.data(), N, F, d);
        return;
    }
    const int K = s.K, k = s.k;
    std::vector<double> logits(size_t(N) * K);
    kern::mm(bc.u2.data(), theta + bl.wr, logits.data(), N, d, K);
    route(s, B, logits.data(), bc.route);
    bc.a.assign(size_t(N) * k * F, 0.0);
    bc.h.assign(size_t(N) * k * F, 0.0);
    bc.e.assign(size_t(N) * k * d, 0.0);
    for (int n = 0; n < N; ++n)
        for (int q = 0; q < k; ++q) {
            const size_t at = size_t(n) * k + q;
            if (!bc.route.kept[at]) continue;   // dropped: the expert never sees the token
            const size_t i = size_t(bc.route.top[at]);
            double* a = &bc.a[at * F];
            double* h = &bc.h[at * F];
            double* e = &bc.e[at * d];
            kern::mm(&bc.u2[size_t(n) * d], theta + bl.w1 + i * d * F, a, 1, d, F);
            for (int j = 0; j < F; ++j) h[j] = kern::gelu(a[j]);
            kern::mm(h, theta + bl.w2 + i * F * d, e, 1, F, d);
            core::axpy(bc.route.gate[at], e, &bc.y[size_t(n) * d], d);
        }
}

void ffn_backward(const ModelSpec& s, const double* theta, const BlockLayout& bl, int B, const BlockCache& bc,
                  const double* dy, double* du, double* g, Cache& c) {
    const int N = B * s.T, d = s.d, F = s.d_ff;
    if (!is_moe(s)) {
        c.dh.assign(size_t(N) * F, 0.0);
        kern::mm_at(bc.h.data(), dy, g + bl.w2, N, F, d);       // dW2 = hᵀ dy
        kern::mm_bt(dy, theta + bl.w2, c.dh.data(), N, F, d);   // dh = dy W2ᵀ
        for (size_t j = 0; j < c.dh.size(); ++j) c.dh[j] *= kern::gelu_grad(bc.a[j]);
        kern::mm_at(bc.u2.data(), c.dh.data(), g + bl.w1, N, d, F);
        kern::mm_bt(c.dh.data(), theta + bl.w1, du, N, d, F);
        return;
    }
    const int K = s.K, k = s.k;
    const Routing& r = bc.route;
    c.dlogit.assign(size_t(N) * K, 0.0);
    c.dh.assign(size_t(F), 0.0);
    std::vector<double> dgate(static_cast<size_t>(k)), de(static_cast<size_t>(d));
    const double aux_coef = s.alpha * K / N;   // dL_aux/dp_i(n) = α K f_i / N
    for (int n = 0; n < N; ++n) {
        const double* u = &bc.u2[size_t(n) * d];
        const double* dyn = dy + size_t(n) * d;
        double* dun = du + size_t(n) * d;
        for (int q = 0; q < k; ++q) {
            const size_t at = size_t(n) * k + q;
            dgate[size_t(q)] = 0;
            if (!r.kept[at]) continue;
            const size_t i = size_t(r.top[at]);
            const double* e = &bc.e[at * d];
            const double* a = &bc.a[at * F];
            dgate[size_t(q)] = core::dot(dyn, e, d);   // y = Σ gate · e
            for (int j = 0; j < d; ++j) de[size_t(j)] = r.gate[at] * dyn[j];
            kern::mm_at(&bc.h[at * F], de.data(), g + bl.w2 + i * F * d, 1, F, d);
            std::fill(c.dh.begin(), c.dh.end(), 0.0);
            kern::mm_bt(de.data(), theta + bl.w2 + i * F * d, c.dh.data(), 1, F, d);
            for (int j = 0; j < F; ++j) c.dh[size_t(j)] *= kern::gelu_grad(a[j]);
            kern::mm_at(u, c.dh.data(), g + bl.w1 + i * d * F, 1, d, F);
            kern::mm_bt(c.dh.data(), theta + bl.w1 + i * d * F, dun, 1, d, F);
        }
        // the gates' gradient to the logits, the choice held fixed
        const double* p = &r.p[size_t(n) * K];
        double* dl = &c.dlogit[size_t(n) * K];
        if (k == 1) {   // gate = p_i: dh_j = p_i (δ_ij − p_j) dgate
            const int i = r.top[size_t(n)];
            for (int j = 0; j < K; ++j) dl[j] += p[i] * ((j == i) - p[j]) * dgate[0];
        } else {   // gate = softmax of the chosen logits: dh_j = w_j (dgate_j − Σ_q w_q dgate_q) for j chosen
            double mean = 0;
            for (int q = 0; q < k; ++q) mean += r.w[size_t(n) * k + q] * dgate[size_t(q)];
            for (int q = 0; q < k; ++q)
                dl[r.top[size_t(n) * k + q]] += r.w[size_t(n) * k + q] * (dgate[size_t(q)] - mean);
        }
        // L_aux: dL/dp_j = α K f_j / N, through the softmax over all K
        if (s.alpha != 0) {
            double mean = 0;
            for (int j = 0; j < K; ++j) mean += p[j] * r.f[size_t(j)];
            for (int j = 0; j < K; ++j) dl[j] += aux_coef * p[j] * (r.f[size_t(j)] - mean);
        }
    }
    kern::mm_at(bc.u2.data(), c.dlogit.data(), g + bl.wr, N, d, K);
    kern::mm_bt(c.dlogit.data(), theta + bl.wr, du, N, d, K);
}

}   // namespace token_routing
