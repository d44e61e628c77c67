// Which tokens each router keeps: the routers' territories on the plane of the task direction
// u = (o₁ − o₂)/√2 and the noise pattern q₁ (the first irrelevant pattern, the most frequent under a Zipf law).
// A token on the plane is x = a·u + b·q₁, so its routing value is the same combination of Moe::score, the value
// forward() ranks: g^(s)(x) = a (w_s[o₁] − w_s[o₂])/√2 + b w_s[q₁].
//   expert-choice, eq. (4): expert s keeps its top-l tokens of a sample; channel s is the margin g^(s)(x) − τ_s
//     over τ_s, the smallest value it keeps in a test sample (median of its l-th best; core/keep_field.hpp);
//   token-choice, eq. (3): a token goes to its top-l experts; channel s is g^(s)(x), a logit (the top-1 expert).
// At most 9 experts are drawn (the palette's colours, one for "dropped"): those with the largest Δ_s.
#pragma once
#include "core/view.hpp"
#include "labs/expert-pruning/data.hpp"
#include "labs/expert-pruning/model.hpp"

namespace expert_pruning {

// The routing value of router s for the token a·u + b·q₁ (q₁ = pattern `q1`).
double plane_score(const Moe& M, int s, int q1, double a, double b);

// delta: each expert's router-norm change Δ_s (which experts to draw when k > 9); samples: test samples for τ.
core::View territory_view(const Moe& M, const DataSpec& data, const Dataset& test, int samples,
                          const std::vector<double>& delta);

}   // namespace expert_pruning
