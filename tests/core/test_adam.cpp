// core::Adam against a hand computation of its first two steps, and its weight decay.
#include "core/adam.hpp"
#include <cmath>
#include <doctest/doctest.h>

TEST_CASE("adam: the first two steps match a hand computation") {
    core::AdamConfig c;
    c.lr = 0.1;
    c.beta1 = 0.9;
    c.beta2 = 0.999;
    c.eps = 1e-8;
    core::Adam a;
    a.init(2, c);
    double w[2] = {1.0, -2.0};
    const double g1[2] = {0.5, -4.0};
    a.step(w, g1);
    // t = 1: m̂ = g, v̂ = g², so each weight moves by lr·g/(|g| + ε) = lr·sign(g) (up to ε)
    CHECK(w[0] == doctest::Approx(1.0 - 0.1 * 0.5 / (0.5 + 1e-8)).epsilon(1e-14));
    CHECK(w[1] == doctest::Approx(-2.0 + 0.1 * 4.0 / (4.0 + 1e-8)).epsilon(1e-14));
    const double g2[2] = {-1.0, 2.0};
    a.step(w, g2);
    // t = 2 for coordinate 0: m = 0.9·0.05 + 0.1·(−1) = −0.055, v = 0.999·0.00025 + 0.001·1 = 0.00124975
    // m̂ = −0.055/0.19, v̂ = 0.00124975/0.001999; w = 0.9 − 0.1 · m̂ / (√v̂ + ε)
    const double m0 = 0.9 * 0.05 - 0.1, v0 = 0.999 * 0.00025 + 0.001;
    const double mh = m0 / (1 - 0.81), vh = v0 / (1 - 0.999 * 0.999);
    const double w1 = 1.0 - 0.1 * 0.5 / (0.5 + 1e-8);   // after step 1
    CHECK(w[0] == doctest::Approx(w1 - 0.1 * mh / (std::sqrt(vh) + 1e-8)).epsilon(1e-14));
    CHECK(w[0] == doctest::Approx(0.9 + 0.1 * 0.2894737 / 0.7906881).epsilon(1e-6));   // by hand: 0.9366
    CHECK(a.steps() == 2);
}

TEST_CASE("adam: weight decay is added to the gradient (torch.optim.Adam, not AdamW)") {
    core::AdamConfig c;
    c.lr = 0.01;
    c.weight_decay = 0.5;
    core::Adam a;
    a.init(1, c);
    float w[1] = {2.0f};
    const float g[1] = {-0.5f};   // g + λw = −0.5 + 1 = 0.5 > 0: the step goes down, against −g
    a.step(w, g);
    CHECK(w[0] == doctest::Approx(2.0 - 0.01).epsilon(1e-6));
}
