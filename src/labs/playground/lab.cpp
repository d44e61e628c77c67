// The playground lab's declaration: info, parameter schema and presets, phases, validation, headlines and the plan.
#include "labs/playground/lab.hpp"
#include "core/limits.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"
#include "core/words.hpp"

namespace playground {

// Each parameter once, bound to the Config field it sets (core/bind.hpp): the schema and the config cannot drift.
// The class's points: on the square [-1, 1]², classes 0 … 3, at most 2,000.
static core::PointSetSpec point_spec() {
    core::PointSetSpec s;
    s.lo = -1;
    s.hi = 1;
    s.classes = 4;
    s.max_points = 2000;
    s.grid_bits = 12;
    return s;
}

static core::Bound<Config> make_binding() {
    using T = core::ParamType;
    core::Bound<Config> b;
    b.add(core::choice("data", core::Words{"Data"}, "Data",
                       {{"clusters", core::later::tr("Clusters")},
                        {"skewed", core::later::tr("Skewed")},
                        {"xor", core::later::tr("XOR")},
                        {"moons", core::later::tr("Moons")},
                        {"rings", core::later::tr("Rings")},
                        {"draw", core::later::tr("Drawn by hand")}},
                       0,
                       "the points: clusters (two per class), skewed (clusters of 70, 20 and 10 %), xor, moons, "
                       "rings, or draw (only the points you add)"),
          &Config::data, &DataSpec::shape);
    b.add_points(core::points("points", "Data", point_spec(),
                              "your own points, added to the data: tap or click on the data view to add one of "
                              "the chosen class, right click or long press to remove one; or load a CSV x,y,class"),
                 &Config::drawn);
    b.add(core::param("n", "n", "Data", T::Int, 20, 2000, 600, "training points"), &Config::data, &DataSpec::n);
    b.add(core::param("classes", "C", "Data", T::Int, 2, 4, 3, "classes (xor and moons have 2)"),
          [](Config& c, double v) { c.data.classes = int(v); });
    b.add(core::param("spread", "σ", "Data", T::Real, 0.01, 0.5, 0.1, "the clusters' spread, the rings' noise"),
          &Config::data, &DataSpec::spread);
    b.add(core::param("n_test", "n_test", "Data", T::Int, 20, 2000, 600, "test points, drawn the same way"),
          &Config::n_test);
    b.add(core::param("K", "K", "Model", T::Int, 1, 16, 4, "number of experts"), &Config::model, &MixtureSpec::K);
    b.add(core::param("hidden", "h", "Model", T::Int, 0, 32, 0, "each expert's width: 0 is a linear expert"),
          &Config::model, &MixtureSpec::hidden);
    b.add(
        core::param("top_k", "k", "Routing", T::Int, 1, 16, 1,
                    "experts per point (Shazeer et al. 2017); with expert choice, each expert's share is c_f k B / K"),
        &Config::train, &TrainSpec::rule, &RoutingRule::k);
    b.add(
        core::param("alpha", "α", "Routing", T::Real, 0, 1, 0.3,
                    "load-balancing loss weight: α K Σ f_i P_i (Switch, Fedus et al. 2022, who use α = {=0.01}). This "
                    "toy needs about {=0.1} or more: its router sees two numbers per point and tight clusters, so the "
                    "task pulls a whole cluster onto one expert far harder than in a language model, and at {=0.01} "
                    "the load collapses"),
        &Config::train, &TrainSpec::alpha);
    b.add(core::param(
              "capacity", "c_f", "Routing", T::Real, 0, 4, 0,
              "capacity factor: each expert takes at most c_f k B / K points of a batch, rounded up (Switch); 0: none"),
          &Config::train, &TrainSpec::rule, &RoutingRule::capacity);
    b.add(core::param("eval_capacity", "c_f,eval", "Routing", T::Real, -1, 4, -1,
                      "capacity factor when evaluating (DeepSpeed-MoE's eval_capacity_factor): −1 the training one, "
                      "0 none"),
          &Config::train, &TrainSpec::eval_capacity);
    b.add(core::param("expert_choice", core::Words{"Expert choice"}, "Routing", T::Bool, 0, 1, 0,
                      "experts choose their top points by p_i(x) (Zhou et al. 2022)"),
          &Config::train, &TrainSpec::rule, &RoutingRule::expert_choice);
    b.add(core::param("z_loss", "β", "Routing", T::Real, 0, 0.1, 0, "router z-loss weight (ST-MoE, Zoph et al. 2022)"),
          &Config::train, &TrainSpec::beta);
    b.add(core::param("bias", "γ", "Routing", T::Real, 0, 0.5, 0,
                      "loss-free balancing: b_i ← b_i + γ sign(f̄ − f_i) after each batch (Wang et al. 2024); 0: off"),
          &Config::train, &TrainSpec::gamma);
    b.add(core::param("noise", core::Words{"Router noise"}, "Routing", T::Bool, 0, 1, 0,
                      "trainable router noise in training: h + ε softplus(W_n x) (Shazeer et al. 2017)"),
          &Config::model, &MixtureSpec::noise);
    b.add(core::param("shared", core::Words{"Shared expert"}, "Routing", T::Bool, 0, 1, 0,
                      "a shared expert every point uses (DeepSeekMoE, Dai et al. 2024)"),
          &Config::model, &MixtureSpec::shared);
    b.add(core::param("B", "B", "Training", T::Int, 4, 256, 32, "points a batch"), &Config::train, &TrainSpec::B);
    b.add(core::param("T", "T", "Training", T::Int, 10, 20000, 1000, "training steps (batches)"), &Config::T);
    b.add(core::param("lr", "lr", "Training", T::Real, 1e-4, 1, 0.02, "step size", true), &Config::train,
          &TrainSpec::lr);
    b.add(core::param("adam", core::Words{"Adam"}, "Training", T::Bool, 0, 1, 1, "Adam (else plain SGD)"),
          &Config::train, &TrainSpec::adam);
    b.add(core::param("eval_every", core::Words{"Evaluate every"}, "Display", T::Int, 1, 1000, 10,
                      "steps between evaluations"),
          &Config::eval_every);
    b.derive([](Config& c) { c.model.C = classes_of(c.data); });
    b.preset({"skewed",
              "Skewed, balanced",
              "Clusters of 70, 20 and 10 %: the load-balancing loss spreads them.",
              {{"data", 1}}});
    b.preset({"collapse",
              "Skewed, no balancing",
              "The same without L_aux: the router collapses onto one or two experts.",
              {{"data", 1}, {"alpha", 0}}});
    b.preset({"draw",
              "Draw your own",
              "No points but yours: tap or click on the data view to add points of the chosen class.",
              {{"data", 5}, {"alpha", 0.1}}});
    b.preset({"bias",
              "Skewed, loss-free balancing",
              "No L_aux; a bias raises idle experts' scores after each batch (Wang et al. 2024), with a small step "
              "γ = {=0.01} over 5000 steps.",
              {{"data", 1}, {"alpha", 0}, {"bias", 0.01}, {"T", 5000}, {"eval_every", 25}}});
    b.preset({"expert-choice",
              "Skewed, expert choice",
              "Each expert takes its share of every batch.",
              {{"data", 1}, {"alpha", 0}, {"expert_choice", 1}, {"capacity", 1}}});
    b.preset({"clusters",
              "Clusters",
              "Two clusters per class: the router learns the clusters (cluster-experts).",
              {{"data", 0}, {"alpha", 0.1}}});
    b.preset({"moons",
              "Moons, MLP experts",
              "Two interleaving half circles; experts of width 8.",
              {{"data", 3}, {"hidden", 8}, {"alpha", 0.1}}});
    b.preset({"collapse-hurts",
              "Moons, eight small experts",
              "Eight experts of width 1, each too small for the whole task: balanced they share it; compare "
              "no-balancing to see what a collapse costs.",
              {{"data", 3}, {"hidden", 1}, {"K", 8}}});
    return b;
}

const core::Bound<Config>& binding() { return core::made_once(make_binding); }

PlaygroundLab::PlaygroundLab() : LabOf(7e8, binding()) {   // units per second: measured 7.4e8 (moe-lab bench)
    info_ = {"playground", "Playground: practice of routing on the plane",
             "The practice of routing: Shazeer et al. 2017; Switch, Fedus et al. 2022; ST-MoE, Zoph et al. 2022; "
             "expert choice, Zhou et al. 2022; loss-free balancing, Wang et al. 2024; DeepSeekMoE, Dai et al. 2024",
             "", "A mixture of experts trained live on points on the plane, with the practice of routing as switches."};
    schema_ = binding().schema();
    phases_ = {
        {"data", "Data", "The points are drawn: a preset's, and your own.",
         "Your data: what the router makes of it is for the training to show."},
        {"train", "Training", "The router learns where to send each point; the load shows who gets the work.",
         "A router trained by the task alone collapses onto a few experts (Shazeer et al. 2017, §4); a balancing loss "
         "or bias spreads the load (Fedus et al. 2022; Wang et al. 2024)."}};
    headlines_ = {{"acc", "—"},
                  {"acc_dense", "—"},
                  {"load_entropy", "near 1 with L_aux (Fedus et al. 2022)"},
                  {"max_vio", "near 0 with L_aux or the bias (Wang et al. 2024)"},
                  {"load_entropy_recent", "—"},
                  {"max_vio_recent", "—"},
                  {"idle_experts", "> 0 without balancing (Shazeer et al. 2017)"},
                  {"acc_gain", "> 0 on clusters (Chen et al. 2022, for cluster-experts' data)"},
                  {"dropped", "> 0 with capacity (Fedus et al. 2022)"},
                  {"unrouted", "> 0 with expert choice (Zhou et al. 2022)"}};
    test_sizes_ = {{{"T", 40}, {"n", 100}, {"n_test", 100}, {"eval_every", 10}},
                   {{"n", 2000}, {"n_test", 2000}, {"K", 16}, {"hidden", 32}}};
}

core::Validation PlaygroundLab::check(const Config& c) const {
    core::Validation v;
    if (c.train.rule.k > c.model.K)
        v.errors.push_back(core::trnf(c.model.K, "top_k = %d is more than the K = %d expert: lower top_k or raise K",
                                      "top_k = %d is more than the K = %d experts: lower top_k or raise K",
                                      c.train.rule.k, c.model.K));
    for (size_t q = 0; q < c.drawn.size(); ++q)
        if (c.drawn[q].label >= c.model.C) {
            v.errors.push_back(core::trf("point %zu is of class %d, but there are %d classes (0 … %d): %s", q + 1,
                                         c.drawn[q].label, c.model.C, c.model.C - 1,
                                         c.data.shape == Shape::Xor || c.data.shape == Shape::Moons
                                             ? "xor and moons have 2 classes: choose other data"
                                             : "raise classes"));
            break;
        }
    if (c.train.rule.expert_choice && c.train.rule.capacity <= 0)
        v.errors.push_back("expert choice needs a capacity c_f > 0 (each expert's share of a batch): set capacity");
    if (c.train.rule.expert_choice && c.train.eval_capacity == 0)
        v.errors.push_back(
            "expert choice needs an evaluation capacity above 0 (each expert's share of a batch): set eval_capacity "
            "to −1 (the training one) or above 0");
    return v;
}

core::WorkPlan PlaygroundLab::plan(const Config& c) const {
    core::WorkPlan w;   // the parts in the order of Part (run.hpp)
    w.add(0, "drawing the points and the first maps", 10.0 * (train_size(c) + test_size(c)) + evaluation_units(c),
          "lower n or n_test");
    w.add(1, "training",
          double(c.T) * train_step_units(c) +
              double(c.T / c.eval_every + (c.T % c.eval_every != 0)) * evaluation_units(c),
          "lower T, B, K or the experts' width", "t");
    return w;
}

}   // namespace playground

static const core::Registration kRegistration(6, "playground", &core::make<playground::PlaygroundLab>);
