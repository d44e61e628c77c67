#include "labs/expert-pruning/pretrain.hpp"
#include "labs/expert-pruning/evaluate.hpp"
#include <algorithm>
#include <utility>

namespace expert_pruning {

void init_expert(Moe& M, int s, double sigma_r, double sigma_n, core::Rng& rng) {
    double* w = M.router(s);
    for (int p = 0; p < M.d; ++p) w[p] = sigma_r * rng.normal();
    double* W = M.neurons(s, 0);
    for (int q = 0; q < M.d * M.m; ++q) W[q] = sigma_n * rng.normal();
}

void init_gaussian(Moe& M, double sigma_r, double sigma_n, core::Rng& rng) {
    for (int s = 0; s < M.k; ++s) init_expert(M, s, sigma_r, sigma_n, rng);
}

std::vector<int> plant(Moe& M, const DataSpec& data, const PlantSpec& ps, core::Rng& rng) {
    init_gaussian(M, ps.sigma_r, ps.sigma_n, rng);
    return plant_roles(M, data, ps, rng);
}

std::vector<int> plant_roles(Moe& M, const DataSpec& data, const PlantSpec& ps, core::Rng& rng) {
    std::vector<int> u(size_t(M.k), -1);
    for (int g = 0; g < 2; ++g) {
        std::vector<int> members;
        for (int s = 0; s < M.k; ++s)
            if (M.group(s) == g) members.push_back(s);
        rng.shuffle(members);
        int spec = 0;
        for (size_t q = 0; q < members.size(); ++q) {
            const int s = members[q];
            if (int(q) < ps.important) u[size_t(s)] = g == 0 ? kO1 : kO2;
            else if (data.C > 1) u[size_t(s)] = 2 * (1 + spec++ % (data.C - 1)) + g;
        }
    }
    for (int s = 0; s < M.k; ++s) {
        const int p = u[size_t(s)];
        if (p < 0) continue;
        const bool imp = p == kO1 || p == kO2;
        M.router(s)[p] += imp ? ps.r_imp : ps.r_spec;
        double* row = M.neurons(s, p);
        for (int r = 0; r < M.m; ++r) row[r] += imp ? ps.mu_imp : ps.mu_spec;
    }
    return u;
}

ConceptChoice choose_concept(const Moe& M, const DataSpec& data, const Dataset& probe, Work& w) {
    // proficiency per concept: restrict the probe to that concept's samples
    ConceptChoice best;
    int best_key = -1;
    for (int c = 0; c < data.C; ++c) {
        Dataset sub;
        sub.n = probe.n;
        for (int i = 0; i < probe.N; ++i) {
            if (probe.concept[size_t(i)] != c) continue;
            sub.ids.insert(sub.ids.end(), probe.sample(i), probe.sample(i) + probe.n);
            sub.y.push_back(probe.y[size_t(i)]);
            sub.concept.push_back(int8_t(c));
            ++sub.N;
        }
        const Proficiency P = proficiency(M, sub, w);
        int n1 = 0, n2 = 0;
        for (int s = 0; s < M.k; ++s) {
            if (M.group(s) == 0 && P.p1[size_t(s)] >= kImportantThreshold) ++n1;
            if (M.group(s) == 1 && P.p2[size_t(s)] >= kImportantThreshold) ++n2;
        }
        const bool both = n1 > 0 && n2 > 0;
        // rank: concepts with both groups first, then fewer specialists; without any, more specialists
        const int key = both ? 10000 - (n1 + n2) : n1 + n2;
        if (key > best_key) {
            best_key = key;
            best = {c, both, n1 + n2};
        }
    }
    return best;
}

void swap_concept(Moe& M, int c) {
    if (c == 0) return;
    for (int side = 0; side < 2; ++side) {
        const int a = side, b = 2 * c + side;
        for (int s = 0; s < M.k; ++s) {
            std::swap(M.router(s)[a], M.router(s)[b]);
            double* ra = M.neurons(s, a);
            double* rb = M.neurons(s, b);
            for (int r = 0; r < M.m; ++r) std::swap(ra[r], rb[r]);
        }
    }
}

}   // namespace expert_pruning
