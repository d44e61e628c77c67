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
        for (int s = 0; s < k; ++s)
            if (is_alive(alive, s)) f += ci[s];   // forward()'s order
        ok += y[size_t(i)] * f > 0;
    }
    return N ? double(ok) / N : 0.0;
}

void OutputPass::start(const Dataset& set, int k) {
    set_ = &set;
    i_ = 0;
    out.N = set.N;
    out.k = k;
    out.c.assign(size_t(set.N) * size_t(k), 0.0);
    out.y = set.y;
}

bool OutputPass::run(const Moe& M, Work& w, core::WorkBudget& budget) {
    const double cost = eval_cost(M, set_->n);
    const Mask all;
    while (i_ < set_->N) {
        if (budget.spent()) return false;
        forward(M, set_->sample(i_), set_->n, all, w);
        std::copy(w.contrib.begin(), w.contrib.end(), out.c.begin() + long(size_t(i_) * size_t(out.k)));
        budget.spend(cost);
        ++i_;
    }
    return true;
}

void RoutingStats::start(const Moe& M) {
    k_ = M.k;
    l_ = M.l;
    n1_ = n2_ = 0;
    tokens_ = 0;
    c_.p1.assign(size_t(k_), 0.0);
    c_.p2 = c_.sel1 = c_.sel2 = c_.p1;
    top1_.assign(size_t(k_), 0.0);
    conf_ = top1_;
    in_.assign(size_t(k_), 0);
    strong_ = in_;
}

void RoutingStats::add(const Moe& M, const int32_t* x, int n, int y, int concept, Work& w) {
    static const Mask all;
    forward(M, x, n, all, w);
    const int k = k_, l = l_;
    const double thr = 1.0 / l - 1e-12;   // G ≥ 1/l, exact ties (equal routing values) included
    const int target = 2 * concept + (y > 0 ? 0 : 1);
    std::fill(in_.begin(), in_.end(), 0);
    std::fill(strong_.begin(), strong_.end(), 0);
    for (int j = 0; j < n; ++j) {
        // importance score (I): the token's top-1 expert and the gate it gets there
        int best = 0;
        double gate = 0;
        if (M.routing == Routing::TokenChoice) {
            best = w.sel[size_t(j) * size_t(l)];
            gate = w.G[size_t(j) * size_t(l)];
        } else {
            for (int s = 1; s < k; ++s)
                if (M.router(s)[x[j]] > M.router(best)[x[j]]) best = s;
            for (int t = 0; t < l; ++t)
                if (w.sel[size_t(best) * size_t(l) + size_t(t)] == j) gate = w.G[size_t(best) * size_t(l) + size_t(t)];
        }
        top1_[size_t(best)] += 1;
        conf_[size_t(best)] += gate;
        // proficiency: who takes the task token, with which gate
        if (x[j] != target) continue;
        if (M.routing == Routing::TokenChoice) {
            for (int t = 0; t < l; ++t) {
                const size_t q = size_t(j) * size_t(l) + size_t(t);
                in_[size_t(w.sel[q])] = 1;
                if (w.G[q] >= thr) strong_[size_t(w.sel[q])] = 1;
            }
        } else {
            for (int s = 0; s < k; ++s)
                for (int t = 0; t < l; ++t) {
                    const size_t q = size_t(s) * size_t(l) + size_t(t);
                    if (w.sel[q] != j) continue;
                    in_[size_t(s)] = 1;
                    if (w.G[q] >= thr) strong_[size_t(s)] = 1;
                }
        }
    }
    tokens_ += n;
    (y > 0 ? n1_ : n2_)++;
    std::vector<double>& p = y > 0 ? c_.p1 : c_.p2;
    std::vector<double>& sel = y > 0 ? c_.sel1 : c_.sel2;
    for (int s = 0; s < k; ++s) {
        sel[size_t(s)] += in_[size_t(s)];
        p[size_t(s)] += strong_[size_t(s)];
    }
}

Proficiency RoutingStats::proficiency() const {
    Proficiency P = c_;
    for (int s = 0; s < k_; ++s) {
        if (n1_) {
            P.p1[size_t(s)] /= n1_;
            P.sel1[size_t(s)] /= n1_;
        }
        if (n2_) {
            P.p2[size_t(s)] /= n2_;
            P.sel2[size_t(s)] /= n2_;
        }
    }
    return P;
}

std::vector<double> RoutingStats::importance() const {
    std::vector<double> v(size_t(k_), 0.0);
    for (int s = 0; s < k_; ++s)
        if (top1_[size_t(s)] > 0) v[size_t(s)] = (top1_[size_t(s)] / tokens_) * (conf_[size_t(s)] / top1_[size_t(s)]);
    return v;
}

Proficiency proficiency(const Moe& M, const Dataset& set, Work& w) {
    RoutingStats r;
    r.start(M);
    for (int i = 0; i < set.N; ++i) r.add(M, set.sample(i), set.n, set.y[size_t(i)], set.concept[size_t(i)], w);
    return r.proficiency();
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

}   // namespace expert_pruning
