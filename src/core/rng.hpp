// Rng: PCG32 (O'Neill, pcg-random.org, "pcg32" = XSH-RR 64/32) plus the Marsaglia polar method for
// normals, using core::fm::log. Integer arithmetic and own log/sqrt only, so the same seed gives the
// same stream in the native and the WebAssembly build (std:: distributions do not: libstdc++ and libc++ draw
// different numbers from the same engine).
#pragma once
#include <cstdint>
#include <cstddef>
#include <utility>
#include <vector>

namespace core {

class Rng {
public:
    explicit Rng(uint64_t seed = 1, uint64_t stream = 54) { reseed(seed, stream); }
    void reseed(uint64_t seed, uint64_t stream = 54);

    uint32_t next_u32();
    double uniform();   // [0, 1), 53 random bits
    double uniform(double a, double b) { return a + (b - a) * uniform(); }
    uint32_t below(uint32_t n);   // uniform integer in [0, n), unbiased
    double normal();              // N(0, 1)
    double normal(double mean, double sd) { return mean + sd * normal(); }
    int sign() { return (next_u32() >> 31) ? 1 : -1; }   // Rademacher
    template <class T>
    void shuffle(std::vector<T>& v) {
        for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(uint32_t(i))]);
    }
    // The same shuffle in pieces: `left` starts at v.size() and counts down to 1 (done) over calls of at most
    // `swaps` swaps each; the result is shuffle(v)'s, however it is cut.
    template <class T>
    void shuffle_part(std::vector<T>& v, std::size_t& left, std::size_t swaps) {
        for (; left > 1 && swaps > 0; --left, --swaps) std::swap(v[left - 1], v[below(uint32_t(left))]);
    }
    // An independent generator for a named sub-task (data, init, noise, ...), so that changing
    // how much one part draws does not shift the others.
    Rng split(uint64_t tag) const;

private:
    uint64_t state_ = 0, inc_ = 1, seed_ = 1;
    bool has_spare_ = false;
    double spare_ = 0;
};

}   // namespace core
