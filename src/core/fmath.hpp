// fmath: exp/log/tanh computed by the project's own code, so that the native build (glibc)
// and the WebAssembly build (musl) produce bit-identical numbers. Every lab uses these instead
// of std::exp / std::log. Accuracy: a few ulp in double, far below what training can notice.
#pragma once
#include <cstdint>
#include <cstring>
#include <limits>

namespace core {
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();   // a value that is missing
}

namespace core::fm {

// The constants of exp and log: ln 2 in two parts (ln2_hi has zeros in its low bits, so k·ln2_hi is exact), and the
// Taylor coefficients of e^r from 1/13! (Horner's start) down to 1/0!. The lanes (core/lanes.hpp, used by
// cluster-experts and token-routing) compute exp with the same constants in the same order on vectors.
namespace coef {
inline constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
inline constexpr double log2e = 1.4426950408889634074;
inline constexpr double top = 1.0 / 6227020800.0;   // 1/13!
inline constexpr double inv_fact[13] = {1.0 / 479001600.0,
                                        1.0 / 39916800.0,
                                        1.0 / 3628800.0,
                                        1.0 / 362880.0,
                                        1.0 / 40320.0,
                                        1.0 / 5040.0,
                                        1.0 / 720.0,
                                        1.0 / 120.0,
                                        1.0 / 24.0,
                                        1.0 / 6.0,
                                        0.5,
                                        1.0,
                                        1.0};   // 1/12! … 1/0!
}   // namespace coef

// exp(x) = 2^k * e^r with r = x - k ln2, |r| <= ln2/2, e^r by its Taylor series (degree 13).
inline double exp(double x) {
    using namespace coef;
    if (x != x) return x;
    if (x > 709.0) return std::numeric_limits<double>::infinity();
    if (x < -745.0) return 0.0;
    double kd = x * log2e;
    kd = kd >= 0 ? double(int64_t(kd + 0.5)) : double(int64_t(kd - 0.5));
    double r = (x - kd * ln2_hi) - kd * ln2_lo;
    double p = top;
    for (double c : inv_fact) p = p * r + c;
    int64_t k = int64_t(kd);
    // scale by 2^k in two steps so that subnormal results stay exact enough
    int64_t k1 = k / 2, k2 = k - k1;
    auto pow2 = [](int64_t e) {
        uint64_t bits = uint64_t(e + 1023) << 52;
        double d;
        std::memcpy(&d, &bits, 8);
        return d;
    };
    return p * pow2(k1) * pow2(k2);
}

// log(x) = e ln2 + 2 atanh((m-1)/(m+1)) with m in [sqrt(1/2), sqrt(2)).
inline double log(double x) {
    if (x != x || x < 0) return std::numeric_limits<double>::quiet_NaN();
    if (x == 0) return -std::numeric_limits<double>::infinity();
    if (x == std::numeric_limits<double>::infinity()) return x;
    int e = 0;
    if (x < 2.2250738585072014e-308) {
        x *= 18014398509481984.0;
        e -= 54;
    }   // subnormal: * 2^54
    uint64_t bits;
    std::memcpy(&bits, &x, 8);
    e += int((bits >> 52) & 0x7ff) - 1023;
    bits = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;
    double m;
    std::memcpy(&m, &bits, 8);   // m in [1, 2)
    if (m > 1.4142135623730951) {
        m *= 0.5;
        ++e;
    }
    double s = (m - 1.0) / (m + 1.0), s2 = s * s;   // |s| <= 0.1716
    double sum = 0.0;
    for (int n = 41; n >= 1; n -= 2) sum = sum * s2 + 1.0 / n;
    return (e * coef::ln2_hi + 2.0 * s * sum) + e * coef::ln2_lo;
}

inline double tanh(double x) {
    if (x > 20) return 1.0;
    if (x < -20) return -1.0;
    double e2 = exp(2.0 * x);
    return (e2 - 1.0) / (e2 + 1.0);
}

inline double sigmoid(double z) {
    if (z >= 0) {
        double e = exp(-z);
        return 1.0 / (1.0 + e);
    }
    double e = exp(z);
    return e / (1.0 + e);
}

// log(1 + exp(z)), stable for large |z|: the logistic loss is softplus(-y f).
inline double softplus(double z) {
    if (z > 35) return z;
    if (z < -35) return exp(z);
    return z > 0 ? z + log(1.0 + exp(-z)) : log(1.0 + exp(z));
}

}   // namespace core::fm
