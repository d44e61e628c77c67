// The token-routing lab's declaration: the parameters, bound once to the Config they set, and their presets; info,
// phases, headlines; the cross-parameter checks and the plan; the sizes of the generic tests; the registration line.
#include "labs/token-routing/lab.hpp"
#include "core/limits.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"
#include "core/words.hpp"

namespace token_routing {

static core::Bound<Config> make_binding() {
    using T = core::ParamType;
    core::Bound<Config> b;
    b.add(core::param("T", "T", "Data", T::Int, 8, 64, 32, "context: the tokens the model reads at once"),
          &Config::model, &ModelSpec::T);
    b.add(core::param("n_train", "n_train", "Data", T::Int, 50, 20000, 2000, "training sequences of T + 1 tokens"),
          &Config::corpus, &CorpusSpec::n_train);
    b.add(core::param("n_test", "n_test", "Data", T::Int, 16, 4000, 256, "held-out sequences, for the measures"),
          &Config::corpus, &CorpusSpec::n_test);
    b.add(core::param("d", "d", "Model", T::Int, 4, 64, 24, "the model's width d_model"), &Config::model,
          &ModelSpec::d);
    b.add(core::param("heads", "h", "Model", T::Int, 1, 8, 2, "attention heads (h divides d)"), &Config::model,
          &ModelSpec::heads);
    b.add(core::param("blocks", "L", "Model", T::Int, 1, 4, 2, "transformer blocks, each with a mixture of experts"),
          &Config::model, &ModelSpec::blocks);
    b.add(core::param("d_ff", "d_ff", "Model", T::Int, 2, 256, 48,
                      "hidden units of one expert; the dense model has k d_ff, as many as a token uses"),
          &Config::model, &ModelSpec::d_ff);
    b.add(core::param("K", "K", "Routing", T::Int, 2, 16, 4, "experts in each mixture"), &Config::model, &ModelSpec::K);
    b.add(core::param("k", "k", "Routing", T::Int, 1, 4, 1, "experts per token: 1 as Switch, 2 as Mixtral"),
          &Config::model, &ModelSpec::k);
    b.add(core::param("capacity", "c_f", "Routing", T::Real, 0, 4, 0,
                      "capacity factor (Switch eq. 3): an expert takes at most c_f k T / K tokens of a sequence, in "
                      "the order of positions; 0: no limit"),
          &Config::model, &ModelSpec::capacity);
    b.add(core::param("alpha", "α", "Routing", T::Real, 0, 1, 0.01,
                      "weight of the load-balancing loss α K Σ f_i P_i (Switch eq. 4)"),
          &Config::model, &ModelSpec::alpha);
    b.add(core::param("B", "B", "Training", T::Int, 1, 128, 16, "sequences per batch, the same for both models"),
          &Config::train, &TrainSpec::B);
    b.add(core::param("steps", "steps", "Training", T::Int, 10, 20000, 600, "Adam steps of each model"), &Config::train,
          &TrainSpec::steps);
    b.add(core::param("lr", "η", "Training", T::Real, 1e-4, 0.1, 0.01, "Adam's step size", true), &Config::train,
          &TrainSpec::lr);
    b.derive([](Config& c) {
        c.model.V = vocab().size();
        c.model.init_scale = 0.1;   // Switch §2.4 (docs/labs/token-routing.md §4.3)
        c.corpus.T = c.model.T;
    });
    b.preset({"default",
              "Switch, top-1",
              "Four experts, one per token, the balancing loss, no capacity: about 10 s natively.",
              {}});
    b.preset({"mixtral",
              "Mixtral, top-2",
              "Two experts per token; the dense model has twice the hidden units.",
              {{"k", 2}}});
    b.preset({"capacity",
              "Capacity c_f = 1",
              "Each expert takes at most a quarter of a sequence, in the order of positions.",
              {{"capacity", 1}}});
    b.preset({"no-balance", "No balancing loss", "α = 0: nothing spreads the load.", {{"alpha", 0}}});
    b.preset({"own-text",
              "Your own text",
              "Half the training, so that the class types sooner: then type a sentence in 'Your sentence' and watch "
              "'Your sentence, routed'.",
              {{"steps", 300}}});
    return b;
}

const core::Bound<Config>& binding() { return core::made_once(make_binding); }

core::Validation check(const Config& c) {
    core::Validation v;
    const ModelSpec& s = c.model;
    if (s.d % s.heads != 0)
        v.errors.push_back(
            core::strf("d = %d is not a multiple of h = %d heads: choose d and h so that h divides d.", s.d, s.heads));
    if (s.k > s.K)
        v.errors.push_back(
            core::strf("k = %d experts per token is more than the K = %d experts: lower k or raise K.", s.k, s.K));
    // the parameters and Adam's moments of both models, the caches of one batch, the corpus
    const double params = double(make_layout(s).size + make_layout(dense_twin(s)).size);
    const double N = double(c.train.B) * s.T;
    const double cache = N * (s.blocks * (12.0 * s.d + 2.0 * s.k * s.d_ff + 4.0 * s.K + s.heads * s.T) + 2.0 * s.V);
    core::check_memory(v, 8.0 * (4 * params + 2 * cache) + 4.0 * (c.corpus.n_train + c.corpus.n_test) * (s.T + 1),
                       "the models and the corpus");
    return v;
}

// The plan of a run: its parts in the order of Part (run.hpp), in the units Trainer::piece() and HeldoutPass::piece()
// charge (about one multiply-add).
core::WorkPlan work_plan(const Config& c) {
    const ModelSpec& s = c.model;
    const double B = c.train.B, T = s.T, n_test = c.corpus.n_test;
    const double fc_moe = forward_cost(s), fc_dense = forward_cost(dense_twin(s));
    const double step = 3 * B * (fc_moe + fc_dense) + update_cost(s) + update_cost(dense_twin(s)) + B * T;
    const double eval = n_test * fc_moe;   // one held-out routing of the MoE
    const int steps = c.train.steps, tenth = checkpoint_step(1, steps);
    core::WorkPlan w;
    w.add(0, "drawing the corpus", 20 * (T + 1) * (double(c.corpus.n_train) + n_test), "lower n_train or n_test");
    w.add(1, "training, the first tenth", tenth * step + 2 * eval, "lower steps or B, or the model's sizes");
    w.add(2, "training", (steps - tenth) * step + (kCheckpoints - 2) * eval, "lower steps or B, or the model's sizes");
    w.add(3, "measuring the held-out routing", n_test * (fc_moe + fc_dense), "lower n_test");
    return w;
}

TokenRoutingLab::TokenRoutingLab() : LabOf(kUnitsPerSecond, binding()) {
    info_ = {
        // id, title, citation, the paper's file (none: several papers), summary, the class's text (core::LabInfo)
        "token-routing",
        "Token routing in a tiny language model",
        "Mixtral, Jiang et al. 2024, §5; OpenMoE, Xue et al. 2024; ST-MoE, Zoph et al. 2022, §7; Switch, Fedus, Zoph, "
        "Shazeer 2022",
        "",
        "A small decoder-only transformer with a mixture of experts in each block learns the next token of a corpus "
        "of prose, arithmetic and code-like lines that share function words, numbers and signs; a dense twin with "
        "the same active parameters learns beside it on the same batches. What does the router learn: does a token "
        "go to its expert because of what it is or because of the topic around it, how early is that fixed, do "
        "neighbours share an expert, and where in a sequence does a full expert drop tokens?",
        {"Your sentence",
         "A sentence in the corpus's words (stories, sums, code-like lines): the view 'Your sentence, routed' paints "
         "each of its tokens with the expert the model sends it to."}};
    schema_ = binding().schema();
    phases_ = {
        {"data", "The corpus",
         "Sequences of three domains are drawn: prose, arithmetic and code-like lines. Function words, numbers, "
         "operators, punctuation and brackets occur in all three: they tell routing by token from routing by topic.",
         "Mixtral §5 asks whether experts specialise by topic on The Pile's subsets (arXiv, PubMed, GitHub, …); here "
         "three small grammars play the topics (docs/labs/token-routing.md §2)."},
        {"early", "Early training",
         "The first tenth of the training: the token purity (dashed, 'Routing learned early') rises from what the "
         "random router already gives; the load stays even.",
         "OpenMoE (Xue et al. 2024), early routing learning: the assignment of tokens to experts is learned early in "
         "pre-training and then hardly changes."},
        {"train", "Training",
         "Both models' losses fall on the same batches; each expert's load stays near 1/K while the balancing loss "
         "is on.",
         "Switch §3: at the same computation per token the MoE reaches a lower loss than the dense model. Not shown at "
         "this size: over seeds 1–10 the two end level (dense − MoE = {=0.000} ± {=0.004} nats, the MoE lower in 5 of "
         "10; docs/labs/token-routing.md §7.5)."},
        {"measure", "The routing measured",
         "The held-out tokens routed by the trained MoE: which token kinds and which domains each expert takes, "
         "whether neighbours share an expert, and with capacity where tokens are dropped.",
         "Mixtral §5: the router chooses by the token more than by the topic; ST-MoE §7: experts specialise in kinds "
         "of tokens; OpenMoE: context-independent specialisation, and drops towards the end of a sequence. Shown in "
         "the first layer; the last layer routes partly by topic here (the domain still removes {=0.35} of what the "
         "token leaves open, against {=0.02} by chance; docs/labs/token-routing.md §7.1)."},
    };
    headlines_ = {
        {"token_purity", "most tokens on their id's expert (Mixtral §5; OpenMoE, context-independent specialisation)"},
        {"mi_kind", "experts specialise in kinds of tokens (ST-MoE §7)"},
        {"mi_domain", "little: no expert per topic (Mixtral §5)"},
        {"early_agreement", "high from early on (OpenMoE, early routing learning)"},
        {"neighbour_same", "above chance, more in later layers (Mixtral §5)"},
        {"neighbour_chance", "Σ f_i²: independent choices"},
        {"loss_moe", "below dense at the same active parameters (Switch §3)"},
        {"loss_dense", "above the MoE (Switch §3)"},
        {"drop_early", "low (OpenMoE, drop-towards-the-end)"},
        {"drop_late", "above drop_early (OpenMoE, drop-towards-the-end)"},
    };
    test_sizes_ = {{{"T", 8}, {"n_train", 50}, {"n_test", 16}, {"d", 8}, {"d_ff", 8}, {"B", 4}, {"steps", 20}},
                   {{"n_train", 20000}, {"n_test", 4000}, {"T", 64}}};
}

core::Validation TokenRoutingLab::check(const Config& c) const { return token_routing::check(c); }

core::WorkPlan TokenRoutingLab::plan(const Config& c) const { return work_plan(c); }

}   // namespace token_routing

static const core::Registration kRegistration(7, "token-routing", &core::make<token_routing::TokenRoutingLab>);
