// Data model of Chen et al. (2022), Definition 3.1: K clusters, P patches per input.
//   x = { y·α·v_k,  β·c_k,  ε·γ·v_k',  ξ_4 … ξ_P ~ N(0, σ_p²/d · I_d) }
// with (k, k') a uniform ordered pair k ≠ k', y, ε Rademacher, α ~ D_α, β ~ D_β, γ ~ D_γ.
// Basis: v_k = e_k, c_k = e_{K+k} (needs d ≥ 2K). This is WLOG (docs/labs/cluster-experts.md §2.2): the expert
// initialisation N(0, σ0² I) and the noise N(0, σ_p²/d I) are rotation-invariant.
// Storage: the three signal patches are 1-sparse in this basis, so each is kept as one coefficient
// (a = yα on v_k, b = β on c_k, e = εγ on v_k'); only the Gaussian patches are dense.
// Patch order: the paper shuffles patch positions (Sec. 6.1); every model here (experts eq. 3.1 and
// the router h = Θᵀ Σ_p x^(p)) is permutation-invariant over patches, so the canonical order is kept.
#pragma once
#include "core/rng.hpp"
#include <cstdint>
#include <string>
#include <vector>

namespace cluster_experts {

struct Range {
    double lo = 0, hi = 0;
};

// The data model's settings: the lab's parameters set them (config.hpp, the binding in lab.cpp), so there are no
// defaults here.
struct DataConfig {
    int K, P, d;
    Range alpha, beta, gamma;
    double sigma_p;
};

// The paper's Settings 1–4 (Sec. 6.1, App. A.2). index 4 = custom (keep cfg as given).
// Setting 1: α~U(.5,2) β~U(1,2) γ~U(.5,3) σ_p=1;  Setting 2: same with σ_p=2;
// Setting 3: γ~U(.5,2) (D_α = D_γ, Theorem 4.1 applies), σ_p=1;  Setting 4: Setting 3 with σ_p=2.
// Note: the Table 8 caption lists σ_p = 1 for Setting 2; everywhere else it is 2, which we follow
// (docs/labs/cluster-experts.md §5.1).
void apply_setting(int setting, DataConfig& cfg);
constexpr int kCustomSetting = 4;

struct Dataset {
    int n = 0, K = 0, P = 0, d = 0;
    std::vector<int> k, kp;       // own cluster k, feature-noise cluster k' (k ≠ k')
    std::vector<int8_t> y, eps;   // label, sign of the feature noise
    std::vector<float> alpha, beta, gamma;
    std::vector<float> a, b, e;   // a = y·α (on v_k), b = β (on c_k), e = ε·γ (on v_k')
    std::vector<float> xi;        // n·(P−3)·d Gaussian patches, sample-major
    std::vector<float> s;         // n·d patch sums s_i = Σ_p x_i^(p): all the router sees

    int noise_patches() const { return P - 3; }
    const float* xi_of(int i, int q) const {
        return xi.data() + (size_t(i) * size_t(noise_patches()) + size_t(q)) * size_t(d);
    }
    const float* s_of(int i) const { return s.data() + size_t(i) * size_t(d); }
    // Asks the cache for the Gaussian patches of samples i0 … i1 − 1, in sample order, which the hardware
    // prefetcher follows: for loops that then read them in another order (a hint; it changes no number).
    void prefetch_patches(int i0, int i1) const {
        if (i0 >= i1 || noise_patches() == 0) return;
        const char* p = reinterpret_cast<const char*>(xi_of(i0, 0));
        const char* end = reinterpret_cast<const char*>(xi_of(i1 - 1, noise_patches() - 1) + d);
        for (; p < end; p += 64) __builtin_prefetch(p);
    }
    // The dense patch p of sample i (p = 0 feature, 1 center, 2 feature noise, ≥ 3 Gaussian).
    void patch(int i, int p, float* out) const;
    int v_index(int kk) const { return kk; }       // coordinate of v_k
    int c_index(int kk) const { return K + kk; }   // coordinate of c_k
};

// Draws n examples from Definition 3.1 using `rng` (one stream per data set).
Dataset generate(const DataConfig& cfg, int n, core::Rng& rng);

// Work units (about one multiply-add each) to draw one example; a normal draw (polar method, one log)
// takes about as long as 50 of them.
inline double generation_cost(int P, int d) { return 50.0 * double(P - 3) * d + 2.0 * d + 60; }

// The same draws a slice at a time, so that a large data set fills in over several step() calls:
// start() sizes D (reserving, not touching, the dense patches), fill() draws the next examples.
class Generator {
public:
    void start(const DataConfig& cfg, int n, const core::Rng& rng, Dataset& D);
    int fill(Dataset& D, int count);   // draws up to count more examples; returns how many
    bool done() const { return next_ >= n_; }
    int drawn() const { return next_; }
    int remaining() const { return n_ - next_; }
    double cost_per_sample() const;   // rough multiply-add equivalents, to size the slices
    const core::Rng& rng() const { return rng_; }

private:
    DataConfig cfg_{};
    core::Rng rng_;
    int n_ = 0, next_ = 0;
};

}   // namespace cluster_experts
