// Link functions as sums of normalised Hermite polynomials h_i = He_i/√i! (Def. A.1, Lemma A.2),
// evaluated by the recurrence He_{i+1}(z) = z He_i(z) − i He_{i−1}(z) and He_i' = i He_{i−1}
// (Lemma A.3.1). Coefficients are E[f(z) h_i(z)] (docs/labs/latent-clusters.md §5.2: the paper's Def. 3.1 mixes the
// normalised and unnormalised conventions; we use h_i with these coefficients throughout).
#pragma once
#include <cmath>

namespace latent {

constexpr int kMaxDegree = 8;

inline double inv_sqrt_factorial(int i) {
    double f = 1;
    for (int k = 2; k <= i; ++k) f *= k;
    return 1.0 / std::sqrt(f);
}

// f(z) = Σ_{i=0}^{p} c[i] h_i(z). Kept instead of core::hermite(k, z): the sum over all degrees shares one
// recurrence here, where core::hermite would rerun it per degree, and this is on every sample's label.
struct HermitePoly {
    int p = 0;
    double c[kMaxDegree + 1] = {};

    double operator()(double z) const {
        double hm1 = 1, h = z, val = c[0] + (p >= 1 ? c[1] * z : 0.0);
        for (int i = 1; i < p; ++i) {
            double hn = z * h - i * hm1;   // He_{i+1}
            val += c[i + 1] * inv_sqrt_factorial(i + 1) * hn;
            hm1 = h;
            h = hn;
        }
        return val;
    }
    double norm2() const {
        double s = 0;
        for (int i = 0; i <= p; ++i) s += c[i] * c[i];
        return s;
    }   // E f² (Lemma A.2)
    int information_exponent() const {
        for (int i = 0; i <= p; ++i)
            if (c[i] != 0) return i;
        return -1;
    }   // Def. 3.1
};

}   // namespace latent
