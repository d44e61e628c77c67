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

// Routing in pieces (model.hpp's Model::begin … end_forward): route_begin() sizes r for N = B·T tokens and clears
// its sums; route_rows() routes sequences [b0, b1) from their logits r.h (softmax, top-k, gates, capacity in sequence
// order) and adds to the sums; route_end() makes f, P and L_aux. route() does the three for logits h (N×K).
void route_begin(const ModelSpec& s, int B, Routing& r);
void route_rows(const ModelSpec& s, int b0, int b1, Routing& r);
void route_end(const ModelSpec& s, int B, Routing& r);
void route(const ModelSpec& s, int B, const double* h, Routing& r);

// The router's logits h = u W_r (Switch eq. (1)) of n inputs u (n×d) into h (n×K): what ffn_forward routes by, and
// what the routing territory (territory.cpp) draws.
void router_logits(const ModelSpec& s, const double* theta, const BlockLayout& bl, const double* u, int n, double* h);

// The FFN of block `bl` on sequences [b0, b1): reads bc.u2's rows, writes bc.y's (and the routing, bc.a, bc.h,
// bc.e). ffn_begin() sizes the block's FFN arrays for B sequences; ffn_end() completes the routing's statistics.
void ffn_begin(const ModelSpec& s, int B, BlockCache& bc);
void ffn_forward(const ModelSpec& s, const double* theta, const BlockLayout& bl, int b0, int b1, BlockCache& bc);
void ffn_end(const ModelSpec& s, int B, BlockCache& bc);
// From dy (the rows of sequences [b0, b1) of an N×d array): adds dL/du2 to those rows of du and the parameters'
// gradients (and L_aux's, whose dL/dp_i = α K f_i / N reads the whole batch's f) to g.
void ffn_backward(const ModelSpec& s, const double* theta, const BlockLayout& bl, int b0, int b1, int B,
                  const BlockCache& bc, const double* dy, double* du, double* g, Cache& scratch);

}   // namespace token_routing
