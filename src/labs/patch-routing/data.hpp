// Data model of Chowdhury et al. (2023) §4.2, with the concrete generator of docs/labs/patch-routing.md §2.2:
// every sample x = [x^(1); ...; x^(n)] holds exactly one class-discriminative patch (o1 for y = +1,
// o2 for y = -1, <o1, o2> = δ_d) at a uniform position, c "confuser" patches closer to o1 and c closer
// to o2 (they set the routing threshold l* = c + 1), and n - 1 - 2c class-irrelevant patches from p sets
// S_1..S_p (centres q_i* with |<o_i, q_i*>| <= δ_r, spread ρ). All patches have unit norm.
#pragma once
#include "core/rng.hpp"
#include <cstdint>
#include <vector>

namespace patch_routing {

// Patch types, kept per patch for the routing displays. S_i has type kS0 + i.
enum PatchType : uint8_t { kO1 = 0, kO2 = 1, kC1 = 2, kC2 = 3, kS0 = 4 };

// The data model's settings: the lab's parameters set them (config.hpp, the binding in lab.cpp), so there are
// no defaults here.
struct DataSpec {
    int d, n, p;      // patch dimension, patches per sample, irrelevant sets
    int c;            // confusers per side: l* = c + 1
    double delta_d;   // <o1, o2>
    double delta_r;   // overlap of the irrelevant set centres with o1, o2
    double rho;       // within-set spread
    double kappa;     // confuser alignment with ±(o1 - o2)/|o1 - o2|
};

// The fixed patterns (docs/labs/patch-routing.md §2.2; standard basis e_0 .. e_{d-1}, no rotation: it changes no
// result).
struct Geometry {
    int d = 0, p = 0;
    std::vector<float> o1, o2;   // class-discriminative patterns
    std::vector<float> u;        // (o1 - o2) / |o1 - o2|
    std::vector<float> q;        // p x d set centres q_i*
    std::vector<float> c1, c2;   // confuser centres (empty when c = 0)
};
Geometry make_geometry(const DataSpec& s);

// Smallest d the generator needs: e_0, e_1 for o1, o2, e_2..e_{p+1} for the sets, two more for confusers.
inline int min_dimension(int p, int c) { return p + 2 + (c > 0 ? 2 : 0); }

struct Dataset {
    int N = 0, n = 0, d = 0;
    std::vector<float> x;        // N x n x d, sample-major
    std::vector<int8_t> y;       // ±1
    std::vector<uint8_t> type;   // N x n PatchType
    std::vector<int16_t> j_o;    // position of the discriminative patch
    std::vector<float> xsum;     // N x d: Σ_j x^(j), the router loss (6) only sees this

    const float* sample(int i) const { return x.data() + size_t(i) * size_t(n) * size_t(d); }
    const float* patch(int i, int j) const { return sample(i) + size_t(j) * size_t(d); }
};

// N samples with y alternating +1, -1, +1, ...: any prefix of even length is balanced and the sets for
// N = 10, 20, 40, ... drawn from one stream are nested. Draws everything from `rng`.
void generate(const DataSpec& s, const Geometry& g, core::Rng& rng, int N, Dataset& out);
// The same in pieces, for bounded steps: allocate(N), then generate_part over consecutive ranges
// [i0, i1) with one rng gives exactly the samples of generate(N).
void allocate(const DataSpec& s, int N, Dataset& out);
void generate_part(const DataSpec& s, const Geometry& g, core::Rng& rng, int i0, int i1, Dataset& out);

}   // namespace patch_routing
