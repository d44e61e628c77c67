#include "labs/gated-regression/l4.hpp"
#include "core/linalg.hpp"
#include <cmath>

namespace gated {

namespace {
// C = T_4(·,·,a,a): C_{pq} = Σ_{r,s} T_{pqrs} a_r a_s
void contract2(const Tensors& t, const double* a, std::vector<double>& C) {
    const int d = t.d;
    const size_t D = size_t(d);
    C.assign(D * D, 0.0);
    std::vector<double> aa(D * D);
    for (size_t r = 0; r < D; ++r)
        for (size_t s = 0; s < D; ++s) aa[r * D + s] = a[r] * a[s];
    for (size_t pq = 0; pq < D * D; ++pq) C[pq] = core::dot(&t.T4[pq * D * D], aa.data(), d * d);
}
void matvec(const std::vector<double>& M, const double* a, int d, double* out) {
    for (int p = 0; p < d; ++p) out[p] = core::dot(&M[size_t(p) * size_t(d)], a, d);
}
}   // namespace

double l4_loss(const Tensors& t, const std::vector<double>& A, int k, const L4Hyper& h, std::vector<double>* grad) {
    const int d = t.d;
    const size_t D = size_t(d);
    std::vector<std::vector<double>> C(static_cast<size_t>(k));
    for (int j = 0; j < k; ++j) contract2(t, &A[size_t(j) * D], C[size_t(j)]);
    if (grad) grad->assign(size_t(k) * D, 0.0);
    std::vector<double> Ca(D), Ta(D);
    double loss = 0;
    for (int i = 0; i < k; ++i) {
        const double* a = &A[size_t(i) * D];
        for (int j = 0; j < k; ++j) {
            matvec(C[size_t(j)], a, d, Ca.data());
            const double v = core::dot(a, Ca.data(), d);   // T_4(a_i,a_i,a_j,a_j)
            const double w = (j == i) ? -h.mu : 1.0;
            loss += w * v;
            if (grad) core::axpy(4.0 * w, Ca.data(), &(*grad)[size_t(i) * D], d);
        }
        matvec(t.T2, a, d, Ta.data());
        const double r = core::dot(a, Ta.data(), d) - 1.0;   // E[Q_2 t_3(a_i)] − 1
        loss += h.lambda * r * r + 0.5 * h.delta_F * core::sum_sq(a, d);
        if (grad) {
            core::axpy(4.0 * h.lambda * r, Ta.data(), &(*grad)[size_t(i) * D], d);
            core::axpy(h.delta_F, a, &(*grad)[size_t(i) * D], d);
        }
    }
    return loss;
}

double l4_step(const Tensors& t, std::vector<double>& A, int k, const L4Hyper& h, double eta, double cap) {
    std::vector<double> G;
    const double loss = l4_loss(t, A, k, h, &G);
    const int d = t.d;
    core::axpy(-eta, G.data(), A.data(), k * d);
    if (cap > 0)
        for (int i = 0; i < k; ++i) {
            double* a = &A[size_t(i) * size_t(d)];
            const double n = core::norm2(a, d);
            if (n > cap)
                for (int j = 0; j < d; ++j) a[j] *= cap / n;
        }
    return loss;
}

}   // namespace gated
