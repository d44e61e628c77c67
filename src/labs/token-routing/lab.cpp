// The token-routing lab's declaration. Phase 1: the parameters, bound once to the Config they set, their
// presets and the cross-parameter checks. The lab class (info, phases, headlines, views, tour, outcomes) and its
// registration line come with the page (phase 2).
#include "labs/token-routing/config.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"

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
              "Capacity 1.0",
              "Each expert takes at most a quarter of a sequence, in the order of positions.",
              {{"capacity", 1}}});
    b.preset({"no-balance", "No balancing loss", "α = 0: nothing spreads the load.", {{"alpha", 0}}});
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

}   // namespace token_routing
