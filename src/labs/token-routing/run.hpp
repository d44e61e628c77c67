// The token-routing lab's live run: the corpus drawn from the seed, the MoE model and its dense twin trained on the
// same batches in pieces of one sequence, the held-out routing at the start, at a tenth of the training and at its
// end, and the measures (metrics.hpp) of the last MoE layer (docs/labs/token-routing.md §4.8). Phase 1: the views, the
// tour and the lab's registration come with the page.
#pragma once
#include "core/lab.hpp"
#include "labs/token-routing/config.hpp"
#include "labs/token-routing/metrics.hpp"

namespace token_routing {

enum Part { kDraw, kTrain, kMeasure, kDone };   // the plan's parts, in order; kDone past the last

// The class's sentence routed by a model: per MoE layer, each known token's first expert (before capacity: the router's
// choice; capacity depends on the tokens a sequence holds after it). The text is padded to T with "." after its end,
// which a causal model's earlier positions never see.
std::vector<std::vector<int>> route_text(const Model& m, const std::vector<int>& ids);

class Run : public core::RunOf<Config> {
public:
    Run(const Config& c, uint64_t seed);
    void step(core::WorkBudget& budget) override;
    core::Where where() const override;
    std::vector<core::Metric> metrics() const override;
    void views(std::vector<core::View>& out) const override;   // phase 2

    // for tests and the measurement
    const Trainer& trainer() const { return trainer_; }
    const std::vector<Measures>& measures() const { return measures_; }   // per layer, once done

private:
    enum Eval { kNoEval, kStart, kTenth, kFinalMoe, kFinalDense };
    void start_eval(Eval e);
    void finish_eval();

    core::Rng train_rng_, test_rng_;
    Corpus corpus_;
    Trainer trainer_;
    HeldoutPass pass_;
    Eval eval_ = kNoEval;
    Snapshot start_, tenth_;
    RoutingTable final_;
    std::vector<Measures> measures_;
    int part_ = kDraw;
};

}   // namespace token_routing
