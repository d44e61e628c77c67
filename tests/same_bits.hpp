// The tests' "same numbers": two doubles with the same bits (a NaN is the same NaN, -0 is not 0), as every target and
// every thread count must give them.
#pragma once
#include <cstring>

inline bool same_bits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }
