#include "labs/expert-pruning/sgd.hpp"
#include <algorithm>

namespace expert_pruning {

bool SgdStepper::advance(Moe& M, const SgdTask& t, core::WorkBudget& budget) {
    static const Mask all;
    const Mask& alive = t.alive ? *t.alive : all;
    const double per = sample_cost(M, t.data->n, true);
    if (cursor_ == 0) {
        make_batch(*t.data, *t.q, *t.rng, t.B, t.concept, batch_);
        grad_.zero(M);
        sum_ = 0;
        budget.spend(double(t.B) * t.data->n + 2.0 * M.k * M.d * (M.m + 1.0));   // drawing and zeroing
    }
    const int end = cursor_ + int(budget.take(per, t.B - cursor_));
    sum_ += accumulate(M, batch_, cursor_, end, alive, *t.train, work_, grad_);
    cursor_ = end;
    if (cursor_ < t.B) return false;
    apply(M, alive, *t.train, grad_);
    budget.spend(double(M.k) * M.d * (M.m + 1.0));
    cursor_ = 0;
    loss_ = sum_ / t.B;
    return true;
}

}   // namespace expert_pruning
