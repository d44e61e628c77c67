// Algorithm 1 of Chen et al. (2022) in the paper's symbols (reference.hpp): plain Eigen, double precision.
#include "labs/cluster-experts/reference.hpp"
#include <cmath>

namespace cluster_experts::reference {

namespace {

// σ and σ' of (3.1), elementwise.
Matrix sigma(const Matrix& z, bool cubic) { return cubic ? Matrix(z.array().cube()) : z; }
Matrix sigma_prime(const Matrix& z, bool cubic) {
    return cubic ? Matrix(3.0 * z.array().square()) : Matrix::Ones(z.rows(), z.cols());
}

// ℓ(z) = log(1 + e^{−z}) and ℓ'(z) = −1 / (1 + e^{z}), without overflow.
double ell(double z) { return z >= 0 ? std::log1p(std::exp(-z)) : -z + std::log1p(std::exp(z)); }
double ell_prime(double z) { return -1.0 / (1.0 + std::exp(z)); }

}   // namespace

Matrix patches(const Dataset& D, int i) {
    Matrix X(D.d, D.P);
    std::vector<float> x(size_t(D.d));
    for (int p = 0; p < D.P; ++p) {
        D.patch(i, p, x.data());
        for (int c = 0; c < D.d; ++c) X(c, p) = x[size_t(c)];
    }
    return X;
}

double f(const Matrix& W_m, const Matrix& X, bool cubic) {
    return sigma(W_m.transpose() * X, cubic).sum();   // Σ_j Σ_p σ(⟨w_{m,j}, x^(p)⟩)
}

Matrix grad_f(const Matrix& W_m, const Matrix& X, bool cubic) {
    return X * sigma_prime(W_m.transpose() * X, cubic).transpose();   // (d × P)(P × J)
}

Vector gates(const Matrix& Theta, const Matrix& X) {
    const Vector h = Theta.transpose() * X.rowwise().sum();   // h = Θᵀ Σ_p x^(p)
    const Vector e = (h.array() - h.maxCoeff()).exp();
    return e / e.sum();
}

int route(const Matrix& Theta, const Matrix& X, const Vector& r) {
    const Vector h = Theta.transpose() * X.rowwise().sum();
    Eigen::Index m = 0;
    (h + r).maxCoeff(&m);
    return int(m);
}

LossAndGradients loss_and_gradients(const std::vector<Matrix>& W, const Matrix& Theta, const Dataset& D,
                                    const std::vector<int>& routes, bool cubic) {
    const int M = int(W.size());
    LossAndGradients g;
    g.W.assign(size_t(M), Matrix::Zero(W[0].rows(), W[0].cols()));
    g.Theta = Matrix::Zero(Theta.rows(), Theta.cols());
    for (int i = 0; i < D.n; ++i) {
        const Matrix X = patches(D, i);
        const int m = routes[size_t(i)];
        const double y = D.y[size_t(i)];
        const Vector pi = gates(Theta, X);
        const double f_m = f(W[size_t(m)], X, cubic), z = y * pi(m) * f_m;
        g.L += ell(z) / D.n;
        const double dz = ell_prime(z) / D.n;   // ∂L/∂z_i
        // ∇_{W_m} L: only the expert the sample was routed to
        g.W[size_t(m)] += dz * y * pi(m) * grad_f(W[size_t(m)], X, cubic);
        // ∇_{θ_k} L = ∂L/∂z · y f_m · ∂π_m/∂h_k · s, with ∂π_m/∂h_k = π_m (1[k = m] − π_k) and s = Σ_p x^(p)
        Vector dh = -pi(m) * pi;
        dh(m) += pi(m);
        g.Theta += X.rowwise().sum() * (dz * y * f_m * dh).transpose();
    }
    return g;
}

void step(std::vector<Matrix>& W, Matrix& Theta, const LossAndGradients& g, double eta, double eta_r) {
    for (size_t m = 0; m < W.size(); ++m) {
        const double norm = g.W[m].norm();   // ‖∇_{W_m} L‖_F: an expert without samples does not move
        if (norm > 0) W[m] -= eta * g.W[m] / norm;
    }
    Theta -= eta_r * g.Theta;
}

}   // namespace cluster_experts::reference
