// The link g of the experts (eq. 1) and the constants of the output transforms Q_4, Q_2 (eq. 6),
// which App. B defines by Stein-type conditions on S_4(Z) := E[Q_4(Y) | Z], S_2(Z) := E[Q_2(Y) | Z],
// Z ~ N(0, 1), Y | Z ~ N(g(Z), σ²).
#pragma once
#include "labs/gated-regression/link_quad.hpp"   // gauss_expect: E[f(Z)], Z ~ N(0, 1)

namespace gated {

enum class Link { Id = 0, Tanh = 1, Relu = 2, Sigmoid = 3 };

double g(Link l, double z);         // the link
double g_prime(Link l, double z);   // its derivative (ReLU: 1{z > 0})
const char* link_name(Link l);

// Q_4(y) = y⁴ + α y³ + β y² + γ y + κ4,  Q_2(y) = y² + δ y + κ2  (eq. 6).
// c = E[S_4(Z) He_4(Z)] and c′ = E[S_2(Z) He_2(Z)] scale the input transforms t_1, t_2 and t_3, so that
// E[Q_4(y) S_4(x)]/c = Σ_m α_m* a_m*^⊗4 and E[Q_2(y) S_2(x)]/c′ = Σ_m α_m* a_m* a_m*ᵀ (Lemma 1).
struct LinkConstants {
    double alpha = 0, beta = 0, gamma = 0, delta = 0;
    double kappa4 = 0, kappa2 = 0;   // centring constants: E[Q_4(y)] = E[Q_2(y)] = 0 under the model
    double c = 1, c_prime = 1;
};

// Solves App. B's conditions by quadrature (not the printed tables), at this σ. Decisions:
//  * Condition 1 is the 3×3 system E[S_4 He_m] = 0, m = 1, 2, 3, with S_4 = g⁴ + 6g²σ² + 3σ⁴ +
//    α(g³ + 3gσ²) + β(g² + σ²) + γg. App. B prints the ReLU system's β column as (√(2/π) + σ², 1 + σ²,
//    √(2/π) + σ²); since E[σ² He_m(Z)] = 0 it is (√(2/π), 1, √(2/π)) (docs/labs/gated-regression.md §5.1).
//    Solving the conditions directly gives the corrected values; the printed "σ⁴" in S_4 is 3σ⁴
//    (docs/labs/gated-regression.md §5.2).
//  * δ = −E[g² Z]/E[g Z] (Condition 2).
//  * κ4, κ2 make Q_4 and Q_2 zero-mean. For g = Id, §3.1 prints the constant 3 + 3σ⁴ − 6σ², which
//    does not; the centring constant is 3(1 + σ²)² (docs/labs/gated-regression.md §5.3). Constants do not
//    change the population loss (each t has zero mean) but reduce the finite-sample variance.
LinkConstants link_constants(Link l, double sigma);

}   // namespace gated
