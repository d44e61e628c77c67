// The playground lab's mixture (src/labs/playground/mixture.hpp): the loss's gradient in every parameter against
// central differences, for linear and MLP experts, with and without a shared expert and router noise, under top-1,
// top-2, capacity and expert choice, with L_aux and L_z; a mixture of one expert is a dense network.
#include "core/rng.hpp"
#include "labs/playground/mixture.hpp"
#include <cmath>
#include <doctest/doctest.h>

namespace {

struct Batch {
    std::vector<double> X;
    std::vector<int> labels;
};

Batch batch(int B, int C, uint64_t seed) {
    core::Rng rng(seed);
    Batch b;
    for (int i = 0; i < B; ++i) {
        b.X.push_back(rng.uniform(-1, 1));
        b.X.push_back(rng.uniform(-1, 1));
        b.labels.push_back(int(rng.uniform() * C) % C);
    }
    return b;
}

}   // namespace

TEST_CASE("playground mixture: the loss's gradient in every parameter against central differences") {
    const int B = 7, C = 3;
    const Batch data = batch(B, C, 21);
    const std::vector<double> bias = {0.3, -0.2, 0.1};
    for (int hidden : {0, 4})
        for (bool shared : {false, true})
            for (bool noise : {false, true})
                for (int rule_id = 0; rule_id < 4; ++rule_id) {
                    playground::MixtureSpec spec;
                    spec.K = 3;
                    spec.C = C;
                    spec.hidden = hidden;
                    spec.shared = shared;
                    spec.noise = noise;
                    playground::RoutingRule rule;
                    rule.k = rule_id == 1 ? 2 : 1;
                    rule.capacity = rule_id == 2 ? 1.0 : rule_id == 3 ? 1.5 : 0.0;
                    rule.expert_choice = rule_id == 3;
                    CAPTURE(hidden);
                    CAPTURE(shared);
                    CAPTURE(noise);
                    CAPTURE(rule_id);
                    const playground::Mixture m(spec);
                    core::Rng init(5);
                    std::vector<double> theta = m.init(init);
                    for (double& w : theta) w += 0.3 * init.normal();   // a router and noise that are not 0
                    const std::vector<double>* b = rule_id == 0 ? &bias : nullptr;
                    auto loss = [&](const std::vector<double>& t, playground::Pass& pass, std::vector<double>& g) {
                        core::Rng eps(9);   // the same noise every time
                        m.forward(t, data.X.data(), B, rule, b, &eps, pass);
                        return m.backward(t, pass, data.labels.data(), 0.05, 0.01, g);
                    };
                    playground::Pass at;
                    std::vector<double> g;
                    loss(theta, at, g);
                    REQUIRE(g.size() == m.size());
                    const double h = 1e-6;
                    for (size_t j = 0; j < theta.size(); ++j) {
                        const double keep = theta[j];
                        playground::Pass p;
                        std::vector<double> unused;
                        theta[j] = keep + h;
                        const double up = loss(theta, p, unused);
                        REQUIRE(p.routed.chosen == at.routed.chosen);
                        theta[j] = keep - h;
                        const double down = loss(theta, p, unused);
                        REQUIRE(p.routed.chosen == at.routed.chosen);
                        theta[j] = keep;
                        CAPTURE(j);
                        CHECK(g[j] == doctest::Approx((up - down) / (2 * h)).epsilon(1e-5).scale(1.0));
                    }
                }
}

TEST_CASE("playground mixture: one expert is a dense network; unrouted points without a shared expert get 0 logits") {
    playground::MixtureSpec dense;
    dense.K = 1;
    dense.hidden = 8;
    const playground::Mixture m(dense);
    core::Rng rng(3);
    const std::vector<double> theta = m.init(rng);
    CHECK(m.size() == m.expert_size() + 3);   // its router: W_r (1×2) and b_r
    const Batch data = batch(4, 3, 4);
    playground::Pass pass;
    m.forward(theta, data.X.data(), 4, playground::RoutingRule(), nullptr, nullptr, pass);
    for (double g : pass.routed.gate) CHECK(g == 1.0);
    playground::MixtureSpec three;
    three.K = 3;
    const playground::Mixture mix(three);
    playground::RoutingRule cap;
    cap.capacity = 0.25;   // ⌈0.25 · 4 / 3⌉ = 1 point an expert: at most three of four routed
    core::Rng r2(6);
    std::vector<double> t2 = mix.init(r2);
    mix.forward(t2, data.X.data(), 4, cap, nullptr, nullptr, pass);
    CHECK(pass.routed.unrouted >= 1);
    for (int b = 0; b < 4; ++b) {
        bool any = false;
        for (int i = 0; i < 3; ++i) any = any || pass.routed.gate[size_t(b) * 3 + i] > 0;
        if (!any)
            for (int c = 0; c < 3; ++c) CHECK(pass.y[size_t(b) * 3 + c] == 0.0);
    }
}
