#include "core/fmath.hpp"
#include "core/rng.hpp"
#include "core/stats.hpp"
#include <algorithm>
#include <cmath>
#include <vector>
#include <doctest/doctest.h>

using core::Rng;

TEST_CASE("PCG32 matches the reference stream of pcg32-demo (seed 42, sequence 54)") {
    // The published first outputs of the reference implementation: the same on every target,
    // which is what makes runs identical natively and in WebAssembly.
    Rng r(42, 54);
    const uint32_t expect[6] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
    for (uint32_t e : expect) CHECK(r.next_u32() == e);
}

TEST_CASE("uniform, below and normal have the right moments") {
    Rng r(7);
    const int n = 200000;
    double s = 0, s2 = 0, u = 0;
    int counts[5] = {0, 0, 0, 0, 0};
    for (int k = 0; k < n; ++k) {
        double z = r.normal();
        s += z;
        s2 += z * z;
        double x = r.uniform();
        CHECK_UNARY(x >= 0.0);
        CHECK_UNARY(x < 1.0);
        u += x;
        counts[r.below(5)]++;
    }
    CHECK(std::abs(s / n) < 0.01);
    CHECK(std::abs(s2 / n - 1.0) < 0.015);
    CHECK(std::abs(u / n - 0.5) < 0.005);
    for (int c : counts) CHECK(std::abs(c / double(n) - 0.2) < 0.005);
}

TEST_CASE("split generators: a function of (seed, tag) only, distinct per seed and per tag") {
    Rng a(3), b(3);
    for (int k = 0; k < 10; ++k) b.next_u32();
    CHECK(a.split(1).next_u32() == b.split(1).next_u32());   // drawing from the parent does not shift it
    // different tags and different seeds give different streams, and none repeats the parent's
    std::vector<uint32_t> firsts;
    for (uint64_t seed : {1, 2, 3})
        for (uint64_t tag : {0, 1, 2, 3}) {
            Rng r = Rng(seed).split(tag);
            firsts.push_back(r.next_u32() ^ (r.next_u32() << 1));
        }
    firsts.push_back(Rng(3).next_u32() ^ (Rng(3).next_u32() << 1));
    std::sort(firsts.begin(), firsts.end());
    CHECK(std::adjacent_find(firsts.begin(), firsts.end()) == firsts.end());
}

TEST_CASE("own exp and log agree with the C library to a few ulp") {
    for (double x = -700; x < 700; x += 0.37) {
        double e = core::fm::exp(x), ref = std::exp(x);
        CHECK(std::abs(e - ref) <= 4e-16 * ref);
    }
    for (double x = 1e-300; x < 1e300; x *= 1.7) {
        CHECK(std::abs(core::fm::log(x) - std::log(x)) <= 4e-16 * std::max(1.0, std::abs(std::log(x))));
    }
    CHECK(core::fm::log(1.0) == 0.0);
    CHECK(std::isnan(core::fm::log(-1.0)));
    CHECK(core::fm::exp(0.0) == 1.0);
    CHECK(std::abs(core::fm::softplus(-50) - std::log1p(std::exp(-50.0))) < 1e-30);
}

TEST_CASE("Hermite polynomials are orthonormal under N(0,1) (Gauss-Hermite-free Monte Carlo)") {
    Rng r(11);
    const int n = 400000;
    double g[5][5] = {};
    for (int s = 0; s < n; ++s) {
        double z = r.normal();
        for (int a = 0; a < 5; ++a)
            for (int b = 0; b < 5; ++b) g[a][b] += core::hermite(a + 1, z) * core::hermite(b + 1, z) / n;
    }
    for (int a = 0; a < 5; ++a)
        for (int b = 0; b < 5; ++b) CHECK(std::abs(g[a][b] - (a == b ? 1.0 : 0.0)) < 0.12);
}

TEST_CASE("dispatch entropy of the paper's Tables 4-6 (Chen et al. eq. 6.1)") {
    // Perfect routing: each cluster to a single expert.
    std::vector<double> perfect = {10, 0, 0, 0, 0, 10, 0, 0};
    CHECK(core::dispatch_entropy(perfect, 2, 4) == doctest::Approx(0.0));
    // Uniform routing: every expert receives both clusters equally, ln K.
    std::vector<double> uniform(2 * 4, 5.0);
    CHECK(core::dispatch_entropy(uniform, 2, 4) == doctest::Approx(std::log(2.0)));
    // One expert takes everything: its mixture of clusters, weighted 1.
    std::vector<double> one = {30, 0, 0, 0, 10, 0, 0, 0};
    CHECK(core::dispatch_entropy(one, 2, 4) == doctest::Approx(-(0.75 * std::log(0.75) + 0.25 * std::log(0.25))));
}

TEST_CASE(
    "shuffle_part: the shuffle cut into pieces of any size is the same permutation, and the stream goes on alike") {
    std::vector<int> whole(1000);
    for (int i = 0; i < 1000; ++i) whole[size_t(i)] = i;
    std::vector<int> cut = whole;
    core::Rng a(42), b(42);
    a.shuffle(whole);
    size_t left = cut.size();
    for (size_t piece : {1u, 7u, 300u, 2u, 1000u}) b.shuffle_part(cut, left, piece);
    CHECK(left == 1);
    CHECK(cut == whole);
    CHECK(a.next_u32() == b.next_u32());
    CHECK_FALSE(std::is_sorted(whole.begin(), whole.end()));   // it did shuffle
}
