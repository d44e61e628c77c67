// The playground's maps of the plane: which expert the router picks where (its territories, the points on top by
// the expert they went to), and the classes the mixture and the dense network predict. Each point of a map is routed
// alone (no batch: no capacity, and expert choice shown as the expert with the highest p).
#include "core/field.hpp"
#include "core/fmath.hpp"
#include "core/view_builder.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include "labs/playground/run.hpp"
#include <algorithm>

namespace playground {

namespace {

// "expert 1" … "expert K" (format "expert %d", first 1); the classes from 0, as in a CSV's class column
// ("class %d", first 0): a template each, so that a translation may put the number first
std::vector<std::string> names(const char* format, int n, int first) {
    std::vector<std::string> v;
    for (int i = first; i < first + n; ++i) v.push_back(core::trf(format, i));
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

core::View data_plane(const Config& c) {
    return core::field_view("decision", "The data and the mixture's classes")
        .caption("The training points by their class over the class the mixture predicts at each place. Tap or click "
                 "to add a point of the chosen class; right click or long press removes one.")
        .x("x₁", -1, 1)
        .y("x₂", -1, 1)
        .equal_scale()
        .legend(names("class %d", c.model.C, 0))
        .edits("points");
}

void Run::start_maps() {
    const int K = cfg_.model.K, C = cfg_.model.C;
    next_territory_ =
        core::field_view("territory", "Routing territories")
            .caption("Which expert the router picks at each place of the plane (its colour), and how sure it is (the "
                     "saturation); the test points on top in the colour of the expert they went to, hollow when they "
                     "got none.")
            .x("x₁", -1, 1)
            .y("x₂", -1, 1)
            .equal_scale()
            .legend(names("expert %d", K, 1));
    auto decision = [&](const char* id, const char* title, const char* caption) {
        return core::View(core::field_view(id, title)
                              .caption(caption)
                              .x("x₁", -1, 1)
                              .y("x₂", -1, 1)
                              .equal_scale()
                              .legend(names("class %d", C, 0)));
    };
    next_decision_ = data_plane(cfg_);
    next_decision_dense_ =
        decision("decision_dense", "The dense network's classes",
                 "The class the dense network with as many active parameters predicts, the test points on top.");
    core::allocate_field(next_territory_, kMapCells, kMapCells, K);
    if (moe_->choosing_bias()) {   // scores p_i + b_i, shifted by the least bias: their own saturation scale
        const std::vector<double>& b = *moe_->choosing_bias();
        next_territory_.caption =
            "Which expert the router picks at each place of the plane: the largest p_i + b_i, its probability plus "
            "its balancing bias (the colour), and that score (the saturation); the test points on top in the colour "
            "of the expert they went to, hollow when they got none.";
        next_territory_.field.softmax = false;
        next_territory_.field.scale =
            float(1 + *std::max_element(b.begin(), b.end()) - *std::min_element(b.begin(), b.end()));
    }
    core::allocate_field(next_decision_, kMapCells, kMapCells, C);
    core::allocate_field(next_decision_dense_, kMapCells, kMapCells, C);
}

void Run::fill_map_row(int row) {
    const int K = cfg_.model.K;
    const std::vector<double>* bias = moe_->choosing_bias();
    std::vector<double> h, p(static_cast<size_t>(K));
    core::fill_field_rows(next_territory_, row, row + 1, [&](double a, double b, float* out) {
        const double x[2] = {a, b};
        moe_->mixture().router_logits(moe_->theta(), x, 1, h);
        if (!bias) {   // the logits: the winner is the top-1 choice, its softmax the confidence
            for (int i = 0; i < K; ++i) out[i] = float(h[size_t(i)]);
            return;
        }
        // with the balancing bias the choice is by p_i + b_i (Wang et al. 2024): those scores, drawn as they are
        const double m = *std::max_element(h.begin(), h.end());
        double sum = 0;
        for (int i = 0; i < K; ++i) sum += (p[size_t(i)] = core::fm::exp(h[size_t(i)] - m));
        const double low = *std::min_element(bias->begin(), bias->end());
        for (int i = 0; i < K; ++i) out[i] = float(p[size_t(i)] / sum + (*bias)[size_t(i)] - low);
    });
    core::fill_field_rows(next_decision_, row, row + 1,
                          [&](double a, double b, float* out) { predict(*moe_, a, b, out); });
    core::fill_field_rows(next_decision_dense_, row, row + 1,
                          [&](double a, double b, float* out) { predict(*dense_, a, b, out); });
}

void Run::finish_maps() {
    for (size_t q = 0; q < test_.size() && q < moe_eval_.expert.size(); ++q) {
        const int e = moe_eval_.expert[q];
        next_territory_.points.push_back({float(test_[q].x), float(test_[q].y), e < 0 ? 0 : e, e < 0});
    }
    for (const core::LabeledPoint& p : train_)
        next_decision_.points.push_back({float(p.x), float(p.y), p.label, false});
    for (const core::LabeledPoint& p : test_)
        next_decision_dense_.points.push_back({float(p.x), float(p.y), p.label, false});
    territory_ = std::move(next_territory_);
    decision_ = std::move(next_decision_);
    decision_dense_ = std::move(next_decision_dense_);
}

}   // namespace playground
