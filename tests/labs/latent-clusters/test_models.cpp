// latent-clusters: the expert update (spherical gradient), the router gradient, the ridge solve.
#include "labs/latent-clusters/experts.hpp"
#include "labs/latent-clusters/router.hpp"
#include "core/linalg.hpp"
#include "core/ridge.hpp"
#include "core/stats.hpp"
#include <cmath>
#include <doctest/doctest.h>

using namespace latent;

namespace {
std::vector<float> gaussian(core::Rng& r, int d) {
    std::vector<float> x(static_cast<size_t>(d));
    for (float& v : x) v = float(r.normal());
    return x;
}
}   // namespace

TEST_CASE("latent-clusters: the SGD step is the spherical projection of the finite-difference gradient") {
    core::Rng r(4);
    for (Act act : {Act::Hermite, Act::Relu}) {
        Experts E;
        E.init(2, 3, 10, act, 3, 4, 1.5, r);
        std::vector<float> x = gaussian(r, 10);
        const float xx = core::dot(x.data(), x.data(), 10);
        const int m = 1, J = E.J;
        // finite differences of J·f_m(x) with respect to each w_{m,j}
        std::vector<double> fd(size_t(J) * 10);
        for (int j = 0; j < J; ++j)
            for (int k = 0; k < 10; ++k) {
                Experts P = E, Q = E;
                const float h = 1e-2f;
                P.w(m * J + j)[k] += h;
                Q.w(m * J + j)[k] -= h;
                fd[size_t(j * 10 + k)] = J * (double(P.forward(m, x.data())) - Q.forward(m, x.data())) / (2.0 * h);
            }
        Experts S = E;
        const float eps = 1e-4f;
        S.sgd(m, x.data(), xx, eps);
        for (int j = 0; j < J; ++j) {
            const int n = m * J + j;
            if (act == Act::Relu && std::abs(core::dot(E.w(n), x.data(), 10) + E.b[size_t(n)]) < 0.1)
                continue;   // kink
            const float* w0 = E.w(n);
            const float* w1 = S.w(m * J + j);
            const double* g = &fd[size_t(j * 10)];
            double gw = 0;
            for (int k = 0; k < 10; ++k) gw += g[k] * w0[k];
            for (int k = 0; k < 10; ++k) {
                double expect = eps * (g[k] - gw * w0[k]);   // (I − w wᵀ) ∇_w, Algorithm 1
                INFO("act " << int(act) << " j " << j << " k " << k);
                CHECK((w1[k] - w0[k]) == doctest::Approx(expect).epsilon(0.03).scale(2e-5));
            }
            // the step is tangent: to first order w stays on the sphere
            double dn = 0;
            for (int k = 0; k < 10; ++k) dn += (w1[k] - w0[k]) * w0[k];
            CHECK(std::abs(dn) < 1e-6);
        }
        // other experts are untouched
        for (int k = 0; k < 10; ++k) CHECK(S.w(0)[k] == E.w(0)[k]);
    }
}

TEST_CASE("latent-clusters: weights stay on the unit sphere under many normalised SGD steps") {
    core::Rng r(9);
    Experts E;
    E.init(3, 4, 32, Act::Hermite, 3, 3, 0, r);
    for (int t = 0; t < 20000; ++t) {
        std::vector<float> x = gaussian(r, 32);
        float y = float(r.normal());
        E.sgd(int(r.below(3)), x.data(), core::dot(x.data(), x.data(), 32), 0.01f * y);
    }
    CHECK(E.norm_error() < 1e-3);   // the closed-form norm drifts only by rounding
    E.renormalize();
    CHECK(E.norm_error() < 1e-6);
}

