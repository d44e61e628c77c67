// The example lab: the smallest whole lab, compiled only into the tests. It proves that a new paper
// touches one folder: registered in the one line at the bottom, it is picked up by every generic test
// (schema, presets, links, tours, compare, limits, slicing, the fuzz corpus replay) with no list edited.
// It is also the template src/labs/README.md walks through.
//
// The model (no paper): x ~ N(±μ e₁, I_d) with a fair cluster sign s, target y = x₂ for s = +1 and y = x₃
// for s = −1. A mixture of two linear experts w₊, w₋ with a sigmoid gate g = σ(θ·x) predicts
// f = g w₊·x + (1 − g) w₋·x; the baseline is one linear model w. Both learn by online SGD on ½(f − y)².
#include "core/bind.hpp"
#include "core/field.hpp"
#include "core/keep_field.hpp"
#include "core/fmath.hpp"
#include "core/lab.hpp"
#include "core/metric_list.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"
#include "core/thin.hpp"
#include "core/view_builder.hpp"
#include <cmath>
#include <vector>

namespace example {

struct Config {   // no defaults: the schema below is the only declaration of each parameter
    int d, T, n_test;
    double mu, eta;
    bool gate;
};

enum Part { kDraw, kTrain, kDone };   // the plan's parts, in order; kDone past the last

const core::Bound<Config>& binding() {
    static const core::Bound<Config> b = [] {
        using T = core::ParamType;
        core::Bound<Config> b;
        b.add(core::param("d", "d", "Data", T::Int, 3, 32, 8, "Input dimension."), &Config::d);
        b.add(core::param("mu", "μ", "Data", T::Real, 0.5, 4, 2, "Distance of each cluster centre from 0."),
              &Config::mu);
        b.add(core::param("n_test", "n_test", "Data", T::Int, 100, 200000, 1000, "Held-out samples."), &Config::n_test);
        b.add(core::param("eta", "η", "Training", T::Real, 1e-4, 0.5, 0.05, "SGD step size.", true), &Config::eta);
        b.add(core::param("T", "T", "Training", T::Int, 10, 20000, 2000, "SGD steps, one fresh sample each."),
              &Config::T);
        b.add(core::param("gate", "", "Model", T::Bool, 0, 1, 1, "1: the gate θ learns; 0: θ ≡ 0 (g = ½)."),
              &Config::gate);
        b.preset({"default", "Default", "The gate learns the cluster sign; each expert its cluster's target.", {}});
        b.preset({"fast", "Fast", "A few hundred steps.", {{"T", 300}}});
        return b;
    }();
    return b;
}

class Run : public core::RunOf<Config> {
public:
    Run(const Config& c, uint64_t seed)
        : RunOf(c, seed, kDone), rng_(seed, 1), test_rng_(seed, 2), wp_(size_t(c.d)), wm_(size_t(c.d)), w_(size_t(c.d)),
          theta_(size_t(c.d)) {
        // From θ = 0 and w₊ = w₋ = 0 the two experts get identical updates and the gate's gradient stays 0: a
        // small tilt of the gate breaks the tie (when it learns at all).
        if (c.gate) theta_[0] = 0.01;
        curve_.reset(300);
        trace_.columns = {"t", "mse_moe", "mse_single"};
    }

