// The playground lab's training (src/labs/playground/trainer.hpp) on the skewed data (clusters of 70, 20 and 10 %),
// four linear experts, top-1, seeds 1–10: without balancing the router collapses onto one or two experts; Switch's
// load-balancing loss evens the load at no cost in accuracy; the loss-free bias balances part of the way. The same
// seed gives the same parameters, bit for bit.
#include "labs/playground/datasets.hpp"
#include "labs/playground/trainer.hpp"
#include <doctest/doctest.h>

namespace {

playground::Evaluation trained(uint64_t seed, double alpha, double gamma, std::vector<double>* theta = nullptr) {
    playground::DataSpec d;
    d.shape = playground::Shape::Skewed;
    d.n = 600;
    core::Rng rng(seed, 7);
    const core::PointSet pts = playground::make_points(d, rng);
    playground::MixtureSpec m;
    m.K = 4;
    playground::TrainSpec t;
    t.lr = 0.02;
    t.alpha = alpha;
    t.gamma = gamma;
    playground::Trainer tr(m, t, pts, seed);
    for (int s = 0; s < 400; ++s) tr.step();
    if (theta) *theta = tr.theta();
    return tr.evaluate(pts);
}

}   // namespace

TEST_CASE("playground training on skewed data: collapse without balancing, an even load with L_aux") {
    int collapsed = 0, even = 0;
    double acc_lb = 0, h_none = 0, h_bias = 0;
    for (uint64_t seed = 1; seed <= 10; ++seed) {
        const playground::Evaluation none = trained(seed, 0, 0), lb = trained(seed, 0.3, 0),
                                     bias = trained(seed, 0, 0.01);
        CAPTURE(seed);
        collapsed += none.load_entropy <= 0.5 && none.idle >= 0.25;   // most points on one or two experts
        even += lb.load_entropy >= 0.9;
        acc_lb += lb.acc / 10;
        h_none += none.load_entropy / 10;
        h_bias += bias.load_entropy / 10;
    }
    CHECK(collapsed >= 9);
    CHECK(even >= 9);
    CHECK(acc_lb >= 0.98);
    CHECK(h_bias >= h_none + 0.15);   // part of the way (measured: 0.58 against 0.27)
}

TEST_CASE("playground training: the same seed gives the same parameters, bit for bit") {
    std::vector<double> a, b;
    trained(4, 0.1, 0.01, &a);
    trained(4, 0.1, 0.01, &b);
    CHECK(a == b);
    trained(5, 0.1, 0.01, &b);
    CHECK(a != b);
}
