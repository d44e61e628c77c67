// Lanes: four floats (f32x4) or two doubles (f64x2) operated on one lane at a time, each lane doing exactly
// the scalar IEEE operation the code writes (no contraction: -ffp-contract=off; no reassociation). They are
// GCC / Clang vector extensions: SSE2 natively, simd128 in WebAssembly (-msimd128), so both builds give the
// same bits. The kernels use them across independent outputs (filters, samples, experts), never inside one
// sum: every sum keeps its sequential order (cluster-experts' experts.cpp and moe.cpp; token-routing's kernels.hpp).
#pragma once
#include "core/fmath.hpp"
#include <cstring>
#if defined(__SSE2__) && !defined(__wasm__)
#include <emmintrin.h>
#endif

#if !defined(__GNUC__)
#error "core/lanes.hpp needs GCC or Clang vector extensions"   // words: not shown
#endif

// Natively on x86, the hottest loops also have 8-float / 4-double versions compiled for AVX2 (target("avx2"),
// which does not enable FMA), used on CPUs that have it (has_avx2()). Each lane does the same IEEE operation
// whatever the width, so the numbers are the same. -DMOE_LANES_NO_AVX2 leaves them out.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(MOE_LANES_NO_AVX2)
#define MOE_LANES_AVX2 1
#endif
// Helpers that every caller inlines: the 32-byte vectors of the AVX2 versions never cross a call. GCC and Clang
// warn about such values outside AVX code (-Wpsabi, reported at the end of the file that instantiates them).
#define LANES_INLINE inline __attribute__((always_inline))
#pragma GCC diagnostic ignored "-Wpsabi"

