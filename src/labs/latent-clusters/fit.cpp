// Phase IV (Algorithm 1): fresh biases and sign flips, the ridge regression of the second layer in
// closed form for each model, and the test error against the clean target on the fixed test set.
#include "labs/latent-clusters/run.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <cmath>
#include <cstdio>

namespace latent {

namespace {
// Non-zero features of one model per sample, for the work estimates (adaptive top-k: the measured mean).
double active_features(Model k, int M, int J, double k_mean) {
    switch (k) {
    case kMoE: return (k_mean > 0 ? k_mean : M) * J;
    case kTop1: return J;
    default: return double(M) * J;
    }
}
}   // namespace

double Run::ridge_sample_cost() const {
    double c = kSampleCost * T_.d;
    for (int k = 0; k < kModels; ++k) {
        if (E_[k].M == 0) continue;
        const double nnz = active_features(Model(k), E_[k].M, E_[k].J, S_.k_mean);
        c += double(E_[k].n_neurons()) * T_.d + 3 * (0.5 * nnz * nnz + nnz);   // ×3: scattered double adds (measured)
    }
    return c;
}

double Run::test_point_cost() const {
    double c = 0;
    for (int k = 0; k < kModels; ++k)
        if (E_[k].M > 0) c += double(E_[k].n_neurons()) * (T_.d + 1);
    return c;
}

// Phase IV: b_{m,j} ~ U[−C_b, C_b], ŵ = δ w with δ ~ ±1, then the ridge problem
//   â = argmin (1/T_4) Σ_t (F̂_M(x_t) − y_t)² + λ̄ Σ_m ‖a_m‖²,  solved in closed form
//   (docs/labs/latent-clusters.md §3.2).
void Run::begin_phase_IV() {
    for (int k = 0; k < kModels; ++k) {
        Experts& E = E_[k];
        if (E.M == 0) continue;
        for (int n = 0; n < E.n_neurons(); ++n) {
            E.b[size_t(n)] = float(phase4_rng_.uniform(-cfg_.C_b, cfg_.C_b));
            const float delta = float(phase4_rng_.sign());
            float* w = E.w(n);
            for (int q = 0; q < E.d; ++q) w[q] *= delta;
        }
        if (ridge_[k].n != E.n_neurons() || ridge_[k].count != 0) ridge_[k].reset(E.n_neurons());   // zeroed in reset()
    }
    stage_ = kPhaseIV;
}

void Run::active_mask(Model k, const float* x, unsigned char* act) const {
    const int M = E_[k].M;
    if (k == kMoE || k == kTop1) {
        double h[64];
        R_.gate(x, h);
        if (k == kMoE) Router::adaptive(h, M, act);
        else {
            for (int m = 0; m < M; ++m) act[m] = 0;
            act[core::argmax(h, M)] = 1;
        }
    } else {
        for (int m = 0; m < M; ++m) act[m] = 1;   // router off: every h_m = 0 ≥ 0; vanilla: M = 1
    }
}

int Run::features(Model k, const float* x, double* phi, int* idx) const {
    const Experts& E = E_[k];
    unsigned char act[64];
    active_mask(k, x, act);
    int cnt = 0;
    float ds;
    for (int m = 0; m < E.M; ++m) {
        if (!act[m]) continue;
        for (int j = 0; j < E.J; ++j) {
            const int n = m * E.J + j;
            phi[cnt] = double(E.sigma(n, core::dot(E.w(n), x, E.d) + E.b[size_t(n)], ds)) / E.J;
            idx[cnt++] = n;
        }
    }
    return cnt;
}

double Run::predict(Model k, const float* x) const {
    thread_local std::vector<double> phi;
    thread_local std::vector<int> idx;
    const int N = E_[k].n_neurons();
    if (int(phi.size()) < N) {
        phi.resize(size_t(N));
        idx.resize(size_t(N));
    }
    const int cnt = features(k, x, phi.data(), idx.data());
    double s = 0;
    for (int q = 0; q < cnt; ++q) s += phi[size_t(q)] * a_hat_[k][size_t(idx[size_t(q)])];
    return s;
}

void Run::phase_IV_slice(core::WorkBudget& budget) {
    const double cost = ridge_sample_cost();
    for (; !budget.spent() && t4_ < cfg_.T4; budget.spend(cost)) {
        sample();
        for (int k = 0; k < kModels; ++k) {
            if (E_[k].M == 0) continue;
            const int cnt = features(Model(k), x_.data(), phi_.data(), idx_.data());
            ridge_[k].add(idx_.data(), phi_.data(), cnt, y_);
        }
        ++t4_;
    }
    if (t4_ < cfg_.T4) return;
    stage_ = kSolve;
    solve_k_ = 0;
    solve_row_ = 0;
}

// â = (G/T_4 + λ̄ I)^{-1} r/T_4 for each model in turn: core::RidgeAccumulator::solve in its pieces
// (factor_row, then substitute; the same calls, so the same bits), resumable row by row so that a system of
// M·J_III = 1024 features spreads over many steps. The factor overwrites the accumulator's lower triangle.
void Run::solve_slice(core::WorkBudget& budget) {
    while (!budget.spent() && solve_k_ < kModels) {
        core::RidgeAccumulator& Rg = ridge_[solve_k_];
        if (E_[solve_k_].M == 0) {
            ++solve_k_;
            continue;
        }
        const int n = Rg.n;
        if (solve_row_ == 0) {
            // Floor of the diagonal: rounding in the factorisation is about n·2^-52 of the largest entry,
            // so with large features (deg σ = 8, C_b = 6, ρ = 10) λ̄ = 1e-6 can be lost in it and an idle
            // direction turns "singular". 1e-9 × max_i G_ii/T_4 keeps the system positive definite in
            // floating point; at the lecture sizes it is far below λ̄ (≈ 1e-11) and changes nothing.
            const double inv = 1.0 / Rg.count;
            double mx = 0;
            for (int i = 0; i < n; ++i) mx = std::max(mx, Rg.G[size_t(i) * size_t(n) + size_t(i)] * inv);
            // (λ̄ = 0, which check() rejects, is left as plain least squares: singular systems stay singular.)
            solve_lambda_ = cfg_.lambda > 0 ? std::max(cfg_.lambda, 1e-9 * mx) : cfg_.lambda;
        }
        for (; solve_row_ < n && !budget.spent(); ++solve_row_) {
            const int i = solve_row_;
            if (!Rg.factor_row(i, solve_lambda_)) {
                failure_ = core::trf("Phase IV: the ridge system of %d features is singular with λ̄ = %g and "
                                     "T_4 = %ld samples: raise λ̄ (at least %g; more when the features are "
                                     "large) or T_4.",
                                     n, cfg_.lambda, cfg_.T4, kLambdaMin);
                return;
            }
            budget.spend(0.5 * double(i) * i + i);
        }
        if (solve_row_ < n) return;
        Rg.substitute();   // O(n²): one piece
        a_hat_[solve_k_] = Rg.r;
        for (double v : a_hat_[solve_k_])
            if (!std::isfinite(v)) {
                failure_ = core::trf("Phase IV: the ridge weights of %d features are not finite with λ̄ = %g: raise λ̄.",
                                     n, cfg_.lambda);
                return;
            }
        budget.spend(double(n) * n);
        ++solve_k_;
        solve_row_ = 0;
    }
    if (solve_k_ >= kModels) stage_ = kTest;
}

void Run::test_slice(core::WorkBudget& budget) {
    const int d = T_.d;
    const double cost = test_point_cost();
    for (; !budget.spent() && test_i_ < cfg_.n_test; budget.spend(cost), ++test_i_) {
        const float* x = &test_x_[size_t(test_i_) * size_t(d)];
        const double y = test_y_[size_t(test_i_)];
        for (int k = 0; k < kModels; ++k) {
            if (E_[k].M == 0) continue;
            const double e = predict(Model(k), x) - y;
            sq_err_[k] += e * e;
        }
        sq_zero_ += y * y;
    }
    if (test_i_ < cfg_.n_test) return;
    for (int k = 0; k < kModels; ++k) S_.mse[k] = E_[k].M > 0 ? sq_err_[k] / cfg_.n_test : std::nan("");
    S_.mse_zero = sq_zero_ / cfg_.n_test;
    S_.fitted = true;
    for (int k = 0; k < kModels; ++k)
        if (E_[k].M > 0 && !std::isfinite(S_.mse[k])) {
            failure_ = "Phase IV: the test error is not finite (the ridge fit overflowed): raise λ̄.";
            return;
        }
    stage_ = kDone;
}

}   // namespace latent
