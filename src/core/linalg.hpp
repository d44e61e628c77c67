// Small dense kernels whose summation order is fixed by this code, not by the target's SIMD
// width, so native and WebAssembly builds give bit-identical sums (docs/building.md, "Same seed, same numbers").
// Four independent accumulators let the compiler vectorise without reordering anything.
// Use these (not Eigen's reductions or products) wherever a result feeds training: core/ridge.cpp indexes its
// matrices with Eigen and sums with dot.
#pragma once
#include <cmath>

namespace core {

template <class T>
inline T dot(const T* a, const T* b, int n) {
    T s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int k = 0;
    for (; k + 4 <= n; k += 4) {
        s0 += a[k] * b[k];
        s1 += a[k + 1] * b[k + 1];
        s2 += a[k + 2] * b[k + 2];
        s3 += a[k + 3] * b[k + 3];
    }
    for (; k < n; ++k) s0 += a[k] * b[k];
    return (s0 + s1) + (s2 + s3);
}

template <class T>
inline T sum_sq(const T* a, int n) {
    return dot(a, a, n);
}
template <class T>
inline T norm2(const T* a, int n) {
    return std::sqrt(dot(a, a, n));
}

// y += alpha * x
template <class T>
inline void axpy(T alpha, const T* x, T* y, int n) {
    for (int k = 0; k < n; ++k) y[k] += alpha * x[k];
}

// cosine of the angle between a and b (0 when either is zero)
template <class T>
inline T cosine(const T* a, const T* b, int n) {
    T na = norm2(a, n), nb = norm2(b, n);
    return (na > 0 && nb > 0) ? dot(a, b, n) / (na * nb) : T(0);
}

}   // namespace core