    void step(core::WorkBudget& budget) override {
        while (!budget.spent() && part_ == kDraw && drawn_ < cfg_.n_test) {
            const long k = budget.take(double(cfg_.d), cfg_.n_test - drawn_);
            for (long q = 0; q < k; ++q, ++drawn_) test_.push_back(draw(test_rng_));
            if (drawn_ == cfg_.n_test) part_ = kTrain;
        }
        for (; !budget.spent() && part_ == kTrain && t_ < cfg_.T; budget.spend(6.0 * cfg_.d)) {
            sgd(draw(rng_));
            if (++t_ % 50 == 0 || t_ == cfg_.T) evaluate(budget);
        }
        if (t_ == cfg_.T) part_ = kDone;
    }
    core::Where where() const override {
        if (part_ == kDraw) return {kDraw, double(drawn_), double(cfg_.n_test)};
        return {part_, double(t_), double(cfg_.T)};
    }
    std::vector<core::Metric> metrics() const override {
        core::MetricList m;
        m.count("t", "Step t", t_);
        m.add("mse_moe", "MoE test MSE", mse_moe_, "%.4f", "measured from t = 50");
        m.add("mse_single", "Single model test MSE", mse_single_, "%.4f", "measured from t = 50");
        m.add("gate_acc", "Test points the gate sends by cluster", gate_acc_, "%.3f", "measured from t = 50");
        return m.take();
    }
    void views(std::vector<core::View>& out) const override {
        out.push_back(
            core::lines("loss", "Test MSE")
                .caption("The MoE's error falls below the single model's once the gate separates the clusters.")
                .x("step t")
                .y("MSE")
                .series(core::line("MoE", curve_.column(0), curve_.column(1)))
                .series(core::line("single model", curve_.column(0), curve_.column(2))));
        core::View g = core::bars("gate", "Gate accuracy")
                           .caption("The share of test points the gate sends to their cluster's expert.")
                           .y("share", 0, 1);
        g.bars = {{"gate", std::isnan(gate_acc_) ? 0 : gate_acc_, 0, 0}};
        out.push_back(g);
        // declared from the start (a link may name it), drawn from the first evaluation
        out.push_back(territory_.field.rows > 0
                          ? territory_
                          : core::pending_field("territory", "Gate territories", "drawn at the first evaluation"));
    }

private:
    struct Sample {
        std::vector<double> x;
        double y;
    };
    Sample draw(core::Rng& r) const {
        Sample s{std::vector<double>(size_t(cfg_.d)), 0};
        const int sign = r.sign();
        for (double& v : s.x) v = r.normal();
        s.x[0] += sign * cfg_.mu;
        s.y = sign > 0 ? s.x[1] : s.x[2];
        return s;
    }
    static double dot(const std::vector<double>& a, const std::vector<double>& b) {
        double s = 0;
        for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
        return s;
    }
    double gate(const std::vector<double>& x) const { return core::fm::sigmoid(dot(theta_, x)); }
    double moe(const std::vector<double>& x) const {
        const double g = gate(x);
        return g * dot(wp_, x) + (1 - g) * dot(wm_, x);
    }
    void sgd(const Sample& s) {   // ∂/∂w₊ ½(f − y)² = (f − y) g x, ∂/∂θ = (f − y)(w₊·x − w₋·x) g(1 − g) x
        const double g = gate(s.x), up = dot(wp_, s.x), um = dot(wm_, s.x);
        const double r = g * up + (1 - g) * um - s.y, rs = dot(w_, s.x) - s.y;
        for (size_t i = 0; i < s.x.size(); ++i) {
            wp_[i] -= cfg_.eta * r * g * s.x[i];
            wm_[i] -= cfg_.eta * r * (1 - g) * s.x[i];
            if (cfg_.gate) theta_[i] -= cfg_.eta * r * (up - um) * g * (1 - g) * s.x[i];
            w_[i] -= cfg_.eta * rs * s.x[i];
        }
    }
    void evaluate(core::WorkBudget& budget) {
        double e = 0, es = 0, right = 0;
        for (const Sample& s : test_) {
            e += 0.5 * std::pow(moe(s.x) - s.y, 2);
            es += 0.5 * std::pow(dot(w_, s.x) - s.y, 2);
            right += (gate(s.x) > 0.5) == (s.x[0] > 0);
        }
        budget.spend(4.0 * cfg_.d * double(test_.size()));
        mse_moe_ = e / double(test_.size());
        mse_single_ = es / double(test_.size());
        gate_acc_ = std::max(right, double(test_.size()) - right) / double(test_.size());
        curve_.push({double(t_), mse_moe_, mse_single_});
        trace_.rows.push_back({double(t_), mse_moe_, mse_single_});
        make_territory();
    }
    // Which expert the gate prefers on the plane (x₁, x₂), from gate() itself: made at each evaluation, since a
    // field is not recomputed per frame.
    void make_territory() {
        territory_ =
            core::field_view("territory", "Gate territories")
                .caption(
                    "The expert the gate prefers at (x₁, x₂), the other coordinates 0; the clusters sit at x₁ = ±μ.")
                .x("x₁", -cfg_.mu - 3, cfg_.mu + 3)
                .y("x₂", -3, 3)
                .legend({"expert w₊", "expert w₋"});
        std::vector<double> x(static_cast<size_t>(cfg_.d), 0.0);
        core::fill_field(territory_, 32, 32, 2, [&](double a, double b, float* out) {
            x[0] = a, x[1] = b;
            out[0] = float(gate(x));
            out[1] = float(1 - gate(x));
        });
        territory_.field.softmax = false;   // probabilities
    }

