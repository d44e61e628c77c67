// The playground lab's training (src/labs/playground/trainer.hpp) on the skewed data (clusters of 70, 20 and 10 %),
// four linear experts, top-1, seeds 1–10: without balancing the router collapses onto one or two experts; Switch's
// load-balancing loss evens the load at no cost in accuracy; the loss-free bias with a small step evens it given
// time. The evaluation takes the points in shuffled batches and counts a point no expert answers as an error. The
// same seed gives the same parameters, bit for bit.
#include "labs/playground/datasets.hpp"
#include "labs/playground/trainer.hpp"
#include <algorithm>
#include <doctest/doctest.h>

namespace {

core::PointSet skewed(uint64_t seed) {
    playground::DataSpec d;
    d.shape = playground::Shape::Skewed;
    d.n = 600;
    core::Rng rng(seed, 7);
    return playground::make_points(d, rng);
}

playground::Trainer trainer(const core::PointSet& pts, uint64_t seed, playground::TrainSpec t) {
    playground::MixtureSpec m;
    m.K = 4;
    t.lr = 0.02;
    return playground::Trainer(m, t, pts, seed);
}

// Trained `steps` batches on `pts`, then evaluated on them (shuffled by the seed); θ in *theta if asked.
playground::Evaluation trained_on(const core::PointSet& pts, uint64_t seed, const playground::TrainSpec& t, int steps,
                                  std::vector<double>* theta = nullptr) {
    playground::Trainer tr = trainer(pts, seed, t);
    for (int s = 0; s < steps; ++s) tr.step();
    if (theta) *theta = tr.theta();
    return tr.evaluate(pts, seed);
}

playground::Evaluation trained(uint64_t seed, double alpha, double gamma, int steps = 400,
                               std::vector<double>* theta = nullptr) {
    playground::TrainSpec t;
    t.alpha = alpha;
    t.gamma = gamma;
    return trained_on(skewed(seed), seed, t, steps, theta);
}

}   // namespace

TEST_CASE("playground training on skewed data: collapse without balancing, an even load with L_aux or the bias") {
    int collapsed = 0, even = 0, even_bias = 0;
    double acc_lb = 0;
    for (uint64_t seed = 1; seed <= 10; ++seed) {
        const playground::Evaluation none = trained(seed, 0, 0), lb = trained(seed, 0.3, 0),
                                     bias = trained(seed, 0, 0.01, 3000);
        CAPTURE(seed);
        collapsed += none.load_entropy <= 0.5 && none.idle >= 0.25;   // most points on one or two experts
        even += lb.load_entropy >= 0.9;
        even_bias += bias.load_entropy >= 0.9;
        acc_lb += lb.acc / 10;
        CHECK(lb.max_vio == doctest::Approx(4 * *std::max_element(lb.load.begin(), lb.load.end()) - 1));
    }
    CHECK(collapsed >= 9);
    CHECK(even >= 9);
    CHECK(even_bias >= 8);
    CHECK(acc_lb >= 0.98);
}

TEST_CASE("playground evaluation: shuffled batches, the same for every model; a point no expert answers is an error") {
    const core::PointSet pts = skewed(3);   // generated cluster by cluster: in order, a batch would be one cluster
    const std::vector<int> order = playground::evaluation_order(pts.size(), 3);
    std::vector<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (size_t q = 0; q < sorted.size(); ++q) REQUIRE(sorted[q] == int(q));   // a permutation
    int first_labels[3] = {0, 0, 0};
    for (int b = 0; b < 32; ++b) ++first_labels[pts[size_t(order[size_t(b)])].label];
    CHECK(first_labels[1] + first_labels[2] > 0);   // the first batch mixes the clusters
    CHECK(order == playground::evaluation_order(pts.size(), 3));

    playground::TrainSpec t;   // expert choice with a small share: many points get no expert
    t.rule.expert_choice = true;
    t.rule.capacity = 0.5;
    const playground::Evaluation e = trained_on(pts, 3, t, 200);
    CHECK(e.unrouted > 0.3);
    CHECK(e.acc + e.unrouted <= 1 + 1e-12);
    double shares = 0;
    for (double s : e.experts_per_point) shares += s;
    CHECK(shares == doctest::Approx(1));
    CHECK(e.experts_per_point[0] == doctest::Approx(e.unrouted));
    for (size_t q = 0; q < pts.size(); ++q) CHECK(e.expert[q] >= -1);
    // the evaluation's own capacity: none, so every point gets its expert back under token choice
    t = playground::TrainSpec();
    t.rule.capacity = 0.5;
    std::vector<double> theta_capped, theta_open;
    const playground::Evaluation dropped = trained_on(pts, 3, t, 200, &theta_capped);
    CHECK(dropped.dropped > 0.3);
    CHECK(dropped.acc + dropped.dropped <= 1 + 1e-12);
    t.eval_capacity = 0;
    const playground::Evaluation all = trained_on(pts, 3, t, 200, &theta_open);
    CHECK(all.dropped == 0);
    CHECK(all.unrouted == 0);
    CHECK(theta_open == theta_capped);   // trained alike: only the evaluation differs
}

TEST_CASE("playground training: the recent load is the mean of the last batches' shares") {
    playground::RecentLoad r;
    CHECK(r.load().empty());
    for (int b = 0; b < playground::RecentLoad::window; ++b) r.add({1, 0});
    r.add({0, 1});   // the oldest {1, 0} leaves
    const std::vector<double> f = r.load();
    CHECK(f[1] == doctest::Approx(1.0 / playground::RecentLoad::window));
    CHECK(playground::load_entropy({0.5, 0.5}) == doctest::Approx(1));
    CHECK(playground::max_vio({0.25, 0.25, 0.25, 0.25}) == doctest::Approx(0));
    CHECK(playground::max_vio({1, 0, 0, 0}) == doctest::Approx(3));
}

TEST_CASE("playground training: the same seed gives the same parameters, bit for bit") {
    std::vector<double> a, b;
    trained(4, 0.1, 0.01, 400, &a);
    trained(4, 0.1, 0.01, 400, &b);
    CHECK(a == b);
    trained(5, 0.1, 0.01, 400, &b);
    CHECK(a != b);
}
