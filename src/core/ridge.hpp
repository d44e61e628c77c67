// Ridge regression by a deterministic Cholesky solve: the normal equations are accumulated and
// factorised by loops whose summation order is fixed by this code (docs/building.md, "Same seed, same numbers"),
// so native and WebAssembly builds give the same coefficients. Small systems (n up to a few
// hundred features, latent-clusters' 1024 spread over many steps); double precision throughout.
// tests/core/test_ridge.cpp holds these solves to Eigen's LLT.
#pragma once
#include <cstddef>
#include <vector>

namespace core {

// Solves A x = b in place for a symmetric positive definite A (n x n, row-major; only the lower
// triangle is read). On return A holds the Cholesky factor L (lower) and b holds x.
// Returns false (and leaves b unspecified) when A is not numerically positive definite.
bool cholesky_solve(std::vector<double>& A, std::vector<double>& b, int n);

// The same solve in pieces, for a system factorised over many calls (latent-clusters' Phase IV):
// cholesky_row(A, n, i) for i = 0, 1, …, n − 1 turns A's lower triangle into L (A = L Lᵀ) one row at a time
// (false, as above, when the pivot is not positive); then cholesky_substitute(L, b, n) replaces b by
// x = L⁻ᵀ L⁻¹ b. cholesky_solve is exactly these calls, so the two give the same bits.
bool cholesky_row(double* A, int n, int i);
void cholesky_substitute(const double* L, double* b, int n);

// Accumulates G = Σ_t φ_t φ_tᵀ and r = Σ_t φ_t y_t over samples whose feature vectors are sparse
// (idx lists the non-zero entries, ascending), then solves
//     a = (G/T + λ I)^{-1} r/T,   i.e.  argmin_a (1/T) Σ_t (φ_tᵀ a − y_t)² + λ ‖a‖².
struct RidgeAccumulator {
    int n = 0;
    double count = 0;
    std::vector<double> G, r;   // G: n x n, lower triangle filled

    void reset(int features) {
        n = features;
        count = 0;
        G.assign(std::size_t(n) * std::size_t(n), 0.0);
        r.assign(std::size_t(n), 0.0);
    }
    void add(const int* idx, const double* phi, int k, double y);
    // The minimiser; empty when the system is singular (λ = 0 and too few independent features).
    std::vector<double> solve(double lambda) const;

    // solve() in place and in pieces: factor_row(i, λ) for i = 0, 1, …, n − 1 turns row i of G into row i of
    // G/T + λ I and then of its Cholesky factor, and r_i into r_i/T (false when singular, as solve()'s empty
    // answer); substitute() then leaves the minimiser in r. solve() is exactly these calls on a copy.
    // The accumulator is spent afterwards: reset() before adding again.
    bool factor_row(int i, double lambda);
    void substitute();
};

}   // namespace core
