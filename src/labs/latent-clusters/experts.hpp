// M two-layer experts (Sec. 3.2): f_m(x; W_m) = (1/J) Σ_j a_{m,j} σ_{m,j}(w_{m,j}ᵀx + b_{m,j}), with
// w_{m,j} on the unit sphere and a_{m,j} ∈ {±1} (refitted in Phase IV). Activation (Assumption 3.4):
//  (A) randomized Hermite polynomial σ_{m,j} = Σ_{i=k*}^{p*} ε_{i,j} h_i, ε Rademacher (App. A.3), or
//  (B) ReLU(· + b) with b ~ U[−C_b, C_b] (a bias is needed: ReLU without it has zero odd Hermite
//      coefficients of order ≥ 3, docs/labs/latent-clusters.md §4.2).
// The vanilla network of Sec. 4.1 is this with M = 1.
#pragma once
#include "core/rng.hpp"
#include <vector>

namespace latent {

enum class Act { Hermite = 0, Relu = 1 };

struct Experts {
    int M = 0, J = 0, d = 0, P = 0, k_star = 0;
    Act act = Act::Hermite;
    std::vector<float> W;        // (M*J) x d: neuron n = m*J + j
    std::vector<float> a, b;     // second layer and bias, per neuron
    std::vector<float> cs, cd;   // Hermite activation: σ = Σ cs[i] He_i, σ' = Σ cd[i] He_{i-1}

    // Shapes and the random activation (ε for (A), b for (B)); then init_weights.
    void init(int M_, int J_, int d_, Act act_, int k_star_, int p_star, double C_b, core::Rng& rng);
    // w ~ Unif(S^{d−1}) (normalised Gaussian), a ~ Unif{±1} (Algorithm 1, initialisation).
    void init_weights(core::Rng& rng);

    int n_neurons() const { return M * J; }
    float* w(int n) { return &W[size_t(n) * size_t(d)]; }
    const float* w(int n) const { return &W[size_t(n) * size_t(d)]; }

    // σ_n(z) and σ_n'(z)
    inline float sigma(int n, float z, float& ds) const {
        if (act == Act::Relu) {
            ds = z > 0 ? 1.f : 0.f;
            return z > 0 ? z : 0.f;
        }
        const float* s = &cs[size_t(n) * size_t(P + 1)];
        const float* g = &cd[size_t(n) * size_t(P + 1)];
        float hm1 = 1.f, h = z, val = s[0] + s[1] * z, der = g[1];
        for (int i = 1; i < P; ++i) {
            float hn = z * h - float(i) * hm1;   // He_{i+1} = z He_i − i He_{i−1}
            val += s[i + 1] * hn;
            der += g[i + 1] * h;   // (He_{i+1})' = (i+1) He_i, folded into cd
            hm1 = h;
            h = hn;
        }
        ds = der;
        return val;
    }

    // f_m(x) = (1/J) Σ_j a_{m,j} σ(w_{m,j}ᵀx + b_{m,j})
    float forward(int m, const float* x) const;

    // Normalised spherical SGD on the correlation loss for every neuron of expert m:
    //   w ← w + coef · a σ'(wᵀx + b) (I − w wᵀ) x,   w ← w/‖w‖     (Algorithm 1, Phases I and III)
    // where coef = η y ∂F/∂f_m / J (π_{m(x)}/J in Phase I, 1/J in Phase III). xx = ‖x‖².
    // The new norm is known in closed form, ‖w + g(x − u w)‖² = (1 − g u)² + 2(1 − g u) g u + g² ‖x‖²
    // for ‖w‖ = 1, so the update is one pass; renormalize() removes the float drift exactly.
    void sgd(int m, const float* x, float xx, float coef);
    void renormalize();

    // Sign of the k*-th Hermite coefficient of a_{m,j} σ_{m,j}(· + b) (Assumption 3.4 / Lemma A.5):
    // the direction in which its alignment grows for odd k*.
    int lead_sign(int n) const;

    // Largest |‖w‖ − 1| or a non-finite weight (returns +inf then).
    double norm_error() const;

private:
    std::vector<float> scratch_;   // per-neuron step coefficients inside sgd()
};

}   // namespace latent
