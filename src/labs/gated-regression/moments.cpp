#include "labs/gated-regression/moments.hpp"
#include <algorithm>

namespace gated {

double Q4(const LinkConstants& kc, double y) {
    const double y2 = y * y;
    return ((y2 + kc.alpha * y) + kc.beta) * y2 + kc.gamma * y + kc.kappa4;
}
double Q2(const LinkConstants& kc, double y) { return y * y + kc.delta * y + kc.kappa2; }

void Moments::reset(int d, Link link, const LinkConstants& kc) {
    d_ = d;
    link_ = link;
    kc_ = kc;
    n_ = m0_ = s0_ = 0;
    int q = 0;
    for (int a = 0; a < d; ++a)
        for (int b = a; b < d; ++b)
            for (int c = b; c < d; ++c)
                for (int e = c; e < d; ++e) ++q;
    m4_.assign(size_t(q), 0.0);
    m2_.assign(size_t(d) * size_t(d), 0.0);
    s2_.assign(size_t(d) * size_t(d), 0.0);
    yx_.assign(size_t(d), 0.0);
}

void Moments::add(const double* x, double y) {
    const double q4 = Q4(kc_, y), q2 = Q2(kc_, y);
    const int d = d_;
    double* m = m4_.data();
    for (int a = 0; a < d; ++a) {
        const double pa = q4 * x[a];
        for (int b = a; b < d; ++b) {
            const double pab = pa * x[b];
            m2_[size_t(a * d + b)] += pab;
            s2_[size_t(a * d + b)] += q2 * x[a] * x[b];
            for (int c = b; c < d; ++c) {
                const double pabc = pab * x[c];
                for (int e = c; e < d; ++e) *m++ += pabc * x[e];
            }
        }
        yx_[size_t(a)] += y * x[a];
    }
    m0_ += q4;
    s0_ += q2;
    n_ += 1;
}

std::vector<double> Moments::mean_yx() const {
    std::vector<double> v(yx_);
    for (double& x : v) x /= std::max(1.0, n_);
    return v;
}

Tensors Moments::tensors() const {
    const int d = d_;
    const size_t D = size_t(d);
    Tensors t;
    t.d = d;
    t.T4.assign(D * D * D * D, 0.0);
    t.T2.assign(D * D, 0.0);
    const double inv = 1.0 / std::max(1.0, n_);
    auto M2 = [&](int a, int b) { return m2_[size_t(std::min(a, b) * d + std::max(a, b))] * inv; };
    auto dl = [](int a, int b) { return a == b ? 1.0 : 0.0; };
    const double m0 = m0_ * inv;
    // scatter the sorted quadruples to every permutation
    size_t q = 0;
    for (int a = 0; a < d; ++a)
        for (int b = a; b < d; ++b)
            for (int c = b; c < d; ++c)
                for (int e = c; e < d; ++e, ++q) {
                    int idx[4] = {a, b, c, e};
                    const double v = m4_[q] * inv;
                    do {
                        t.T4[((size_t(idx[0]) * D + size_t(idx[1])) * D + size_t(idx[2])) * D + size_t(idx[3])] = v;
                    } while (std::next_permutation(idx, idx + 4));
                }
    for (int a = 0; a < d; ++a)
        for (int b = 0; b < d; ++b)
            for (int c = 0; c < d; ++c)
                for (int e = 0; e < d; ++e) {
                    double& T = t.T4[((size_t(a) * D + size_t(b)) * D + size_t(c)) * D + size_t(e)];
                    T -= M2(a, b) * dl(c, e) + M2(a, c) * dl(b, e) + M2(a, e) * dl(b, c) + M2(b, c) * dl(a, e) +
                        M2(b, e) * dl(a, c) + M2(c, e) * dl(a, b);
                    T += m0 * (dl(a, b) * dl(c, e) + dl(a, c) * dl(b, e) + dl(a, e) * dl(b, c));
                    T /= kc_.c;
                }
    for (int a = 0; a < d; ++a)
        for (int b = 0; b < d; ++b)
            t.T2[size_t(a * d + b)] =
                (s2_[size_t(std::min(a, b) * d + std::max(a, b))] * inv - (a == b ? s0_ * inv : 0.0)) / kc_.c_prime;
    return t;
}

Tensors population_tensors(const std::vector<double>& A, int k, int d, const std::vector<double>& alpha) {
    const size_t D = size_t(d);
    Tensors t;
    t.d = d;
    t.T4.assign(D * D * D * D, 0.0);
    t.T2.assign(D * D, 0.0);
    for (int m = 0; m < k; ++m) {
        const double* a = &A[size_t(m) * D];
        for (size_t i = 0; i < D; ++i)
            for (size_t j = 0; j < D; ++j) {
                t.T2[i * D + j] += alpha[size_t(m)] * a[i] * a[j];
                for (size_t r = 0; r < D; ++r)
                    for (size_t s = 0; s < D; ++s)
                        t.T4[((i * D + j) * D + r) * D + s] += alpha[size_t(m)] * a[i] * a[j] * a[r] * a[s];
            }
    }
    return t;
}

}   // namespace gated
