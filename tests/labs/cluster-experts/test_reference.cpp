// The fast kernels that train cluster-experts (experts.cpp, moe.cpp: float weights, samples grouped by expert,
// SIMD lanes) against Algorithm 1 written plainly in the paper's symbols (reference.hpp: Eigen, double), on the
// shapes of every preset of the lab (K, P, d; the MoEs' M and J and the single models' J; cubic and linear
// experts): the loss (3.3) and its gradients at the same routes, and whole iterations of (3.4) and (3.5).
#include "labs/cluster-experts/moe.hpp"
#include "labs/cluster-experts/reference.hpp"
#include "defaults.hpp"
#include "core/registry.hpp"
#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace cluster_experts;
namespace ref = cluster_experts::reference;

namespace {

// The fast path's weights as the reference's matrices: W_m is d × J (columns w_{m,j}), Θ is d × M.
std::vector<ref::Matrix> weights(const MoE& moe) {
    std::vector<ref::Matrix> W(size_t(moe.ex.E), ref::Matrix(moe.ex.d, moe.ex.J));
    for (int m = 0; m < moe.ex.E; ++m)
        for (int c = 0; c < moe.ex.d; ++c)
            for (int j = 0; j < moe.ex.J; ++j) W[size_t(m)](c, j) = moe.ex.at(m, j, c);
    return W;
}
ref::Matrix router(const MoE& moe) {
    ref::Matrix Theta(moe.router.d, std::max(1, moe.cfg.M));
    Theta.setZero();
    for (int m = 0; m < moe.router.M; ++m)
        for (int c = 0; c < moe.router.d; ++c) Theta(c, m) = moe.router.th(m)[c];
    return Theta;
}
// The fast path's flat gradient as matrices, laid out as weights() lays out W.
std::vector<ref::Matrix> as_matrices(const MoE& moe, const std::vector<float>& gW) {
    const int d = moe.ex.d, J = moe.ex.J;
    std::vector<ref::Matrix> G(size_t(moe.ex.E), ref::Matrix(d, J));
    for (int m = 0; m < moe.ex.E; ++m)
        for (int c = 0; c < d; ++c)
            for (int j = 0; j < J; ++j)
                G[size_t(m)](c, j) = gW[(size_t(m) * size_t(d) + size_t(c)) * size_t(J) + size_t(j)];
    return G;
}

double relative(const ref::Matrix& got, const ref::Matrix& want) {
    const double scale = std::max(want.norm(), 1e-12);
    return (got - want).norm() / scale;
}

// One model (M experts of J filters; M = 1: a single model) on a data set of the preset's shapes: a few iterations
// of the fast path, each checked against the reference from the same weights and routes.
// With noise_width = 0 the routes are also checked: the fast path's argmax against ref::route with r = 0.
void check_model(const DataConfig& dc, int M, int J, bool cubic, uint64_t seed, double noise_width = 1.0) {
    CAPTURE(M);
    CAPTURE(J);
    CAPTURE(cubic);
    CAPTURE(noise_width);
    core::Rng rd(seed);
    const Dataset D = generate(dc, 48, rd);
    TrainConfig c = default_moe();
    c.M = M;
    c.J = J;
    c.cubic = cubic;
    c.eta_r = 0.5;
    c.noise_width = noise_width;
    MoE moe;
    core::Rng ri(seed + 1);
    moe.init(c, dc.d, ri, core::Rng(seed + 2));
    for (int t = 0; t < 4; ++t) {
        std::vector<ref::Matrix> W = weights(moe);
        ref::Matrix Theta = router(moe);
        moe.begin(D);
        moe.accumulate(D, 0, D.n);
        const std::vector<int> routes = moe.routes();
        if (noise_width == 0 && t > 0) {   // (at Θ = 0, the first iteration, every expert ties)
            int same = 0;
            for (int i = 0; i < D.n; ++i)
                same += routes[size_t(i)] == ref::route(Theta, ref::patches(D, i), ref::Vector::Zero(M)) ? 1 : 0;
            CHECK(same == D.n);
        }
        // (3.3) and its gradients at these weights and routes: the fast path's against the reference's
        const ref::LossAndGradients g = ref::loss_and_gradients(W, Theta, D, routes, cubic);
        std::vector<float> gW, gTheta;
        moe.grad_fixed(D, routes, gW, gTheta);
        CHECK(moe.loss_fixed(D, routes) == doctest::Approx(g.L).epsilon(1e-6).scale(0));
        const std::vector<ref::Matrix> G = as_matrices(moe, gW);
        for (int m = 0; m < M; ++m) {
            CAPTURE(m);
            if (g.W[size_t(m)].norm() > 0) CHECK(relative(G[size_t(m)], g.W[size_t(m)]) < 1e-5);
            else CHECK(G[size_t(m)].norm() == 0.0);
        }
        if (M > 1) {
            ref::Matrix GTheta(dc.d, M);
            for (int m = 0; m < M; ++m)
                for (int k = 0; k < dc.d; ++k) GTheta(k, m) = gTheta[size_t(m) * size_t(dc.d) + size_t(k)];
            CHECK(relative(GTheta, g.Theta) < 1e-5);
        }
        // the iteration's step, (3.4) and (3.5)
        moe.finish(D);
        ref::step(W, Theta, g, c.eta, c.eta_r);
        const std::vector<ref::Matrix> W1 = weights(moe);
        for (int m = 0; m < M; ++m) CHECK((W1[size_t(m)] - W[size_t(m)]).norm() < 1e-4 * c.eta + 1e-6);
        // Θ moved by η_r ∇_Θ L, to within 1e-4 of that step (and the float weights' rounding)
        CHECK((router(moe) - Theta).norm() <= 1e-4 * c.eta_r * g.Theta.norm() + 1e-6 * Theta.norm());
    }
}

}   // namespace

