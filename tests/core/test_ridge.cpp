// core::cholesky_solve and core::RidgeAccumulator (hand-written loops, core::dot's fixed order of summation) held
// to Eigen's LLT, the reference, on random symmetric positive definite systems of several sizes.
#include "core/ridge.hpp"
#include "core/rng.hpp"
#include <Eigen/Cholesky>
#include <doctest/doctest.h>
#include <vector>

namespace {
using Matrix = Eigen::MatrixXd;
using Vector = Eigen::VectorXd;
using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// ‖u − v‖ / ‖v‖
double relative_error(const Vector& u, const Vector& v) { return (u - v).norm() / v.norm(); }

// A = X Xᵀ/m + c I with X n × m Gaussian: symmetric positive definite, its condition number below
// (1 + √(n/m))² / c + 1 (about 300 at the most here).
Matrix random_spd(core::Rng& rng, int n, double c) {
    const int m = 2 * n + 3;
    Matrix X(n, m);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) X(i, j) = rng.normal();
    return X * X.transpose() / m + c * Matrix::Identity(n, n);
}

Vector random_vector(core::Rng& rng, int n) {
    Vector b(n);
    for (int i = 0; i < n; ++i) b(i) = rng.normal();
    return b;
}

// The lower triangle of A, row-major, the upper left at zero (cholesky_solve reads the lower triangle only).
std::vector<double> lower_rows(const Matrix& A) {
    const int n = int(A.rows());
    std::vector<double> a(size_t(n) * size_t(n), 0.0);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= i; ++j) a[size_t(i) * size_t(n) + size_t(j)] = A(i, j);
    return a;
}

const int kSizes[] = {1, 2, 3, 5, 8, 17, 64, 201};
// Relative to Eigen's LLT the solutions differ by 1.3e-15 at most (measured on these systems): a pass allows
// 1e-12. A relative change of 1e-10 in the pivots or of 1e-9 in λ fails it.
const double kTolerance = 1e-12;
}   // namespace

TEST_CASE("core::cholesky_solve agrees with Eigen's LLT: the solution and the factor") {
    core::Rng rng(33);
    for (int n : kSizes)
        for (double c : {1.0, 0.01}) {
            CAPTURE(n);
            CAPTURE(c);
            const Matrix A = random_spd(rng, n, c);
            const Vector b = random_vector(rng, n);
            const Eigen::LLT<Matrix> llt(A);
            REQUIRE(llt.info() == Eigen::Success);
            const Vector x_ref = llt.solve(b);

            std::vector<double> a = lower_rows(A), x(b.data(), b.data() + n);
            REQUIRE(core::cholesky_solve(a, x, n));
            CHECK(relative_error(Eigen::Map<const Vector>(x.data(), n), x_ref) < kTolerance);
            // A's lower triangle now holds L, A = L Lᵀ, Eigen's matrixL()
            const Matrix L = Eigen::Map<const RowMajor>(a.data(), n, n).triangularView<Eigen::Lower>();
            const Matrix L_ref = llt.matrixL();
            CHECK((L - L_ref).norm() / L_ref.norm() < kTolerance);
            // and the residual is at rounding level
            CHECK((A * Eigen::Map<const Vector>(x.data(), n) - b).norm() / b.norm() < kTolerance);
        }
}

TEST_CASE("core::cholesky_solve refuses what Eigen's LLT refuses: not positive definite") {
    core::Rng rng(34);
    for (int n : {1, 4, 17}) {
        CAPTURE(n);
        Matrix A = random_spd(rng, n, 1.0);
        A(n - 1, n - 1) = -1.0;   // the last pivot turns negative
        const Eigen::LLT<Matrix> llt(A);
        CHECK(llt.info() == Eigen::NumericalIssue);
        std::vector<double> a = lower_rows(A), x(size_t(n), 1.0);
        CHECK_FALSE(core::cholesky_solve(a, x, n));
    }
    // a zero matrix: no pivot at all
    std::vector<double> z(9, 0.0), x(3, 1.0);
    CHECK_FALSE(core::cholesky_solve(z, x, 3));
}

TEST_CASE("the ridge minimiser agrees with Eigen's LLT of (ΦᵀΦ/T + λ I) a = Φᵀy/T, sparse features") {
    core::Rng rng(35);
    for (int n : kSizes)
        for (double lambda : {1e-1, 1e-3}) {
            CAPTURE(n);
            CAPTURE(lambda);
            const int T = 3 * n + 20;
            Matrix Phi = Matrix::Zero(T, n);
            Vector y(T);
            core::RidgeAccumulator acc;
            acc.reset(n);
            std::vector<int> idx;
            std::vector<double> phi;
            for (int t = 0; t < T; ++t) {
                idx.clear();
                phi.clear();
                for (int k = 0; k < n; ++k)
                    if (rng.uniform() < 0.5) {   // about half the features of a sample are non-zero
                        Phi(t, k) = rng.normal();
                        idx.push_back(k);
                        phi.push_back(Phi(t, k));
                    }
                y(t) = rng.normal();
                acc.add(idx.data(), phi.data(), int(idx.size()), y(t));
            }
            const Matrix A = Phi.transpose() * Phi / T + lambda * Matrix::Identity(n, n);
            const Eigen::LLT<Matrix> llt(A);
            REQUIRE(llt.info() == Eigen::Success);
            const Vector a_ref = llt.solve(Phi.transpose() * y / T);

            const std::vector<double> a = acc.solve(lambda);
            REQUIRE(a.size() == size_t(n));
            CHECK(relative_error(Eigen::Map<const Vector>(a.data(), n), a_ref) < kTolerance);

            // In pieces and in place (latent-clusters' Phase IV): the same bits as solve().
            for (int i = 0; i < n; ++i) REQUIRE(acc.factor_row(i, lambda));
            acc.substitute();
            CHECK(acc.r == a);
        }
}

TEST_CASE("the ridge minimiser: no samples or a singular system without a penalty gives no answer") {
    core::RidgeAccumulator acc;
    acc.reset(3);
    CHECK(acc.solve(0.1).empty());   // no samples
    const int idx[] = {0, 2};
    const double phi[] = {1.0, 2.0};
    acc.add(idx, phi, 2, 1.0);
    CHECK(acc.solve(0.0).empty());   // feature 1 never seen, λ = 0
    const std::vector<double> a = acc.solve(0.1);
    REQUIRE(a.size() == 3);
    CHECK(a[1] == 0.0);
    // (φφᵀ + 0.1 I) a = φ y:  a = φ / (‖φ‖² + 0.1)
    CHECK(a[0] == doctest::Approx(1.0 / 5.1).epsilon(1e-14));
    CHECK(a[2] == doctest::Approx(2.0 / 5.1).epsilon(1e-14));
}
