// The analysed MoE layer (§4.2 "Network architecture", App. C), in pattern-index form
// (docs/labs/expert-pruning.md §2.2): k experts with fixed heads a^(s) = ±1 (S₁ = the first k/2 with +1, S₂ = the rest
// with −1, as in §5.1), m ReLU neurons each (W^(s) stored as d × m: row p holds ⟨w_r^(s), e_p⟩ for every neuron r),
// linear routers w_s ∈ ℝ^d with g_j^(s) = ⟨w_s, x^(j)⟩ = w_s[id_j].
//   expert-choice, eq. (4): expert s takes its top-l tokens J_s, softmax over them;
//   token-choice, eq. (3): token j goes to its top-l experts J_j, softmax over them.
// Output, eq. (7): f(x) = Σ_j Σ_s f_s(x^(j)) with f_s(x^(j)) = a^(s) G_j^(s) Σ_r ReLU(⟨w_r^(s), x^(j)⟩).
// A pruned model (§3.2) keeps the experts with alive[s] = 1: expert-choice drops a pruned expert and its
// router, eq. (6); token-choice keeps the pruned routers in J_j and the softmax and zeroes the pruned
// experts' outputs, eq. (5), so a token whose l experts are all pruned contributes 0.
#pragma once
#include "labs/expert-pruning/data.hpp"
#include <cstdint>
#include <vector>

namespace expert_pruning {

enum class Routing { ExpertChoice = 0, TokenChoice = 1 };

struct Moe {
    int k = 8, d = 32, m = 8, l = 2;
    Routing routing = Routing::ExpertChoice;
    std::vector<int> a;      // heads a^(s) = ±1
    std::vector<double> w;   // k × d routers
    std::vector<double> W;   // k × d × m neurons

    void resize(int k_, int d_, int m_, int l_, Routing r);   // zero weights, heads +1 then −1
    double* router(int s) { return w.data() + size_t(s) * size_t(d); }
    const double* router(int s) const { return w.data() + size_t(s) * size_t(d); }
    // The routing value g^(s) = <w_s, x> of a token: for pattern p, x = e_p and g = w_s[p] (what forward() ranks).
    double score(int s, int p) const { return router(s)[p]; }
    double* neurons(int s, int p) { return W.data() + (size_t(s) * size_t(d) + size_t(p)) * size_t(m); }
    const double* neurons(int s, int p) const { return W.data() + (size_t(s) * size_t(d) + size_t(p)) * size_t(m); }
    int group(int s) const { return a[size_t(s)] > 0 ? 0 : 1; }   // 0: S₁, 1: S₂
};

// alive: one flag per expert; an empty vector means "all experts".
using Mask = std::vector<uint8_t>;
inline bool is_alive(const Mask& alive, int s) { return alive.empty() || alive[size_t(s)] != 0; }

// Per-sample routing, kept between the forward pass and the gradient (no allocation per sample).
struct Work {
    std::vector<int> sel;          // EC: k × l token positions; TC: n × l experts
    std::vector<double> G, sig;    // gate and σ = Σ_r ReLU(⟨w_r, x^(j)⟩) for each selection
    std::vector<double> g;         // routing values of one expert (EC, n) or one token (TC, k)
    std::vector<double> contrib;   // per expert: its share of f, Σ_j f_s(x^(j)) (kept experts only)
    void fit(const Moe& M, int n);
};

// f(x) of eq. (7) for one sample (n token ids); fills w's routing and w.contrib. f is the sum of the kept
// experts' contributions in expert order; a contribution does not depend on which others are kept (eq. 6:
// the kept experts' J_s and G are unchanged; eq. 5: every router still routes), so the accuracy of any kept
// set can be computed from one pass that stores them (evaluate.hpp), with the same bits as this function.
double forward(const Moe& M, const int32_t* ids, int n, const Mask& alive, Work& w);

// Adds coef · ∂f/∂θ to (gw, gW) (same layouts as M.w, M.W), from the routing forward() left in w.
// Router, App. C: ∂f/∂w_s = a^(s) Σ_{j∈J_s} G_j (σ_j − Σ_{i∈J_s} G_i σ_i) x^(j) (the top-l selection
// held fixed); neurons: ∂f/∂w_r^(s) = a^(s) Σ_{j∈J_s} G_j x^(j) 1[⟨w_r^(s), x^(j)⟩ ≥ 0].
// Token-choice, the same through eq. (3): for token j, ∂f_j/∂g_j^(s) = G_j^(s) (c_s − f_j), c_s = a^(s) σ_j^(s)
// for a kept expert and 0 for a pruned one (whose router still gets this gradient; training freezes it).
void add_gradient(const Moe& M, const int32_t* ids, int n, const Mask& alive, const Work& w, double coef, double* gw,
                  double* gW);

// Set by the lab's parameters (config.hpp, the binding in lab.cpp): no defaults here.
struct TrainSpec {
    double eta_e, eta_r;
    bool hinge;   // false: the paper's gradient of l = 1 − y f, always applied (App. C, after
                  // Zhang et al. 2022); true: the gradient of max(1 − y f, 0)
};

// Per-sample loss the gradient above is taken of: 1 − y f (paper) or max(1 − y f, 0) (true hinge).
double sample_loss(const TrainSpec& t, double y, double f);

// One SGD step on a batch (Algorithm 1, Step 2 / Step 4): the batch gradient is the mean over the
// samples; only experts with alive[s] (their routers and neurons) move. Returns the mean loss.
// In pieces: zero(), then accumulate() over consecutive sample ranges (the sum runs in sample order, so
// cutting the batch into slices changes no bit), then apply().
struct Grad {
    std::vector<double> gw, gW;
    void zero(const Moe& M) {
        gw.assign(M.w.size(), 0.0);
        gW.assign(M.W.size(), 0.0);
    }
};
double accumulate(const Moe& M, const Dataset& batch, int i0, int i1, const Mask& alive, const TrainSpec& t, Work& w,
                  Grad& g);
void apply(Moe& M, const Mask& alive, const TrainSpec& t, const Grad& g);
double sgd_step(Moe& M, const Dataset& batch, const Mask& alive, const TrainSpec& t, Work& w, Grad& g);

// Work units (about one multiply-add each) of one forward+gradient sample and of one forward only.
double sample_cost(const Moe& M, int n, bool with_gradient);

}   // namespace expert_pruning
