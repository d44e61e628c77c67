// Data model of Chowdhury et al. (ICML 2024) §4.2 "The data model", in the pattern-index form of
// docs/labs/expert-pruning.md §2.2: the d patterns are an orthonormal set, and since every initialisation here is
// isotropic (or planted along patterns) the standard basis e_0 .. e_{d-1} loses nothing, so a token is
// just the id of its pattern and ⟨w, x^(j)⟩ = w[id_j].
//
// Pattern ids: concept c ∈ [0, C) owns the pair (2c, 2c + 1); concept 0 is the downstream task,
// o₁ = e_0 (y = +1) and o₂ = e_1 (y = −1). Concepts 1..C−1 are the "other concepts" of the pre-training
// modes (docs/labs/expert-pruning.md §4.1): they never occur downstream. The remaining d − 2C patterns are the
// task-irrelevant q's, drawn with replacement, uniformly or by a Zipf law (the paper lets their probabilities differ as
// long as each is O(1/d) and independent of the label).
#pragma once
#include "core/rng.hpp"
#include <cstdint>
#include <vector>

namespace expert_pruning {

constexpr int kO1 = 0, kO2 = 1;

// Set by the lab's parameters (config.hpp, the binding in lab.cpp): no defaults here.
struct DataSpec {
    int d, n;      // patterns (= token dimension), tokens per sample
    int C;         // concept pairs reserved at the start of the basis (≥ 1; 1 = the task only)
    double zipf;   // exponent of the q frequencies, P(q_i) ∝ i^−zipf (0: uniform)
    int q_count() const { return d - 2 * C; }
    int first_q() const { return 2 * C; }
};

// Draws q ids by inverse CDF over a cumulative table (one uniform() per token, identical on every target).
class QSampler {
public:
    void init(const DataSpec& s);
    int draw(core::Rng& rng) const;
    double prob(int q_index) const;   // P(q_i), i = 0 .. q_count − 1

private:
    std::vector<double> cdf_;
    int first_ = 0;
};

// One sample: the concept's pattern for label y at a uniform position j*, n − 1 q's elsewhere (§4.2: "exactly one
// task-specific pattern", which determines the label).
void draw_sample(const DataSpec& s, const QSampler& q, core::Rng& rng, int concept, int y, int32_t* ids);

struct Dataset {
    int N = 0, n = 0;
    std::vector<int32_t> ids;   // N × n pattern ids
    std::vector<int8_t> y;      // ±1
    std::vector<int8_t> concept;
    const int32_t* sample(int i) const { return ids.data() + size_t(i) * size_t(n); }
};

// N samples of concept `concept` (−1: a uniform concept per sample, the pre-training distribution of
// mode L) with y alternating +1, −1, ...: balanced classes (the paper gives no class prior;
// docs/labs/expert-pruning.md §2.3).
void make_set(const DataSpec& s, const QSampler& q, core::Rng& rng, int N, int concept, Dataset& out);
// The same in pieces, for bounded steps: allocate_set(N), then fill_set over consecutive ranges [i0, i1)
// with one rng gives exactly make_set's samples.
void allocate_set(const DataSpec& s, int N, Dataset& out);
void fill_set(const DataSpec& s, const QSampler& q, core::Rng& rng, int i0, int i1, int concept, Dataset& out);
// B samples with y ~ Unif{±1}: one SGD minibatch of fresh draws from 𝒟 (the analysis treats every batch
// as fresh samples, Lemma E.1).
void make_batch(const DataSpec& s, const QSampler& q, core::Rng& rng, int B, int concept, Dataset& out);

}   // namespace expert_pruning