TEST_CASE("latent-clusters: router gradient of F_1 matches finite differences and sums to zero over experts") {
    core::Rng r(12);
    const int M = 4, d = 6;
    Router R;
    R.init(M, d);
    for (float& t : R.theta) t = float(0.3 * r.normal());
    std::vector<float> x = gaussian(r, d);
    const double f[M] = {0.7, -1.2, 0.4, 2.0};   // expert outputs f_m(x), fixed
    auto F1 = [&](const Router& Q) {             // F_1 = π_{m(x)} f_{m(x)}, m(x) fixed below
        double h[M], pi[M];
        Q.gate(x.data(), h);
        core::softmax(h, pi, M);
        return pi[core::argmax(h, M)] * f[core::argmax(h, M)];
    };
    double h[M], pi[M];
    R.gate(x.data(), h);
    core::softmax(h, pi, M);
    const int mx = core::argmax(h, M);
    std::vector<double> g(size_t(M) * d, 0.0);
    Router::add_grad_F1(pi, mx, f[mx], x.data(), M, d, 1.0, g.data());
    for (int m = 0; m < M; ++m)
        for (int k = 0; k < d; ++k) {
            Router P = R, Q = R;
            const float e = 1e-3f;
            P.theta[size_t(m * d + k)] += e;
            Q.theta[size_t(m * d + k)] -= e;
            double fdv = (F1(P) - F1(Q)) / (2.0 * e);
            CHECK(g[size_t(m * d + k)] == doctest::Approx(fdv).epsilon(0.02).scale(1e-3));
        }
    for (int k = 0; k < d; ++k) {
        double s = 0;
        for (int m = 0; m < M; ++m) s += g[size_t(m * d + k)];
        CHECK(std::abs(s) < 1e-12);   // Lemma C.16
    }
}

TEST_CASE("latent-clusters: top-1 breaks ties uniformly; adaptive top-k activates h_m ≥ 0") {
    core::Rng r(1);
    const int M = 5;
    double h[M] = {0, 0, 0, 0, 0};
    int counts[M] = {};
    for (int t = 0; t < 50000; ++t) counts[Router::top1(h, M, r)]++;
    for (int c : counts) CHECK(std::abs(c / 50000.0 - 0.2) < 0.01);
    double h2[M] = {-1, 0.5, 0, -0.2, 3};
    unsigned char act[M];
    CHECK(Router::adaptive(h2, M, act) == 3);
    CHECK(act[0] == 0);
    CHECK(act[1] == 1);
    CHECK(act[2] == 1);
    CHECK(act[3] == 0);
    CHECK(act[4] == 1);
    CHECK(Router::top1(h2, M, r) == 4);
}

TEST_CASE("core ridge: the solution satisfies the normal equations, sparse and dense accumulation agree") {
    core::Rng r(6);
    const int n = 12, T = 300;
    const double lambda = 1e-3;
    core::RidgeAccumulator sparse, dense;
    sparse.reset(n);
    dense.reset(n);
    std::vector<std::vector<double>> Phi;
    std::vector<double> Y;
    for (int t = 0; t < T; ++t) {
        std::vector<double> phi(size_t(n), 0.0);
        std::vector<int> idx;
        std::vector<double> nz;
        for (int k = 0; k < n; ++k)
            if (r.uniform() < 0.6) {
                phi[size_t(k)] = r.normal();
                idx.push_back(k);
                nz.push_back(phi[size_t(k)]);
            }
        double y = r.normal();
        std::vector<int> all(static_cast<size_t>(n));
        for (int k = 0; k < n; ++k) all[size_t(k)] = k;
        sparse.add(idx.data(), nz.data(), int(idx.size()), y);
        dense.add(all.data(), phi.data(), n, y);
        Phi.push_back(phi);
        Y.push_back(y);
    }
    std::vector<double> a = sparse.solve(lambda), b = dense.solve(lambda);
    REQUIRE(a.size() == size_t(n));
    for (int k = 0; k < n; ++k) CHECK(a[size_t(k)] == doctest::Approx(b[size_t(k)]).epsilon(1e-10));
    // (ΦᵀΦ/T + λ I) a = Φᵀy/T
    for (int i = 0; i < n; ++i) {
        double lhs = lambda * a[size_t(i)], rhs = 0;
        for (int t = 0; t < T; ++t) {
            double pa = 0;
            for (int k = 0; k < n; ++k) pa += Phi[size_t(t)][size_t(k)] * a[size_t(k)];
            lhs += Phi[size_t(t)][size_t(i)] * pa / T;
            rhs += Phi[size_t(t)][size_t(i)] * Y[size_t(t)] / T;
        }
        CHECK(lhs == doctest::Approx(rhs).epsilon(1e-9).scale(1e-12));
    }
    // singular without a penalty: a zero feature column
    core::RidgeAccumulator z;
    z.reset(2);
    int i0 = 0;
    double v = 1.0;
    z.add(&i0, &v, 1, 1.0);
    CHECK(z.solve(0.0).empty());
    CHECK(z.solve(0.1).size() == 2);
}
