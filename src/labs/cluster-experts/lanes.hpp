// Lanes: four floats (f32x4) or two doubles (f64x2) operated on one lane at a time, each lane doing exactly
// the scalar IEEE operation the code writes (no contraction: -ffp-contract=off; no reassociation). They are
// GCC / Clang vector extensions: SSE2 natively, simd128 in WebAssembly (-msimd128), so both builds give the
// same bits. The kernels use them across independent outputs (filters, samples, experts), never inside one
// sum: every sum keeps its sequential order.
#pragma once
#include <cstring>
#if defined(__SSE2__) && !defined(__wasm__)
#include <emmintrin.h>
#endif

#if !defined(__GNUC__)
#error "cluster-experts/lanes.hpp needs GCC or Clang vector extensions"
#endif

namespace cluster_experts::lanes {

typedef float f32x4 __attribute__((vector_size(16)));
typedef float f32x2 __attribute__((vector_size(8)));
typedef double f64x2 __attribute__((vector_size(16)));

inline f32x4 load(const float* p) {   // unaligned
    f32x4 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
inline void store(float* p, f32x4 v) { std::memcpy(p, &v, sizeof v); }
inline f32x4 splat(float x) { return f32x4{x, x, x, x}; }

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

}   // namespace cluster_experts::lanes
