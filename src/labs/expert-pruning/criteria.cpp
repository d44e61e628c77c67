#include "labs/expert-pruning/criteria.hpp"
#include "labs/expert-pruning/evaluate.hpp"
#include "core/linalg.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <numeric>

namespace expert_pruning {

const char* criterion_key(int c) {
    static const char* k[kCriteria] = {"delta",      "random",        "importance",    "router_mag",
                                       "neuron_mag", "neuron_change", "reverse_delta", "diff_norm"};
    return k[c];
}

const char* criterion_label(int c) {   // (translated where they are shown: the page's views)
    using core::later::tr;
    static const char* k[kCriteria] = {tr("Δ router norm (paper)"),  tr("random"),
                                       tr("importance score"),       tr("router magnitude"),
                                       tr("neuron magnitude"),       tr("neuron-magnitude change"),
                                       tr("reverse Δ (worst case)"), "‖w(T) − w(0)‖"};
    return k[c];
}

std::vector<double> router_norm_change(const Moe& now, const Moe& start) {
    std::vector<double> v(size_t(now.k));
    for (int s = 0; s < now.k; ++s)
        v[size_t(s)] = core::norm2(now.router(s), now.d) - core::norm2(start.router(s), now.d);
    return v;
}

namespace {
// (1/m) Σ_r ‖w_r^(s)‖: neuron r is column r of the d × m block.
double mean_neuron_norm(const Moe& M, int s) {
    double sum = 0;
    for (int r = 0; r < M.m; ++r) {
        double q = 0;
        for (int p = 0; p < M.d; ++p) {
            const double v = M.neurons(s, p)[r];
            q += v * v;
        }
        sum += std::sqrt(q);
    }
    return sum / M.m;
}
}   // namespace

std::vector<double> score(int c, const Moe& now, const Moe& start, const std::vector<double>& importance,
                          core::Rng* rng) {
    const int k = now.k, d = now.d;
    std::vector<double> v(size_t(k), 0.0);
    if (c == kImportance) return importance;
    if (c == kDelta || c == kReverseDelta) {
        v = router_norm_change(now, start);
        if (c == kReverseDelta)
            for (double& x : v) x = -x;
        return v;
    }
    for (int s = 0; s < k; ++s) {
        double& x = v[size_t(s)];
        switch (c) {
        case kRandom: x = rng->uniform(); break;
        case kRouterMag: x = core::norm2(now.router(s), d); break;
        case kNeuronMag: x = mean_neuron_norm(now, s); break;
        case kNeuronChange: x = mean_neuron_norm(now, s) - mean_neuron_norm(start, s); break;
        case kDiffNorm: {
            double q = 0;
            for (int p = 0; p < d; ++p) {
                const double e = now.router(s)[p] - start.router(s)[p];
                q += e * e;
            }
            x = std::sqrt(q);
            break;
        }
        default: break;
        }
    }
    return v;
}

int pruned_per_group(double rho, int group_size) {
    const int p = int(rho * group_size + 1e-9);
    return std::max(0, std::min(group_size - 1, p));
}

Mask keep_top(const std::vector<double>& score, const Moe& M, int p) {
    Mask alive(size_t(M.k), 1);
    for (int g = 0; g < 2; ++g) {
        std::vector<int> members;
        for (int s = 0; s < M.k; ++s)
            if (M.group(s) == g) members.push_back(s);
        std::stable_sort(members.begin(), members.end(), [&](int a, int b) {
            return score[size_t(a)] > score[size_t(b)];
        });   // stable: lower index first on ties
        const int drop = std::max(0, std::min(int(members.size()) - 1, p));
        for (int q = int(members.size()) - drop; q < int(members.size()); ++q) alive[size_t(members[size_t(q)])] = 0;
    }
    return alive;
}

int kept(const Mask& alive) { return int(std::count(alive.begin(), alive.end(), uint8_t(1))); }

}   // namespace expert_pruning
