// Lanes: four floats (f32x4) or two doubles (f64x2) operated on one lane at a time, each lane doing exactly
// the scalar IEEE operation the code writes (no contraction: -ffp-contract=off; no reassociation). They are
// GCC / Clang vector extensions: SSE2 natively, simd128 in WebAssembly (-msimd128), so both builds give the
// same bits. The kernels use them across independent outputs (filters, samples, experts), never inside one
// sum: every sum keeps its sequential order.
#pragma once
#include <cstring>

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

// (double(a[i]), double(b[i])): lane i of two float vectors as one pair of doubles (exact conversion).
template <int i>
inline f64x2 pair(f32x4 a, f32x4 b) {
    return __builtin_convertvector(__builtin_shufflevector(a, b, i, i + 4), f64x2);
}

}   // namespace cluster_experts::lanes
