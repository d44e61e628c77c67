// Which patches each router keeps, against the model's own top-l routing (Model::route, Model::score).
#include "../lab_test_util.hpp"
#include "core/registry.hpp"
#include "labs/patch-routing/lab.hpp"
#include "labs/patch-routing/run.hpp"
#include "labs/patch-routing/territory.hpp"
#include <algorithm>
#include <doctest/doctest.h>

using namespace patch_routing;

TEST_CASE("patch-routing: the territories are each router's score over the smallest score its top-l keeps") {
    const auto runner = lab_test::run_quick("patch-routing", 5);
    const auto& run = runner->run_as<Run>();
    const std::vector<core::View> views = lab_test::views_of(*runner);
    const core::View* g = lab_test::find_view(views, "territory");
    REQUIRE(g != nullptr);
    REQUIRE(g->children.size() == 2);
    const Plane plane = territory_plane(run.geometry());
    const Dataset& test = run.test_set();
    for (int i = 0; i < 2; ++i) {
        const Arch arch = i == 0 ? Arch::Separate : Arch::Joint;
        CAPTURE(arch_name(arch));
        Model m = run.single(arch).model;
        // τ_s from the forward pass's own selection: the score of the l-th patch router s selects, median over
        // the first 100 test samples
        std::vector<double> tau;
        for (int s = 0; s < m.k; ++s) {
            std::vector<double> kept;
            for (int q = 0; q < std::min(100, test.N); ++q) {
                m.route(test.sample(q));
                kept.push_back(m.score(s, test.patch(q, m.sel(s, m.l - 1))));
            }
            tau.push_back(lab_test::sorted_median(kept));
        }
        const int checked = lab_test::check_field_agrees(
            g->children[size_t(i)],
            [&](double a, double b) {
                const std::vector<float> x = plane.at(a, b);
                std::vector<double> h;
                for (int s = 0; s < m.k; ++s) h.push_back(m.score(s, x.data()) - tau[size_t(s)]);
                h.push_back(0);   // dropped by every router
                return h;
            },
            1e-4);
        CHECK(checked > 20);
    }
    // the learned separate routers keep o1 with router 1 and o2 with router 2 (Lemma 4.1)
    const core::View& sep = g->children[0];
    CHECK(lab_test::winner_at(sep, 0.9, 0) == 0);
    CHECK(lab_test::winner_at(sep, -0.9, 0) == 1);
}
