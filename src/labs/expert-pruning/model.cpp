#include "labs/expert-pruning/model.hpp"
#include "core/stats.hpp"
#include <algorithm>

namespace expert_pruning {

void Moe::resize(int k_, int d_, int m_, int l_, Routing r) {
    k = k_;
    d = d_;
    m = m_;
    l = l_;
    routing = r;
    a.assign(size_t(k), 1);
    for (int s = (k + 1) / 2; s < k; ++s) a[size_t(s)] = -1;   // §5.1: first half +1, second half −1
    w.assign(size_t(k) * size_t(d), 0.0);
    W.assign(size_t(k) * size_t(d) * size_t(m), 0.0);
}

void Work::fit(const Moe& M, int n) {
    const size_t slots = size_t(M.routing == Routing::ExpertChoice ? M.k : n) * size_t(M.l);
    if (sel.size() != slots) {
        sel.assign(slots, 0);
        G.assign(slots, 0.0);
        sig.assign(slots, 0.0);
    }
    const size_t gn = size_t(M.routing == Routing::ExpertChoice ? n : M.k);
    if (g.size() != gn) g.assign(gn, 0.0);
    if (contrib.size() != size_t(M.k)) contrib.assign(size_t(M.k), 0.0);
}

namespace {
double activation_mass(const double* row, int m) {   // σ = Σ_r ReLU(⟨w_r, e_p⟩)
    double s = 0;
    for (int r = 0; r < m; ++r) s += row[r] > 0 ? row[r] : 0.0;
    return s;
}
}   // namespace

double forward(const Moe& M, const int32_t* ids, int n, const Mask& alive, Work& w) {
    w.fit(M, n);
    const int l = M.l;
    std::fill(w.contrib.begin(), w.contrib.end(), 0.0);
    if (M.routing == Routing::ExpertChoice) {
        for (int s = 0; s < M.k; ++s) {
            if (!is_alive(alive, s)) continue;   // eq. (6): a pruned expert's router is pruned too
            for (int j = 0; j < n; ++j) w.g[size_t(j)] = M.score(s, ids[j]);
            int* J = w.sel.data() + size_t(s) * size_t(l);
            double* G = w.G.data() + size_t(s) * size_t(l);
            double* sig = w.sig.data() + size_t(s) * size_t(l);
            core::top_k(w.g.data(), n, l, J);   // J_s: ties to the lower position (docs/labs/expert-pruning.md §4.6)
            double h[64];
            for (int t = 0; t < l; ++t) h[t] = w.g[size_t(J[t])];
            core::softmax(h, G, l);   // eq. (4)
            double fs = 0;
            for (int t = 0; t < l; ++t) {
                sig[t] = activation_mass(M.neurons(s, ids[J[t]]), M.m);
                fs += G[t] * sig[t];
            }
            w.contrib[size_t(s)] = M.a[size_t(s)] * fs;
        }
    } else {
        for (int j = 0; j < n; ++j) {
            for (int s = 0; s < M.k; ++s) w.g[size_t(s)] = M.score(s, ids[j]);   // eq. (5): every router routes
            int* J = w.sel.data() + size_t(j) * size_t(l);
            double* G = w.G.data() + size_t(j) * size_t(l);
            double* sig = w.sig.data() + size_t(j) * size_t(l);
            core::top_k(w.g.data(), M.k, l, J);   // J_j: ties to the lower expert index
            double h[64];
            for (int t = 0; t < l; ++t) h[t] = w.g[size_t(J[t])];
            core::softmax(h, G, l);   // eq. (3)
            for (int t = 0; t < l; ++t) {
                const int s = J[t];
                sig[t] = is_alive(alive, s) ? activation_mass(M.neurons(s, ids[j]), M.m) : 0.0;
                if (is_alive(alive, s)) w.contrib[size_t(s)] += M.a[size_t(s)] * G[t] * sig[t];
            }
        }
    }
    double f = 0;
    for (int s = 0; s < M.k; ++s)
        if (is_alive(alive, s)) f += w.contrib[size_t(s)];
    return f;
}

void add_gradient(const Moe& M, const int32_t* ids, int n, const Mask& alive, const Work& w, double coef, double* gw,
                  double* gW) {
    const int l = M.l, m = M.m, d = M.d;
    if (coef == 0) return;
    if (M.routing == Routing::ExpertChoice) {
        for (int s = 0; s < M.k; ++s) {
            if (!is_alive(alive, s)) continue;
            const int* J = w.sel.data() + size_t(s) * size_t(l);
            const double* G = w.G.data() + size_t(s) * size_t(l);
            const double* sig = w.sig.data() + size_t(s) * size_t(l);
            double mean = 0;
            for (int t = 0; t < l; ++t) mean += G[t] * sig[t];
            const double ca = coef * M.a[size_t(s)];
            for (int t = 0; t < l; ++t) {
                const int p = ids[J[t]];
                gw[size_t(s) * size_t(d) + size_t(p)] += ca * G[t] * (sig[t] - mean);
                const double* row = M.neurons(s, p);
                double* grow = gW + (size_t(s) * size_t(d) + size_t(p)) * size_t(m);
                for (int r = 0; r < m; ++r)
                    if (row[r] >= 0) grow[r] += ca * G[t];   // ReLU'(0) := 1 (App. C)
            }
        }
        return;
    }
    for (int j = 0; j < n; ++j) {
        const int* J = w.sel.data() + size_t(j) * size_t(l);
        const double* G = w.G.data() + size_t(j) * size_t(l);
        const double* sig = w.sig.data() + size_t(j) * size_t(l);
        const int p = ids[j];
        double fj = 0;
        for (int t = 0; t < l; ++t) fj += G[t] * M.a[size_t(J[t])] * sig[t];   // σ = 0 for pruned experts
        for (int t = 0; t < l; ++t) {
            const int s = J[t];
            gw[size_t(s) * size_t(d) + size_t(p)] += coef * G[t] * (M.a[size_t(s)] * sig[t] - fj);
            if (!is_alive(alive, s)) continue;
            const double ca = coef * M.a[size_t(s)] * G[t];
            const double* row = M.neurons(s, p);
            double* grow = gW + (size_t(s) * size_t(d) + size_t(p)) * size_t(m);
            for (int r = 0; r < m; ++r)
                if (row[r] >= 0) grow[r] += ca;
        }
    }
}

double sample_loss(const TrainSpec& t, double y, double f) {
    const double l = 1 - y * f;
    return t.hinge ? std::max(0.0, l) : l;
}

double accumulate(const Moe& M, const Dataset& batch, int i0, int i1, const Mask& alive, const TrainSpec& t, Work& w,
                  Grad& g) {
    const double invB = 1.0 / batch.N;
    double loss = 0;
    for (int i = i0; i < i1; ++i) {
        const int32_t* x = batch.sample(i);
        const double y = batch.y[size_t(i)];
        const double f = forward(M, x, batch.n, alive, w);
        loss += sample_loss(t, y, f);
        // ∂l/∂f = −y for l = 1 − y f; the true hinge is flat (zero gradient) once y f ≥ 1
        const double dl_df = (t.hinge && y * f >= 1) ? 0.0 : -y;
        add_gradient(M, x, batch.n, alive, w, dl_df * invB, g.gw.data(), g.gW.data());
    }
    return loss;
}

void apply(Moe& M, const Mask& alive, const TrainSpec& t, const Grad& g) {
    const size_t dm = size_t(M.d) * size_t(M.m);
    for (int s = 0; s < M.k; ++s) {
        if (!is_alive(alive, s)) continue;   // Step 4: only s ∈ S_k' is updated
        double* ws = M.router(s);
        const double* gs = g.gw.data() + size_t(s) * size_t(M.d);
        for (int p = 0; p < M.d; ++p) ws[p] -= t.eta_r * gs[p];
        double* Ws = M.W.data() + size_t(s) * dm;
        const double* gS = g.gW.data() + size_t(s) * dm;
        for (size_t q = 0; q < dm; ++q) Ws[q] -= t.eta_e * gS[q];
    }
}

double sgd_step(Moe& M, const Dataset& batch, const Mask& alive, const TrainSpec& t, Work& w, Grad& g) {
    g.zero(M);
    const double loss = accumulate(M, batch, 0, batch.N, alive, t, w, g);
    apply(M, alive, t, g);
    return loss / batch.N;
}

double sample_cost(const Moe& M, int n, bool with_gradient) {
    const double per = M.routing == Routing::ExpertChoice ? double(M.k) * (double(n) * (1 + M.l) + double(M.l) * M.m)
                                                          : double(n) * (double(M.k) * (1 + M.l) + double(M.l) * M.m);
    return with_gradient ? 2 * per : per;
}

}   // namespace expert_pruning
