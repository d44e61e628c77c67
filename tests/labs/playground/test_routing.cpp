// The playground lab's routing rules (src/labs/playground/routing.hpp): who goes where under top-k, capacity,
// expert choice and the balancing bias, and the gradients of the gates, of L_aux and of L_z against finite
// differences of the same functions (the choice held fixed).
#include "core/rng.hpp"
#include "labs/playground/routing.hpp"
#include <cmath>
#include <doctest/doctest.h>

namespace {

std::vector<double> random_logits(int B, int K, uint64_t seed) {
    core::Rng rng(seed);
    std::vector<double> h(size_t(B) * size_t(K));
    for (double& v : h) v = 2 * rng.normal();
    return h;
}

// Σ gate ⊙ c: a loss through the gates alone.
double through_gates(const playground::Routed& r, const std::vector<double>& c) {
    double s = 0;
    for (size_t j = 0; j < c.size(); ++j) s += r.gate[j] * c[j];
    return s;
}

// Central differences of loss(h) in every coordinate, against the analytic dh; the choice must not change.
template <class Loss>
void check_gradient(std::vector<double> h, const std::vector<double>& dh, Loss loss) {
    const double eps = 1e-6;
    for (size_t j = 0; j < h.size(); ++j) {
        const double keep = h[j];
        h[j] = keep + eps;
        const double up = loss(h);
        h[j] = keep - eps;
        const double down = loss(h);
        h[j] = keep;
        CAPTURE(j);
        CHECK(dh[j] == doctest::Approx((up - down) / (2 * eps)).epsilon(1e-5).scale(1.0));
    }
}

}   // namespace

TEST_CASE("playground routing: top-k renormalises the kept experts' probabilities; capacity drops in batch order") {
    // three points, three experts; every point prefers expert 0
    const std::vector<double> h = {3, 1, 0, 2, 1.5, 0, 4, 0, 1};
    playground::RoutingRule rule;
    rule.k = 2;
    playground::Routed r = playground::route(h, nullptr, 3, 3, rule);
    for (int b = 0; b < 3; ++b) {
        double g = 0;
        for (int i = 0; i < 3; ++i) g += r.gate[size_t(b) * 3 + i];
        CHECK(g == doctest::Approx(1.0));
    }
    CHECK(r.gate[0] == doctest::Approx(r.p[0] / (r.p[0] + r.p[1])));
    CHECK(r.gate[2] == 0);
    CHECK(r.f[0] == doctest::Approx(3.0 / 6));   // three of the six choices
    CHECK(r.unrouted == 0);
    rule.k = 1;
    rule.capacity = 1;   // ⌈1 · 1 · 3 / 3⌉ = 1 point each
    r = playground::route(h, nullptr, 3, 3, rule);
    CHECK(r.gate[0] == r.p[0]);   // the first point takes expert 0's one place, gated by p (k = 1)
    CHECK(r.dropped[3] == 1);     // the second and third are dropped there
    CHECK(r.dropped[6] == 1);
    CHECK(r.unrouted == 2);
    CHECK(r.dropped_points == 2);
    CHECK(r.f[0] == doctest::Approx(1.0));   // f counts choices before capacity (Switch)
    // the bias chooses, the unbiased scores gate
    const std::vector<double> bias = {-10, 0, 0};
    rule.capacity = 0;
    r = playground::route(h, &bias, 3, 3, rule);
    CHECK(r.gate[0] == 0);
    CHECK(r.gate[1] == r.p[1]);   // point 0: expert 1 (h = 1 beats h = 0), gated by the unbiased p
    std::vector<double> b = bias;
    playground::update_bias(b, r, 0.5);   // f = (0, 2/3, 1/3): expert 0 under, 1 over, 2 at the mean
    CHECK(b == std::vector<double>{-9.5, -0.5, 0});
}

