#include "core/rng.hpp"
#include "core/fmath.hpp"
#include <cmath>

namespace core {

void Rng::reseed(uint64_t seed, uint64_t stream) {
    seed_ = seed ^ (stream * 0x9E3779B97F4A7C15ULL);
    state_ = 0;
    inc_ = (stream << 1u) | 1u;
    next_u32();
    state_ += seed;
    next_u32();
    has_spare_ = false;
}

uint32_t Rng::next_u32() {
    uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + inc_;
    uint32_t xorshifted = uint32_t(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = uint32_t(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

double Rng::uniform() {
    uint64_t a = next_u32() >> 5, b = next_u32() >> 6;   // 27 + 26 bits
    return (double(a) * 67108864.0 + double(b)) * (1.0 / 9007199254740992.0);
}

uint32_t Rng::below(uint32_t n) {
    if (n <= 1) return 0;
    uint32_t threshold = (0u - n) % n;   // reject the biased low range
    for (;;) {
        uint32_t r = next_u32();
        if (r >= threshold) return r % n;
    }
}

double Rng::normal() {
    if (has_spare_) {
        has_spare_ = false;
        return spare_;
    }
    double u, v, s;
    do {
        u = 2.0 * uniform() - 1.0;
        v = 2.0 * uniform() - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    double f = std::sqrt(-2.0 * fm::log(s) / s);   // sqrt is exactly rounded (IEEE)
    spare_ = v * f;
    has_spare_ = true;
    return u * f;
}

Rng Rng::split(uint64_t tag) const {
    // SplitMix64 of (seed, tag) picks a fresh state and stream.
    uint64_t z = seed_ + 0x9E3779B97F4A7C15ULL * (tag + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return Rng(z, tag * 2 + 1);
}

}   // namespace core
