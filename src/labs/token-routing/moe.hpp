// The token-routing lab's feed-forward layers: the mixture of experts and the dense FFN, forward and backward
// (docs/labs/token-routing.md §3.2).
//   router (Switch, Fedus et al. 2022, eq. (1)): h = u W_r, p = softmax(h)
//   top-k: token n goes to the k experts of largest p; k = 1 gates by p_i itself (Switch eq. (2)), k ≥ 2 by p
//     renormalised over the k chosen (Mixtral, Jiang et al. 2024, §2.1: the softmax of the top-k logits)
//   capacity (Switch eq. (3)): expert capacity C = ⌈c_f · k · T / K⌉ per sequence (a sequence is the routing
//     group); the choices fill it in sequence order, every token's first choice before any second choice (GShard,
//     Lepikhin et al. 2021, Algorithm 1); a choice past C is dropped: its gate is 0, the token keeps its other
//     choice's gate (not renormalised) and otherwise passes through the residual connection (Switch §2.2)
//   experts: E_i(u) = GELU(u W1_i) W2_i, y = Σ_chosen gate · E_i(u); no biases (as Mixtral)
//   load balancing (Switch eq. (4)–(6)): L_aux = α K Σ_i f_i P_i, f_i the share of the batch's choices (before
//     capacity) that went to expert i, held constant in the gradient, P_i the batch mean of p_i
// The dense FFN is y = GELU(u W1) W2 with k·d_ff hidden units.
#pragma once
#include "labs/token-routing/model.hpp"

namespace token_routing {

// The routing of N = B·T tokens from their logits h (N×K): top-k, gates, capacity in sequence order, f, P, L_aux.
void route(const ModelSpec& s, int B, const double* h, Routing& r);

// y = FFN(u) for block `bl`: reads bc.u2, writes bc.y (and bc.route, bc.a, bc.h, bc.e).
void ffn_forward(const ModelSpec& s, const double* theta, const BlockLayout& bl, int B, BlockCache& bc);
// From dy (N×d): adds dL/du2 to du (N×d) and the parameters' gradients (and L_aux's) to g.
void ffn_backward(const ModelSpec& s, const double* theta, const BlockLayout& bl, int B, const BlockCache& bc,
                  const double* dy, double* du, double* g, Cache& scratch);

}   // namespace token_routing
