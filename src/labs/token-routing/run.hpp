// The token-routing lab's live run: the corpus drawn from the seed, the MoE model and its dense twin trained on the
// same batches in pieces of one sequence, the held-out routing at every tenth of the training and at its end, and the
// measures (metrics.hpp) of the last MoE layer (docs/labs/token-routing.md §4.8); what the views show (views.cpp) is
// made from them once, at the end, and while training from the batches' losses and loads.
#pragma once
#include "core/lab.hpp"
#include "labs/token-routing/config.hpp"
#include "labs/token-routing/metrics.hpp"
#include <array>

namespace token_routing {

// The plan's parts, in order; kDone past the last. kEarly is the training up to its tenth (OpenMoE's early routing is
// measured there), kTrain the rest.
enum Part { kDraw, kEarly, kTrain, kMeasure, kDone };

// The held-out routing is taken at steps ⌊j · steps / 10⌋, j = 0 … 9 (j = 1: early_agreement's tenth), and at the end.
inline constexpr int kCheckpoints = 10;
inline int checkpoint_step(int j, int steps) { return int(long(j) * steps / kCheckpoints); }

// A text routed by a model: per MoE layer, each token's choices (n × k, the first first) and their weights w (Switch
// eq. (2); Mixtral's renormalised top-k), before capacity (capacity depends on the tokens a sequence holds after
// it). The text is padded to T with "." after its end, which a causal model's earlier positions never see. No
// layers for a model without a router; none routed for an empty text or one longer than T.
struct TextRouting {
    std::vector<std::vector<int>> top;
    std::vector<std::vector<double>> w;
};
TextRouting route_text(const Model& m, const std::vector<int>& ids);

// The model writes: `prompt` continued to T tokens, each next token drawn from the model's softmax with `rng`.
std::vector<int> write_text(const Model& m, std::vector<int> prompt, core::Rng& rng);

// The lab's example sentence, routed while the class has typed none: the three domains' tokens in one line; and its
// first T tokens.
inline constexpr const char* kExampleText = "the old cat sees the sum of 3 and 4 ; let x = 7 ;";
Tokenized example(int T);

// The start of one held-out sequence as the MoE layers routed it: the views' table of tokens.
struct TokenSample {
    int domain = 0;
    std::vector<int> ids;
    std::vector<double> p;                    // layers × tokens × K: the router's probabilities
    std::vector<std::array<int, 3>> chosen;   // (token, layer, expert) of every kept choice
    int dropped = 0;                          // choices dropped by capacity among these tokens
};

// What the views show of the finished run, made once from the final routing (per MoE layer ℓ).
struct Summary {
    std::vector<std::vector<double>> by_kind;     // ℓ: K × kinds, the share of each kind's tokens on each expert
    std::vector<std::vector<double>> by_domain;   // ℓ: K × domains, the same per domain
    std::vector<std::vector<double>> drop_bins;   // ℓ: the share of choices dropped per bin of positions
    std::vector<std::pair<int, int>> bins;        // the bins' first and last positions
    std::vector<std::vector<double>> agreement;   // ℓ: per checkpoint, token ids on their final expert
    std::vector<TokenSample> samples;             // the first held-out prose sequence (none without one)
    std::vector<int> first_of_domain;             // each domain's first held-out sequence (−1: none), its index
    std::vector<std::vector<int>> written;        // per domain, what the model wrote from that sequence's start
    std::vector<TextRouting> written_routing;     // and how the model routes it
    std::vector<std::vector<std::pair<int, double>>> top_tokens;   // per expert (last layer): ids, share, most first
};

// Means over the steps between two trace rows, for the views' curves.
struct History {
    std::vector<double> t, ce_moe, ce_dense;
    std::vector<std::vector<double>> load;   // K series: the last MoE layer's f_i
    std::vector<std::vector<double>> vio;    // a series per MoE layer: MaxVio of the batch, max_i K f_i − 1
};

class Run : public core::RunOf<Config> {
public:
    Run(const Config& c, uint64_t seed);
    void step(core::WorkBudget& budget) override;
    core::Where where() const override;
    std::vector<core::Metric> metrics() const override;
    void views(std::vector<core::View>& out) const override;      // views.cpp
    core::TextRead read_text(const std::string& text) override;   // the class's sentence, routed in its view

    // for tests and the measurement
    const Trainer& trainer() const { return trainer_; }
    const std::vector<Measures>& measures() const { return measures_; }   // per layer, once done
    const RoutingTable& final_routing() const { return final_; }
    const Summary& summary() const { return summary_; }
    const std::vector<Snapshot>& checkpoints() const { return checkpoints_; }
    // The routing territory's plane: x = mean + a·e1 + b·e2 in the last MoE layer's router input (territory.cpp).
    std::vector<double> plane_point(double a, double b) const;

private:
    enum Eval { kNoEval, kCheckpoint, kFinalMoe, kFinalDense };
    void start_eval(Eval e);
    void finish_eval();
    void record_step();
    void summarise();
    void territory();                                       // territory.cpp
    void paint_views(std::vector<core::View>& out) const;   // views.cpp: the text painted by expert

    core::Rng train_rng_, test_rng_;
    Corpus corpus_;
    Trainer trainer_;
    HeldoutPass pass_;
    Eval eval_ = kNoEval;
    std::vector<Snapshot> checkpoints_;
    RoutingTable final_;
    std::vector<Measures> measures_;
    int part_ = kDraw;
    // the steps since the last trace row
    int acc_n_ = 0;
    double acc_ce_moe_ = 0, acc_ce_dense_ = 0;
    std::vector<double> acc_f_, acc_vio_;
    History hist_;
    Summary summary_;
    std::vector<double> mean_, e1_, e2_;   // the territory's plane
    core::View territory_;
    Tokenized text_;                     // the class's sentence (kExampleText while none is typed)
    mutable TextRouting text_routing_;   // its routing by the model at step text_t_ (−1: not routed yet)
    mutable long text_t_ = -1;
};

}   // namespace token_routing
