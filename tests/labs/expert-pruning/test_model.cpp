// The expert-pruning model: gradients against finite differences (expert- and token-choice), the pruned
// outputs of eq. (5) and (6), and the data model.
#include "labs/expert-pruning/criteria.hpp"
#include "labs/expert-pruning/data.hpp"
#include "labs/expert-pruning/model.hpp"
#include "labs/expert-pruning/pretrain.hpp"
#include "core/stats.hpp"
#include <cmath>
#include <doctest/doctest.h>

using namespace expert_pruning;

namespace {

Moe random_model(Routing r, int k = 6, int d = 12, int m = 4, int l = 3, uint64_t seed = 5) {
    Moe M;
    M.resize(k, d, m, l, r);
    core::Rng rng(seed);
    // well-spread values: the top-l selections and ReLU signs stay put under a 1e-6 perturbation
    init_gaussian(M, 1.0, 1.0, rng);
    return M;
}

// Checks every router entry and every neuron entry against the central difference of f.
void check_gradient(Routing r, const Mask& alive) {
    Moe M = random_model(r);
    DataSpec ds{};
    ds.d = M.d;
    ds.n = 7;
    ds.C = 1;
    QSampler q;
    q.init(ds);
    core::Rng rng(9);
    Dataset set;
    make_set(ds, q, rng, 4, 0, set);
    Work w;
    const double eps = 1e-6;
    for (int i = 0; i < set.N; ++i) {
        const int32_t* x = set.sample(i);
        forward(M, x, set.n, alive, w);
        std::vector<double> gw(M.w.size(), 0.0), gW(M.W.size(), 0.0);
        add_gradient(M, x, set.n, alive, w, 1.0, gw.data(), gW.data());
        for (int which = 0; which < 2; ++which) {
            std::vector<double>& P = which == 0 ? M.w : M.W;
            const std::vector<double>& G = which == 0 ? gw : gW;
            for (size_t e = 0; e < P.size(); ++e) {
                const double keep = P[e];
                P[e] = keep + eps;
                const double fp = forward(M, x, set.n, alive, w);
                P[e] = keep - eps;
                const double fm = forward(M, x, set.n, alive, w);
                P[e] = keep;
                const double fd = (fp - fm) / (2 * eps);
                CAPTURE(which);
                CAPTURE(e);
                CAPTURE(i);
                CHECK(G[e] == doctest::Approx(fd).epsilon(1e-5).scale(1.0));
            }
        }
    }
}

}   // namespace

TEST_CASE("expert-pruning: expert-choice gradients of f match finite differences (App. C)") {
    check_gradient(Routing::ExpertChoice, Mask());
    check_gradient(Routing::ExpertChoice, Mask{1, 0, 1, 1, 0, 1});
}

TEST_CASE("expert-pruning: token-choice gradients of f match finite differences (eq. 3 and 5)") {
    check_gradient(Routing::TokenChoice, Mask());
    check_gradient(Routing::TokenChoice, Mask{0, 1, 1, 0, 1, 1});   // pruned routers still get the softmax gradient
}

TEST_CASE("expert-pruning: the router gradient is the paper's pairwise form (App. C)") {
    // −∂l/∂w_s = y a Σ_j σ_j G_j Σ_{i≠j} G_i (x^(j) − x^(i)); l = 1 − y f, so it is ∂f/∂w_s for y = 1.
    Moe M = random_model(Routing::ExpertChoice, 2, 10, 3, 3, 11);
    int32_t ids[6] = {2, 5, 7, 5, 9, 3};
    Work w;
    forward(M, ids, 6, Mask(), w);
    std::vector<double> gw(M.w.size(), 0.0), gW(M.W.size(), 0.0);
    add_gradient(M, ids, 6, Mask(), w, 1.0, gw.data(), gW.data());
    for (int s = 0; s < 2; ++s) {
        std::vector<double> ref(size_t(M.d), 0.0);
        for (int t = 0; t < M.l; ++t)
            for (int u = 0; u < M.l; ++u) {
                if (u == t) continue;
                const size_t qt = size_t(s * M.l + t), qu = size_t(s * M.l + u);
                const double c = M.a[size_t(s)] * w.sig[qt] * w.G[qt] * w.G[qu];
                ref[size_t(ids[w.sel[qt]])] += c;
                ref[size_t(ids[w.sel[qu]])] -= c;
            }
        for (int p = 0; p < M.d; ++p) CHECK(gw[size_t(s * M.d + p)] == doctest::Approx(ref[size_t(p)]).epsilon(1e-12));
    }
}

