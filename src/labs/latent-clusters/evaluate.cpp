// Alignment metrics at evaluation points (every eval_every SGD steps): κ = cos(w_{m,j}, ·) for every
// neuron against w_1*..w_C*, w_g*, v_1..v_C, their best |κ| per model, and one trace row.
// |cos| because for odd k* a neuron whose coefficient product is negative converges to −w*
// (docs/labs/latent-clusters.md §4.9).
#include "labs/latent-clusters/run.hpp"
#include "core/linalg.hpp"
#include <cmath>

namespace latent {

namespace {

// core::cosine, with each norm computed once instead of once per pair (the same expression, the same bits).
void alignment(const Experts& E, const Teacher& T, std::vector<double>& out) {
    const int N = E.n_neurons(), R = T.n_dirs(), d = T.d;
    out.assign(size_t(N) * size_t(R), 0.0);
    float nd[16];
    for (int r = 0; r < R; ++r) nd[r] = core::norm2(T.dir(r), d);
    for (int n = 0; n < N; ++n) {
        const float na = core::norm2(E.w(n), d);
        for (int r = 0; r < R; ++r)
            out[size_t(n * R + r)] = (na > 0 && nd[r] > 0) ? core::dot(E.w(n), T.dir(r), d) / (na * nd[r]) : 0.f;
    }
}

// max over neurons [n0, n1) of |κ| against direction r
double best_abs(const std::vector<double>& cos, int R, int r, int n0, int n1) {
    double b = 0;
    for (int n = n0; n < n1; ++n) b = std::max(b, std::abs(cos[size_t(n * R + r)]));
    return b;
}

}   // namespace

void Run::evaluate() {
    const int C = T_.C, R = T_.n_dirs(), M = cfg_.M;
    const bool early = stage_ < kPhaseIII;
    const Experts& Em = early ? E1_ : E_[kMoE];
    alignment(Em, T_, S_.cos_moe);
    alignment(E_[kVanilla], T_, S_.cos_van);
    S_.J_moe = Em.J;
    auto summarise = [&](const std::vector<double>& cos, int N, int k) {
        S_.cos_g[k] = best_abs(cos, R, C, 0, N);
        double s = 0;
        for (int c = 0; c < C; ++c) s += best_abs(cos, R, c, 0, N);
        S_.cos_c[k] = s / C;
    };
    summarise(S_.cos_moe, Em.n_neurons(), kMoE);
    summarise(S_.cos_van, E_[kVanilla].n_neurons(), kVanilla);
    std::vector<double> tmp;
    for (Model k : {kTop1, kOff}) {
        if (early || E_[k].M == 0) {
            S_.cos_g[k] = S_.cos_g[kMoE];
            S_.cos_c[k] = S_.cos_c[kMoE];
            continue;
        }
        alignment(E_[k], T_, tmp);
        summarise(tmp, E_[k].n_neurons(), k);
    }

    std::vector<double> row = {
        double(t_sgd_), double(plan_.phase(where())), S_.cos_g[kMoE],    S_.cos_c[kMoE], S_.cos_g[kTop1],
        S_.cos_g[kOff], S_.cos_g[kVanilla],           S_.cos_c[kVanilla]};
    const int J = Em.J;
    for (int m = 0; m < M; ++m) {
        double own = 0;
        int oc = 0;
        for (int c = 0; c < C; ++c) {
            double b = best_abs(S_.cos_moe, R, c, m * J, (m + 1) * J);
            if (b > own) {
                own = b;
                oc = c;
            }
        }
        row.push_back(own);
        row.push_back(best_abs(S_.cos_moe, R, C, m * J, (m + 1) * J));
        row.push_back(double(oc));
    }
    // One row per (t, phase): an end-of-phase evaluation at the same t replaces the periodic one, while
    // the re-initialisation at the start of Phase III adds a second row at the same t (the drop).
    const bool replaced = !trace_.rows.empty() && trace_.rows.back()[0] == row[0] && trace_.rows.back()[1] == row[1];
    if (replaced) race_rows_.replace_last(row);
    else race_rows_.push(row);
    if (replaced) trace_.rows.back() = row;
    else trace_.add(std::move(row));
    race_rebuild();
}

void Run::race_rebuild() {
    const int C = T_.C, M = cfg_.M, first = trace_.col("e1_own");
    const size_t n = race_rows_.size();
    auto clamp = [](double q) { return std::max(q, 1e-3); };
    S_.race_t.resize(n);
    S_.race_c.assign(size_t(C), std::vector<double>(n, 1e-3));
    S_.race_g.assign(n, 1e-3);
    S_.race_van_g.resize(n);
    S_.race_van_c.resize(n);
    S_.race_off_g.resize(n);
    const int c_van_g = trace_.col("cos_g_vanilla"), c_van_c = trace_.col("cos_c_vanilla"),
              c_off = trace_.col("cos_g_router_off");
    // the experts that end up serving cluster c, judged at the latest evaluation
    const std::vector<double>& last = trace_.rows.back();
    for (size_t i = 0; i < n; ++i) {
        const double* r = race_rows_.row(i);
        S_.race_t[i] = r[0];
        for (int m = 0; m < M; ++m) {
            const int cl = int(last[size_t(first + 3 * m + 2)]);
            if (cl >= 0 && cl < C)
                S_.race_c[size_t(cl)][i] = std::max(S_.race_c[size_t(cl)][i], r[size_t(first + 3 * m)]);
            S_.race_g[i] = std::max(S_.race_g[i], r[size_t(first + 3 * m + 1)]);
        }
        S_.race_van_g[i] = clamp(r[size_t(c_van_g)]);
        S_.race_van_c[i] = clamp(r[size_t(c_van_c)]);
        S_.race_off_g[i] = clamp(r[size_t(c_off)]);
    }
}

}   // namespace latent
