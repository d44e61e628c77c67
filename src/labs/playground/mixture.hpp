// The playground lab's model: a mixture of K experts on the plane, x ∈ R² to C class logits, all its parameters in
// one flat vector θ (for Adam and the gradient check). Expert i is linear, E_i(x) = W x + b, or a small MLP,
// E_i(x) = W₂ tanh(W₁ x + b₁) + b₂ of width h. The router is linear, h(x) = W_r x + b_r, optionally with Shazeer et
// al.'s (2017, eq. 4) trainable noise in training, h̃ = h + ε ⊙ softplus(W_n x), ε ~ N(0, I); the batch is routed
// by h̃ (routing.hpp) and
//     y(x) = Σ_{i routed} g_i(x) E_i(x)  [+ S(x), a shared expert every point uses (DeepSeekMoE, Dai et al. 2024)].
// The loss is the cross-entropy of softmax(y) plus α L_aux and β L_z. A mixture of one expert is a dense network:
// the lab's baseline.
#pragma once
#include "core/rng.hpp"
#include "labs/playground/routing.hpp"
#include <vector>

namespace playground {

struct MixtureSpec {
    int K = 4;             // experts
    int C = 3;             // classes
    int hidden = 0;        // 0: linear experts; else an MLP of this width
    bool shared = false;   // a shared expert (the same kind as the others)
    bool noise = false;    // trainable router noise in training
};

// One batch through the mixture, kept for the backward pass.
struct Pass {
    int B = 0;
    RoutingRule rule;
    std::vector<double> X;     // B×2
    std::vector<double> hl;    // B×K: the router's logits as routed (with the noise, when there is)
    std::vector<double> eps;   // B×K: the noise drawn (empty: none)
    Routed routed;
    std::vector<double> out;     // B×K×C: each used expert's output (0 where unused)
    std::vector<double> act;     // B×K×h: each used MLP expert's tanh activations
    std::vector<double> s_out;   // B×C and B×h: the shared expert's
    std::vector<double> s_act;
    std::vector<double> y;   // B×C: the mixture's logits
};

class Mixture {
public:
    explicit Mixture(const MixtureSpec& spec);
    const MixtureSpec& spec() const { return spec_; }
    size_t size() const { return size_; }            // parameters in θ
    size_t expert_size() const { return expert_; }   // parameters of one expert
    // θ at its start: the experts' weights ~ N(0, 1/fan-in), biases 0; the router's weights ~ N(0, 0.1²), its bias
    // and the noise's weights 0 (every expert about equally likely, no ties: what the router learns shows).
    std::vector<double> init(core::Rng& rng) const;
    // The batch's logits y, routed by `rule` with the choosing bias `bias` (nullptr: none); `noise` (nullptr: none)
    // draws ε when the spec has noise (training only).
    void forward(const std::vector<double>& theta, const double* X, int B, const RoutingRule& rule,
                 const std::vector<double>* bias, core::Rng* noise, Pass& pass) const;
    // The loss (mean cross-entropy + α L_aux + β L_z) of a forward pass, and its gradient in g (size(), set).
    double backward(const std::vector<double>& theta, const Pass& pass, const int* labels, double alpha, double beta,
                    std::vector<double>& g) const;
    // The router's logits h(x) without noise (views: territories), B×K.
    void router_logits(const std::vector<double>& theta, const double* X, int B, std::vector<double>& h) const;

private:
    void expert_forward(const double* w, const double* x, double* out, double* act) const;
    void expert_backward(const double* w, const double* x, const double* act, const double* dout, double* dw) const;
    MixtureSpec spec_;
    size_t expert_ = 0, size_ = 0;
    size_t shared_at_ = 0, router_at_ = 0, noise_at_ = 0;   // offsets in θ (experts at 0, expert i at i·expert_)
};

}   // namespace playground