TEST_CASE("cluster-experts: the fast kernels compute Algorithm 1 as written plainly in reference.hpp, on every "
          "preset's shapes") {
    const core::Lab* lab = core::find_lab("cluster-experts");
    REQUIRE(lab);
    for (const core::Preset& preset : lab->schema().presets) {
        CAPTURE(preset.id);
        core::Params p(lab->schema());
        REQUIRE(p.apply_preset(preset.id));
        const Config c = binding().config(p);
        const DataConfig dc = c.data_model();
        check_model(dc, c.moe.M, c.moe.J, true, 40);
        check_model(dc, c.moe.M, c.moe.J, true, 45, 0.0);
        check_model(dc, c.moe.M, c.moe.J, false, 50);
        check_model(dc, 1, c.J_single, true, 60);
        check_model(dc, 1, c.J_single, false, 70);
    }
}

TEST_CASE("cluster-experts reference: its gradients are the loss's (finite differences), and its route is the "
          "argmax of h + r") {
    DataConfig dc = default_data();
    dc.K = 3;
    dc.P = 4;
    dc.d = 6;
    core::Rng rd(81);
    const Dataset D = generate(dc, 10, rd);
    core::Rng rw(82);
    std::vector<ref::Matrix> W(3, ref::Matrix(dc.d, 2));
    ref::Matrix Theta(dc.d, 3);
    for (auto& Wm : W)
        for (int k = 0; k < Wm.size(); ++k) Wm(k) = 0.3 * rw.normal();
    for (int k = 0; k < Theta.size(); ++k) Theta(k) = 0.2 * rw.normal();
    std::vector<int> routes;
    for (int i = 0; i < D.n; ++i) routes.push_back(i % 3);
    const ref::LossAndGradients g = ref::loss_and_gradients(W, Theta, D, routes, true);
    const double h = 1e-6;
    for (int m = 0; m < 3; ++m)
        for (int k = 0; k < W[0].size(); k += 3) {
            std::vector<ref::Matrix> Wp = W, Wn = W;
            Wp[size_t(m)](k) += h;
            Wn[size_t(m)](k) -= h;
            const double fd = (ref::loss_and_gradients(Wp, Theta, D, routes, true).L -
                               ref::loss_and_gradients(Wn, Theta, D, routes, true).L) /
                (2 * h);
            CHECK(g.W[size_t(m)](k) == doctest::Approx(fd).epsilon(1e-6).scale(1e-3));
        }
    for (int k = 0; k < Theta.size(); k += 2) {
        ref::Matrix Tp = Theta, Tn = Theta;
        Tp(k) += h;
        Tn(k) -= h;
        const double fd =
            (ref::loss_and_gradients(W, Tp, D, routes, true).L - ref::loss_and_gradients(W, Tn, D, routes, true).L) /
            (2 * h);
        CHECK(g.Theta(k) == doctest::Approx(fd).epsilon(1e-6).scale(1e-3));
    }
    const ref::Matrix X = ref::patches(D, 0);
    const ref::Vector hx = Theta.transpose() * X.rowwise().sum();
    ref::Vector r = ref::Vector::Zero(3);
    Eigen::Index best = 0;
    hx.maxCoeff(&best);
    CHECK(ref::route(Theta, X, r) == int(best));
    r(best) = -1e9;   // r pushes the route elsewhere
    CHECK(ref::route(Theta, X, r) != int(best));
    CHECK(ref::gates(Theta, X).sum() == doctest::Approx(1.0));
}
