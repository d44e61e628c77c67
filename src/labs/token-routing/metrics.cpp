#include "labs/token-routing/metrics.hpp"
#include "core/fmath.hpp"
#include "core/rng.hpp"
#include <algorithm>
#include <ctime>
#include <cmath>
#include <numeric>

namespace token_routing {

namespace {

double entropy(const std::vector<double>& counts, double n) {
    double h = 0;
    for (double c : counts)
        if (c > 0) h -= c / n * core::fm::log(c / n);
    return h;
}

}   // namespace

void HeldoutPass::start(const Model& m, const std::vector<Sequence>& test, bool keep_inputs) {
    const ModelSpec& s = m.spec();
    table = RoutingTable();
    RoutingTable& r = table;
    r.T = s.T;
    r.K = is_moe(s) ? s.K : 0;
    r.k = is_moe(s) ? s.k : 0;
    r.layers = is_moe(s) ? s.blocks : 0;
    r.N = int(test.size()) * s.T;
    const size_t N = size_t(r.N);
    r.id.resize(N);
    r.pos.resize(N);
    r.kind.resize(N);
    r.domain.resize(N);
    r.first.resize(N * size_t(r.layers));
    r.top.resize(N * size_t(r.layers) * size_t(r.k));
    r.kept.resize(r.top.size());
    r.p.resize(N * size_t(r.layers) * size_t(r.K));
    r.d = s.d;
    if (keep_inputs && r.layers > 0) r.u.resize(N * size_t(s.d));
    next_ = 0;
    total_ = test.size();
    ce_sum_ = 0;
}

double HeldoutPass::piece(const Model& m, const std::vector<Sequence>& test) {
    const ModelSpec& s = m.spec();
    RoutingTable& r = table;
    const int idx = int(next_);
    batch_ = make_batch(test, &idx, 1, s.T);
    m.forward(batch_, cache_);
    const size_t n0 = next_ * size_t(s.T), N = size_t(r.N);
    for (size_t j = 0; j < size_t(s.T); ++j) {
        r.id[n0 + j] = batch_.x[j];
        r.pos[n0 + j] = int(j);
        r.kind[n0 + j] = vocab().kind[size_t(batch_.x[j])];
        r.domain[n0 + j] = test[next_].domain;
        for (int l = 0; l < r.layers; ++l) {
            const Routing& rt = cache_.block[size_t(l)].route;
            r.first[size_t(l) * N + n0 + j] = rt.top[j * size_t(r.k)];
            for (int q = 0; q < r.k; ++q) {
                const size_t at = (size_t(l) * N + n0 + j) * size_t(r.k) + size_t(q);
                r.top[at] = rt.top[j * size_t(r.k) + size_t(q)];
                r.kept[at] = rt.kept[j * size_t(r.k) + size_t(q)];
            }
            std::copy_n(&rt.p[j * size_t(r.K)], r.K, &r.p[(size_t(l) * N + n0 + j) * size_t(r.K)]);
        }
        if (!r.u.empty()) {
            const std::vector<double>& u = cache_.block[size_t(r.layers - 1)].u2;
            std::copy_n(&u[j * size_t(s.d)], s.d, &r.u[(n0 + j) * size_t(s.d)]);
        }
    }
    ce_sum_ += cache_.ce_sum;
    if (++next_ == total_) r.ce = ce_sum_ / double(r.N);
    return forward_cost(s);
}

RoutingTable route_heldout(const Model& m, const std::vector<Sequence>& test) {
    HeldoutPass p;
    p.start(m, test);
    while (!p.done()) p.piece(m, test);
    return p.table;
}

double heldout_ce(const Model& m, const std::vector<Sequence>& test) { return route_heldout(m, test).ce; }

std::vector<int> token_experts(const RoutingTable& r, int layer) {
    const int V = vocab().size();
    std::vector<int> counts(size_t(V) * size_t(r.K), 0), out(size_t(V), -1);
    const int* first = &r.first[size_t(layer) * size_t(r.N)];
    for (int n = 0; n < r.N; ++n) ++counts[size_t(r.id[size_t(n)]) * size_t(r.K) + size_t(first[n])];
    for (int w = 0; w < V; ++w) {
        const int* c = &counts[size_t(w) * size_t(r.K)];
        const int best = int(std::max_element(c, c + r.K) - c);   // the first of the largest
        if (c[best] > 0) out[size_t(w)] = best;
    }
    return out;
}

double token_purity(const RoutingTable& r, int layer) {
    const std::vector<int> e = token_experts(r, layer);
    const int* first = &r.first[size_t(layer) * size_t(r.N)];
    double same = 0;
    for (int n = 0; n < r.N; ++n) same += first[n] == e[size_t(r.id[size_t(n)])];
    return same / r.N;
}

double token_purity_chance(const RoutingTable& r, int layer, uint64_t seed) {
    RoutingTable shuffled = r;
    std::vector<int> first(r.first.begin() + std::ptrdiff_t(layer) * r.N,
                           r.first.begin() + std::ptrdiff_t(layer + 1) * r.N);
    core::Rng rng(seed);
    rng.shuffle(first);
    std::copy(first.begin(), first.end(), shuffled.first.begin() + std::ptrdiff_t(layer) * r.N);
    return token_purity(shuffled, layer);
}

double nmi(const RoutingTable& r, int layer, const std::vector<uint8_t>& y, int ny) {
    const int K = r.K;
    std::vector<double> joint(size_t(K) * size_t(ny), 0.0), pe(size_t(K), 0.0), py(size_t(ny), 0.0);
    const int* first = &r.first[size_t(layer) * size_t(r.N)];
    for (int n = 0; n < r.N; ++n) {
        joint[size_t(first[n]) * size_t(ny) + y[size_t(n)]] += 1;
        pe[size_t(first[n])] += 1;
        py[y[size_t(n)]] += 1;
    }
    const double N = r.N, He = entropy(pe, N), Hy = entropy(py, N), I = He + Hy - entropy(joint, N);
    return He + Hy > 0 ? std::max(0.0, I) / ((He + Hy) / 2) : 0.0;
}

double domain_given_token(const RoutingTable& r, int layer, bool shuffled, uint64_t seed) {
    const int V = vocab().size(), K = r.K, D = kDomains;
    std::vector<uint8_t> dom = r.domain;
    if (shuffled) {   // permute the domains among each id's occurrences: E and D independent given W
        core::Rng rng(seed);
        std::vector<std::vector<int>> at(static_cast<size_t>(V));
        for (int n = 0; n < r.N; ++n) at[size_t(r.id[size_t(n)])].push_back(n);
        for (const std::vector<int>& occ : at) {
            std::vector<uint8_t> d;
            for (int n : occ) d.push_back(r.domain[size_t(n)]);
            rng.shuffle(d);
            for (size_t q = 0; q < occ.size(); ++q) dom[size_t(occ[q])] = d[q];
        }
    }
    // I(E;D|W) = H(E|W) − H(E|W,D) = Σ_w p(w) [H(E|w) − H(E|w,D)]
    std::vector<double> ew(size_t(V) * size_t(K), 0.0), ewd(size_t(V) * size_t(D) * size_t(K), 0.0), w(size_t(V), 0.0),
        wd(size_t(V) * size_t(D), 0.0);
    const int* first = &r.first[size_t(layer) * size_t(r.N)];
    for (int n = 0; n < r.N; ++n) {
        const size_t id = size_t(r.id[size_t(n)]), d = dom[size_t(n)], e = size_t(first[n]);
        ew[id * size_t(K) + e] += 1;
        ewd[(id * size_t(D) + d) * size_t(K) + e] += 1;
        w[id] += 1;
        wd[id * size_t(D) + d] += 1;
    }
    double HEW = 0, HEWD = 0;
    for (int i = 0; i < V; ++i) {
        if (w[size_t(i)] == 0) continue;
        const std::vector<double> c(ew.begin() + i * K, ew.begin() + (i + 1) * K);
        HEW += w[size_t(i)] / r.N * entropy(c, w[size_t(i)]);
        for (int d = 0; d < D; ++d) {
            const double nd = wd[size_t(i) * size_t(D) + size_t(d)];
            if (nd == 0) continue;
            const auto b = ewd.begin() + (i * D + d) * K;
            HEWD += nd / r.N * entropy(std::vector<double>(b, b + K), nd);
        }
    }
    return HEW > 0 ? std::max(0.0, HEW - HEWD) / HEW : 0.0;
}

double agreement(const std::vector<int>& a, const std::vector<int>& b) {
    double same = 0, n = 0;
    for (size_t i = 0; i < a.size() && i < b.size(); ++i)
        if (a[i] >= 0 && b[i] >= 0) same += a[i] == b[i], n += 1;
    return n > 0 ? same / n : core::kNaN;
}

Neighbours neighbours(const RoutingTable& r, int layer) {
    const int* first = &r.first[size_t(layer) * size_t(r.N)];
    std::vector<double> f(size_t(r.K), 0.0);
    double same = 0, pairs = 0;
    for (int n = 0; n < r.N; ++n) {
        f[size_t(first[n])] += 1.0 / r.N;
        if (r.pos[size_t(n)] + 1 < r.T) same += first[n] == first[n + 1], pairs += 1;
    }
    double chance = 0;
    for (double x : f) chance += x * x;
    return {same / pairs, chance};
}

Drops drops(const RoutingTable& r, int layer) {
    double d[3] = {0, 0, 0}, n[3] = {0, 0, 0};   // early, late, all
    for (int j = 0; j < r.N; ++j)
        for (int q = 0; q < r.k; ++q) {
            const bool dropped = !r.kept[(size_t(layer) * size_t(r.N) + size_t(j)) * size_t(r.k) + size_t(q)];
            const int t = r.pos[size_t(j)];
            const int part = 4 * t < r.T ? 0 : 4 * t >= 3 * r.T ? 1 : -1;
            if (part >= 0) d[part] += dropped, n[part] += 1;
            d[2] += dropped, n[2] += 1;
        }
    return {d[0] / n[0], d[1] / n[1], d[2] / n[2]};
}

Load load(const RoutingTable& r, int layer) {
    std::vector<double> c(size_t(r.K), 0.0);
    const size_t per = size_t(r.N) * size_t(r.k);
    for (size_t j = 0; j < per; ++j) c[size_t(r.top[size_t(layer) * per + j])] += 1;
    const double mx = *std::max_element(c.begin(), c.end()), mean = double(per) / r.K;
    return {mx / double(per), mx / mean - 1};
}

Snapshot snapshot(const RoutingTable& r) {
    Snapshot s;
    for (int l = 0; l < r.layers; ++l) {
        s.experts.push_back(token_experts(r, l));
        s.purity.push_back(token_purity(r, l));
    }
    return s;
}

Measures measures_of(const RoutingTable& r, int l, const Snapshot& start, const Snapshot& tenth, double loss_dense,
                     bool capacity, uint64_t seed) {
    Measures m;
    m.loss_moe = r.ce;
    m.loss_dense = loss_dense;
    m.token_purity = token_purity(r, l);
    m.purity_init = start.purity[size_t(l)];
    m.purity_chance = token_purity_chance(r, l, seed);
    m.mi_kind = nmi(r, l, r.kind, kKinds);
    m.mi_domain = nmi(r, l, r.domain, kDomains);
    const std::vector<int> e = token_experts(r, l);
    m.early_agreement = agreement(tenth.experts[size_t(l)], e);
    m.init_agreement = agreement(start.experts[size_t(l)], e);
    const Neighbours nb = neighbours(r, l);
    m.neighbour_same = nb.same;
    m.neighbour_chance = nb.chance;
    const Drops dr = drops(r, l);
    m.drop_early = capacity ? dr.early : core::kNaN;
    m.drop_late = capacity ? dr.late : core::kNaN;
    m.drop_all = capacity ? dr.all : core::kNaN;
    m.domain_given_token = domain_given_token(r, l, false, seed);
    m.domain_given_token_chance = domain_given_token(r, l, true, seed);
    const Load ld = load(r, l);
    m.max_load = ld.max_load;
    m.max_vio = ld.max_vio;
    m.seconds = core::kNaN;
    return m;
}

std::vector<Measures> measure(const MeasureSpec& spec, uint64_t seed) {
    const std::clock_t t0 = std::clock();
    const Corpus corpus = make_corpus(spec.corpus, seed);
    Trainer tr(spec.model, spec.train, seed);
    const Snapshot start = snapshot(route_heldout(tr.moe, corpus.test));
    Snapshot tenth;
    for (int t = 0; t < spec.train.steps; ++t) {
        if (t == spec.train.steps / 10) tenth = snapshot(route_heldout(tr.moe, corpus.test));
        tr.step(corpus.train);
    }
    if (tenth.experts.empty()) tenth = snapshot(route_heldout(tr.moe, corpus.test));
    const RoutingTable r = route_heldout(tr.moe, corpus.test);
    const double loss_dense = heldout_ce(tr.dense, corpus.test);
    const double seconds = double(std::clock() - t0) / CLOCKS_PER_SEC;   // CPU time: the machine may be shared
    std::vector<Measures> out;
    for (int l = 0; l < spec.model.blocks; ++l) {
        out.push_back(measures_of(r, l, start, tenth, loss_dense, spec.model.capacity > 0, seed));
        out.back().seconds = seconds;
    }
    return out;
}

}   // namespace token_routing
