// The playground's maps of the plane: which expert the router picks where (its territories, the points on top by
// the expert they went to), and the classes the mixture and the dense network predict. Each point of a map is routed
// alone (no batch: no capacity, and expert choice shown as the expert with the highest p).
#include "core/field.hpp"
#include "core/view_builder.hpp"
#include "core/text.hpp"
#include "labs/playground/run.hpp"

namespace playground {

namespace {
constexpr int kCells = 48;   // a map's cells a side

std::vector<std::string> names(const char* what, int n) {
    std::vector<std::string> v;
    for (int i = 1; i <= n; ++i) v.push_back(core::strf("%s %d", what, i));
    return v;
}

// The classes a trainer's model predicts at (a, b), as logits.
void predict(const Trainer& t, double a, double b, float* out) {
    const double x[2] = {a, b};
    RoutingRule alone;
    alone.k = t.train_spec().rule.expert_choice ? 1 : t.train_spec().rule.k;
    Pass pass;
    t.mixture().forward(t.theta(), x, 1, alone, t.choosing_bias(), nullptr, pass);
    for (int c = 0; c < t.mixture().spec().C; ++c) out[c] = float(pass.y[size_t(c)]);
}
}   // namespace

void Run::make_fields() {
    const int K = c_.model.K, C = c_.model.C;
    territory_ = core::field_view("territory", "Routing territories")
                     .caption("Which expert the router picks at each place of the plane (its colour), and how sure it "
                              "is (the saturation); the test points on top in the colour of the expert they went to, "
                              "hollow when they got none.")
                     .x("x₁", -1, 1)
                     .y("x₂", -1, 1)
                     .legend(names("expert", K));
    std::vector<double> h;
    core::fill_field(territory_, kCells, kCells, K, [&](double a, double b, float* out) {
        const double x[2] = {a, b};
        moe_->mixture().router_logits(moe_->theta(), x, 1, h);
        for (int i = 0; i < K; ++i)
            out[i] = float(h[size_t(i)] + (moe_->choosing_bias() ? (*moe_->choosing_bias())[size_t(i)] : 0.0));
    });
    for (size_t q = 0; q < test_.size() && q < moe_eval_.expert.size(); ++q) {
        const int e = moe_eval_.expert[q];
        territory_.points.push_back({float(test_[q].x), float(test_[q].y), e < 0 ? 0 : e, e < 0});
    }
    auto decision = [&](const Trainer& t, const char* id, const char* title, const char* caption) {
        core::View v =
            core::field_view(id, title).caption(caption).x("x₁", -1, 1).y("x₂", -1, 1).legend(names("class", C));
        core::fill_field(v, kCells, kCells, C, [&](double a, double b, float* out) { predict(t, a, b, out); });
        for (const core::LabeledPoint& p : test_) v.points.push_back({float(p.x), float(p.y), p.label, false});
        return v;
    };
    decision_ = decision(*moe_, "decision", "The mixture's classes",
                         "The class the mixture predicts at each place, the test points on top by their class.");
    decision_dense_ = decision(*dense_, "decision_dense", "The dense network's classes",
                               "The same for the dense network with as many active parameters.");
}

}   // namespace playground
