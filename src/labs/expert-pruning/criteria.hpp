// Pruning criteria (§3.2 and §5.2.1 "Comparison with other methods") and the pruning rule of
// Algorithm 1, Step 3: per head-sign group S_g keep the experts with the (1 − ρ)|S_g| largest scores.
#pragma once
#include "labs/expert-pruning/model.hpp"
#include "core/rng.hpp"
#include <string>
#include <vector>

namespace expert_pruning {

enum Criterion {
    kDelta = 0,      // Δ_s = ‖w_s^(T)‖ − ‖w_s^(0)‖, the paper's change of the router's l2 norm (§3.2)
    kRandom,         // a uniformly random subset per group (Fig. 4a), averaged over R draws
    kImportance,     // (I) top1(s) × conf(s) on a validation set (Koishekenov et al. 2023)
    kRouterMag,      // (II) ‖w_s^(T)‖
    kNeuronMag,      // (III) (1/m) Σ_r ‖w_r^(s,T)‖
    kNeuronChange,   // (IV) (1/m) Σ_r (‖w_r^(s,T)‖ − ‖w_r^(s,0)‖)
    kReverseDelta,   // −Δ_s: prune the largest change first, the worst case (docs/labs/expert-pruning.md §4.4)
    kDiffNorm,       // ‖w_s^(T) − w_s^(0)‖: another reading, not the paper's criterion (an option,
                     // docs/labs/expert-pruning.md §4.4)
    kCriteria
};
const char* criterion_key(int c);     // "delta", "random", ... (metric names)
const char* criterion_label(int c);   // "Δ router norm (paper)", ...

// Scores of every expert (larger = keep). Random draws its scores from rng; importance uses `importance`.
std::vector<double> score(int c, const Moe& now, const Moe& start, const std::vector<double>& importance,
                          core::Rng* rng);
std::vector<double> router_norm_change(const Moe& now, const Moe& start);   // Δ_s^(t) for every s

// Importance score (I) over a validation set, all experts present (RoutingStats::importance, evaluate.hpp,
// accumulated over the last checkpoint's validation pass). Token-choice: top1(s) = share of all
// tokens whose first choice J_j[0] is s, conf(s) = the mean gate G_j^(s) of those tokens. Expert-choice has
// no "tokens received" to count (every expert takes exactly l per sample, so the score would be flat): the
// adaptation of docs/labs/expert-pruning.md §4.4 counts the tokens whose largest routing value argmax_s' g_j^(s') is s,
// and conf(s) is the mean gate s gives them (0 where s did not select the token).

// Experts to prune per group for ratio ρ: ⌊ρ |S_g|⌋, at most |S_g| − 1 (a group is never emptied).
int pruned_per_group(double rho, int group_size);
// Algorithm 1, Step 3: in each group keep all but the p lowest scores (ties: the lower index ranks higher).
Mask keep_top(const std::vector<double>& score, const Moe& M, int p);
int kept(const Mask& alive);

}   // namespace expert_pruning
