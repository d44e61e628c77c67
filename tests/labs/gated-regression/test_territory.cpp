// The routing map's territories against the gate training uses (gate_probs).
#include "../lab_test_util.hpp"
#include "core/registry.hpp"
#include "labs/gated-regression/lab.hpp"
#include "labs/gated-regression/run.hpp"
#include <cmath>
#include <doctest/doctest.h>

TEST_CASE("gated-regression: the routing map's territories are the learned gate's own preference") {
    const auto runner = lab_test::run_quick("gated-regression", 2);
    const auto& run = runner->run_as<gated::Run>();
    const std::vector<core::View> views = lab_test::views_of(*runner);
    const core::View* g = lab_test::find_view(views, "territory");
    REQUIRE(g != nullptr);
    REQUIRE(g->children.size() == 2);
    // the plane, from the truth: x along w* (the true gate, k = 2), y along a₁* − a₂*, both unit
    const gated::Truth& T = run.truth();
    REQUIRE(T.k == 2);
    struct {
        std::vector<double> eu, ev;
    } plane;
    for (int j = 0; j < T.d; ++j) {
        plane.eu.push_back(T.W[size_t(j)]);
        plane.ev.push_back(T.A[size_t(j)] - T.A[size_t(T.d + j)]);
    }
    for (std::vector<double>* e : {&plane.eu, &plane.ev}) {
        double n = 0;
        for (double x : *e) n += x * x;
        for (double& x : *e) x /= std::sqrt(n);
    }
    const auto panels = run.map_panels();
    for (size_t i = 0; i < 2; ++i) {
        CAPTURE(i);
        const gated::GatedModel& m = panels[i].m;
        const int checked = lab_test::check_field_agrees(g->children[i], [&](double a, double b) {
            std::vector<double> x(static_cast<size_t>(m.d)), pr(static_cast<size_t>(m.k));
            for (int j = 0; j < m.d; ++j) x[size_t(j)] = a * plane.eu[size_t(j)] + b * plane.ev[size_t(j)];
            gated::gate_probs(m.W.data(), m.k, m.d, x.data(), pr.data());
            std::vector<double> h = {pr[size_t(panels[i].e1)], pr[size_t(panels[i].e2)]};   // true experts 1, 2 …
            for (int c = 0; c < m.k; ++c)
                if (c != panels[i].e1 && c != panels[i].e2) h.push_back(pr[size_t(c)]);   // … then the others
            return h;
        });
        CHECK(checked > 20);
    }
}
