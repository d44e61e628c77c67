#include "labs/latent-clusters/experts.hpp"
#include "labs/latent-clusters/hermite_poly.hpp"
#include "core/linalg.hpp"
#include <cmath>
#include <limits>

namespace latent {

namespace {
// w ← p w + q x, coefficient-wise (same result at any SIMD width). Written four lanes at a time
// with restrict pointers so that -O2 packs it into vector instructions (SLP).
inline void scale_add(float* __restrict w, const float* __restrict x, float p, float q, int d) {
    int k = 0;
    for (; k + 4 <= d; k += 4) {
        const float w0 = p * w[k] + q * x[k], w1 = p * w[k + 1] + q * x[k + 1];
        const float w2 = p * w[k + 2] + q * x[k + 2], w3 = p * w[k + 3] + q * x[k + 3];
        w[k] = w0;
        w[k + 1] = w1;
        w[k + 2] = w2;
        w[k + 3] = w3;
    }
    for (; k < d; ++k) w[k] = p * w[k] + q * x[k];
}
}   // namespace

void Experts::init(int M_, int J_, int d_, Act act_, int k_star_, int p_star, double C_b, core::Rng& rng) {
    M = M_;
    J = J_;
    d = d_;
    act = act_;
    k_star = k_star_;
    P = p_star;
    const int N = M * J;
    W.assign(size_t(N) * size_t(d), 0.f);
    a.assign(size_t(N), 1.f);
    b.assign(size_t(N), 0.f);
    cs.assign(size_t(N) * size_t(P + 1), 0.f);
    cd.assign(size_t(N) * size_t(P + 1), 0.f);
    for (int n = 0; n < N; ++n) {
        if (act == Act::Hermite) {
            // σ_{m,j} = Σ_{i=k*}^{p*} ε_{i,j} h_i (App. A.3, Lemma A.6); no bias in Phases I–III
            // (the paper leaves it unspecified, docs/labs/latent-clusters.md §4.2).
            for (int i = k_star; i <= P; ++i) {
                double eps = rng.sign();
                cs[size_t(n * (P + 1) + i)] = float(eps * inv_sqrt_factorial(i));
                cd[size_t(n * (P + 1) + i)] = float(eps * i * inv_sqrt_factorial(i));
            }
        } else {
            b[size_t(n)] = float(rng.uniform(-C_b, C_b));   // Assumption 3.4 (B), Lemma A.5
        }
    }
    init_weights(rng);
}

void Experts::init_weights(core::Rng& rng) {
    const int N = M * J;
    std::vector<double> g(static_cast<size_t>(d));
    for (int n = 0; n < N; ++n) {
        for (double& v : g) v = rng.normal();
        double nr = core::norm2(g.data(), d);
        float* wn = w(n);
        for (int k = 0; k < d; ++k) wn[k] = float(g[size_t(k)] / nr);
        a[size_t(n)] = float(rng.sign());
    }
}

float Experts::forward(int m, const float* x) const {
    float s = 0, ds;
    for (int j = 0; j < J; ++j) {
        const int n = m * J + j;
        s += a[size_t(n)] * sigma(n, core::dot(w(n), x, d) + b[size_t(n)], ds);
    }
    return s / float(J);
}

void Experts::sgd(int m, const float* x, float xx, float coef) {
    // Three passes over the J neurons (all inner products, then the scalar step sizes, then the
    // updates) so that the per-neuron scalar chains are independent and pipeline.
    if (int(scratch_.size()) < 2 * J) scratch_.resize(size_t(2 * J));
    float* pq = scratch_.data();
    const int n0 = m * J;
    for (int j = 0; j < J; ++j) pq[2 * j] = core::dot(w(n0 + j), x, d);
    for (int j = 0; j < J; ++j) {
        const int n = n0 + j;
        const float u = pq[2 * j];
        float ds;
        sigma(n, u + b[size_t(n)], ds);
        const float g = coef * a[size_t(n)] * ds;   // w + g (x − u w) = (1 − g u) w + g x
        const float al = 1.f - g * u;
        const float n2 = al * al + 2.f * al * g * u + g * g * xx;
        const float inv = 1.f / std::sqrt(n2);
        pq[2 * j] = al * inv;
        pq[2 * j + 1] = g * inv;
    }
    for (int j = 0; j < J; ++j) scale_add(w(n0 + j), x, pq[2 * j], pq[2 * j + 1], d);
}

void Experts::renormalize() {
    for (int n = 0; n < M * J; ++n) {
        float* wn = w(n);
        const float nr = core::norm2(wn, d);
        if (nr > 0 && std::isfinite(nr))
            for (int k = 0; k < d; ++k) wn[k] /= nr;
    }
}

int Experts::lead_sign(int n) const {
    double c;
    if (act == Act::Hermite) {
        c = cs[size_t(n * (P + 1) + k_star)];
    } else {
        // E[ReLU(z + b) He_k(z)] = φ(b) He_{k−2}(−b) (Stein's lemma applied k times).
        double z = -double(b[size_t(n)]), hm1 = 1, h = z;
        int kk = k_star - 2;
        if (kk == 0) h = 1;
        for (int i = 1; i < kk; ++i) {
            double hn = z * h - i * hm1;
            hm1 = h;
            h = hn;
        }
        c = h;
    }
    c *= a[size_t(n)];
    return c >= 0 ? 1 : -1;
}

double Experts::norm_error() const {
    double worst = 0;
    for (int n = 0; n < M * J; ++n) {
        double nr = core::norm2(w(n), d);
        if (!std::isfinite(nr)) return std::numeric_limits<double>::infinity();
        worst = std::max(worst, std::abs(nr - 1.0));
    }
    return worst;
}

}   // namespace latent