TEST_CASE("expert-pruning: with l = 1 the router gets no gradient (why validation asks for l ≥ 2)") {
    for (Routing r : {Routing::ExpertChoice, Routing::TokenChoice}) {
        Moe M = random_model(r, 4, 10, 3, 1);
        int32_t ids[5] = {0, 4, 6, 4, 8};
        Work w;
        forward(M, ids, 5, Mask(), w);
        std::vector<double> gw(M.w.size(), 0.0), gW(M.W.size(), 0.0);
        add_gradient(M, ids, 5, Mask(), w, 1.0, gw.data(), gW.data());
        double router = 0, neurons = 0;
        for (double v : gw) router += std::fabs(v);
        for (double v : gW) neurons += std::fabs(v);
        CHECK(router == 0.0);
        CHECK(neurons > 0.0);
    }
}

TEST_CASE("expert-pruning: pruned outputs, eq. (6) expert-choice vs eq. (5) token-choice") {
    // Expert-choice: the pruned model's f is the sum of the kept experts' f_s (their J_s and G unchanged).
    Moe E = random_model(Routing::ExpertChoice);
    int32_t ids[7] = {1, 3, 5, 7, 9, 11, 3};
    Work w;
    const Mask keep = {1, 0, 0, 1, 1, 0};
    double sum = 0;
    for (int s = 0; s < E.k; ++s) {
        if (!keep[size_t(s)]) continue;
        Mask one(size_t(E.k), 0);
        one[size_t(s)] = 1;
        sum += forward(E, ids, 7, one, w);
    }
    CHECK(forward(E, ids, 7, keep, w) == doctest::Approx(sum).epsilon(1e-12));

    // Token-choice: the pruned routers still take part in J_j and the softmax (eq. 5), so the kept experts'
    // gates are those of the unpruned model; removing the pruned routers instead (renormalising over the kept
    // experts) gives a different f.
    Moe T = random_model(Routing::TokenChoice);
    const double f_eq5 = forward(T, ids, 7, keep, w);
    double manual = 0;
    for (int j = 0; j < 7; ++j) {
        std::vector<double> g(size_t(T.k));
        for (int s = 0; s < T.k; ++s) g[size_t(s)] = T.router(s)[ids[j]];
        std::vector<int> J = core::top_k(g, T.l);
        double z = 0;
        for (int s : J) z += std::exp(g[size_t(s)] - g[size_t(J[0])]);
        for (int s : J) {
            if (!keep[size_t(s)]) continue;
            double sig = 0;
            for (int r = 0; r < T.m; ++r) sig += std::max(0.0, T.neurons(s, ids[j])[r]);
            manual += T.a[size_t(s)] * std::exp(g[size_t(s)] - g[size_t(J[0])]) / z * sig;
        }
    }
    CHECK(f_eq5 == doctest::Approx(manual).epsilon(1e-9));
    Moe R = T;   // routers of pruned experts removed: push them to −∞ so they are never selected
    for (int s = 0; s < R.k; ++s)
        if (!keep[size_t(s)])
            for (int p = 0; p < R.d; ++p) R.router(s)[p] = -1e6;
    CHECK(std::fabs(forward(R, ids, 7, keep, w) - f_eq5) > 1e-6);
}

TEST_CASE("expert-pruning data: one task token per sample that sets the label, balanced test set, Zipf q's") {
    DataSpec ds{};
    ds.d = 32;
    ds.n = 16;
    ds.C = 4;
    QSampler q;
    q.init(ds);
    core::Rng rng(3);
    Dataset set;
    make_set(ds, q, rng, 400, 0, set);
    int plus = 0;
    for (int i = 0; i < set.N; ++i) {
        int o1 = 0, o2 = 0, other = 0;
        for (int j = 0; j < set.n; ++j) {
            const int id = set.sample(i)[j];
            o1 += id == kO1;
            o2 += id == kO2;
            other += id >= 2 && id < ds.first_q();   // other concepts never occur downstream
            CHECK(id < ds.d);
        }
        CHECK(o1 + o2 == 1);
        CHECK(other == 0);
        CHECK((o1 == 1) == (set.y[size_t(i)] > 0));
        plus += set.y[size_t(i)] > 0;
    }
    CHECK(plus == 200);
    ds.zipf = 1.0;
    q.init(ds);
    CHECK(q.prob(0) > 5 * q.prob(ds.q_count() - 1));
    double total = 0;
    for (int i = 0; i < ds.q_count(); ++i) total += q.prob(i);
    CHECK(total == doctest::Approx(1.0));
}
