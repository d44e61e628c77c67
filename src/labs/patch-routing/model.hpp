// The three networks of Chowdhury et al. (2023) §3.1 in one class:
//   pMoE, eq. (1):  f_M(θ,x) = Σ_s Σ_r (a_{r,s}/l) Σ_{j∈J_s(w_s,x)} ReLU(<w_{r,s}, x^(j)>) G_{j,s}(w_s,x)
//     J_s = top-l of the router scores g_{j,s} = <w_s, x^(j)> (ties to the lower patch index);
//     separate training: G ≡ 1 (eq. 3); joint training: softmax of g over J_s (eq. 4, typo fixed).
//   CNN, eq. (5):   f_C(θ,x) = Σ_r a_r (1/n) Σ_{j∈[n]} ReLU(<w_r, x^(j)>)  (= eq. (1) with k = 1, l = n, G ≡ 1).
// Output weights a are fixed (§3.2); only the hidden weights w_{r,s} and the routers w_s are trained.
#pragma once
#include "core/linalg.hpp"
#include "core/rng.hpp"
#include <vector>

namespace patch_routing {

enum class Arch { CNN = 0, Separate = 1, Joint = 2 };
const char* arch_name(Arch a);   // "CNN", "separate pMoE", "joint pMoE"

// One model's shape: the lab's parameters set it (config.hpp, the binding in lab.cpp), so there are no defaults
// here.
struct ModelSpec {
    Arch arch;
    int k;             // experts (CNN: 1)
    int M;             // neurons per expert, m/k (CNN: m)
    int l;             // patches per expert (CNN: n)
    bool balanced_a;   // output weights ±1 alternating instead of N(0,1)
    double sigma_r;    // router init std (eq. 7 gives Θ(1/(n² √d)); the lab uses 1e-3,
                       // docs/labs/patch-routing.md §4.4)
};

// Units of work (the time of one multiply-add of the dense kernels, kUnitsPerSecond) per patch score compared in
// the top-l selection (l rounds over n scores per router, Model::select): measured, separate and joint alike.
constexpr double kSelectCost = 32;

class Model {
public:
    void init(const ModelSpec& spec, int d, int n, core::Rng& rng);   // eqs. (7), (8)

    // f(θ, x) for one sample x (n x d floats). Keeps what backward() needs.
    double forward(const float* x);
    // Adds c * ∂f/∂W to gW (k x d x M) and, for joint training, c * ∂f/∂w_s to gwr (k x d);
    // c = ∂L/∂f = -y v for the logistic loss. Uses the caches of the last forward(x).
    void backward(const float* x, double c, float* gW, float* gwr);
    // Only the routing (scores, top-l, gates) of x; cheaper than forward.
    void route(const float* x);

    bool routed() const { return spec.arch != Arch::CNN; }
    double cost_forward() const;   // units of work per sample (multiply-adds, and the top-l selection: kSelectCost)
    double cost_train() const;     // forward + backward

    // After forward()/route(): the l selected patches of expert s, in decreasing score, and their gates.
    int sel(int s, int t) const { return J[size_t(s * l + t)]; }
    double gate(int s, int t) const { return G[size_t(s * l + t)]; }

    // Rank of patch j among the n patches for router s: 1 + #{i : g_{i,s} > g_{j,s}} (docs/labs/patch-routing.md §6).
    int rank(const float* x, int s, int j) const;

    // Parameter access: hidden weight w_{r,s} is column r of the d x M block s (stored d-major so
    // that a patch's M pre-activations are one fixed-order axpy per coordinate, see forward()).
    float w(int s, int kk, int r) const { return W[(size_t(s) * size_t(d) + size_t(kk)) * size_t(M) + size_t(r)]; }
    void neuron(int s, int r, float* out) const {
        for (int kk = 0; kk < d; ++kk) out[kk] = w(s, kk, r);
    }
    const float* router(int s) const { return wr.data() + size_t(s) * size_t(d); }
    // The router score g_{j,s} = <w_s, x^(j)> of one patch (d floats): what select() ranks.
    double score(int s, const float* patch) const { return core::dot(router(s), patch, d); }

    ModelSpec spec{};
    int d = 0, n = 0, k = 1, M = 1, l = 1;
    std::vector<float> W;    // k x d x M hidden weights
    std::vector<float> a;    // k x M output weights (fixed)
    std::vector<float> wr;   // k x d routers w_s

private:
    void select(const float* x, int s);   // scores and top-l of expert s into J, G
    std::vector<int> J;                   // k x l selected patches
    std::vector<double> G;                // k x l gates
    std::vector<float> z;                 // k x l x M pre-activations <w_{r,s}, x^(j)>
    std::vector<double> u;                // k x l: Σ_r a_{r,s} ReLU(z)
    std::vector<double> g;                // n router scores (scratch)
    std::vector<double> hs;               // l selected scores (scratch, joint gates)
    std::vector<float> e;                 // l x M backward coefficients (scratch)
};

}   // namespace patch_routing
