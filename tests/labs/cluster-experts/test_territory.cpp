// The territory view against the router training uses (Router::logits) on the plane of the centres.
#include "../lab_test_util.hpp"
#include "core/registry.hpp"
#include "labs/cluster-experts/lab.hpp"
#include "labs/cluster-experts/run.hpp"
#include <cmath>
#include <doctest/doctest.h>

TEST_CASE("cluster-experts: each router's territory is the noise-free argmax of its own logits") {
    const auto runner = lab_test::run_quick("cluster-experts", 3);
    const auto& run = runner->run_as<cluster_experts::Run>();
    const std::vector<core::View> views = lab_test::views_of(*runner);
    const core::View* g = lab_test::find_view(views, "territory");
    REQUIRE(g != nullptr);
    REQUIRE(g->children.size() == 2);
    const int K = run.train_data().K, d = run.train_data().d;
    REQUIRE(K >= 4);
    const double r2 = std::sqrt(0.5);
    for (int mi = 0; mi < 2; ++mi) {
        CAPTURE(mi);
        const cluster_experts::Router& R = run.moe(mi).router;
        // s = a (c₁ − c₃)/√2 + b (c₂ − c₄)/√2 with c_k = e_{K+k}
        const int checked = lab_test::check_field_agrees(g->children[size_t(mi)], [&](double a, double b) {
            std::vector<float> s(static_cast<size_t>(d), 0.f);
            s[size_t(K)] = float(a * r2), s[size_t(K + 2)] = float(-a * r2);
            s[size_t(K + 1)] = float(b * r2), s[size_t(K + 3)] = float(-b * r2);
            std::vector<double> h(static_cast<size_t>(R.M));
            R.logits(s.data(), h.data());
            return h;
        });
        CHECK(checked > 20);
    }
}
