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

double forward_cost(const ModelSpec& s) {
    const double T = s.T, d = s.d, F = s.d_ff;
    const double ffn = is_moe(s) ? d * s.K + double(s.k) * 2 * d * F : 2 * d * F;
    const double block = 4 * d * d + T * d + ffn + 8 * d;   // projections, attention (T/2 keys, scores and sum), FFN
    return T * (s.blocks * block + d * s.V + 20.0 * s.V);   // + the unembedding and its softmax
}

double update_cost(const ModelSpec& s) { return 10.0 * double(make_layout(s).size); }

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

double Trainer::step_cost() const {
    double c = 0;
    for (const Model* m : {&moe, &dense}) c += 3 * spec_.B * forward_cost(m->spec()) + update_cost(m->spec());
    return c;
}

double Trainer::piece(const std::vector<Sequence>& train) {
    Model& m = which_ == 0 ? moe : dense;
    switch (stage_) {
    case kBatch:
        for (int& i : idx_) i = int(batch_rng_.below(uint32_t(train.size())));
        batch_ = make_batch(train, idx_.data(), spec_.B, moe.spec().T);
        stage_ = kForward;
        return double(spec_.B) * moe.spec().T;
    case kForward:
        if (seq_ == 0) m.begin(batch_, cache_);
        m.forward_rows(batch_, seq_, seq_ + 1, cache_);
        if (++seq_ == spec_.B) {
            (which_ == 0 ? loss_moe : loss_dense) = m.end_forward(cache_);
            if (which_ == 0) {
                ce_moe = cache_.ce;
                f_moe.resize(cache_.block.size());
                for (size_t l = 0; l < f_moe.size(); ++l) f_moe[l] = cache_.block[l].route.f;
            }
            grad_.assign(m.theta.size(), 0.0);
            stage_ = kBackward;
            seq_ = 0;
        }
        return forward_cost(m.spec());
    case kBackward:
        m.backward_rows(batch_, seq_, seq_ + 1, cache_, grad_);
        if (++seq_ == spec_.B) stage_ = kUpdate, seq_ = 0;
        return 2 * forward_cost(m.spec());
    case kUpdate:
        (which_ == 0 ? adam_moe_ : adam_dense_).step(m.theta.data(), grad_.data());
        stage_ = kForward;
        if (++which_ == 2) which_ = 0, stage_ = kBatch, ++t_;
        return update_cost(m.spec());
    }
    return 0;
}

void Trainer::step(const std::vector<Sequence>& train) {
    for (const int t = t_; t_ == t;) piece(train);
}

}   // namespace token_routing
