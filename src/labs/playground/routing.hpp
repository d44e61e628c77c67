// The playground lab, the practice of routing: how one batch of B points goes to K experts given the
// router's logits h (B×K), one rule a switch, each with its paper; and the gradients of the gates and of the
// auxiliary losses with respect to h, for the training loop (checked against finite differences in
// tests/labs/playground/test_routing.cpp).
//   - top-k (Shazeer et al. 2017, "Outrageously large neural networks", eq. 3–5): point x goes to the k experts
//     with the largest p_i(x) + b_i, p = softmax(h); its gates are p renormalised over the k it chose. For k = 1
//     the gate is p_i itself (Switch, Fedus et al. 2022, eq. 2): renormalised it would be 1, and the router would
//     get no gradient from the experts' outputs;
//   - capacity (Fedus et al. 2022, Switch Transformer, §2.2): an expert takes at most ⌈c_f k B / K⌉ points of a
//     batch, every point's first choice before any point's second (GShard, Lepikhin et al. 2021, Algorithm 1),
//     each in the batch's order; a dropped expert's gate becomes 0 and the others keep theirs (not renormalised);
//   - expert choice (Zhou et al. 2022, §3.1): expert i takes the ⌈c_f k B / K⌉ points with the largest p_i(x), with
//     gate p_i(x); a point may get none, one or several experts;
//   - loss-free balancing (Wang et al. 2024, eq. 3 and Algorithm 1): the bias b is added to the gating scores
//     s_i = p_i to choose, the unbiased scores gate, and after
//     each batch b_i ← b_i + γ sign(f̄ − f_i); no gradient reaches b.
#pragma once
#include <vector>

namespace playground {

struct RoutingRule {
    int k = 1;                    // experts per point (token choice), or the k in each expert's share (expert choice)
    double capacity = 0;          // c_f; 0: no limit (token choice only)
    bool expert_choice = false;   // experts choose their points
};

// One batch's routing. Matrices are B×K, row b for point b.
struct Routed {
    int B = 0, K = 0;
    std::vector<double> p;       // softmax(h): the router's probabilities
    std::vector<double> gate;    // the weight of expert i in point b's output; 0: not used
    std::vector<char> chosen;    // token choice: among point b's top k (before capacity); expert choice: taken
    std::vector<char> dropped;   // chosen, but over expert i's capacity
    std::vector<double> f;       // K: share of the batch's choices that went to expert i (sums to 1)
    std::vector<double> P;       // K: the batch mean of p_i
    int unrouted = 0;            // points with no expert
    int dropped_points = 0;      // points dropped by every expert they chose (token choice, capacity)
};

// The capacity of one expert for a batch: ⌈c_f k B / K⌉.
int expert_capacity(double capacity, int k, int B, int K);

// Routes a batch by its logits h (B×K); `bias` (K, or nullptr) only chooses (token choice).
Routed route(const std::vector<double>& h, const std::vector<double>* bias, int B, int K, const RoutingRule& rule);

// dL/dh (B×K, added to) from dL/dgate (B×K), the choice held fixed: token choice renormalises the kept experts'
// probabilities (a softmax over them), expert choice gates by p itself (a softmax over all K).
void gate_backward(const Routed& r, const RoutingRule& rule, const std::vector<double>& dgate, std::vector<double>& dh);

// L_aux = α K Σ_i f_i P_i (Switch, eq. 4), f held fixed; adds dL_aux/dh to dh.
double aux_loss(const Routed& r, double alpha, std::vector<double>& dh);

// L_z = β (1/B) Σ_x (log Σ_j e^{h_j(x)})² (Zoph et al. 2022, ST-MoE, eq. 5); adds dL_z/dh to dh.
double z_loss(const std::vector<double>& h, int B, int K, double beta, std::vector<double>& dh);

// After a batch, the loss-free balancing bias: b_i ← b_i + γ sign(f̄ − f_i), f̄ = 1/K (Wang et al. 2024).
void update_bias(std::vector<double>& bias, const Routed& r, double gamma);

}   // namespace playground
