// The token-routing lab's measurements: what the language-model papers report about routing, measured the way they
// measure it, on the held-out sequences (docs/labs/token-routing.md §6).
//   token_purity      share of held-out tokens routed (first choice) to the expert their id goes to most often
//                     (Mixtral, Jiang et al. 2024, §5; ST-MoE, Zoph et al. 2022, §7; OpenMoE, Xue et al. 2024,
//                     "context-independent specialisation")
//   mi_kind, mi_domain  normalised mutual information I(E;Y) / ((H(E) + H(Y)) / 2) of the first expert E with the
//                     token's kind and with its sequence's domain
//   early_agreement   share of token ids whose expert at a tenth of the training is their expert at the end
//                     (OpenMoE, "early routing learning")
//   neighbour_same    share of consecutive held-out tokens with the same first expert, and neighbour_chance = Σ f_i²
//                     with f_i the share of first choices on expert i: what independent choices would give
//                     (Mixtral §5: the repetition of consecutive assignments)
//   drop_early, drop_late  the share of choices dropped by capacity at positions t < T/4 and t ≥ 3T/4
//                     (OpenMoE, "drop-towards-the-end")
//   loss_moe, loss_dense   held-out next-token cross-entropy (nats per token) of the two models (Switch §3)
// and, to read them against: the same at initialisation, the expert given the token and the domain, the load.
#pragma once
#include "labs/token-routing/corpus.hpp"
#include "labs/token-routing/model.hpp"
#include "labs/token-routing/train.hpp"
#include <vector>

namespace token_routing {

// Every held-out token with its labels and, per MoE layer, its routing.
struct RoutingTable {
    int N = 0, T = 0, K = 0, k = 0, layers = 0;
    std::vector<int> id, pos;
    std::vector<uint8_t> kind, domain;
    std::vector<int> first;   // layers × N: the first choice
    std::vector<int> top;     // layers × N × k: every choice
    std::vector<char> kept;   // layers × N × k
    std::vector<double> p;    // layers × N × K: the router's softmax (Switch eq. (1))
    std::vector<double> u;    // N × d: the last MoE layer's router input, when the pass was asked to keep it
    int d = 0;
    double ce = 0;   // mean cross-entropy over the tokens
};
// The model's routing of `test` and its cross-entropy, in pieces of one sequence (each routed alone: routing and
// capacity are per sequence, so batching changes nothing). A dense model's table has its labels and ce only.
class HeldoutPass {
public:
    // keep_inputs: also keep the last MoE layer's router inputs (RoutingTable::u), for the routing territory.
    void start(const Model& m, const std::vector<Sequence>& test, bool keep_inputs = false);
    double piece(const Model& m, const std::vector<Sequence>& test);   // the next sequence; returns its work
    bool done() const { return next_ == total_; }
    size_t next() const { return next_; }
    RoutingTable table;   // complete (ce the mean) once done()

private:
    size_t next_ = 0, total_ = 0;
    double ce_sum_ = 0;
    Cache cache_;
    Batch batch_;
};
RoutingTable route_heldout(const Model& m, const std::vector<Sequence>& test);
double heldout_ce(const Model& m, const std::vector<Sequence>& test);

// Per token id, the expert its held-out occurrences go to most often at `layer` (ties to the lower expert); −1 when
// the id does not occur.
std::vector<int> token_experts(const RoutingTable& r, int layer);
double token_purity(const RoutingTable& r, int layer);
// The same with the first choices shuffled among all held-out tokens: what a routing blind to the token gives with the
// same loads, at this sample size.
double token_purity_chance(const RoutingTable& r, int layer, uint64_t seed);
// I(E;Y) / ((H(E) + H(Y)) / 2) of the first expert with the labels y (0 … ny − 1); 0 when both entropies are 0.
double nmi(const RoutingTable& r, int layer, const std::vector<uint8_t>& y, int ny);
// I(E;D | W) / H(E | W): how much the domain D tells about the first expert E once the token id W is known, as a share of
// what is left to tell; `shuffled` computes it with the domains permuted among each id's occurrences (what chance
// gives at this sample size).
double domain_given_token(const RoutingTable& r, int layer, bool shuffled, uint64_t seed);
// Share of ids (occurring in both) with the same expert in a and b.
double agreement(const std::vector<int>& a, const std::vector<int>& b);
struct Neighbours {
    double same, chance;
};
Neighbours neighbours(const RoutingTable& r, int layer);
struct Drops {
    double early, late, all;   // NaN without capacity
};
Drops drops(const RoutingTable& r, int layer);
struct Load {
    double max_load;   // share of all choices on the busiest expert
    double max_vio;    // MaxVio = max_i load_i / mean load − 1 (Wang et al. 2024)
};
Load load(const RoutingTable& r, int layer);

// Per MoE layer, each token id's expert and the purity, at one moment of the training (start, a tenth).
struct Snapshot {
    std::vector<std::vector<int>> experts;
    std::vector<double> purity;
};
Snapshot snapshot(const RoutingTable& r);

// Everything above for one trained pair, per MoE layer.
struct Measures {
    double loss_moe, loss_dense, token_purity, mi_kind, mi_domain, early_agreement, neighbour_same, neighbour_chance,
        drop_early, drop_late;
    double purity_init, purity_chance, init_agreement, domain_given_token, domain_given_token_chance, max_load, max_vio,
        drop_all;
    double seconds;   // CPU time of the corpus, the training and the held-out routing (not of these measures)
};
struct MeasureSpec {
    CorpusSpec corpus;
    ModelSpec model;
    TrainSpec train;
};
// The measures of layer ℓ at the end: from the final routing r, the snapshots at the start and at a tenth, the dense
// model's held-out loss; capacity: whether drops apply; seed: the shuffles' stream (the chance levels).
Measures measures_of(const RoutingTable& r, int layer, const Snapshot& start, const Snapshot& tenth, double loss_dense,
                     bool capacity, uint64_t seed);

// Draws the corpus, trains both models from `seed`, routes the held-out part at the start, at a tenth of the training
// and at its end, and measures each MoE layer (index ℓ).
std::vector<Measures> measure(const MeasureSpec& spec, uint64_t seed);

}   // namespace token_routing