    core::Rng rng_, test_rng_;
    std::vector<Sample> test_;
    std::vector<double> wp_, wm_, w_, theta_;   // w₊, w₋, the single model's w, the gate's θ (start at 0; θ tilted)
    int part_ = kDraw;
    long drawn_ = 0, t_ = 0;
    double mse_moe_ = core::kNotApplicable, mse_single_ = core::kNotApplicable, gate_acc_ = core::kNotApplicable;
    core::ThinnedRows curve_;
    core::View territory_;
};

class ExampleLab : public core::LabOf<Run> {
public:
    ExampleLab() : LabOf(1e9, binding()) {   // units per second: a multiply-add each, roughly
        info_ = {"example", "Example lab", "none: the tests' template", "",
                 "Two linear experts and a sigmoid gate on two clusters."};
        schema_ = binding().schema();
        phases_ = {{"data", "Data", "The test set is drawn.", "—"},
                   {"train", "Training", "The MoE's error falls below the single model's.", "—"}};
        headlines_ = {{"mse_moe", "—"}, {"mse_single", "—"}};
        test_sizes_ = {{{"T", 200}, {"n_test", 200}}, {{"n_test", 200000}, {"d", 32}}};
    }
    core::Validation check(const Config& c) const override {
        core::Validation v;
        core::check_memory(v, 8.0 * c.n_test * c.d, "the test set");
        return v;
    }
    core::WorkPlan plan(const Config& c) const override {
        core::WorkPlan w;   // the parts in the order of Part
        w.add(0, "drawing the test set", double(c.n_test) * c.d, "lower n_test");
        w.add(1, "training", double(c.T) * c.d * (6.0 + 4.0 * c.n_test / 50), "lower T or n_test", "t");
        return w;
    }
    std::vector<core::TourStep> tour() const override {
        return {
            core::with_preset("default", core::tour_to_phase(1, {"loss"}, "The test set is drawn.", "—")),
            core::tour_to_progress(0.3, {"loss", "gate"}, "The gate starts to separate the clusters.", "—"),
            core::with_question(
                {"Will the gate send most test points by their cluster?",
                 {core::answer_if_above("Yes, most of them.", "gate_acc", 0.8),
                  core::misread(core::answer_otherwise("No, it stays near a coin toss."),
                                "Expects the gate to learn nothing: its gradient points along the clusters' separating "
                                "direction, so it comes to send points by cluster.")},
                 0,
                 "The gate's gradient points along the clusters' separating direction."},
                core::tour_to_progress(0.6, {"gate"}, "The gate sends most points by cluster.", "—")),
            core::tour_to_end({"loss"}, "The MoE ends far below the single model.", "—")};
    }
    // What a finished run showed, decided by its metrics (core/outcome.hpp); the seed count is checked by
    // tests/core/test_outcome.cpp the way `moe-lab reproduce` checks the real labs'.
    std::vector<core::Outcome> outcomes() const override {
        // the cases; the expected case (0); in how many of seeds 1–3 it held
        return {core::outcome(
            {core::answer_if_above("The gate sends {gate_acc} of the test points by their cluster.", "gate_acc", 0.8),
             core::answer_otherwise("The gate sends only {gate_acc} of the test points by their cluster.")},
            0, 3, 3, "The gate sends over 80 % of the test points by their cluster.")};
    }
    std::vector<core::Comparison> comparisons() const override {
        return {core::compare("gate-off", "Gate off")
                    .changes({{"gate", "0"}})
                    .watch({"mse_moe"})
                    .because("Without a gate, the mixture is one averaged linear model."),
                core::compare("small-steps", "Smaller steps")
                    .changes({{"eta", "0.005"}})
                    .watch({"gate_acc"})
                    .because("With η ten times smaller the gate has not yet separated the clusters.")};
    }
};

}   // namespace example

static const core::Registration kRegistration(100, "example", &core::make<example::ExampleLab>);
