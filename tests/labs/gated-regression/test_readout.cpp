// gated-regression: the readout recovers a known shuffled, rescaled, sign-flipped A*; E_reg and E_gating.
#include "labs/gated-regression/readout.hpp"
#include "core/linalg.hpp"
#include <cmath>
#include <doctest/doctest.h>

using namespace gated;

TEST_CASE("gated-regression: sign and permutation alignment recovers a shuffled A*") {
    const int k = 3, d = 6;
    std::vector<double> As(size_t(k * d), 0.0);
    for (int i = 0; i < k; ++i) As[size_t(i * d + i)] = 1;
    // learned rows: true expert 2, −1.4 × expert 0, 0.7 × expert 1, plus a little outside span A*
    std::vector<double> A(size_t(k * d), 0.0);
    A[0 * d + 2] = 1.0;
    A[0 * d + 4] = 0.01;
    A[1 * d + 0] = -1.4;
    A[2 * d + 1] = 0.7;
    std::vector<double> yx = {0.3, 0.3, 0.3, 0, 0, 0};   // Ê[y x] = E[g′] Σ α_m a_m*
    for (bool dual : {false, true}) {
        Readout r = read_experts(A, As, k, d, yx, dual);
        CHECK(r.perm == std::vector<int>{1, 2, 0});
        CHECK(r.e_reg < 1e-4);
        for (int m = 0; m < k; ++m) CHECK(r.A[size_t(m * d + m)] == doctest::Approx(1).epsilon(1e-4));   // signs fixed
        CHECK(r.B[size_t(1 * k + 0)] == doctest::Approx(-1.4));
        CHECK(r.perp[0] == doctest::Approx(0.01 / std::sqrt(1.0001)).epsilon(1e-6));
        CHECK(r.perp[1] == doctest::Approx(0).scale(1));
    }
    // a stuck ℓ2 solution (docs/labs/gated-regression.md §7.5): rows (0.49, 0.5, ∓1.0): E_reg ≈ 0.6
    std::vector<double> S = {0.49, 0.5, 1.0, 0, 0, 0, 0.49, 0.5, -1.0, 0, 0, 0};
    std::vector<double> As2 = {1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0};
    CHECK(e_reg(S, As2, 2, 6) == doctest::Approx(1 - 0.49 / std::sqrt(0.49 * 0.49 + 0.25 + 1)).epsilon(1e-9));
}

TEST_CASE("gated-regression: non-orthogonal A*: the dual rows (A Aᵀ)⁻¹A are the experts") {
    const int k = 2, d = 4;
    const double c = 0.6, n = std::sqrt(1 + c * c);
    std::vector<double> As = {1, 0, 0, 0, c / n, 1 / n, 0, 0};
    // rows of A whose dual basis is A* scaled: A = (A* A*ᵀ)⁻¹ A* (up to row scale)
    const double g = c / n;   // ⟨a1*, a2*⟩
    const double det = 1 - g * g;
    std::vector<double> A(8);
    for (int j = 0; j < d; ++j) {
        A[size_t(j)] = (As[size_t(j)] - g * As[size_t(d + j)]) / det * 1.3;
        A[size_t(d + j)] = (-g * As[size_t(j)] + As[size_t(d + j)]) / det * 0.8;
    }
    CHECK(read_experts(A, As, k, d, {1, 1, 0, 0}, true).e_reg < 1e-9);
    CHECK(read_experts(A, As, k, d, {1, 1, 0, 0}, false).e_reg > 0.05);
}

TEST_CASE("gated-regression: E_gating and ‖W − W*‖") {
    std::vector<double> Ws = {0, 0, 1, 0}, W = {0, 0, -0.5, 0};
    CHECK(e_gating(W, Ws, 2, 4) == doctest::Approx(0).scale(1));   // |cos| ignores the sign (swapped experts)
    CHECK(w_error(W, Ws, 2, 4) == doctest::Approx(1.5));
    W = {0.5, -0.5, 0, 0};   // the role swap: gate on x1 − x2
    CHECK(e_gating(W, Ws, 2, 4) == doctest::Approx(1));
}
