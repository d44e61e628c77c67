#include "labs/gated-regression/readout.hpp"
#include "core/linalg.hpp"
#include "core/ridge.hpp"
#include <algorithm>
#include <cmath>
#include <numeric>

namespace gated {

std::vector<std::vector<int>> permutations(int k) {
    std::vector<int> p(static_cast<size_t>(k));
    std::iota(p.begin(), p.end(), 0);
    std::vector<std::vector<int>> out;
    do out.push_back(p);
    while (std::next_permutation(p.begin(), p.end()));
    return out;
}

namespace {
// |cos| matrix (learned row i, true row m) and the best permutation: perm[m] = learned row matched to m.
double best_perm(const std::vector<double>& C, int k, std::vector<int>& perm) {
    double best = -1;
    for (const auto& p : permutations(k)) {
        double mn = INFINITY;
        for (int m = 0; m < k; ++m) mn = std::min(mn, C[size_t(p[size_t(m)] * k + m)]);
        if (mn > best) {
            best = mn;
            perm = p;
        }
    }
    return best;
}
std::vector<double> abs_cos(const std::vector<double>& A, const std::vector<double>& Astar, int k, int d) {
    std::vector<double> C(size_t(k * k));
    for (int i = 0; i < k; ++i)
        for (int m = 0; m < k; ++m)
            C[size_t(i * k + m)] = std::fabs(core::cosine(&A[size_t(i * d)], &Astar[size_t(m * d)], d));
    return C;
}
}   // namespace

double e_reg(const std::vector<double>& A, const std::vector<double>& Astar, int k, int d) {
    std::vector<int> perm;
    return 1.0 - best_perm(abs_cos(A, Astar, k, d), k, perm);
}

Readout read_experts(const std::vector<double>& A, const std::vector<double>& Astar, int k, int d,
                     const std::vector<double>& yx, bool dual) {
    Readout r;
    const size_t D = size_t(d);
    std::vector<double> R = A;
    if (dual) {   // (A Aᵀ)⁻¹ A, row by row: solve (A Aᵀ) c = e_i
        std::vector<double> G(size_t(k * k));
        for (int i = 0; i < k; ++i)
            for (int j = 0; j < k; ++j) G[size_t(i * k + j)] = core::dot(&A[i * D], &A[j * D], d);
        bool ok = true;
        std::vector<double> Rd(A.size(), 0.0);
        for (int i = 0; i < k && ok; ++i) {
            std::vector<double> Gi = G, e(size_t(k), 0.0);
            e[size_t(i)] = 1;
            ok = core::cholesky_solve(Gi, e, k);
            for (int j = 0; j < k && ok; ++j) core::axpy(e[size_t(j)], &A[j * D], &Rd[i * D], d);
        }
        if (ok) R = Rd;   // a singular A Aᵀ (rows collapsed) falls back to the rows themselves
    }
    for (int i = 0; i < k; ++i) {
        double* a = &R[i * D];
        const double n = core::norm2(a, d);
        const double s = core::dot(a, yx.data(), d) < 0 ? -1.0 : 1.0;
        for (int j = 0; j < d; ++j) a[j] = n > 0 ? s * a[j] / n : 0.0;
    }
    r.cos = abs_cos(R, Astar, k, d);
    r.e_reg = 1.0 - best_perm(r.cos, k, r.perm);
    r.A.assign(A.size(), 0.0);
    for (int m = 0; m < k; ++m)
        std::copy(&R[size_t(r.perm[size_t(m)]) * D], &R[size_t(r.perm[size_t(m)]) * D] + D, &r.A[m * D]);
    r.B.assign(size_t(k * k), 0.0);
    for (int i = 0; i < k; ++i)
        for (int m = 0; m < k; ++m) r.B[size_t(i * k + m)] = core::dot(&A[i * D], &Astar[m * D], d);
    // ‖P_⊥ a‖: residual of a after least squares on the rows of A*
    std::vector<double> G(size_t(k * k));
    for (int i = 0; i < k; ++i)
        for (int j = 0; j < k; ++j) G[size_t(i * k + j)] = core::dot(&Astar[i * D], &Astar[j * D], d);
    r.perp.assign(size_t(k), 0.0);
    for (int i = 0; i < k; ++i) {
        std::vector<double> Gi = G, c(static_cast<size_t>(k));
        for (int m = 0; m < k; ++m) c[size_t(m)] = core::dot(&Astar[m * D], &A[i * D], d);
        if (!core::cholesky_solve(Gi, c, k)) continue;
        std::vector<double> res(A.begin() + long(i * D), A.begin() + long((i + 1) * D));
        for (int m = 0; m < k; ++m) core::axpy(-c[size_t(m)], &Astar[m * D], res.data(), d);
        const double n = core::norm2(&A[i * D], d);
        r.perp[size_t(i)] = n > 0 ? core::norm2(res.data(), d) / n : 0.0;
    }
    return r;
}

double e_gating(const std::vector<double>& W, const std::vector<double>& Wstar, int k, int d) {
    const int r = k - 1;
    std::vector<double> C(size_t(r * r));
    for (int i = 0; i < r; ++i)
        for (int m = 0; m < r; ++m)
            C[size_t(i * r + m)] = std::fabs(core::cosine(&W[size_t(i * d)], &Wstar[size_t(m * d)], d));
    std::vector<int> perm;
    return 1.0 - best_perm(C, r, perm);
}

double w_error(const std::vector<double>& W, const std::vector<double>& Wstar, int k, int d) {
    double mx = 0;
    for (int i = 0; i + 1 < k; ++i) {
        double s = 0;
        for (int j = 0; j < d; ++j) {
            double e = W[size_t(i * d + j)] - Wstar[size_t(i * d + j)];
            s += e * e;
        }
        mx = std::max(mx, std::sqrt(s));
    }
    return mx;
}

}   // namespace gated
