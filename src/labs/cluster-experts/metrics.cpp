#include "labs/cluster-experts/metrics.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include <algorithm>
#include <cmath>

namespace cluster_experts {

double forward_cost(int J, int d, int P, bool cubic) {
    return cubic ? double(J) * (3 + double(P - 3) * d) + 3.0 * P * J : double(d);
}
double eval_moe_cost(int M, int J, int d, int P, bool cubic) {
    return double(M) * d + forward_cost(J, d, P, cubic) + 4.0 * M;
}
double eval_cells_cost(int M, int J, int d, int P, bool cubic) { return double(M) * forward_cost(J, d, P, cubic); }

void EvalPass::start(const std::array<MoE, 2>& moe, const std::array<MoE, 2>* singles, bool cells,
                     const Dataset& test) {
    moe_ = &moe;
    single_ = singles;
    cells_ = cells;
    T_ = &test;
    task_ = 0;
    i_ = 0;
    correct_ = correct_noisy_ = 0;
    size_t zmax = 0;
    for (int t = 0; t < kTasks; ++t)
        if (enabled(t)) zmax = std::max(zmax, model(t).ex.group_scratch(test.P));
    z_.assign(zmax, 0.f);
    const int M = moe[0].cfg.M, K = test.K;
    h_.assign(size_t(M), 0.0);
    r_.assign(size_t(M), 0.0);
    for (int c = 0; c < 2; ++c) {
        ev[size_t(c)] = MoeEval();
        ev[size_t(c)].counts.assign(size_t(K * M), 0.0);
        ev[size_t(c)].counts_clean.assign(size_t(K * M), 0.0);
        cell[size_t(c)].clear();
        acc_single[size_t(c)] = 0;
    }
    good_.assign(size_t(M * K), 0.0);
    cnt_.assign(size_t(K), 0.0);
    while (task_ < kTasks && !enabled(task_)) ++task_;
}

double EvalPass::cost(int task) const {
    const MoE& m = model(task);
    const int M = m.cfg.M, J = m.cfg.J, d = m.ex.d, P = T_->P;
    if (task < 2) return eval_moe_cost(M, J, d, P, m.ex.cubic);
    if (task < 4) return eval_cells_cost(M, J, d, P, m.ex.cubic);
    return forward_cost(J, d, P, m.ex.cubic);
}

namespace {
// f_m(x_i) for the n samples idx[0..n) of one expert m, each exactly as Experts::f gives it, Experts::kGroup at
// a time (f_group); work: group_scratch floats.
void forward(const Experts& ex, int m, const Dataset& T, const int* idx, int n, float* work, double* out) {
    for (int g = 0; g < n; g += Experts::kGroup)
        ex.f_group(m, T, idx + g, std::min(Experts::kGroup, n - g), work, out + g);
}
constexpr int kBlock = 256;   // test samples per block
}   // namespace

// The samples of each task in blocks: the routing sample after sample (the noise stream's order), then the
// forward passes expert by expert (the counts are integers: their order does not matter).
bool EvalPass::run(core::WorkBudget& budget, core::Rng& rng) {
    const Dataset& T = *T_;
    float* z = z_.data();
    while (task_ < kTasks && !budget.spent()) {
        const MoE& moe = model(task_);
        const int i1 = i_ + int(budget.take(cost(task_), T.n - i_));
        const int M = moe.cfg.M, K = T.K;
        for (int b0 = i_; b0 < i1; b0 += kBlock) {
            const int b1 = std::min(i1, b0 + kBlock), B = b1 - b0;
            idx_.resize(size_t(B));
            f_.resize(size_t(B));
            if (task_ < 2) {
                MoeEval& e = ev[size_t(task_)];
                double* r = r_.data();
                mc_.resize(size_t(B));
                mn_.resize(size_t(B));
                h_.resize(size_t(B) * size_t(M));
                moe.router.logits_block(T, b0, B, h_.data(), thT_);
                for (int i = b0; i < b1; ++i) {
                    const double* h = h_.data() + size_t(i - b0) * size_t(M);
                    const int mc = core::argmax(h, M);   // test: T_x = argmax_m h_m(x), no noise (Sec. 3.2)
                    for (int m = 0; m < M; ++m)
                        r[m] = h[m] + (moe.cfg.noise_width > 0 ? moe.cfg.noise_width * rng.uniform() : 0.0);
                    const int mn = core::argmax(r, M);
                    const int k = T.k[size_t(i)];
                    e.counts[size_t(k * M + mn)] += 1;
                    e.counts_clean[size_t(k * M + mc)] += 1;
                    mc_[size_t(i - b0)] = mc;
                    mn_[size_t(i - b0)] = mn;
                }
                // sign F = sign f_{m*} since π > 0: f of the noise-free route, and of the noisy one where it differs
                for (int m = 0; m < M; ++m)
                    for (int noisy = 0; noisy < 2; ++noisy) {
                        int n = 0;
                        for (int i = b0; i < b1; ++i) {
                            const int mc = mc_[size_t(i - b0)], mn = mn_[size_t(i - b0)];
                            if (noisy ? (mn == m && mn != mc) : mc == m) idx_[size_t(n++)] = i;
                        }
                        forward(moe.ex, m, T, idx_.data(), n, z, f_.data());
                        for (int q = 0; q < n; ++q) {
                            const int i = idx_[size_t(q)];
                            const bool right = T.y[size_t(i)] * f_[size_t(q)] > 0;
                            if (!noisy) correct_ += right;
                            if (noisy || mn_[size_t(i - b0)] == m) correct_noisy_ += right;
                        }
                    }
            } else {
                for (int i = b0; i < b1; ++i) idx_[size_t(i - b0)] = i;
                if (task_ < 4) {
                    for (int i = b0; i < b1; ++i) cnt_[size_t(T.k[size_t(i)])] += 1;
                    for (int m = 0; m < M; ++m) {
                        forward(moe.ex, m, T, idx_.data(), B, z, f_.data());
                        for (int i = b0; i < b1; ++i)
                            if (T.y[size_t(i)] * f_[size_t(i - b0)] > 0) good_[size_t(m * K + T.k[size_t(i)])] += 1;
                    }
                } else {
                    forward(moe.ex, 0, T, idx_.data(), B, z, f_.data());
                    for (int i = b0; i < b1; ++i) correct_ += T.y[size_t(i)] * f_[size_t(i - b0)] > 0;
                }
            }
        }
        i_ = i1;
        if (i_ < T.n) break;
        finish_task(task_);
        i_ = 0;
        correct_ = correct_noisy_ = 0;
        do ++task_;
        while (task_ < kTasks && !enabled(task_));
    }
    return complete();
}

void EvalPass::finish_task(int task) {
    const Dataset& T = *T_;
    if (task < 2) {
        MoeEval& e = ev[size_t(task)];
        const int M = model(task).cfg.M;
        e.acc = 100.0 * correct_ / T.n;
        e.acc_noisy = 100.0 * correct_noisy_ / T.n;
        e.entropy = core::dispatch_entropy(e.counts, T.K, M);
        e.entropy_clean = core::dispatch_entropy(e.counts_clean, T.K, M);
    } else if (task < 4) {
        const int M = model(task).cfg.M, K = T.K;
        std::vector<double>& out = cell[size_t(task % 2)];
        out.assign(size_t(M * K), 0.0);
        for (int m = 0; m < M; ++m)
            for (int k = 0; k < K; ++k)
                out[size_t(m * K + k)] = cnt_[size_t(k)] > 0 ? 100.0 * good_[size_t(m * K + k)] / cnt_[size_t(k)] : 0.0;
        std::fill(good_.begin(), good_.end(), 0.0);
        std::fill(cnt_.begin(), cnt_.end(), 0.0);
    } else {
        acc_single[size_t(task % 2)] = 100.0 * correct_ / T.n;
    }
}

Alignment alignment(const MoE& moe, int K) {
    const Experts& X = moe.ex;
    const int M = X.E, J = X.J, d = X.d;
    Alignment a;
    a.feat.assign(size_t(M * K), 0.0);
    a.center.assign(size_t(M), 0.0);
    a.rc.assign(size_t(M * K), 0.0);
    a.rv.assign(size_t(M * K), 0.0);
    a.learned.assign(size_t(M), 0);
    for (int m = 0; m < M; ++m) {
        for (int k = 0; k < K; ++k) {
            double best = -1e300;
            for (int j = 0; j < J; ++j) {
                best = std::max(best, double(X.at(m, j, k)));   // ⟨w, v_k⟩
                a.center[size_t(m)] = std::max(a.center[size_t(m)], std::fabs(double(X.at(m, j, K + k))));   // ⟨w, c_k⟩
            }
            a.feat[size_t(m * K + k)] = best;
            if (best > a.feat[size_t(m * K + a.learned[size_t(m)])]) a.learned[size_t(m)] = k;
            if (moe.cfg.M > 1) {
                a.rc[size_t(m * K + k)] = moe.router.th(m)[K + k];
                a.rv[size_t(m * K + k)] = moe.router.th(m)[k];
            }
        }
        a.mean_top_feat += a.feat[size_t(m * K + a.learned[size_t(m)])] / M;
        a.max_center = std::max(a.max_center, a.center[size_t(m)]);
    }
    a.max_rc = a.rc.empty() ? 0 : *std::max_element(a.rc.begin(), a.rc.end());
    for (double v : a.rc) a.max_abs_rc = std::max(a.max_abs_rc, std::fabs(v));
    for (double v : a.rv) a.max_abs_rv = std::max(a.max_abs_rv, std::fabs(v));
    if (moe.cfg.M > 1) {
        std::vector<float> sum(size_t(d), 0.f);
        for (int m = 0; m < M; ++m) core::axpy(1.f, moe.router.th(m), sum.data(), d);
        a.sum_theta = core::norm2(sum.data(), d);
    }
    return a;
}

std::vector<int> predicted_specialty(const MoE& moe, int K) {
    const Experts& X = moe.ex;
    std::vector<int> ks(size_t(X.E), 0);
    for (int m = 0; m < X.E; ++m) {
        double best = -1e300;
        for (int j = 0; j < X.J; ++j)
            for (int k = 0; k < K; ++k) {
                double v = moe.W0[(size_t(m) * size_t(X.d) + size_t(k)) * size_t(X.J) + size_t(j)];
                if (v > best) {
                    best = v;
                    ks[size_t(m)] = k;
                }
            }
    }
    return ks;
}

int detect_stage(int previous, double entropy, double acc, double max_abs_rc, double mean_beta, int K) {
    const double lnK = core::fm::log(double(K));
    int s = 0;
    if (acc >= 97.0 && entropy <= 0.1) s = 2;
    else if (!(entropy >= 0.9 * lnK && max_abs_rc * mean_beta < 0.2)) s = 1;
    return std::max(previous, s);
}

}   // namespace cluster_experts
