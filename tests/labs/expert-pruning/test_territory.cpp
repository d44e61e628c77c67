// Which tokens each expert keeps, against the model's own expert-choice routing (forward's top-l selection).
#include "../lab_test_util.hpp"
#include "core/registry.hpp"
#include "labs/expert-pruning/lab.hpp"
#include "labs/expert-pruning/run.hpp"
#include "labs/expert-pruning/territory.hpp"
#include <algorithm>
#include <cmath>
#include <doctest/doctest.h>

using namespace expert_pruning;

TEST_CASE("expert-pruning: the territories are each router's value over the smallest value its top-l keeps") {
    const auto runner = lab_test::run_quick("expert-pruning", 2);
    const auto& run = runner->run_as<Run>();
    const std::vector<core::View> views = lab_test::views_of(*runner);
    const core::View* v = lab_test::find_view(views, "territory");
    REQUIRE(v != nullptr);
    const Moe& M = run.main_run().model();
    REQUIRE(M.routing == Routing::ExpertChoice);
    REQUIRE(M.k <= 9);
    const Dataset& test = run.main_run().test();
    Work w;
    std::vector<std::vector<double>> kept(size_t(M.k));
    for (int q = 0; q < std::min(100, test.N); ++q) {
        forward(M, test.sample(q), test.n, {}, w);
        for (int s = 0; s < M.k; ++s)   // the value of the l-th token expert s took
            kept[size_t(s)].push_back(M.score(s, test.sample(q)[w.sel[size_t(s * M.l + M.l - 1)]]));
    }
    std::vector<double> tau;
    for (const auto& k : kept) tau.push_back(lab_test::sorted_median(k));
    const int q1 = run.spec().data.first_q();
    const int checked = lab_test::check_field_agrees(
        *v,
        [&](double a, double b) {
            // the token a·(o₁ − o₂)/√2 + b·q₁ has the routing value <w_s, x>, linear in the patterns' values
            std::vector<double> h;
            for (int s = 0; s < M.k; ++s)
                h.push_back(a * (M.router(s)[kO1] - M.router(s)[kO2]) / std::sqrt(2.0) + b * M.router(s)[q1] -
                            tau[size_t(s)]);
            h.push_back(0);
            return h;
        },
        1e-4);
    CHECK(checked > 20);
    // fine-tuned: the task token o₁ is kept by an expert of S₁ (head +1), o₂ by one of S₂ (Lemma 4.1)
    const int w1 = lab_test::winner_at(*v, 1 / std::sqrt(2.0), 0), w2 = lab_test::winner_at(*v, -1 / std::sqrt(2.0), 0);
    REQUIRE(w1 < M.k);
    REQUIRE(w2 < M.k);
    CHECK(M.group(w1) == 0);
    CHECK(M.group(w2) == 1);
}