TEST_CASE("playground routing: top-2 with capacity fills every first choice before any second (GShard)") {
    // three points, two experts, ⌈0.6 · 2 · 3 / 2⌉ = 2 places each; points 0 and 1 prefer expert 0, point 2 expert 1
    const std::vector<double> h = {2, 0, 2, 0, 0, 2};
    playground::RoutingRule rule;
    rule.k = 2;
    rule.capacity = 0.6;
    const playground::Routed r = playground::route(h, nullptr, 3, 2, rule);
    // first choices: expert 0 takes points 0 and 1, expert 1 point 2; second choices: expert 1 takes point 0 and is
    // full for point 1, expert 0 is full for point 2. Point by point, point 2 would have lost both its experts.
    CHECK(r.dropped[5] == 0);
    CHECK(r.dropped[3] == 1);
    CHECK(r.dropped[4] == 1);
    CHECK(r.dropped_points == 0);   // every point kept an expert
    // the gates were renormalised over both choices before the drop: point 1 keeps p_0 / (p_0 + p_1), not 1
    CHECK(r.gate[2] == doctest::Approx(r.p[2] / (r.p[2] + r.p[3])));
    CHECK(r.gate[3] == 0);
    // the bias is added to the gating score p (Wang et al. 2024): a bias of 0.5 turns a p of 0.3 past one of 0.7
    const std::vector<double> h2 = {0.8473, 0};   // p ≈ (0.7, 0.3)
    const std::vector<double> bias = {0, 0.5};
    playground::RoutingRule top1;
    const playground::Routed b = playground::route(h2, &bias, 1, 2, top1);
    CHECK(b.gate[0] == 0);
    CHECK(b.gate[1] == doctest::Approx(b.p[1]));
    const std::vector<double> small = {0, 0.3};   // 0.3 + 0.3 < 0.7: the choice stays
    CHECK(playground::route(h2, &small, 1, 2, top1).gate[0] > 0);
}

TEST_CASE("playground routing: expert choice takes each expert's top points; a point may get none or several") {
    const std::vector<double> h = {3, 1, 0, 2, 1.5, 0, 4, 0, 1, -1, -1, 5};
    playground::RoutingRule rule;
    rule.expert_choice = true;
    rule.capacity = 1;   // ⌈1 · 1 · 4 / 3⌉ = 2 points per expert
    const playground::Routed r = playground::route(h, nullptr, 4, 3, rule);
    for (int i = 0; i < 3; ++i) {
        int taken = 0;
        for (int b = 0; b < 4; ++b) taken += r.chosen[size_t(b) * 3 + i];
        CHECK(taken == 2);
    }
    for (size_t j = 0; j < r.gate.size(); ++j) CHECK(r.gate[j] == (r.chosen[j] ? r.p[j] : 0.0));
    int several = 0;
    for (int b = 0; b < 4; ++b)
        several += r.chosen[size_t(b) * 3] + r.chosen[size_t(b) * 3 + 1] + r.chosen[size_t(b) * 3 + 2] > 1;
    CHECK(several + r.unrouted > 0);
}

TEST_CASE("playground routing: the gates', L_aux's and L_z's gradients against finite differences") {
    const int B = 6, K = 4;
    const std::vector<double> h = random_logits(B, K, 11);
    core::Rng rng(12);
    std::vector<double> c(h.size());
    for (double& v : c) v = rng.normal();
    for (int k : {1, 2, 3})
        for (bool ec : {false, true})
            for (double cf : {0.0, 1.0}) {
                if (ec && cf == 0) continue;
                playground::RoutingRule rule;
                rule.k = k;
                rule.expert_choice = ec;
                rule.capacity = cf;
                CAPTURE(k);
                CAPTURE(ec);
                CAPTURE(cf);
                const playground::Routed r = playground::route(h, nullptr, B, K, rule);
                std::vector<double> dh(h.size(), 0.0);
                playground::gate_backward(r, rule, c, dh);
                check_gradient(h, dh, [&](const std::vector<double>& x) {
                    const playground::Routed q = playground::route(x, nullptr, B, K, rule);
                    REQUIRE(q.chosen == r.chosen);   // the choice held fixed
                    REQUIRE(q.dropped == r.dropped);
                    return through_gates(q, c);
                });
                std::vector<double> da(h.size(), 0.0);
                playground::aux_loss(r, 0.01, da);
                check_gradient(h, da, [&](const std::vector<double>& x) {
                    std::vector<double> unused(x.size(), 0.0);
                    return playground::aux_loss(playground::route(x, nullptr, B, K, rule), 0.01, unused);
                });
            }
    std::vector<double> dz(h.size(), 0.0);
    const double Lz = playground::z_loss(h, B, K, 0.001, dz);
    CHECK(Lz > 0);
    check_gradient(h, dz, [&](const std::vector<double>& x) {
        std::vector<double> unused(x.size(), 0.0);
        return playground::z_loss(x, B, K, 0.001, unused);
    });
}
