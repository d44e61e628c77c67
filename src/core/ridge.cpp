// Eigen gives the factorisation its indices and pieces (a row-major Map, rows, heads), so that the loops read as
// the formulas; every sum is core::dot's, in its fixed order. Eigen's own solves give other bits: its triangular
// solves (triangularView().solveInPlace) and its LLT were measured in place of these loops, and both changed
// latent-clusters' test errors (by up to 1e-14 relative) and gated-regression's traces (by an ulp), so they serve
// only as the reference of tests/core/test_ridge.cpp.
#include "core/ridge.hpp"
#include "core/linalg.hpp"
#include <Eigen/Core>
#include <cmath>

namespace core {

namespace {
using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MatrixMap = Eigen::Map<RowMajor>;
using ConstMatrixMap = Eigen::Map<const RowMajor>;
using VectorMap = Eigen::Map<Eigen::VectorXd>;

// u · v of two contiguous pieces (a row of a row-major matrix, the head of a vector) by core::dot: its fixed
// order of summation, not Eigen's, which follows the SIMD width (linalg.hpp).
template <class U, class V>
double dot(const Eigen::MatrixBase<U>& u, const Eigen::MatrixBase<V>& v) {
    static_assert(U::InnerStrideAtCompileTime == 1 && V::InnerStrideAtCompileTime == 1,
                  "contiguous pieces only");   // words: not shown (the compiler's)
    return core::dot(u.derived().data(), v.derived().data(), int(u.size()));
}
}   // namespace

// Cholesky–Banachiewicz, row i:  L_ij = (A_ij − Σ_{k<j} L_ik L_jk) / L_jj  (j < i),  L_ii = √(A_ii − Σ_{k<i} L_ik²).
bool cholesky_row(double* a, int n, int i) {
    MatrixMap L(a, n, n);   // A's lower triangle, turned into L row by row
    for (int j = 0; j < i; ++j) L(i, j) = (L(i, j) - dot(L.row(i).head(j), L.row(j).head(j))) / L(j, j);
    const double s = L(i, i) - dot(L.row(i).head(i), L.row(i).head(i));
    if (!(s > 0) || !std::isfinite(s)) return false;
    L(i, i) = std::sqrt(s);
    return true;
}

void cholesky_substitute(const double* l, double* b, int n) {
    ConstMatrixMap L(l, n, n);
    VectorMap x(b, n);
    // L z = b:  z_i = (b_i − Σ_{k<i} L_ik z_k) / L_ii
    for (int i = 0; i < n; ++i) x(i) = (x(i) - dot(L.row(i).head(i), x.head(i))) / L(i, i);
    // Lᵀ x = z:  x_i = (z_i − Σ_{k>i} L_ki x_k) / L_ii, down column i of L (strided: subtracted in order)
    for (int i = n - 1; i >= 0; --i) {
        double s = x(i);
        for (int k = i + 1; k < n; ++k) s -= L(k, i) * x(k);
        x(i) = s / L(i, i);
    }
}

bool cholesky_solve(std::vector<double>& A, std::vector<double>& b, int n) {
    for (int i = 0; i < n; ++i)
        if (!cholesky_row(A.data(), n, i)) return false;
    cholesky_substitute(A.data(), b.data(), n);
    return true;
}

void RidgeAccumulator::add(const int* idx, const double* phi, int k, double y) {
    for (int p = 0; p < k; ++p) {
        double* row = &G[size_t(idx[p]) * size_t(n)];
        const double fp = phi[p];
        for (int q = 0; q <= p; ++q) row[idx[q]] += fp * phi[q];
        r[size_t(idx[p])] += fp * y;
    }
    count += 1;
}

bool RidgeAccumulator::factor_row(int i, double lambda) {
    MatrixMap A(G.data(), n, n);
    const double inv = 1.0 / count;
    A.row(i).head(i + 1) *= inv;   // (G/T + λ I)_i·, r_i/T
    A(i, i) += lambda;
    r[size_t(i)] *= inv;
    return cholesky_row(G.data(), n, i);
}

void RidgeAccumulator::substitute() { cholesky_substitute(G.data(), r.data(), n); }

std::vector<double> RidgeAccumulator::solve(double lambda) const {
    if (count <= 0) return {};
    RidgeAccumulator f = *this;
    for (int i = 0; i < n; ++i)
        if (!f.factor_row(i, lambda)) return {};
    f.substitute();
    return std::move(f.r);
}

}   // namespace core
