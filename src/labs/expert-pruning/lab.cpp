// The declaration of the expert-pruning lab: info, parameters, presets, phases, headlines, checks, the plan.
#include "core/registry.hpp"
#include "labs/expert-pruning/lab.hpp"
#include "core/fmath.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>

namespace expert_pruning {
using core::choice;
using core::param;
using core::strf;

// The run's parts (run.hpp's Part), in step()'s work units (about one multiply-add each).
core::WorkPlan work_plan(const Config& c) {
    const RunSpec& s = c.spec;
    const int k = s.k, n = s.data.n, G = k / 2;
    const bool learned = s.mode == Mode::Learned;
    Moe M;
    M.k = k;
    M.d = s.data.d;
    M.m = s.m;
    M.l = s.l;
    M.routing = s.routing;
    const double step = step_cost(M, n, s.B), ev = eval_cost(M, n);
    const double N = s.n_test, V = s.n_val, ckpts = double(s.T) / s.eval_every + 3;
    const double Vpre = learned ? std::max(V, 64.0 * s.data.C) : 0;   // the pre-training test set (pipeline.cpp)
    const double draw = (N + V + Vpre) * 8.0 * n + 20.0 * k * M.d * (M.m + 1.0) + Vpre * ev;
    const double pre =
        learned ? double(s.T_pre) * step_cost(M, n, 64) + (double(s.T_pre) / s.eval_every + 1) * Vpre * ev : 0;
    const double ft = double(s.T) * step + ckpts * (N + V) * ev;
    // no post-FT: every criterion's pruned copies (random: R draws) read the stored per-expert outputs
    const double criteria = kCriteria - 1 + c.diff_norm;
    const double prune = G * (criteria - 1 + s.random_draws) * N * k;
    // post-FT: one continued run when the experts do not interact (expert-choice, paper loss), then the same
    // reading of stored outputs; else one run per distinct kept set: one at ρ = 0 (nothing pruned), then per
    // ratio the R random draws and about half the criteria (the others keep the same experts; measured)
    const bool coupled = M.routing == Routing::TokenChoice || s.ft.hinge;
    int ratios = 0;   // the ρ grid (run.cpp: token-choice keeps at least l experts, footnote 3)
    for (int q = 0; q < G; ++q) ratios += M.routing == Routing::ExpertChoice || 2 * (G - q) >= M.l;
    const double runs = coupled ? 1 + (ratios - 1) * (s.random_draws + 0.5 * criteria) : 1;
    const double post = runs * (double(s.T_post) * step + N * ev) + (coupled ? 0 : prune);
    const double timeline = 2 * (double(s.T_post) * step + double(s.T_post) / s.eval_every * N * ev);
    core::WorkPlan w;   // the parts in the order of Part (run.hpp)
    w.add(0, "drawing the test and validation sets", draw, core::trf("lower n_test = %g or n_val = %g, or n", N, V));
    w.add(0, "pre-training", pre, "lower T_pre or n_val", core::later::tr("step"));
    w.add(1, "fine-tuning", ft, "lower T, B, n or n_test", "t");
    w.add(2, "pruning", prune, "lower n_test or draws", core::later::tr("pruned copies"));
    w.add(3, "post-pruning fine-tuning", post + timeline, "lower T_post or draws");
    const int others =
        w.add(4, "the other seeds", double(c.seeds - 1) * (draw + pre + ft + prune + post), "lower seeds");
    w.elsewhere(others, w.part(others).units);   // each seed one repetition of the sweep (sweep_jobs.cpp)
    return w;
}

// Each parameter once, bound to the Config field it sets (core/bind.hpp): the schema and the config cannot drift.
static core::Bound<Config> make_binding() {
    using T = core::ParamType;
    core::Bound<Config> b;
    b.add(param("d", "d", "Data", T::Int, 3, 512, 32,
                "Patterns, an orthonormal basis of ℝ^d (tokens are patterns, §4.2; theory d = Ω(n); paper §5.1: "
                "200). Concept pairs take the first 2C, the task-irrelevant q's the rest."),
          &Config::spec, &RunSpec::data, &DataSpec::d);
    b.add(param("n", "n", "Data", T::Int, 2, 256, 16,
                "Tokens per sample: one task pattern (o₁ ⇒ y = +1, o₂ ⇒ y = −1) at a random position, n − 1 q's "
                "drawn with replacement (paper §5.1: 100)."),
          &Config::spec, &RunSpec::data, &DataSpec::n);
    b.add(param("C", "C", "Data", T::Int, 1, 16, 4,
                "Concept pairs (o₁, o₂ is concept 1). Planted: the specialists' absent concepts; learned: the "
                "pre-training tasks; scratch: unused."),
          &Config::C);
    b.add(param("zipf", "s", "Data", T::Real, 0, 3, 0,
                "q frequencies P(q_i) ∝ i^−s (0: uniform). The paper allows any O(1/d) frequencies, the same in "
                "both classes."),
          &Config::spec, &RunSpec::data, &DataSpec::zipf);
    b.add(param("k", "k", "Model", T::Int, 2, 64, 8,
                "Experts, even: heads a^(s) = +1 for the first half (S₁), −1 for the second (S₂), as in §5.1 "
                "(paper: 20; V-MoE: 8)."),
          &Config::spec, &RunSpec::k);
    b.add(param("m", "m", "Model", T::Int, 1, 64, 8, "ReLU neurons per expert (paper §5.1: not given)."), &Config::spec,
          &RunSpec::m);
    b.add(param("l", "l", "Model", T::Int, 1, 16, 2,
                "Tokens per expert (expert-choice) or experts per token (token-choice). l ≥ 2: with l = 1 the "
                "gate is 1 and routers get no gradient (paper §5.1: 5; V-MoE: 2)."),
          &Config::spec, &RunSpec::l);
    b.add(
        choice("routing", core::Words{"Routing"}, "Model",
               {{"expert-choice", core::later::tr("Expert choice")}, {"token-choice", core::later::tr("Token choice")}},
               0,
               "expert-choice (eq. 4, the theory): each expert takes its top-l tokens and pruning removes its router "
               "(eq. 6); token-choice (eq. 3, the paper's experiments): each token goes to its top-l experts, pruned "
               "routers still route and their outputs are zero (eq. 5)."),
        &Config::spec, &RunSpec::routing);
    b.add(choice("mode", core::Words{"Pre-trained model"}, "Pre-training",
                 {{"planted", core::later::tr("Planted")},
                  {"learned", core::later::tr("Learned")},
                  {"scratch", core::later::tr("From scratch")}},
                 0,
                 "The paper assumes a pre-trained model (Def. C.1) without saying how it was made "
                 "(docs/labs/expert-pruning.md §4.1). planted: "
                 "weights built to Def. C.1, with specialists on absent concepts whose norms exceed the important "
                 "experts'; learned: trained on C concept pairs with the true hinge, the downstream concept picked "
                 "afterwards; scratch: §5.1, tiny Gaussian weights, no pre-training."),
          &Config::spec, &RunSpec::mode);
    b.add(param("important", core::Words{"Important experts"}, "Pre-training", T::Int, 1, 32, 1,
                "Planted: important experts per group (p^(s,0) = Ω(1), Def. C.1); the others are specialists on "
                "absent concepts."),
          &Config::spec, &RunSpec::plant, &PlantSpec::important);
    b.add(param("r_imp", "r", "Pre-training", T::Real, 0, 5, 0.3,
                "Planted: an important expert's router along its o (w_s^(0) = ε + r e_o)."),
          &Config::spec, &RunSpec::plant, &PlantSpec::r_imp);
    b.add(param("mu_imp", "μ", "Pre-training", T::Real, 0, 5, 0.05,
                "Planted: an important expert's neurons along its o (W^(s,0) = E + μ e_o 1ᵀ)."),
          &Config::spec, &RunSpec::plant, &PlantSpec::mu_imp);
    b.add(param("r_spec", "r'", "Pre-training", T::Real, 0, 5, 1.0,
                "Planted: a specialist's router along its absent concept (larger than r: why router magnitude "
                "fails early). The paper's WLOG bound is ‖w_s^(0)‖ ≤ ½ ln l."),
          &Config::spec, &RunSpec::plant, &PlantSpec::r_spec);
    b.add(param("mu_spec", "μ'", "Pre-training", T::Real, 0, 10, 3.0,
                "Planted: a specialist's neurons along its absent concept (why neuron magnitude fails early)."),
          &Config::spec, &RunSpec::plant, &PlantSpec::mu_spec);
    b.add(param("sigma_r", "σ_r", "Pre-training", T::Real, 0, 1, 0.05,
                "Router noise std (planted and learned init); scratch uses §5.1's 1e−4."),
          [](Config& c, double v) { c.spec.plant.sigma_r = c.spec.pre_sigma_r = v; });
    b.add(param("sigma_n", "σ_n", "Pre-training", T::Real, 0, 1, 0.05,
                "Neuron noise std (planted); learned starts from {=0.01}, scratch from §5.1's 1e−2."),
          &Config::spec, &RunSpec::plant, &PlantSpec::sigma_n);
    b.add(param("T_pre", "T_pre", "Pre-training", T::Int, 1, 20000, 500,
                "Learned: pre-training SGD steps (true hinge, batch 64, η_e = {=0.05}, η_r = {=0.02}; "
                "docs/labs/expert-pruning.md §4.1).",
                true),
          &Config::spec, &RunSpec::T_pre);
    b.add(choice("loss", core::Words{"Loss"}, "Fine-tuning",
                 {{"paper", core::later::tr("The paper's gradient")}, {"hinge", core::later::tr("True hinge")}}, 0,
                 "paper: the gradient of 1 − y f, always applied (App. C, after Zhang et al. 2022): experts "
                 "never interact; hinge: the gradient of max(1 − y f, 0), zero once y f ≥ 1: experts interact "
                 "and post-FT can repair a bad pruning."),
          &Config::spec, &RunSpec::ft, &TrainSpec::hinge);
    b.add(param("eta_e", "η_e", "Fine-tuning", T::Real, 1e-5, 10, 0.05, "Neuron step size (Algorithm 1).", true),
          &Config::spec, &RunSpec::ft, &TrainSpec::eta_e);
    b.add(param("eta_r", "η_r", "Fine-tuning", T::Real, 1e-7, 10, 0.002,
                "Router step size. Theory, eq. (8): η_r = O(η_e/(m d l²)) ≈ 5e−5 here.", true),
          &Config::spec, &RunSpec::ft, &TrainSpec::eta_r);
    b.add(param("B", "B", "Fine-tuning", T::Int, 1, 4096, 32,
                "Minibatch of fresh samples per step (theory: B = Ω̃(l² d²)).", true),
          &Config::spec, &RunSpec::B);
    b.add(param("T", "T", "Fine-tuning", T::Int, 1, 100000, 300,
                "Fine-tuning steps (theory, eq. 9: T = Θ(l²√(d log l)/η_e) ≈ 380 here).", true),
          &Config::spec, &RunSpec::T);
    b.add(param("T_post", "T′", "Fine-tuning", T::Int, 0, 100000, 100,
                "Post-pruning fine-tuning steps of the kept experts (Algorithm 1, Step 4)."),
          &Config::spec, &RunSpec::T_post);
    b.add(param("rho", "ρ", "Pruning", T::Real, 0, 1, 0.75,
                "Pruning ratio of the main run's timeline, counters and the 'trustworthy' view: floor(ρ·|S_g|) "
                "experts pruned per group, at least one kept."),
          &Config::rho);
    b.add(param("draws", "R", "Pruning", T::Int, 1, 50, 5,
                "Random pruning: draws averaged (band: min–max in the hover)."),
          &Config::spec, &RunSpec::random_draws);
    b.add(
        param("diff_norm", core::Words{"Norm of the change"}, "Pruning", T::Bool, 0, 1, 0,
              "Also show ‖w_s^(T) − w_s^(0)‖ (another reading, docs/labs/expert-pruning.md §4.4; the paper's Δ is the "
              "difference of norms)."),
        &Config::diff_norm);
    b.add(param("seeds", core::Words{"Seeds"}, "Pruning", T::Int, 1, 20, 12,
                "Seeds of the accuracy-vs-ρ and trustworthy bands (mean ± sd); the first is the main run."),
          &Config::seeds);
    b.add(param("n_test", core::Words{"Test samples"}, "Evaluation", T::Int, 50, 20000, 500,
                "Fixed, balanced test set.", true),
          &Config::spec, &RunSpec::n_test);
    b.add(param("n_val", core::Words{"Validation samples"}, "Evaluation", T::Int, 20, 5000, 256,
                "Validation set: importance score (I) and proficiencies p₁, p₂.", true),
          &Config::spec, &RunSpec::n_val);
    b.add(param("eval_every", core::Words{"Evaluate every"}, "Evaluation", T::Int, 1, 10000, 15,
                "Checkpoint every this many fine-tuning steps: Δ_s^(t), accuracy, the trustworthy view.", true),
          &Config::spec, &RunSpec::eval_every);
    b.add(param("t_early", core::Words{"Early step"}, "Evaluation", T::Int, 0, 100000, 100,
                "The early pruning step reported by the CLI (router magnitude fails there, Δ does not)."),
          &Config::spec, &RunSpec::t_early);
    b.add(param("inspect", core::Words{"Expert shown"}, "Display", T::Int, 0, 64, 0,
                "Expert whose neurons are shown (1..k; 0: the first important expert of S₁)."),
          &Config::inspect);
    // from scratch there is one concept pair, the task's (§5.1); ρ prunes floor(ρ·|S_g|) experts per group
    b.derive([](Config& c) {
        c.spec.data.C = c.spec.mode == Mode::Scratch ? 1 : c.C;
        c.spec.p_trust = pruned_per_group(c.rho, c.spec.k / 2);
    });

    auto& pr = b.schema().presets;
    pr.push_back({"lecture",
                  "Lecture (S-32)",
                  "Planted pre-trained model, d = 32, n = 16, k = 8 (4 per sign, 1 important), l = 2, m = 8: Δ keeps "
                  "100 % down to one expert per group; random, importance and reverse Δ lose it.",
                  {},
                  ""});
    pr.push_back({"s64",
                  "S-64",
                  "d = 64, n = 32, k = 16 with 2 important per sign, m = 16, B = 64: a finer ρ grid (ρ = p/8).",
                  {{"d", 64}, {"n", 32}, {"k", 16}, {"m", 16}, {"B", 64}, {"important", 2}, {"seeds", 3}},
                  ""});
    pr.push_back({"learned",
                  "Learned pre-training (L)",
                  "Pre-trained on 4 concept pairs with the true hinge; the downstream concept is one that has a "
                  "specialist of each sign.",
                  {{"mode", 1}, {"d", 64}, {"k", 16}, {"m", 16}, {"T", 150}, {"sigma_r", 0.05}, {"seeds", 3}},
                  ""});
    pr.push_back({"paper51",
                  "Paper §5.1",
                  "d = 200, n = 100, k = 20, l = 5 from scratch (§5.1, Figs. 3 and 7): a few routers grow large, the "
                  "rest stay near 0.",
                  {{"mode", 2},
                   {"d", 200},
                   {"n", 100},
                   {"k", 20},
                   {"l", 5},
                   {"m", 20},
                   {"B", 64},
                   {"T", 400},
                   {"T_post", 50},
                   {"eta_e", 0.5},
                   {"eta_r", 0.02},
                   {"seeds", 2},
                   {"eval_every", 20}},
                  "Heavy: about 10 s in the browser."});
    pr.push_back(
        {"token_choice",
         "Token-choice",
         "Token-choice routing (eq. 3), pruned routers kept (eq. 5), d = 64, n = 32, m = 16: the same ordering "
         "as expert-choice.",
         {{"routing", 1}, {"d", 64}, {"n", 32}, {"m", 16}, {"seeds", 3}},
         ""});
    pr.push_back({"hinge",
                  "True hinge",
                  "Zero gradient once y f ≥ 1: experts interact, magnitudes fail even at T, and post-FT partly repairs "
                  "bad prunings.",
                  {{"loss", 1}},
                  ""});
    pr.push_back(
        {"theory",
         "Theory step sizes",
         "η_r = η_e/(m d l²) ≈ {=4.9e−5} (eq. 8): the same ordering, but Δ stays ~50× below the (3/2) ln l certificate.",
         {{"eta_r", 4.8828125e-05}},
         ""});
    return b;
}

const core::Bound<Config>& binding() { return core::made_once(make_binding); }

std::vector<core::Phase> make_phases() {
    return {
        {"pretrain", "Pre-training",
         "Planted: the pre-trained weights appear at once; learned: accuracy on the pre-training concepts rises; "
         "scratch: nothing to do.",
         "The paper assumes a pre-trained model with at least one important expert per group, p^(s,0) = Ω(1), the "
         "others O(1/d) (App. C, Def. C.1)."},
        {"finetune", "Fine-tuning",
         "Δ_s^(t) of the important experts (solid) rises about quadratically and passes (3/2) ln l; the others (dashed) "
         "stay near 0. Accuracy reaches 100 % long before.",
         "Lemma 4.1: an important expert ends with p^(s,T) = 1 and Δ_s > (3/2) ln l; Lemma 4.2: an unimportant one "
         "keeps Δ_s = O(log² l/√d)."},
        {"prune", "Pruning",
         "Accuracy vs ρ fills in: Δ stays at the unpruned accuracy to one expert per group; random, importance score "
         "and reverse Δ fall.",
         "Theorem 4.3: pruning the smallest Δ per group keeps zero test error for every ρ ≤ γ (the unimportant "
         "fraction)."},
        {"postft", "Post-pruning fine-tuning",
         "Dashed curves: the kept experts train T′ more steps. Under the paper's loss this is just more training "
         "(experts do not interact); with the true hinge it repairs bad prunings.",
         "Lemma 4.4 and Theorem 4.5: with post-FT the kept experts learn the task features and ρ up to 1 − O(1/k) keeps "
         "zero error."},
        {"seeds", "More seeds",
         "The bands (mean ± sd over seeds) of accuracy vs ρ and of the trustworthy view tighten.",
         "§5.2: V-MoE and E³-MoE prune 50–75 % of the experts within 1 % of the unpruned accuracy; Δ bounds the other "
         "criteria from above."},
    };
}

core::Validation check_params(const Config& c) {
    core::Validation v;
    const RunSpec& s = c.spec;
    const int d = s.data.d, n = s.data.n, k = s.k, l = s.l, C = c.C, m = s.m;
    const Mode mode = s.mode;
    const bool tc = s.routing == Routing::TokenChoice;
    if (l < 2)
        v.errors.push_back(
            "l = 1: the softmax over a single selection is 1 whatever the router says, so the router gets no gradient "
            "and Δ_s ≡ 0 (docs/labs/expert-pruning.md §3.3; Lemma E.6 assumes l ≥ 2): use l ≥ 2");
    if (k % 2)
        v.errors.push_back(
            core::trf("k = %d must be even: half the experts have head a = +1 (S₁), half −1 (S₂), as in §5.1", k));
    if (!tc && l > n)
        v.errors.push_back(
            core::trf("l = %d must be ≤ n = %d: an expert selects l of the n tokens (expert-choice)", l, n));
    if (tc && l > k)
        v.errors.push_back(
            core::trf("l = %d must be ≤ k = %d: a token selects l of the k experts (token-choice)", l, k));
    const int concepts = mode == Mode::Scratch ? 1 : C;
    if (d < 2 * concepts + 1)
        v.errors.push_back(core::trf(
            "d = %d is too small: the %s mode needs 2C = %d concept patterns plus at least one task-irrelevant q: "
            "raise d or lower C",
            d, mode == Mode::Planted ? "planted" : "learned", 2 * concepts));
    const int G = k / 2;
    if (mode == Mode::Planted) {
        if (s.plant.important > G)
            v.errors.push_back(
                core::trf("important = %d is more than the %d experts of a group: lower it", s.plant.important, G));
        else if (s.plant.important == G)
            v.warnings.push_back(
                "Every expert is important: nothing can be pruned without loss (γ = 0 in Theorem 4.3)");
        if (C == 1)
            v.warnings.push_back("C = 1: no specialists on absent concepts, so the unimportant experts are plain noise "
                                 "and every criterion looks alike");
    }
    if (mode == Mode::Learned && C < 2)
        v.errors.push_back("Learned pre-training needs C ≥ 2 concept pairs to choose a downstream concept from");
    if (mode == Mode::Scratch)
        v.warnings.push_back("From scratch (§5.1): 'important' means p^(s,T) ≥ {=0.3} after fine-tuning (nothing is "
                             "pre-trained), and whether each group gets one depends on the seed "
                             "(docs/labs/expert-pruning.md §7.6)");
    if (tc) {
        const int kept = 2 * (G - s.p_trust);
        if (kept < l)
            v.errors.push_back(core::trf(
                "ρ = %g keeps %d experts, fewer than l = %d: with token-choice a token needs l experts (paper "
                "footnote 3): lower ρ or l",
                c.rho, kept, l));
    }
    if (c.inspect > k)
        v.errors.push_back(core::trnf(k, "inspect = %d: there is only k = %d expert",
                                      "inspect = %d: there are only k = %d experts", c.inspect, k));
    if (s.t_early > s.T)
        v.errors.push_back(core::trf("t_early = %d is after the end of fine-tuning T = %d: lower it", s.t_early, s.T));
    const double bound = 0.5 * core::fm::log(double(l));
    if (mode == Mode::Planted && s.plant.r_spec > bound && l >= 2)
        v.warnings.push_back(core::trf(
            "Off-theory on purpose: the specialists' ‖w_s^(0)‖ ≈ %g exceeds the paper's WLOG bound ½ ln l = %.2f "
            "(App. C); it is what makes router magnitude fail early",
            s.plant.r_spec, bound));
    if (s.ft.eta_r > 0 && s.ft.eta_r * m * d * l * l <= s.ft.eta_e * 1.0001 && l >= 2)
        v.warnings.push_back(
            core::trf("η_r ≤ η_e/(m d l²) (eq. 8): Δ stays far below the (3/2) ln l = %.2f certificate in T steps; the "
                      "ordering of the experts is the same",
                      1.5 * core::fm::log(double(l))));

    // memory: the test and validation sets, the per-expert outputs (a few copies), models, checkpoints
    const double N = s.n_test, V = s.n_val;
    const double model = double(k) * d * (m + 1) * 8.0;
    const double ckpts = double(s.T) / s.eval_every + 3;
    double bytes = (N + V) * n * 4.0 * 3 + N * k * 8.0 * 4 + model * 12 + ckpts * k * 8.0 * 2;
    core::check_memory(v, bytes, "This configuration");
    return v;
}

static std::vector<core::Headline> paper_headlines();
static core::TestSizes sizes_for_tests();

ExpertPruningLab::ExpertPruningLab() : LabOf(kUnitsPerSecond, binding()) {
    info_ = {
        // id, title, citation, the paper's file, summary (core::LabInfo)
        "expert-pruning", "Expert pruning",
        "Chowdhury, Wang, El Maghraoui, Wang, Chen, Carothers (ICML 2024): A Provably Effective Method for "
        "Pruning Experts in Fine-tuned Sparse Mixture-of-Experts",
        "002_f8d67ca2f7203e4d.txt",
        "A pre-trained MoE layer (k experts with fixed heads ±1, ReLU neurons, linear routers) is fine-tuned on a "
        "binary task where one token, o₁ or o₂, decides the label. Experts whose routers already pick that token keep "
        "specialising and their router norm grows: Δ_s = ‖w_s^(T)‖ − ‖w_s^(0)‖ passes (3/2) ln l; the others barely "
        "move. Pruning the smallest Δ in each head-sign group keeps the accuracy down to one expert per group, where "
        "random pruning, the token-count importance score and reverse Δ lose it, and where router or neuron magnitudes "
        "fail until fine-tuning has outgrown the pre-trained norms."};
    headlines_ = paper_headlines();
    test_sizes_ = sizes_for_tests();
    schema_ = binding().schema();
    phases_ = make_phases();
}

// The paper's statements and the prototype's numbers (docs/labs/expert-pruning.md §7.7), a declaration: the same for
// every run (the criteria are the ones every run shows; ‖w_s^(T) − w_s^(0)‖, shown only when asked for, has no number
// to compare with).
static std::vector<core::Headline> paper_headlines() {
    std::vector<core::Headline> h = {
        {"acc_unpruned", "—"},
        {"acc_delta_worst", "zero test error for every ρ ≤ γ (Thm 4.3); within 1 % up to 50–75 % of experts (§5.2)"},
    };
    static const char* rho_keys[3] = {"25", "50", "75"};
    for (int c : kShownCriteria)
        for (int r = 0; r < 3; ++r) {
            const std::string key = std::string("acc_") + criterion_key(c) + "_" + rho_keys[r];
            std::string paper = "";
            if (c == kDelta)
                paper = r < 2 ? "within 1 % (V-MoE CIFAR-10, Fig. 4b)" : "within 1 % with post-FT (Fig. 1)";
            if (c == kRandom && r == 2)
                paper = "falls sharply (Fig. 4a); prototype {=0.75} (docs/labs/expert-pruning.md §7.7)";
            if (c == kReverseDelta && r == 2) paper = "prototype {=0.54} (docs/labs/expert-pruning.md §7.7)";
            h.push_back({key, paper});
            h.push_back({key + "_ft", ""});
        }
    h.push_back({"delta_separated",
                 "Lemmas 4.1 / 4.2: every important Δ above every unimportant one (prototype, "
                 "docs/labs/expert-pruning.md §7.7: 10/10 seeds)"});
    h.push_back({"delta_imp_min", "Lemma 4.1(iv): > (3/2) ln l"});
    h.push_back({"delta_unimp_max", "Lemma 4.2(ii): O(log² l/√d)"});
    h.push_back({"cert", "(3/2) ln l (Lemma 4.4)"});
    for (int q = 0; q < kTrustCount; ++q)
        h.push_back({std::string("early_") + criterion_key(kTrustCriteria[q]),
                     kTrustCriteria[q] == kRouterMag ? "prototype, docs/labs/expert-pruning.md §7.7: {=0.62} at t = 100"
                         : kTrustCriteria[q] == kDelta
                         ? "prototype, docs/labs/expert-pruning.md §7.7: {=1.00} at t = 100"
                         : ""});
    return h;
}

static core::TestSizes sizes_for_tests() {
    return {{{"T", 30}, {"t_early", 20}, {"T_post", 10}, {"seeds", 1}},
            {{"n", 256}, {"n_test", 20000}, {"n_val", 5000}},
            {{"T", 30}, {"t_early", 20}, {"T_post", 10}, {"seeds", 4}}};
}

}   // namespace expert_pruning

static const core::Registration kRegistration(4, "expert-pruning", &core::make<expert_pruning::ExpertPruningLab>);