namespace core::lanes {

typedef float f32x4 __attribute__((vector_size(16)));
typedef double f64x2 __attribute__((vector_size(16)));
typedef long long i64x2 __attribute__((vector_size(16)));
typedef int i32x4 __attribute__((vector_size(16)));
typedef double f64x4 __attribute__((vector_size(32)));
typedef long long i64x4 __attribute__((vector_size(32)));

#ifdef MOE_LANES_AVX2
inline bool has_avx2() {
    static const bool yes = __builtin_cpu_supports("avx2");
    return yes;
}
#endif

// W floats: f32x4 (W = 4) or, in AVX2 code, 8 (W = 8)
template <int W>
struct FloatLanes;
template <>
struct FloatLanes<4> {
    typedef f32x4 type;
};
template <>
struct FloatLanes<8> {
    typedef float type __attribute__((vector_size(32)));
};
template <int W>
using vec = typename FloatLanes<W>::type;

template <int W>
LANES_INLINE vec<W> load(const float* p) {   // unaligned
    vec<W> v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
template <int W>
LANES_INLINE void store(float* p, const vec<W>& v) {   // (by reference: see LANES_INLINE)
    std::memcpy(p, &v, sizeof v);
}
template <int W>
LANES_INLINE vec<W> splat(float x) {
    return vec<W>{} + x;
}
inline f64x2 load(const double* p) {
    f64x2 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
inline void store(double* p, f64x2 v) { std::memcpy(p, &v, sizeof v); }

// Lanes 0, 1 (widen_lo) or 2, 3 (widen_hi) of a float vector as doubles: an exact conversion, so every path
// gives the same bits. Natively GCC would rebuild the generic form from scalar conversions (cvtss2sd, twice the
// instructions), so SSE2's packed conversion is asked for by name there.
#if defined(__SSE2__) && !defined(__wasm__)
inline f64x2 widen_lo(f32x4 a) { return f64x2(_mm_cvtps_pd(__m128(a))); }
inline f64x2 widen_hi(f32x4 a) { return f64x2(_mm_cvtps_pd(_mm_movehl_ps(__m128(a), __m128(a)))); }
#else
inline f64x2 widen_lo(f32x4 a) { return __builtin_convertvector(__builtin_shufflevector(a, a, 0, 1), f64x2); }
inline f64x2 widen_hi(f32x4 a) { return __builtin_convertvector(__builtin_shufflevector(a, a, 2, 3), f64x2); }
#endif
inline f64x2 lo_pair(f64x2 a, f64x2 b) { return __builtin_shufflevector(a, b, 0, 2); }   // (a[0], b[0])
inline f64x2 hi_pair(f64x2 a, f64x2 b) { return __builtin_shufflevector(a, b, 1, 3); }   // (a[1], b[1])

// core::argmax (the first index of the largest value, NaNs never above) without branches on the values: noisy
// routes are random, so a branch per comparison would often be mispredicted.
inline int argmax(const double* v, int n) {
    int best = 0;
    double bv = v[0];
    for (int k = 1; k < n; ++k) {
        const bool above = v[k] > bv;
        best = above ? k : best;
        bv = above ? v[k] : bv;
    }
    return best;
}

// The comparison masks that go with a vector of 2 or 4 doubles.
template <class V>
struct Ints;
template <>
struct Ints<f64x2> {
    typedef i64x2 mask;
};
template <>
struct Ints<f64x4> {
    typedef i64x4 mask;
};

// mask ? a : b, lane by lane (mask lanes all ones or all zeros, as comparisons give them)
template <class V>
LANES_INLINE V select(const typename Ints<V>::mask& m, const V& a, const V& b) {   // (references: see LANES_INLINE)
    typedef typename Ints<V>::mask I;
    return V((I(a) & m) | (I(b) & ~m));
}

// k = trunc(v) (towards zero; |v| < 2^31) of each lane, as doubles (kd) and as 32-bit integers in the low lanes
// of an i32x4: exact either way, so every path gives the same values (kd of −0.3 is +0, as double(int(−0.3))).
// Natively SSE2's packed conversions do it; WebAssembly's integer conversion of doubles is slow in V8, so there
// f64x2.trunc rounds and the integers are read from the mantissa of kd + 1.5·2^52 (exact for |kd| < 2^51).
LANES_INLINE void trunc_k(f64x2 v, f64x2& kd, i32x4& k) {
#if defined(__wasm_simd128__)
    kd = __builtin_wasm_trunc_f64x2(v) + 0.0;   // + 0.0: −0 becomes +0
    const i32x4 bits = i32x4(kd + 6755399441055744.0);
    k = __builtin_shufflevector(bits, bits, 0, 2, 0, 2);
#elif defined(__SSE2__)
    k = i32x4(_mm_cvttpd_epi32(__m128d(v)));
    kd = f64x2(_mm_cvtepi32_pd(__m128i(k)));
#else
    k = i32x4{int(v[0]), int(v[1]), 0, 0};
    kd = f64x2{double(k[0]), double(k[1])};
#endif
}
LANES_INLINE void trunc_k(const f64x4& v, f64x4& kd, i32x4& k) {   // (AVX2 code only)
    k = __builtin_convertvector(v, i32x4);
    kd = __builtin_convertvector(k, f64x4);
}

// 2^e in each lane (e in the low lanes of an i32x4): the exponent field (e + 1023) << 52, built in the upper
// 32-bit half of each double.
template <class V>
LANES_INLINE V pow2(i32x4 e);
template <>
LANES_INLINE f64x2 pow2<f64x2>(i32x4 e) {
    return f64x2(__builtin_shufflevector(i32x4{}, (e + 1023) << 20, 0, 4, 1, 5));
}
template <>
LANES_INLINE f64x4 pow2<f64x4>(i32x4 e) {
    return f64x4(__builtin_shufflevector(i32x4{}, (e + 1023) << 20, 0, 4, 1, 5, 2, 6, 3, 7));
}

// core::fm::exp of each lane of x[0..N) (vectors V of 2 or 4 doubles), in place, the same operations in the same
// order (so the same bits): exp(x) = 2^k e^r, r = x − k ln2 by two constants, e^r by its degree-13 Taylor series
// (Horner), the scaling by 2^k in two steps. The N vectors go through each step together, so that their Horner
// chains overlap. Lanes outside [−745, 709] (or NaN), which fm::exp answers without computing, compute with 0
// instead (every conversion stays in range) and take fm::exp's answer at the end.
template <int N, class V>
LANES_INLINE void exp(V* x) {
    using namespace core::fm::coef;   // fm::exp's constants: ln 2 in two parts, the Taylor coefficients
    i32x4 k[N];
    V r[N], p[N];
    for (int n = 0; n < N; ++n) {
        const V xin = select<V>((x[n] >= -745.0) & (x[n] <= 709.0), x[n], V{});
        V kd = xin * log2e;
        // kd ≥ 0 ? trunc(kd + 0.5) : trunc(kd − 0.5)
        const V half = select<V>(kd >= 0, V{} + 0.5, V{} - 0.5);
        trunc_k(kd + half, kd, k[n]);
        r[n] = (xin - kd * ln2_hi) - kd * ln2_lo;
        p[n] = V{} + top;   // 1/13!
    }
    for (double c : inv_fact)
        for (int n = 0; n < N; ++n) p[n] = p[n] * r[n] + c;
    for (int n = 0; n < N; ++n) {
        // 2^k = 2^k1 · 2^k2, k1 = k / 2 (towards zero: (k + 1) >> 1 for negative k), k2 = k − k1
        const i32x4 k1 = (k[n] - (k[n] >> 31)) >> 1, k2 = k[n] - k1;
        V y = p[n] * pow2<V>(k1) * pow2<V>(k2);
        y = select<V>(x[n] < -745.0, V{}, y);
        y = select<V>(x[n] > 709.0, V{} + __builtin_inf(), y);
        x[n] = select<V>(x[n] != x[n], x[n], y);
    }
}

inline f64x2 exp(f64x2 x) {
    exp<1>(&x);
    return x;
}

// core::fm::exp of v[0 … n) in place: 16 at a time (exp on vectors V of 2 or 4 doubles, so that the
// Horner chains overlap), then 2, then 1.
template <class V>
LANES_INLINE void exps(double* v, size_t n) {
    constexpr int L = int(sizeof(V) / sizeof(double)), N = 16 / L;
    size_t k = 0;
    for (; k + 16 <= n; k += 16) {
        V x[N];
        for (int q = 0; q < N; ++q) std::memcpy(&x[q], v + k + size_t(q * L), sizeof(V));
        exp<N>(x);
        for (int q = 0; q < N; ++q) std::memcpy(v + k + size_t(q * L), &x[q], sizeof(V));
    }
    for (; k + 2 <= n; k += 2) store(v + k, exp(load(v + k)));
    for (; k < n; ++k) v[k] = core::fm::exp(v[k]);
}
#ifdef MOE_LANES_AVX2
__attribute__((target("avx2"))) inline void exps_avx2(double* v, size_t n) { exps<f64x4>(v, n); }
#endif
inline void exps(double* v, size_t n) {
#ifdef MOE_LANES_AVX2
    if (has_avx2()) return exps_avx2(v, n);
#endif
    exps<f64x2>(v, n);
}

}   // namespace core::lanes
