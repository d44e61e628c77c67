// The token-routing lab's training: the MoE model and its dense twin (the same active parameters) trained side by
// side on the same batches in the same run, each by Adam (core/adam.hpp) on its own objective: next-token
// cross-entropy, plus the MoE's load-balancing loss (docs/labs/token-routing.md §3.3).
//
// A step comes in pieces small enough for the page's frame (about one sequence's forward or backward pass): drawing
// the batch; for the MoE, then the dense model: the forward pass of each sequence, the end of the forward pass, the
// backward pass of each sequence, Adam's update. piece() does the next one; the numbers do not depend on how the
// pieces are grouped into slices (model.hpp: sequence by sequence gives the bits of the whole batch).
#pragma once
#include "labs/token-routing/corpus.hpp"
#include "labs/token-routing/model.hpp"
#include "core/adam.hpp"
#include "core/rng.hpp"

namespace token_routing {

struct TrainSpec {
    int B;       // sequences per batch
    int steps;   // Adam steps
    double lr;   // Adam's step size (β1 = 0.9, β2 = 0.99, ε = 1e-8, no weight decay)
};

// Sequences idx[0..B) of `seqs` as a batch (inputs tok[0..T), targets tok[1..T]).
Batch make_batch(const std::vector<Sequence>& seqs, const int* idx, int B, int T);

// The work of a model's pieces, in the lab's unit (about one multiply-add): one sequence's forward pass (the
// backward pass costs about twice as much), and Adam's update.
double forward_cost(const ModelSpec& s);
double update_cost(const ModelSpec& s);

class Trainer {
public:
    // The models' parameters from the streams split(3) (MoE) and split(4) (dense) of `seed`, the batches from
    // split(5): the corpus (split(1), split(2)) is drawn apart (corpus.hpp).
    Trainer(const ModelSpec& moe, const TrainSpec& train, uint64_t seed);
    // The next piece of the current step; returns its work. t() counts the steps completed.
    double piece(const std::vector<Sequence>& train);
    // A whole step: one batch of `train` sequences drawn uniformly with replacement, both models.
    void step(const std::vector<Sequence>& train);
    int t() const { return t_; }
    bool between_steps() const { return stage_ == kBatch; }   // the next piece starts a step
    // The work of one whole step.
    double step_cost() const;

    Model moe, dense;
    double loss_moe = 0, loss_dense = 0;   // the last batch's objective (cross-entropy + L_aux; dense: cross-entropy)
    double ce_moe = 0;                     // the MoE's part of loss_moe that is cross-entropy
    std::vector<std::vector<double>> f_moe;   // per MoE layer, the last batch's f_i (Switch eq. (5))

private:
    enum Stage { kBatch, kForward, kBackward, kUpdate };
    TrainSpec spec_;
    core::Adam adam_moe_, adam_dense_;
    core::Rng batch_rng_;
    Batch batch_;
    Cache cache_;
    std::vector<double> grad_;
    std::vector<int> idx_;
    int t_ = 0;
    Stage stage_ = kBatch;
    int which_ = 0;   // 0: the MoE, 1: the dense model
    int seq_ = 0;     // the next sequence of the forward or backward pass
};

}   // namespace token_routing
