// The token-routing lab's model: a decoder-only transformer at a small dimension (docs/labs/token-routing.md §3).
//   x⁰_t = E[w_t] + P[t]                                   token and learned position embeddings
//   per block ℓ (pre-norm, RMSNorm as in Mixtral):
//     x ← x + Attn(RMSNorm_g1(x)) W_O                      causal multi-head self-attention
//     x ← x + FFN(RMSNorm_g2(x))                           the mixture of experts (moe.hpp) or the dense FFN
//   logits_t = RMSNorm_gf(x_t) W_out,  L = mean_t −log softmax(logits_t)[w_{t+1}] + Σ_ℓ L_aux^ℓ
// with the hand-written backward pass (checked against finite differences in tests/labs/token-routing/). The
// MoE model and its dense twin (dense_twin(): the same model with one FFN of k·d_ff hidden units, as many
// parameters as a token uses in the MoE, the router aside) are two instances of this one class.
//
// Parameters live in one flat vector θ (so that core::Adam steps them at once), laid out by Layout; a Cache holds
// one forward pass's activations and routing for the backward pass and for the measurements (metrics.hpp).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace token_routing {

struct ModelSpec {
    int V;               // vocabulary size
    int T;               // context length
    int d;               // d_model
    int heads;           // attention heads (d divisible by heads)
    int blocks;          // transformer blocks, each with its FFN
    int d_ff;            // hidden units of one expert (MoE) or of the dense FFN
    int K;               // experts; 0: the dense FFN
    int k;               // experts per token: 1 Switch (Fedus et al. 2022), 2 Mixtral (Jiang et al. 2024)
    double capacity;     // capacity factor c_f (Switch eq. (3)); 0: no limit
    double alpha;        // weight α of the load-balancing loss (Switch eq. (4))
    double init_scale;   // s of Switch §2.4's initialisation: weights ~ N(0, s / fan-in)
};
// The dense model with the same active parameters: K = 0, one FFN of k·d_ff hidden units.
ModelSpec dense_twin(const ModelSpec& moe);
bool is_moe(const ModelSpec& s);

// Offsets into θ. Matrices are row-major, input index first: W_Q is d×d, W_r is d×K, expert i's W1 is d×d_ff at
// w1 + i·d·d_ff, its W2 d_ff×d at w2 + i·d_ff·d; the dense FFN is "expert 0" of one, with no router.
struct BlockLayout {
    size_t g1, wq, wk, wv, wo, g2, wr, w1, w2;
};
struct ParamGroup {
    std::string name;   // "tok", "pos", "b0.wq", ..., "out"
    size_t begin, end;
};
struct Layout {
    size_t tok = 0, pos = 0, gf = 0, out = 0, size = 0;
    std::vector<BlockLayout> block;
    std::vector<ParamGroup> groups;   // every parameter once, in θ's order
};
Layout make_layout(const ModelSpec& s);

// One batch: B sequences of T inputs x and T targets y (the next tokens), row b·T + t.
struct Batch {
    int B = 0, T = 0;
    std::vector<int> x, y;
};

// One MoE layer's routing of a batch (N = B·T tokens), before and after capacity.
struct Routing {
    std::vector<double> h;      // N×K: the router's logits h = u W_r
    std::vector<double> p;      // N×K: softmax(h) (Switch eq. (1))
    std::vector<int> top;       // N×k: the chosen experts, first choice first (largest p; ties to the lower index)
    std::vector<double> w;      // N×k: k = 1: p_i itself (Switch eq. (2)); k ≥ 2: p_i renormalised over the k chosen
    std::vector<double> gate;   // N×k: w, or 0 when the choice was dropped by capacity
    std::vector<char> kept;     // N×k: 0 when dropped
    std::vector<double> chosen, psum;   // K: the batch's choices per expert and Σ p, summed row by row
    std::vector<double> f, P;   // K: share of the batch's choices per expert, batch mean of p (Switch eq. (5), (6))
    double aux = 0;             // α K Σ_i f_i P_i (Switch eq. (4))
    int capacity = 0;           // C per expert per sequence (0: no limit)
};

struct BlockCache {
    std::vector<double> x, u1, q, k, v, att, z, xm, u2, a, h, e, y;
    std::vector<double> r1, r2;   // N: RMSNorm's 1/rms
    Routing route;
};
struct Cache {
    int B = 0;
    std::vector<BlockCache> block;
    std::vector<double> xf, uf, rf, prob;   // final stream, its norm, 1/rms, softmax over the vocabulary (N×V)
    double ce_sum = 0;                      // Σ over the rows done of −log p(y)
    double ce = 0, aux = 0;                 // after end_forward(): mean cross-entropy; Σ_ℓ L_aux
    // backward scratch, N×d (N×F, N×K), used row by row
    std::vector<double> dx, dxm, du, dz, dq, dk, dv, dlogit, dh, dlog;
};

// A step in pieces: begin() sizes the cache for a batch; forward_rows() runs sequences [b0, b1) through the whole model
// (everything is per sequence but the batch's routing statistics f and P); end_forward() completes those and the loss;
// backward_rows() adds the gradient of sequences [b0, b1) to g (needs end_forward(): L_aux's gradient reads f). Done in
// sequence order, the pieces give the bits of the whole: every sum over rows is added row by row in the same order.
class Model {
public:
    Model(const ModelSpec& spec, uint64_t seed);   // θ drawn from core::Rng(seed) (docs/labs/token-routing.md §4.3)
    const ModelSpec& spec() const { return s_; }
    const Layout& layout() const { return lay_; }

    void begin(const Batch& b, Cache& c) const;
    void forward_rows(const Batch& b, int b0, int b1, Cache& c) const;
    double end_forward(Cache& c) const;   // returns ce + aux (the training objective)
    void backward_rows(const Batch& b, int b0, int b1, Cache& c, std::vector<double>& g) const;

    // The whole batch at once: fills `c`, returns ce + aux.
    double forward(const Batch& b, Cache& c) const;
    // dL/dθ into g (sized and zeroed here) for the batch of the last forward(b, c).
    void backward(const Batch& b, Cache& c, std::vector<double>& g) const;

    std::vector<double> theta;

private:
    ModelSpec s_;
    Layout lay_;
    void attention_forward(BlockCache& bc, int b0, int b1) const;
    void attention_backward(BlockCache& bc, Cache& c, int b0, int b1) const;
};

}   // namespace token_routing
