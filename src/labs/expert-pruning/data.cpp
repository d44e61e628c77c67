#include "labs/expert-pruning/data.hpp"
#include "core/fmath.hpp"

namespace expert_pruning {

void QSampler::init(const DataSpec& s) {
    first_ = s.first_q();
    const int nq = s.q_count();
    cdf_.assign(size_t(nq), 0.0);
    double acc = 0;
    for (int i = 0; i < nq; ++i) {
        // i^−zipf via the core's exp/log, so that every target draws the same table
        const double w = s.zipf == 0 ? 1.0 : core::fm::exp(-s.zipf * core::fm::log(double(i + 1)));
        acc += w;
        cdf_[size_t(i)] = acc;
    }
    for (double& c : cdf_) c /= acc;
    if (nq > 0) cdf_.back() = 1.0;
}

int QSampler::draw(core::Rng& rng) const {
    const double u = rng.uniform();
    size_t lo = 0, hi = cdf_.size() - 1;   // the first index with cdf > u
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cdf_[mid] > u) hi = mid;
        else lo = mid + 1;
    }
    return first_ + int(lo);
}

double QSampler::prob(int i) const { return cdf_[size_t(i)] - (i > 0 ? cdf_[size_t(i - 1)] : 0.0); }

void draw_sample(const DataSpec& s, const QSampler& q, core::Rng& rng, int concept, int y, int32_t* ids) {
    const int jstar = int(rng.below(uint32_t(s.n)));
    for (int j = 0; j < s.n; ++j) ids[j] = j == jstar ? 2 * concept + (y > 0 ? 0 : 1) : q.draw(rng);
}

void allocate_set(const DataSpec& s, int N, Dataset& out) {
    out.N = N;
    out.n = s.n;
    out.ids.assign(size_t(N) * size_t(s.n), 0);
    out.y.assign(size_t(N), 1);
    out.concept.assign(size_t(N), 0);
}

namespace {
void fill(const DataSpec& s, const QSampler& q, core::Rng& rng, int i0, int i1, int concept, bool alternate,
          Dataset& out) {
    for (int i = i0; i < i1; ++i) {
        const int c = concept >= 0 ? concept : int(rng.below(uint32_t(s.C)));
        const int y = alternate ? (i % 2 == 0 ? 1 : -1) : rng.sign();
        out.y[size_t(i)] = int8_t(y);
        out.concept[size_t(i)] = int8_t(c);
        draw_sample(s, q, rng, c, y, out.ids.data() + size_t(i) * size_t(s.n));
    }
}
}   // namespace

void fill_set(const DataSpec& s, const QSampler& q, core::Rng& rng, int i0, int i1, int concept, Dataset& out) {
    fill(s, q, rng, i0, i1, concept, true, out);
}

void make_set(const DataSpec& s, const QSampler& q, core::Rng& rng, int N, int concept, Dataset& out) {
    allocate_set(s, N, out);
    fill(s, q, rng, 0, N, concept, true, out);
}

void make_batch(const DataSpec& s, const QSampler& q, core::Rng& rng, int B, int concept, Dataset& out) {
    if (out.N != B || out.n != s.n) allocate_set(s, B, out);
    fill(s, q, rng, 0, B, concept, false, out);
}

}   // namespace expert_pruning
