#include "labs/playground/routing.hpp"
#include "core/fmath.hpp"
#include <algorithm>
#include <cmath>
#include <numeric>

namespace playground {

namespace {

// softmax of row b of h into p (max subtracted), and its log-sum-exp.
double softmax_row(const double* h, int K, double* p) {
    double m = h[0];
    for (int i = 1; i < K; ++i) m = std::max(m, h[i]);
    double s = 0;
    for (int i = 0; i < K; ++i) s += (p[i] = core::fm::exp(h[i] - m));
    for (int i = 0; i < K; ++i) p[i] /= s;
    return m + core::fm::log(s);
}

// dh_j += p_j (a_j − Σ_i p_i a_i) over the experts in `in` (a softmax's backward restricted to them).
void softmax_backward(const double* p, const double* a, const char* in, int K, double* dh) {
    double mean = 0;
    for (int i = 0; i < K; ++i)
        if (in[i]) mean += p[i] * a[i];
    for (int j = 0; j < K; ++j)
        if (in[j]) dh[j] += p[j] * (a[j] - mean);
}

}   // namespace

int expert_capacity(double capacity, int k, int B, int K) {
    return int(std::ceil(capacity * double(k) * double(B) / double(K) - 1e-9));
}

Routed route(const std::vector<double>& h, const std::vector<double>* bias, int B, int K, const RoutingRule& rule) {
    Routed r;
    r.B = B;
    r.K = K;
    const size_t n = size_t(B) * size_t(K);
    r.p.assign(n, 0.0);
    r.gate.assign(n, 0.0);
    r.chosen.assign(n, 0);
    r.dropped.assign(n, 0);
    r.f.assign(size_t(K), 0.0);
    r.P.assign(size_t(K), 0.0);
    for (int b = 0; b < B; ++b) softmax_row(&h[size_t(b) * K], K, &r.p[size_t(b) * K]);
    const int k = std::clamp(rule.k, 1, K);
    std::vector<int> order(static_cast<size_t>(K));
    if (rule.expert_choice) {   // expert i takes the points with the largest p_i(x), ties to the earlier point
        const int cap = std::min(B, expert_capacity(rule.capacity > 0 ? rule.capacity : 1.0, k, B, K));
        std::vector<int> pts(static_cast<size_t>(B));
        for (int i = 0; i < K; ++i) {
            std::iota(pts.begin(), pts.end(), 0);
            std::stable_sort(pts.begin(), pts.end(),
                             [&](int a, int c) { return r.p[size_t(a) * K + i] > r.p[size_t(c) * K + i]; });
            for (int q = 0; q < cap; ++q) {
                const size_t at = size_t(pts[size_t(q)]) * K + i;
                r.chosen[at] = 1;
                r.gate[at] = r.p[at];   // Zhou et al. 2022: the gate is the score itself
            }
        }
    } else {   // each point's top k by p + b (Wang et al. 2024: the bias is added to the gating score)
        const int cap = rule.capacity > 0 ? expert_capacity(rule.capacity, k, B, K) : B;
        std::vector<int> top(size_t(B) * size_t(k));   // row b: point b's experts, first choice first
        for (int b = 0; b < B; ++b) {
            const size_t row = size_t(b) * K;
            std::iota(order.begin(), order.end(), 0);
            auto score = [&](int i) { return r.p[row + i] + (bias ? (*bias)[size_t(i)] : 0.0); };
            std::stable_sort(order.begin(), order.end(), [&](int a, int c) { return score(a) > score(c); });
            double kept = 0;   // the gates are renormalised over the k chosen, before capacity (GShard)
            for (int q = 0; q < k; ++q) {
                const int i = order[size_t(q)];
                top[size_t(b) * k + q] = i;
                r.chosen[row + i] = 1;
                kept += r.p[row + i];
            }
            for (int q = 0; q < k; ++q) {   // k = 1: p_i itself (Switch), else renormalised
                const size_t at = row + size_t(top[size_t(b) * k + q]);
                r.gate[at] = k == 1 ? r.p[at] : r.p[at] / kept;
            }
        }
        // capacity: every point's first choice before any point's second (GShard), each in the batch's order
        std::vector<int> load(size_t(K), 0);
        for (int q = 0; q < k; ++q)
            for (int b = 0; b < B; ++b) {
                const int i = top[size_t(b) * k + q];
                const size_t at = size_t(b) * K + i;
                if (load[size_t(i)] >= cap) {
                    r.dropped[at] = 1;
                    r.gate[at] = 0;   // the other gates keep their weights: the point's output shrinks
                    continue;
                }
                ++load[size_t(i)];
            }
        for (int b = 0; b < B; ++b) {   // a point dropped by every expert it chose
            bool kept = false;
            for (int i = 0; i < K; ++i) kept = kept || r.gate[size_t(b) * K + i] > 0;
            r.dropped_points += !kept;
        }
    }
    double choices = 0;
    for (int b = 0; b < B; ++b) {
        bool any = false;
        for (int i = 0; i < K; ++i) {
            const size_t at = size_t(b) * K + i;
            r.f[size_t(i)] += r.chosen[at];
            r.P[size_t(i)] += r.p[at] / B;
            any = any || r.gate[at] > 0;
        }
        r.unrouted += !any;
    }
    for (double c : r.f) choices += c;
    for (double& c : r.f) c = choices > 0 ? c / choices : 0.0;
    return r;
}

void gate_backward(const Routed& r, const RoutingRule& rule, const std::vector<double>& dgate,
                   std::vector<double>& dh) {
    const int K = r.K;
    // expert choice and top-1 gate by p itself (a softmax over all K); top-k renormalises the chosen experts' p
    // (before capacity: a dropped expert keeps its share of the normaliser, its gate is 0)
    const bool full = rule.expert_choice || rule.k <= 1;
    std::vector<char> in(static_cast<size_t>(K));
    std::vector<double> a(static_cast<size_t>(K)), w(static_cast<size_t>(K));
    for (int b = 0; b < r.B; ++b) {
        const size_t row = size_t(b) * K;
        bool any = false;
        double chosen = 0;
        for (int i = 0; i < K; ++i) {
            in[size_t(i)] = full || r.chosen[row + i];
            a[size_t(i)] = r.gate[row + i] > 0 ? dgate[row + i] : 0.0;
            any = any || r.gate[row + i] > 0;
            chosen += r.chosen[row + i] ? r.p[row + i] : 0.0;
        }
        if (!any) continue;
        for (int i = 0; i < K; ++i) w[size_t(i)] = full ? r.p[row + i] : in[size_t(i)] ? r.p[row + i] / chosen : 0.0;
        // top-k, k ≥ 2: g = a softmax over the chosen experts (p_i / Σ_chosen p_j), whose backward has the same form
        softmax_backward(w.data(), a.data(), in.data(), K, &dh[row]);
    }
}

double aux_loss(const Routed& r, double alpha, std::vector<double>& dh) {
    const int K = r.K;
    double L = 0;
    for (int i = 0; i < K; ++i) L += r.f[size_t(i)] * r.P[size_t(i)];
    L *= alpha * K;
    std::vector<double> a(static_cast<size_t>(K));
    const std::vector<char> all(size_t(K), 1);
    for (int i = 0; i < K; ++i) a[size_t(i)] = alpha * K * r.f[size_t(i)] / r.B;   // dL/dp_i(x)
    for (int b = 0; b < r.B; ++b) softmax_backward(&r.p[size_t(b) * K], a.data(), all.data(), K, &dh[size_t(b) * K]);
    return L;
}

double z_loss(const std::vector<double>& h, int B, int K, double beta, std::vector<double>& dh) {
    double L = 0;
    std::vector<double> p(static_cast<size_t>(K));
    for (int b = 0; b < B; ++b) {
        const double lse = softmax_row(&h[size_t(b) * K], K, p.data());
        L += lse * lse;
        for (int j = 0; j < K; ++j) dh[size_t(b) * K + j] += beta / B * 2 * lse * p[size_t(j)];
    }
    return beta * L / B;
}

void update_bias(std::vector<double>& bias, const Routed& r, double gamma) {
    const double mean = 1.0 / r.K;
    for (int i = 0; i < r.K; ++i) {
        const double d = mean - r.f[size_t(i)];
        bias[size_t(i)] += gamma * double((d > 0) - (d < 0));
    }
}

}   // namespace playground
