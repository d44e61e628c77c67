#include "labs/token-routing/train.hpp"

namespace token_routing {

Batch make_batch(const std::vector<Sequence>& seqs, const int* idx, int B, int T) {
    Batch b;
    b.B = B;
    b.T = T;
    b.x.resize(size_t(B) * T);
    b.y.resize(size_t(B) * T);
    for (int i = 0; i < B; ++i) {
        const std::vector<int>& tok = seqs[size_t(idx[i])].tok;
        for (int t = 0; t < T; ++t) {
            b.x[size_t(i * T + t)] = tok[size_t(t)];
            b.y[size_t(i * T + t)] = tok[size_t(t) + 1];
        }
    }
    return b;
}

namespace {
core::AdamConfig adam_config(const TrainSpec& t) {
    core::AdamConfig a;
    a.lr = t.lr;
    a.beta1 = 0.9;
    a.beta2 = 0.99;   // docs/labs/token-routing.md §4.4: a few hundred steps, so a shorter memory than 0.999
    a.eps = 1e-8;
    a.weight_decay = 0;
    return a;
}
}   // namespace

Trainer::Trainer(const ModelSpec& s, const TrainSpec& train, uint64_t seed)
    : moe(s, core::Rng(seed).split(3).next_u32()), dense(dense_twin(s), core::Rng(seed).split(4).next_u32()),
      spec_(train), batch_rng_(core::Rng(seed).split(5)) {
    adam_moe_.init(moe.theta.size(), adam_config(train));
    adam_dense_.init(dense.theta.size(), adam_config(train));
    idx_.resize(size_t(train.B));
}

void Trainer::step(const std::vector<Sequence>& train) {
    for (int& i : idx_) i = int(batch_rng_.below(uint32_t(train.size())));
    batch_ = make_batch(train, idx_.data(), spec_.B, moe.spec().T);
    loss_moe = moe.forward(batch_, cache_);
    moe.backward(batch_, cache_, grad_);
    adam_moe_.step(moe.theta.data(), grad_.data());
    loss_dense = dense.forward(batch_, cache_);
    dense.backward(batch_, cache_, grad_);
    adam_dense_.step(dense.theta.data(), grad_.data());
    ++t_;
}

}   // namespace token_routing
