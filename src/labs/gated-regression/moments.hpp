// Sufficient statistics of a fixed dataset for L̂_4 (docs/labs/gated-regression.md §4.2). The loss (7) is linear in
// the empirical expectations E[Q_4(y) t_·(x)] and E[Q_2(y) t_3(x)], and every t is a contraction of the
// score tensors S_4(x) = x^⊗4 − Σ_6 sym(x⊗x⊗I) + Σ_3 sym(I⊗I), S_2(x) = x xᵀ − I (eq. 11). So
//   T̂_4 = mean(q4 S_4(x))/c,  T̂_2 = mean(q2 S_2(x))/c′,
// and L̂_4(A) = Σ_{i≠j} T̂_4(a_i,a_i,a_j,a_j) − μ Σ_i T̂_4(a_i,a_i,a_i,a_i) + λ Σ_i (a_iᵀ T̂_2 a_i − 1)² + (δ_F/2)‖A‖_F².
// Accumulating q4·x_a x_b x_c x_e over sorted index quadruples costs C(d+3, 4) per sample (126 at d = 6);
// a GD step on the tensors then costs O(k d⁴) whatever n is.
#pragma once
#include "labs/gated-regression/link.hpp"
#include <vector>

namespace gated {

struct Tensors {
    int d = 0;
    std::vector<double> T4;   // d⁴, symmetric, divided by c
    std::vector<double> T2;   // d², divided by c′
};

class Moments {
public:
    void reset(int d, Link link, const LinkConstants& kc);
    void add(const double* x, double y);   // one sample
    double n() const { return n_; }
    Tensors tensors() const;               // of the samples added so far
    std::vector<double> mean_yx() const;   // Ê[y x]: the readout's sign reference

private:
    int d_ = 0;
    Link link_ = Link::Id;
    LinkConstants kc_;
    double n_ = 0, m0_ = 0, s0_ = 0;
    std::vector<double> m4_;        // Σ q4 x_a x_b x_c x_e, a ≤ b ≤ c ≤ e
    std::vector<double> m2_, s2_;   // Σ q4 x_a x_b, Σ q2 x_a x_b (a ≤ b, packed d×d)
    std::vector<double> yx_;
};

// The output transforms of eq. (6), centred (link.hpp).
double Q4(const LinkConstants& kc, double y);
double Q2(const LinkConstants& kc, double y);

// The population tensors of Lemma 1 / Theorem 5: T_4 = Σ_m α_m a_m^⊗4, T_2 = Σ_m α_m a_m a_mᵀ
// (already divided by c and c′), for rows a_m of A (k×d) and weights α_m = E[p_m*(x)].
Tensors population_tensors(const std::vector<double>& A, int k, int d, const std::vector<double>& alpha);

}   // namespace gated
