// The teacher of Sec. 3.1 (Assumptions 3.2–3.3): C clusters, x = ρ v_c + z with z ~ N(0, I_d), and
//   y = f_c*(w_c*ᵀx) + s_c g*(w_g*ᵀx) + ν,   ν ~ N(0, ζ²),   Σ_c s_c = 0.
// {w_1*,…,w_C*, w_g*, v_1,…,v_C} are orthonormal (Gram–Schmidt on 2C+1 Gaussian vectors,
// docs/labs/latent-clusters.md §2.2), so w_i*ᵀx = w_i*ᵀz ~ N(0,1) exactly: the teacher never sees the cluster mean.
#pragma once
#include "labs/latent-clusters/hermite_poly.hpp"
#include "core/rng.hpp"
#include <vector>

namespace latent {

enum class Links { PureHermite = 0, PaperExperiment = 1 };

// The teacher's settings: the lab's parameters set them (config.hpp, the binding in lab.cpp), so there are no
// defaults here.
struct TeacherConfig {
    int d, C, k_star;
    double rho, zeta;
    Links links;
};

struct Teacher {
    int d = 0, C = 0, k_star = 0, p_star = 0;
    double rho = 0, zeta = 0;
    std::vector<float> w_star;    // C x d, row c = w_c*
    std::vector<float> w_g;       // d
    std::vector<float> v;         // C x d, row c = v_c (cluster mean direction)
    std::vector<HermitePoly> f;   // local links f_c*
    HermitePoly g;                // global link g*
    std::vector<double> s;        // s_c, Σ_c s_c = 0

    void build(const TeacherConfig& cfg, core::Rng& rng);

    // One fresh sample (Assumption 3.2). x must hold d floats.
    void sample(core::Rng& rng, float* x, int& c, double& y_clean, double& y) const;
    double clean(const float* x, int c) const;   // f_c*(w_c*ᵀx) + s_c g*(w_g*ᵀx)

    // E[y_clean²] (the zero predictor's error) and E[(s_c g*)²] (the error of a model that learned
    // only the local tasks), both exact by Lemma A.2 with orthonormal directions.
    double zero_mse() const;
    double local_only_mse() const;

    const float* dir(int r) const;   // rows 0..C-1: w_c*, C: w_g*, C+1..2C: v_c
    int n_dirs() const { return 2 * C + 1; }
};

}   // namespace latent
