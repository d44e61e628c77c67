// Training of Sec. 3.3, Algorithm 1 ("gradient descent with random initialization"), full batch:
//   m_{i,t} = argmax_m { h_m(x_i; Θ^(t)) + r_{m,i}^(t) },  r ~ Unif[0, 1] fresh every iteration
//   L^(t) = (1/n) Σ_i ℓ( y_i · π_{m_{i,t}}(x_i; Θ^(t)) · f_{m_{i,t}}(x_i; W^(t)) ),  ℓ(z) = log(1+e^{−z})  (3.3)
//   W_m ← W_m − η ∇_{W_m} L^(t) / ‖∇_{W_m} L^(t)‖_F        (3.4, normalized GD, one norm per expert)
//   θ_m ← θ_m − η_r ∇_{θ_m} L^(t)                           (3.5, plain GD)
// The argmax is a constant (no gradient through the choice); only π carries gradient to Θ.
// The single-model baselines are the M = 1 case: π ≡ 1, no router, no routing noise.
// One iteration can be split into chunks of samples (begin / accumulate / finish) so that step()
// stays bounded at any size; the numbers do not depend on the chunking.
#pragma once
#include "labs/cluster-experts/data.hpp"
#include "labs/cluster-experts/experts.hpp"
#include "core/adam.hpp"
#include "core/rng.hpp"
#include <string>
#include <vector>

namespace cluster_experts {

// Rough multiply-adds per training sample of one model (forward, backward, routing), to size slices.
double training_cost(int M, int J, int d, int P, bool cubic);

// One model's settings: the lab's parameters set them (config.hpp, the binding in lab.cpp; the run sets `cubic`
// and the single models' own), so there are no defaults here.
struct TrainConfig {
    int M, J;
    bool cubic;
    double sigma0;        // w^(0) ~ N(0, σ0² I)
    double eta;           // expert step (3.4)
    double eta_r;         // router step (3.5)
    double noise_width;   // r ~ Unif[0, width]; the paper's is 1 (κ = 1/width, Remark C.2); 0 = off
    bool plain_gd;        // experts by plain GD with step eta_gd instead of (3.4) (toggle,
                          // docs/labs/cluster-experts.md §4.8)
    double eta_gd;
    double lb_lambda;   // Switch-style load balancing λ·M·Σ_m f_m P_m: NOT in the paper's theory
    bool adam;          // Adam instead of (3.4): how App. A.2 trains the single models (not the MoEs)
    core::AdamConfig adam_cfg;
};

class MoE {
public:
    TrainConfig cfg{};
    Experts ex;
    Router router;
    int t = 0;               // completed iterations
    double loss = 0;         // L^(t) of the last completed iteration (3.3), when want_loss
    bool want_loss = true;   // computing ℓ costs a log per sample: the lab asks only before evaluations
    std::vector<float> W0;   // W^(0), for k*_m (Def. D.3) and the ‖W^(t) − W^(0)‖ ≤ ηt check

    // w ~ N(0, σ0²) from init_rng, Θ = 0; noise_rng draws the routing noise r.
    void init(const TrainConfig& c, int d, core::Rng& init_rng, core::Rng noise_rng);

    // One iteration of Algorithm 1 on D in chunks: begin, accumulate over [0, n), finish.
    void begin(const Dataset& D);
    void accumulate(const Dataset& D, int i0, int i1);
    void finish(const Dataset& D);         // applies (3.4) and (3.5); t += 1
    bool finite() const;                   // loss and all weights finite
    double cost_per_sample(int P) const;   // rough multiply-adds per sample, to size the chunks

    // The perturbed loss (3.3) and its gradients with the routing held fixed (for the tests).
    double loss_fixed(const Dataset& D, const std::vector<int>& routes) const;
    void grad_fixed(const Dataset& D, const std::vector<int>& routes, std::vector<float>& gW,
                    std::vector<float>& gTheta) const;

    const std::vector<int>& routes() const { return route_; }   // m_{i,t} of the last iteration

private:
    // Buffers of one block of samples (block()).
    struct Scratch {
        std::vector<int> members;         // the block's samples grouped by expert, each group in sample order
        std::vector<int> start, next;     // expert m's samples: members[start[m] … start[m + 1])
        std::vector<float> z;             // Experts::f_group / grad_group's scratch
        std::vector<double> f, c, loss;   // per sample of the block: f_{m_i}(x_i), ℓ'_i y_i / n, ℓ_i / n
        std::vector<float> coef;          // per sample and expert: the router gradient's coefficients (E.1)
    };
    static constexpr int kBlock = 256;   // samples per block
    // Samples [b0, b1) with their routes m_i and gates π_i (pi + i·M) given: adds ℓ(y π f)/n of each sample to
    // loss in sample order, and, when given, their gradients (E.1), (E.2) to gW and gTheta.
    void block(const Dataset& D, int b0, int b1, const int* route, const double* pi, float* gW, float* gTheta,
               double inv_n, double& loss, Scratch& s) const;
    core::Rng noise_;
    core::Adam adam_;                        // when cfg.adam: its moments over all of W
    std::vector<float> gW_, gTheta_, thT_;   // gradients; Θ transposed (Router::logits_block)
    std::vector<double> h_, pi_, r_, mx_;    // logits of a block, gates of every sample, noisy logits of one, scratch
    Scratch scratch_;
    std::vector<int> route_;
    double loss_acc_ = 0;
};

}   // namespace cluster_experts
