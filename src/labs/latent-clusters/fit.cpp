// Phase IV (Algorithm 1): fresh biases and sign flips, the ridge regression of the second layer in
// closed form for each model, and the test error against the clean target on the fixed test set.
#include "labs/latent-clusters/run.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include "core/text.hpp"
#include <cmath>
#include <cstdio>

namespace latent {

namespace {
constexpr int kSliceRidge = 128;    // Phase IV samples per step()
constexpr int kSliceTest = 250;     // test points per step()
}

// Phase IV: b_{m,j} ~ U[−C_b, C_b], ŵ = δ w with δ ~ ±1, then the ridge problem
//   â = argmin (1/T_4) Σ_t (F̂_M(x_t) − y_t)² + λ̄ Σ_m ‖a_m‖²,  solved in closed form (notes §3.5).
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
        ridge_[k].reset(E.n_neurons());
    }
    stage_ = kPhaseIV;
}

void Run::active_mask(Model k, const float* x, unsigned char* act) const {
    const int M = E_[k].M;
    if (k == kMoE || k == kTop1) {
        double h[64];
        R_.gate(x, h);
        if (k == kMoE) Router::adaptive(h, M, act);
        else { for (int m = 0; m < M; ++m) act[m] = 0; act[core::argmax(h, M)] = 1; }
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
    if (int(phi.size()) < N) { phi.resize(size_t(N)); idx.resize(size_t(N)); }
    const int cnt = features(k, x, phi.data(), idx.data());
    double s = 0;
    for (int q = 0; q < cnt; ++q) s += phi[size_t(q)] * a_hat_[k][size_t(idx[size_t(q)])];
    return s;
}

void Run::phase_IV_slice() {
    for (int s = 0; s < kSliceRidge && t4_ < cfg_.T4; ++s) {
        sample();
        for (int k = 0; k < kModels; ++k) {
            if (E_[k].M == 0) continue;
            const int cnt = features(Model(k), x_.data(), phi_.data(), idx_.data());
            ridge_[k].add(idx_.data(), phi_.data(), cnt, y_);
        }
        ++t4_;
    }
    if (t4_ < cfg_.T4) return;
    for (int k = 0; k < kModels; ++k) {
        if (E_[k].M == 0) continue;
        a_hat_[k] = ridge_[k].solve(cfg_.lambda);
        bool ok = !a_hat_[k].empty();
        for (double v : a_hat_[k]) if (!std::isfinite(v)) ok = false;
        if (!ok) {
            failure_ = core::strf("Phase IV: the ridge system of %d features is singular with λ̄ = %g and T_4 = %ld "
                                  "samples: raise λ̄ (at least %g; more when the features are large) or T_4.",
                                  E_[k].n_neurons(), cfg_.lambda, cfg_.T4, kLambdaMin);
            return;
        }
    }
    stage_ = kTest;
}

void Run::test_slice() {
    const int d = T_.d;
    for (int s = 0; s < kSliceTest && test_i_ < cfg_.n_test; ++s, ++test_i_) {
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

} // namespace latent
