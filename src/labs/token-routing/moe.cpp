#include "labs/token-routing/moe.hpp"
#include "labs/token-routing/kernels.hpp"
#include "core/stats.hpp"
#include <algorithm>
#include <cmath>

namespace token_routing {

void route_begin(const ModelSpec& s, int B, Routing& r) {
    const size_t N = size_t(B) * size_t(s.T), K = size_t(s.K), k = size_t(s.k);
    r.h.resize(N * K);
    r.p.resize(N * K);
    r.top.resize(N * k);
    r.w.resize(N * k);
    r.gate.resize(N * k);
    r.kept.resize(N * k);
    r.chosen.assign(K, 0.0);
    r.psum.assign(K, 0.0);
    r.f.assign(K, 0.0);
    r.P.assign(K, 0.0);
    r.aux = 0;
    r.capacity = s.capacity > 0 ? int(std::ceil(s.capacity * s.k * s.T / s.K - 1e-9)) : 0;   // Switch eq. (3)
}

void route_rows(const ModelSpec& s, int b0, int b1, Routing& r) {
    const int K = s.K, k = s.k, T = s.T;
    std::vector<int> load(static_cast<size_t>(K));
    for (int b = b0; b < b1; ++b) {
        for (int n = b * T; n < (b + 1) * T; ++n) {
            double* p = &r.p[size_t(n) * K];
            int* top = &r.top[size_t(n) * k];
            kern::softmax(&r.h[size_t(n) * K], p, K);
            core::top_k(p, K, k, top);   // ties to the lower index
            double chosen = 0;
            for (int q = 0; q < k; ++q) chosen += p[top[q]];
            for (int q = 0; q < k; ++q) {
                const size_t at = size_t(n) * k + q;
                r.w[at] = r.gate[at] = k == 1 ? p[top[q]] : p[top[q]] / chosen;
                r.kept[at] = 1;
                r.chosen[size_t(top[q])] += 1;
            }
            for (int i = 0; i < K; ++i) r.psum[size_t(i)] += p[i];
        }
        // capacity: the sequence is the routing group; first choices in position order, then second choices
        if (r.capacity == 0) continue;
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

void route_end(const ModelSpec& s, int B, Routing& r) {
    const double N = double(B) * s.T;
    double fp = 0;
    for (int i = 0; i < s.K; ++i) {
        // Switch eq. (5), every choice counted (docs/labs/token-routing.md §4.5)
        r.f[size_t(i)] = r.chosen[size_t(i)] / (N * s.k);
        r.P[size_t(i)] = r.psum[size_t(i)] / N;   // Switch eq. (6)
        fp += r.f[size_t(i)] * r.P[size_t(i)];
    }
    r.aux = s.alpha * s.K * fp;   // Switch eq. (4)
}

void route(const ModelSpec& s, int B, const double* h, Routing& r) {
    route_begin(s, B, r);
    std::copy(h, h + r.h.size(), r.h.begin());
    route_rows(s, 0, B, r);
    route_end(s, B, r);
}

void router_logits(const ModelSpec& s, const double* theta, const BlockLayout& bl, const double* u, int n, double* h) {
    kern::mm(u, theta + bl.wr, h, n, s.d, s.K);
}

void ffn_begin(const ModelSpec& s, int B, BlockCache& bc) {
    const size_t N = size_t(B) * size_t(s.T), F = size_t(s.d_ff), d = size_t(s.d);
    bc.y.resize(N * d);
    if (!is_moe(s)) {
        bc.a.resize(N * F);
        bc.h.resize(N * F);
        return;
    }
    route_begin(s, B, bc.route);
    bc.a.resize(N * size_t(s.k) * F);
    bc.h.resize(N * size_t(s.k) * F);
    bc.e.resize(N * size_t(s.k) * d);
}

void ffn_forward(const ModelSpec& s, const double* theta, const BlockLayout& bl, int b0, int b1, BlockCache& bc) {
    const int d = s.d, F = s.d_ff, n0 = b0 * s.T, rows = (b1 - b0) * s.T;
    double* y = &bc.y[size_t(n0) * d];
    const double* u = &bc.u2[size_t(n0) * d];
    if (!is_moe(s)) {   // dense: y = GELU(u W1) W2
        double* a = &bc.a[size_t(n0) * F];
        double* h = &bc.h[size_t(n0) * F];
        kern::mm(u, theta + bl.w1, a, rows, d, F);
        kern::gelu(a, h, rows * F);
        kern::mm(h, theta + bl.w2, y, rows, F, d);
        return;
    }
    const int K = s.K, k = s.k;
    Routing& r = bc.route;
    router_logits(s, theta, bl, u, rows, &r.h[size_t(n0) * K]);
    route_rows(s, b0, b1, r);
    std::fill(y, y + size_t(rows) * d, 0.0);
    for (int n = n0; n < n0 + rows; ++n)
        for (int q = 0; q < k; ++q) {
            const size_t at = size_t(n) * k + q;
            if (!r.kept[at]) continue;   // dropped: the expert never sees the token
            const size_t i = size_t(r.top[at]);
            double* a = &bc.a[at * F];
            double* h = &bc.h[at * F];
            double* e = &bc.e[at * d];
            kern::mm(&bc.u2[size_t(n) * d], theta + bl.w1 + i * d * F, a, 1, d, F);
            kern::gelu(a, h, F);
            kern::mm(h, theta + bl.w2 + i * F * d, e, 1, F, d);
            core::axpy(r.gate[at], e, &bc.y[size_t(n) * d], d);
        }
}

void ffn_end(const ModelSpec& s, int B, BlockCache& bc) {
    if (is_moe(s)) route_end(s, B, bc.route);
}

void ffn_backward(const ModelSpec& s, const double* theta, const BlockLayout& bl, int b0, int b1, int B,
                  const BlockCache& bc, const double* dy, double* du, double* g, Cache& c) {
    const int d = s.d, F = s.d_ff, n0 = b0 * s.T, rows = (b1 - b0) * s.T, N = B * s.T;
    const double* u = &bc.u2[size_t(n0) * d];
    dy += size_t(n0) * d;
    du += size_t(n0) * d;
    if (!is_moe(s)) {
        c.dh.assign(size_t(rows) * F, 0.0);
        kern::mm_at(&bc.h[size_t(n0) * F], dy, g + bl.w2, rows, F, d);   // dW2 = hᵀ dy
        kern::mm_bt(dy, theta + bl.w2, c.dh.data(), rows, F, d);         // dh = dy W2ᵀ
        kern::mul_gelu_grad(&bc.a[size_t(n0) * F], c.dh.data(), rows * F);
        kern::mm_at(u, c.dh.data(), g + bl.w1, rows, d, F);
        kern::mm_bt(c.dh.data(), theta + bl.w1, du, rows, d, F);
        return;
    }
    const int K = s.K, k = s.k;
    const Routing& r = bc.route;
    c.dlogit.assign(size_t(rows) * K, 0.0);
    c.dh.assign(size_t(F), 0.0);
    std::vector<double> dgate(static_cast<size_t>(k)), de(static_cast<size_t>(d));
    const double aux_coef = s.alpha * K / N;   // dL_aux/dp_i(n) = α K f_i / N
    for (int m = 0; m < rows; ++m) {
        const int n = n0 + m;
        const double* un = &bc.u2[size_t(n) * d];
        const double* dyn = dy + size_t(m) * d;
        double* dun = du + size_t(m) * d;
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
            kern::mul_gelu_grad(a, c.dh.data(), F);
            kern::mm_at(un, c.dh.data(), g + bl.w1 + i * d * F, 1, d, F);
            kern::mm_bt(c.dh.data(), theta + bl.w1 + i * d * F, dun, 1, d, F);
        }
        // the gates' gradient to the logits, the choice held fixed
        const double* p = &r.p[size_t(n) * K];
        double* dl = &c.dlogit[size_t(m) * K];
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
    kern::mm_at(u, c.dlogit.data(), g + bl.wr, rows, d, K);
    kern::mm_bt(c.dlogit.data(), theta + bl.wr, du, rows, d, K);
}

}   // namespace token_routing
