#include "labs/cluster-experts/metrics.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include "core/stats.hpp"
#include <algorithm>
#include <cmath>

namespace cluster_experts {

MoeEval evaluate_moe(const MoE& moe, const Dataset& T, core::Rng& rng) {
    const int M = moe.cfg.M, K = T.K;
    MoeEval e;
    e.counts.assign(size_t(K * M), 0.0);
    e.counts_clean.assign(size_t(K * M), 0.0);
    std::vector<double> h(size_t(M), 0.0), r(size_t(M), 0.0);
    std::vector<float> z(size_t(moe.ex.z_size(T.P)));   // scratch for f(), one per pass
    int correct = 0;
    for (int i = 0; i < T.n; ++i) {
        moe.router.logits(T.s_of(i), h.data());
        int mc = core::argmax(h.data(), M);   // test: T_x = argmax_m h_m(x), no noise (Sec. 3.2)
        for (int m = 0; m < M; ++m)
            r[size_t(m)] = h[size_t(m)] + (moe.cfg.noise_width > 0 ? moe.cfg.noise_width * rng.uniform() : 0.0);
        int mn = core::argmax(r.data(), M);
        const int k = T.k[size_t(i)];
        e.counts[size_t(k * M + mn)] += 1;
        e.counts_clean[size_t(k * M + mc)] += 1;
        // sign F = sign f_{m*} since π > 0
        if (T.y[size_t(i)] * moe.ex.f(mc, T, i, z.data()) > 0) ++correct;
    }
    e.acc = 100.0 * correct / T.n;
    e.entropy = core::dispatch_entropy(e.counts, K, M);
    e.entropy_clean = core::dispatch_entropy(e.counts_clean, K, M);
    return e;
}

double accuracy_single(const MoE& s, const Dataset& T) {
    std::vector<float> z(size_t(s.ex.z_size(T.P)));
    int correct = 0;
    for (int i = 0; i < T.n; ++i)
        if (T.y[size_t(i)] * s.ex.f(0, T, i, z.data()) > 0) ++correct;
    return 100.0 * correct / T.n;
}

std::vector<double> expert_cluster_accuracy(const MoE& moe, const Dataset& T) {
    const int M = moe.cfg.M, K = T.K;
    std::vector<double> good(size_t(M * K), 0.0), cnt(size_t(K), 0.0);
    std::vector<float> z(size_t(moe.ex.z_size(T.P)));
    for (int i = 0; i < T.n; ++i) {
        const int k = T.k[size_t(i)];
        cnt[size_t(k)] += 1;
        for (int m = 0; m < M; ++m)
            if (T.y[size_t(i)] * moe.ex.f(m, T, i, z.data()) > 0) good[size_t(m * K + k)] += 1;
    }
    for (int m = 0; m < M; ++m)
        for (int k = 0; k < K; ++k)
            good[size_t(m * K + k)] = cnt[size_t(k)] > 0 ? 100.0 * good[size_t(m * K + k)] / cnt[size_t(k)] : 0.0;
    return good;
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
                best = std::max(best, double(X.at(m, j, k)));                                 // ⟨w, v_k⟩
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
                if (v > best) { best = v; ks[size_t(m)] = k; }
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

} // namespace cluster_experts
