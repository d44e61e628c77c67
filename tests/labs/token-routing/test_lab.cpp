// The token-routing lab as registered: its routing territory is the router's own (the winner on the plane is the expert
// ffn_forward chooses for that input); the views are there from the start under the same ids and fill at the end; the
// shares by kind and by domain are distributions over the experts; the plan's parts match the run's.
#include "../lab_test_util.hpp"
#include "quick_run.hpp"
#include "labs/token-routing/lab.hpp"
#include "labs/token-routing/moe.hpp"
#include "core/view.hpp"
#include <doctest/doctest.h>
#include <cmath>

using namespace token_routing;

TEST_CASE("token-routing: registered, the default preset first, every preset valid") {
    const core::Lab* lab = core::find_lab("token-routing");
    REQUIRE(lab != nullptr);
    CHECK(lab->schema().presets.front().id == "default");
    for (const core::Preset& pr : lab->schema().presets) {
        core::Params p(lab->schema());
        REQUIRE(p.apply_preset(pr.id));
        CHECK_MESSAGE(core::validate(*lab, p).ok(), pr.id);
    }
}

TEST_CASE("token-routing: the territory is the last layer's router, as training routes") {
    for (const auto& set : {std::map<std::string, double>{}, {{"K", 2}}, {{"k", 2}, {"capacity", 1}}}) {
        const Config c = quick_config(set);
        Run r(c, 2);
        to_end(r);
        std::vector<core::View> views;
        r.views(views);
        const core::View* v = find_view(views, "territory");
        REQUIRE(v != nullptr);
        REQUIRE(v->kind == core::ViewKind::Field);
        CHECK(v->field.channels == c.model.K);
        CHECK(!v->points.empty());
        const ModelSpec& s = c.model;
        const Model& m = r.trainer().moe;
        const BlockLayout& bl = m.layout().block.back();
        const int checked = lab_test::check_field_agrees(*v, [&](double a, double b) {
            // a sequence of T copies of the plane's point through the MoE layer's own forward pass
            const std::vector<double> u = r.plane_point(a, b);
            BlockCache bc;
            bc.u2.resize(size_t(s.T) * size_t(s.d));
            for (int t = 0; t < s.T; ++t) std::copy(u.begin(), u.end(), bc.u2.begin() + std::ptrdiff_t(t) * s.d);
            ffn_begin(s, 1, bc);
            ffn_forward(s, m.theta.data(), bl, 0, 1, bc);
            const std::vector<double> h(bc.route.h.begin(), bc.route.h.begin() + s.K);
            CHECK(bc.route.top[0] == int(std::max_element(h.begin(), h.end()) - h.begin()));
            return h;
        });
        CHECK(checked > 20);
    }
}

TEST_CASE("token-routing: the views are there from the start and fill at the end") {
    const Config c = quick_config({{"capacity", 1}});
    Run r(c, 1);
    std::vector<core::View> start, end;
    r.views(start);
    to_end(r);
    r.views(end);
    REQUIRE(start.size() == end.size());
    for (size_t i = 0; i < start.size(); ++i) CHECK(start[i].id == end[i].id);
    const int K = c.model.K, L = c.model.blocks, cols = L * (K + 1) - 1;   // an empty column between layers
    const core::View* tokens = find_view(end, "tokens");
    REQUIRE(tokens != nullptr);
    CHECK(tokens->heat.cols == cols);
    CHECK(tokens->heat.rows == std::min(c.model.T, 12));
    for (size_t t = 0; t < tokens->heat.row_labels.size(); ++t) {   // the token, its position as a subscript
        const std::string& w = tokens->heat.row_labels[t];
        const std::string sub = t < 10 ? std::string("\xE2\x82") + char(0x80 + t)
                                       : "\xE2\x82\x81"
                                         "\xE2\x82" +
                std::string(1, char(0x80 + t - 10));
        REQUIRE(w.size() > sub.size());
        CHECK(w.substr(w.size() - sub.size()) == sub);
        CHECK(vocab().id(w.substr(0, w.size() - sub.size())) >= 0);
    }
    for (int t = 0; t < tokens->heat.rows; ++t)
        for (int l = 0; l < L; ++l) {   // each layer's block: the router's probabilities
            double sum = 0;
            for (int e = 0; e < K; ++e) sum += tokens->heat.v[size_t(t * cols + l * (K + 1) + e)];
            CHECK(sum == doctest::Approx(1));
        }
    for (const char* id : {"kinds", "domains"}) {
        const core::View* h = find_view(end, id);
        REQUIRE(h != nullptr);
        REQUIRE(h->heat.cols == cols);
        for (int q = 0; q < h->heat.rows; ++q)
            for (int l = 0; l < L; ++l) {   // a row with tokens is a distribution over each layer's experts
                double sum = 0;
                for (int e = 0; e < K; ++e) sum += h->heat.v[size_t(q * cols + l * (K + 1) + e)];
                if (!std::isnan(sum)) CHECK(sum == doctest::Approx(1));
            }
    }
    const core::View* drops = find_view(end, "drops");
    REQUIRE(drops != nullptr);
    CHECK(drops->bars.front().value == 0);   // the first positions always find room (docs §4.2)
    const core::View* loss = find_view(end, "loss");
    REQUIRE(loss != nullptr);
    CHECK(loss->lines[0].x.back() == c.train.steps);
}

TEST_CASE("token-routing: the checkpoints are every tenth, and the first two are early_agreement's") {
    const Config c = quick_config();
    Run r(c, 4);
    to_end(r);
    REQUIRE(r.checkpoints().size() == size_t(kCheckpoints));
    const std::vector<int> end = token_experts(r.final_routing(), c.model.blocks - 1);
    CHECK(agreement(r.checkpoints()[1].experts.back(), end) == r.measures().back().early_agreement);
    CHECK(agreement(r.checkpoints()[0].experts.back(), end) == r.measures().back().init_agreement);
    CHECK(r.summary().agreement.back().back() == 1);
}
