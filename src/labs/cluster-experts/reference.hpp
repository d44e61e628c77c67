// Algorithm 1 of Chen et al. (2022) written plainly, in the paper's symbols, with Eigen: the version to read next
// to the paper. The lab trains with the fast kernels of experts.cpp and moe.cpp (samples grouped by expert, SIMD
// lanes, float weights, a fixed order of summation so that the page, the desktop and the CLI give the same bits);
// tests/labs/cluster-experts/test_reference.cpp holds them to this file on every preset's shapes.
//
//   x = (x^(1), …, x^(P)), each patch in R^d                                         (Definition 3.1)
//   f_m(x; W) = Σ_{j=1..J} Σ_{p=1..P} σ(⟨w_{m,j}, x^(p)⟩),  σ(z) = z³ or z           (3.1)
//   h(x; Θ) = Σ_p Θᵀ x^(p),  π_m(x; Θ) = exp(h_m) / Σ_m' exp(h_m')                   (Sec. 3.2)
//   m_i = argmax_m { h_m(x_i; Θ) + r_{m,i} },  r ~ Unif[0, 1]                         (Sec. 3.3)
//   L = (1/n) Σ_i ℓ( y_i π_{m_i}(x_i; Θ) f_{m_i}(x_i; W) ),  ℓ(z) = log(1 + e^{−z})   (3.3)
//   W_m ← W_m − η ∇_{W_m} L / ‖∇_{W_m} L‖_F                                          (3.4)
//   Θ ← Θ − η_r ∇_Θ L                                                                  (3.5)
// The routes m_i are constants (no gradient through the argmax); π carries the gradient to Θ.
#pragma once
#include "labs/cluster-experts/data.hpp"
#include <Eigen/Dense>
#include <vector>

namespace cluster_experts::reference {

using Matrix = Eigen::MatrixXd;
using Vector = Eigen::VectorXd;

// Sample i of D as a d × P matrix X whose columns are its patches x^(1), …, x^(P).
Matrix patches(const Dataset& D, int i);

// (3.1): f_m(x; W_m) for one expert, W_m a d × J matrix whose columns are the filters w_{m,j}.
double f(const Matrix& W_m, const Matrix& X, bool cubic);

// ∇_{W_m} f_m(x): column j is Σ_p σ'(⟨w_{m,j}, x^(p)⟩) x^(p).
Matrix grad_f(const Matrix& W_m, const Matrix& X, bool cubic);

// π(x; Θ) = softmax(Θᵀ Σ_p x^(p)), Θ a d × M matrix whose columns are the θ_m.
Vector gates(const Matrix& Theta, const Matrix& X);

// The noisy route of Sec. 3.3: argmax_m h_m(x; Θ) + r_m.
int route(const Matrix& Theta, const Matrix& X, const Vector& r);

// The loss (3.3) at the routes m_i, and its gradients with the routes held fixed.
struct LossAndGradients {
    double L = 0;
    std::vector<Matrix> W;   // ∇_{W_m} L, d × J each
    Matrix Theta;            // ∇_Θ L, d × M (zero when M = 1: a single model has no router)
};
LossAndGradients loss_and_gradients(const std::vector<Matrix>& W, const Matrix& Theta, const Dataset& D,
                                    const std::vector<int>& routes, bool cubic);

// One step of (3.4) and (3.5) with those gradients.
void step(std::vector<Matrix>& W, Matrix& Theta, const LossAndGradients& g, double eta, double eta_r);

}   // namespace cluster_experts::reference
