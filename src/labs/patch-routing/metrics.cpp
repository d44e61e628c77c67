#include "labs/patch-routing/metrics.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include <algorithm>
#include <cmath>
#include <limits>

namespace patch_routing {

std::string type_name(int t) {
    switch (t) {
    case kO1: return "o1";
    case kO2: return "o2";
    case kC1: return "C1";
    case kC2: return "C2";
    default: return "S" + std::to_string(t - kS0 + 1);
    }
}

RoutingStats routing_stats(Model& m, const Dataset& test, int types, int first) {
    const int NT = first < 0 ? test.N : std::min(first, test.N);
    RoutingStats R;
    R.types = types;
    R.k = m.k;
    R.n = m.n;
    R.sel.assign(size_t(types) * size_t(m.k), 0.0);
    R.rank_hist.assign(size_t(m.n), 0.0);
    std::vector<double> count(size_t(types), 0.0);
    std::vector<double> cap_plus(size_t(m.k), 0.0), cap_minus(size_t(m.k), 0.0);
    std::vector<char> any(static_cast<size_t>(m.n), char(0));
    double n_plus = 0, n_minus = 0, dropped = 0, irrelevant = 0;
    const bool joint = m.spec.arch == Arch::Joint;
    for (int i = 0; i < NT; ++i) {
        const float* x = test.sample(i);
        const uint8_t* ty = test.type.data() + size_t(i) * size_t(test.n);
        const int jo = test.j_o[size_t(i)];
        const bool plus = test.y[size_t(i)] > 0;
        (plus ? n_plus : n_minus) += 1;
        m.route(x);
        std::fill(any.begin(), any.end(), char(0));
        for (int j = 0; j < m.n; ++j) count[ty[j]] += 1;
        for (int s = 0; s < m.k; ++s)
            for (int t = 0; t < m.l; ++t) {
                const int j = m.sel(s, t);
                any[size_t(j)] = 1;
                R.sel[size_t(ty[j]) * size_t(m.k) + size_t(s)] += 1;
                // top gate: the selection is sorted by score, so gate(s, 0) is the largest
                const bool captured = j == jo && (!joint || m.gate(s, t) >= m.gate(s, 0));
                if (captured) (plus ? cap_plus : cap_minus)[size_t(s)] += 1;
            }
        for (int j = 0; j < m.n; ++j)
            if (j != jo && ty[j] != kO1 && ty[j] != kO2) {
                irrelevant += 1;
                if (!any[size_t(j)]) dropped += 1;
            }
    }
    for (int t = 0; t < types; ++t)
        for (int s = 0; s < m.k; ++s)
            if (count[size_t(t)] > 0) R.sel[size_t(t) * size_t(m.k) + size_t(s)] /= count[size_t(t)];
            else R.sel[size_t(t) * size_t(m.k) + size_t(s)] = std::numeric_limits<double>::quiet_NaN();
    int s_plus = 0, s_minus = m.k > 1 ? 1 : 0;
    if (joint) {
        for (int s = 0; s < m.k; ++s) {
            if (cap_plus[size_t(s)] > cap_plus[size_t(s_plus)]) s_plus = s;
            if (cap_minus[size_t(s)] > cap_minus[size_t(s_minus)]) s_minus = s;
        }
    }
    R.R_plus = n_plus > 0 ? cap_plus[size_t(s_plus)] / n_plus : 0;
    R.R_minus = n_minus > 0 ? cap_minus[size_t(s_minus)] / n_minus : 0;
    R.drop = irrelevant > 0 ? dropped / irrelevant : 0;
    // rank of the discriminative patch under the router that should take it (docs/labs/patch-routing.md §6)
    for (int i = 0; i < NT; ++i) {
        const int s = test.y[size_t(i)] > 0 ? s_plus : s_minus;
        const int r = m.rank(test.sample(i), s, test.j_o[size_t(i)]);
        R.rank_hist[size_t(r - 1)] += 1.0 / std::max(1, NT);
        R.max_rank = std::max(R.max_rank, r);
    }
    return R;
}

Inspection inspect(Model& m, const Dataset& D, int i) {
    Inspection in;
    in.k = m.k;
    in.n = m.n;
    in.y = D.y[size_t(i)];
    in.j_o = D.j_o[size_t(i)];
    in.type.assign(D.type.begin() + long(i) * D.n, D.type.begin() + long(i + 1) * D.n);
    in.gate.assign(size_t(m.k) * size_t(m.n), std::numeric_limits<double>::quiet_NaN());
    m.route(D.sample(i));
    for (int s = 0; s < m.k; ++s)
        for (int t = 0; t < m.l; ++t) in.gate[size_t(s) * size_t(m.n) + size_t(m.sel(s, t))] = m.gate(s, t);
    return in;
}

Alignment alignment(const Model& m, const Geometry& g) {
    Alignment A;
    const int d = m.d;
    std::vector<float> w(static_cast<size_t>(d), 0.f), mu(g.u.size(), 0.f);
    for (size_t q = 0; q < g.u.size(); ++q) mu[q] = -g.u[q];
    if (m.spec.arch == Arch::Separate) {
        A.router1 = core::cosine(m.router(0), g.u.data(), d);
        A.router2 = core::cosine(m.router(1), mu.data(), d);
    } else if (m.spec.arch == Arch::Joint) {
        A.router1 = A.router2 = -1;
        for (int s = 0; s < m.k; ++s) {
            A.router1 = std::max(A.router1, double(core::cosine(m.router(s), g.o1.data(), d)));
            A.router2 = std::max(A.router2, double(core::cosine(m.router(s), g.o2.data(), d)));
        }
    }
    A.A_o1 = A.A_o2 = -1;
    for (int s = 0; s < m.k; ++s)
        for (int r = 0; r < m.M; ++r) {
            m.neuron(s, r, w.data());
            A.A_o1 = std::max(A.A_o1, double(core::cosine(w.data(), g.o1.data(), d)));
            A.A_o2 = std::max(A.A_o2, double(core::cosine(w.data(), g.o2.data(), d)));
        }
    return A;
}

std::vector<NeuronPoint> neuron_points(const Model& m, const Geometry& g) {
    std::vector<NeuronPoint> out;
    std::vector<float> w(static_cast<size_t>(m.d), 0.f);
    for (int s = 0; s < m.k; ++s)
        for (int r = 0; r < m.M; ++r) {
            m.neuron(s, r, w.data());
            out.push_back({core::dot(w.data(), g.o1.data(), m.d), core::dot(w.data(), g.o2.data(), m.d), s,
                           m.a[size_t(s * m.M + r)] < 0});
        }
    return out;
}

double n_star(const std::vector<double>& xs, const std::vector<double>& acc, double target) {
    for (size_t i = 0; i < xs.size(); ++i) {
        if (!(acc[i] >= target)) continue;
        if (i == 0) return xs[0];
        const double a0 = acc[i - 1], a1 = acc[i];
        if (!(a1 > a0)) return xs[i];
        const double f = (target - a0) / (a1 - a0);
        return core::fm::exp(core::fm::log(xs[i - 1]) + f * (core::fm::log(xs[i]) - core::fm::log(xs[i - 1])));
    }
    return std::numeric_limits<double>::quiet_NaN();
}

}   // namespace patch_routing
