#include "labs/expert-pruning/evaluate.hpp"
#include "labs/expert-pruning/criteria.hpp"
#include <algorithm>

namespace expert_pruning {

int count_correct(const Moe& M, const Dataset& set, int i0, int i1, const Mask& alive, Work& w) {
    int ok = 0;
    for (int i = i0; i < i1; ++i) ok += set.y[size_t(i)] * forward(M, set.sample(i), set.n, alive, w) > 0;
    return ok;
}

double Outputs::accuracy(const Mask& alive) const {
    int ok = 0;
    for (int i = 0; i < N; ++i) {
        const double* ci = c.data() + size_t(i) * size_t(k);
        double f = 0;
        for (int s = 0; s < k; ++s) if (is_alive(alive, s)) f += ci[s];   // forward()'s order
        ok += y[size_t(i)] * f > 0;
    }
    return N ? double(ok) / N : 0.0;
}

void OutputPass::start(const Dataset& set, int k) {
    set_ = &set;
    i_ = 0;
    out.N = set.N; out.k = k;
    out.c.assign(size_t(set.N) * size_t(k), 0.0);
    out.y = set.y;
}

bool OutputPass::run(const Moe& M, Work& w, double& budget) {
    const double cost = eval_cost(M, set_->n);
    const Mask all;
    while (i_ < set_->N) {
        if (budget <= 0) return false;
        forward(M, set_->sample(i_), set_->n, all, w);
        std::copy(w.contrib.begin(), w.contrib.end(), out.c.begin() + long(size_t(i_) * size_t(out.k)));
        budget -= cost;
        ++i_;
    }
    return true;
}

Proficiency proficiency(const Moe& M, const Dataset& set, Work& w) {
    const int k = M.k, l = M.l, n = set.n;
    Proficiency P;
    P.p1.assign(size_t(k), 0.0); P.p2 = P.sel1 = P.sel2 = P.p1;
    const Mask all;
    const double thr = 1.0 / l - 1e-12;   // G ≥ 1/l, exact ties (equal routing values) included
    int n1 = 0, n2 = 0;
    for (int i = 0; i < set.N; ++i) {
        const int32_t* x = set.sample(i);
        const int y = set.y[size_t(i)];
        const int target = 2 * set.concept[size_t(i)] + (y > 0 ? 0 : 1);
        (y > 0 ? n1 : n2)++;
        std::vector<double>& p = y > 0 ? P.p1 : P.p2;
        std::vector<double>& sel = y > 0 ? P.sel1 : P.sel2;
        forward(M, x, n, all, w);
        if (M.routing == Routing::ExpertChoice) {
            for (int s = 0; s < k; ++s) {
                bool in = false, strong = false;
                for (int t = 0; t < l; ++t) {
                    const size_t q = size_t(s) * size_t(l) + size_t(t);
                    if (x[w.sel[q]] != target) continue;
                    in = true;
                    strong = strong || w.G[q] >= thr;
                }
                sel[size_t(s)] += in; p[size_t(s)] += strong;
            }
        } else {
            std::vector<uint8_t> in(size_t(k), 0), strong(size_t(k), 0);
            for (int j = 0; j < n; ++j) {
                if (x[j] != target) continue;
                for (int t = 0; t < l; ++t) {
                    const size_t q = size_t(j) * size_t(l) + size_t(t);
                    in[size_t(w.sel[q])] = 1;
                    if (w.G[q] >= thr) strong[size_t(w.sel[q])] = 1;
                }
            }
            for (int s = 0; s < k; ++s) { sel[size_t(s)] += in[size_t(s)]; p[size_t(s)] += strong[size_t(s)]; }
        }
    }
    for (int s = 0; s < k; ++s) {
        if (n1) { P.p1[size_t(s)] /= n1; P.sel1[size_t(s)] /= n1; }
        if (n2) { P.p2[size_t(s)] /= n2; P.sel2[size_t(s)] /= n2; }
    }
    return P;
}

double relative_flops(const Moe& M, const Mask& alive, const Dataset& set, Work& w) {
    const double k = M.k, kp = kept(alive), d = M.d, m = M.m, l = M.l, n = set.n;
    if (M.routing == Routing::ExpertChoice) return kp / k;
    double routed = 0;   // (token, kept expert) pairs per sample
    for (int i = 0; i < set.N; ++i) {
        forward(M, set.sample(i), set.n, alive, w);
        for (size_t q = 0; q < w.sel.size(); ++q) routed += is_alive(alive, w.sel[q]);
    }
    routed /= std::max(1, set.N);
    return (k * n * d + routed * m * d) / (k * n * d + n * l * m * d);
}

double parameter_fraction(const Moe& M, const Mask& alive) {
    const double k = M.k, kp = kept(alive), d = M.d, m = M.m;
    if (M.routing == Routing::ExpertChoice) return kp / k;   // routers go with their experts (eq. 6)
    return (k * d + kp * d * m) / (k * d + k * d * m);       // routers stay (eq. 5)
}

} // namespace expert_pruning
