// What is measured on a model: accuracy (y f > 0 counts as correct, f = 0 as an error;
// docs/labs/expert-pruning.md §4.7), proficiency p₁^(s,t), p₂^(s,t) (§4.2), and the cost counters of a pruned model.
#pragma once
#include "core/work_budget.hpp"
#include "labs/expert-pruning/model.hpp"
#include <vector>

namespace expert_pruning {

// Correct predictions sign f(x) = y over samples [i0, i1) of `set`.
int count_correct(const Moe& M, const Dataset& set, int i0, int i1, const Mask& alive, Work& w);

// Every expert's contribution to f on every sample of a set (all experts kept). Since a contribution does
// not depend on which other experts are kept (model.hpp), the accuracy of any kept set follows from these
// in O(N k), bit for bit what forward() with that mask gives: one pass serves every criterion and ratio.
struct Outputs {
    int N = 0, k = 0;
    std::vector<double> c;   // N × k
    std::vector<int8_t> y;
    double accuracy(const Mask& alive) const;
};
// Fills Outputs a slice at a time.
class OutputPass {
public:
    void start(const Dataset& set, int k);
    bool run(const Moe& M, Work& w, core::WorkBudget& budget);   // true when complete
    bool done() const { return set_ && i_ >= set_->N; }
    Outputs out;

private:
    const Dataset* set_ = nullptr;
    int i_ = 0;
};

// Proficiency (§4.2): p₁^(s) = P_{(x,+1)}[∃ j ∈ J_s(x): x^(j) = o₁ and G_j^(s) ≥ 1/l], p₂ likewise with o₂
// and y = −1 (App. C writes G^(s,0) inside p^(s,t): read as G^(s,t), docs/labs/expert-pruning.md §5.2). Token-choice:
// "j ∈ J_s" becomes "s ∈ J_j" for the task token j. sel₁, sel₂: the same without the gate condition (at a tiny
// initialisation every gate is ≈ 1/l, so p alone is knife-edge; docs/labs/expert-pruning.md §4.8). The task pattern of
// a sample is its concept's pair (2c, 2c + 1), so the same code serves the pre-training concepts.
struct Proficiency {
    std::vector<double> p1, p2, sel1, sel2;
};
Proficiency proficiency(const Moe& M, const Dataset& set, Work& w);

// The counts behind the proficiencies and the importance score (criteria.hpp), gathered a sample at a time
// (all experts kept), so that a validation pass can be sliced.
class RoutingStats {
public:
    void start(const Moe& M);
    void add(const Moe& M, const int32_t* x, int n, int y, int concept, Work& w);
    Proficiency proficiency() const;
    std::vector<double> importance() const;   // top1(s) × conf(s), see criteria.hpp

private:
    int k_ = 0, l_ = 0, n1_ = 0, n2_ = 0;
    double tokens_ = 0;
    Proficiency c_;
    std::vector<double> top1_, conf_;
    std::vector<uint8_t> in_, strong_;
};

// Cost of the pruned model relative to the unpruned one, counting the dense model's multiply-adds:
// a router score is d, an expert on a token l·… is m·d. Expert-choice (eq. 6): routers and experts of
// pruned experts are gone, so both are k′/k. Token-choice (eq. 5): every router still scores every token,
// and a token's pruned experts cost nothing: measured on `set`.
double relative_flops(const Moe& M, const Mask& alive, const Dataset& set, Work& w);
double parameter_fraction(const Moe& M, const Mask& alive);

// Work units of evaluating one sample (forward only).
inline double eval_cost(const Moe& M, int n) { return sample_cost(M, n, false); }

}   // namespace expert_pruning
