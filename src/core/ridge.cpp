#include "core/ridge.hpp"
#include "core/linalg.hpp"
#include <cmath>

namespace core {

bool cholesky_solve(std::vector<double>& A, std::vector<double>& b, int n) {
    // A = L Lᵀ, row by row (Cholesky–Banachiewicz); L overwrites the lower triangle.
    for (int i = 0; i < n; ++i) {
        double* Li = &A[size_t(i) * size_t(n)];
        for (int j = 0; j <= i; ++j) {
            const double* Lj = &A[size_t(j) * size_t(n)];
            double s = Li[j] - dot(Li, Lj, j);
            if (i == j) {
                if (!(s > 0) || !std::isfinite(s)) return false;
                Li[i] = std::sqrt(s);
            } else {
                Li[j] = s / Lj[j];
            }
        }
    }
    // L z = b, then Lᵀ x = z.
    for (int i = 0; i < n; ++i) {
        const double* Li = &A[size_t(i) * size_t(n)];
        b[size_t(i)] = (b[size_t(i)] - dot(Li, b.data(), i)) / Li[i];
    }
    for (int i = n - 1; i >= 0; --i) {
        double s = b[size_t(i)];
        for (int k = i + 1; k < n; ++k) s -= A[size_t(k) * size_t(n) + size_t(i)] * b[size_t(k)];
        b[size_t(i)] = s / A[size_t(i) * size_t(n) + size_t(i)];
    }
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

std::vector<double> RidgeAccumulator::solve(double lambda) const {
    if (count <= 0) return {};
    std::vector<double> A(G.size());
    std::vector<double> b(static_cast<std::size_t>(n));
    const double inv = 1.0 / count;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j <= i; ++j) A[size_t(i) * size_t(n) + size_t(j)] = G[size_t(i) * size_t(n) + size_t(j)] * inv;
        A[size_t(i) * size_t(n) + size_t(i)] += lambda;
        b[size_t(i)] = r[size_t(i)] * inv;
    }
    if (!cholesky_solve(A, b, n)) return {};
    return b;
}

}   // namespace core
