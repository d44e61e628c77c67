// The token-routing lab's measures on routings made by hand, where the answer is known: purity, normalised mutual
// information, the domain given the token, agreement, neighbours, drops by position, load.
#include "labs/token-routing/metrics.hpp"
#include "core/rng.hpp"
#include <doctest/doctest.h>
#include <cmath>

using namespace token_routing;

namespace {

// One layer, top-1, K experts; n sequences of T tokens with ids drawn from `ids`, domains cycling 0, 1, 2; the
// expert of token j from expert(id, domain, position, j).
template <class Expert>
RoutingTable table(int n, int T, int K, const std::vector<int>& ids, Expert expert, uint64_t seed = 1) {
    RoutingTable r;
    r.N = n * T;
    r.T = T;
    r.K = K;
    r.k = 1;
    r.layers = 1;
    core::Rng rng(seed);
    for (int j = 0; j < r.N; ++j) {
        const int id = ids[rng.below(uint32_t(ids.size()))], dom = (j / T) % 3, t = j % T;
        r.id.push_back(id);
        r.pos.push_back(t);
        r.kind.push_back(vocab().kind[size_t(id)]);
        r.domain.push_back(uint8_t(dom));
        const int e = expert(id, dom, t, j);
        r.first.push_back(e);
        r.top.push_back(e);
        r.kept.push_back(1);
    }
    return r;
}

const std::vector<int>& some_ids() {
    static const std::vector<int> ids = [] {
        std::vector<int> v;
        for (const char* w : {"the", "of", "and", ".", ";", "(", "=", "+", "3", "7"}) v.push_back(vocab().id(w));
        return v;
    }();
    return ids;
}

}   // namespace

TEST_CASE("token-routing: measures of a routing by token id") {
    const RoutingTable r = table(200, 16, 4, some_ids(), [](int id, int, int, int) { return id % 4; });
    CHECK(token_purity(r, 0) == 1.0);
    CHECK(token_purity_chance(r, 0, 1) < 0.6);
    CHECK(nmi(r, 0, r.domain, kDomains) < 0.01);        // the domain tells nothing
    CHECK(domain_given_token(r, 0, false, 1) == 0.0);   // H(E|W) = 0: nothing left to tell
    const std::vector<int> e = token_experts(r, 0);
    for (int id : some_ids()) CHECK(e[size_t(id)] == id % 4);
    CHECK(e[size_t(vocab().id("cat"))] == -1);   // never seen
    CHECK(agreement(e, e) == 1.0);
    std::vector<int> other = e;
    other[size_t(some_ids()[0])] = (other[size_t(some_ids()[0])] + 1) % 4;
    CHECK(agreement(e, other) == doctest::Approx(0.9));   // one id of ten moved
}

TEST_CASE("token-routing: measures of a routing by domain") {
    const RoutingTable r = table(300, 16, 4, some_ids(), [](int, int dom, int, int) { return dom; });
    CHECK(nmi(r, 0, r.domain, kDomains) == doctest::Approx(1.0));
    CHECK(domain_given_token(r, 0, false, 1) == doctest::Approx(1.0));   // every id's expert is its domain
    CHECK(domain_given_token(r, 0, true, 1) < 0.05);                     // the shuffled domains: chance, near 0
    CHECK(token_purity(r, 0) < 0.4);                                     // ≈ 1/3: the most frequent of three
    CHECK(neighbours(r, 0).same == 1.0);                                 // whole sequences on one expert
    CHECK(neighbours(r, 0).chance == doctest::Approx(1.0 / 3).epsilon(0.01));
    const Load l = load(r, 0);
    CHECK(l.max_load == doctest::Approx(1.0 / 3).epsilon(0.01));
    CHECK(l.max_vio == doctest::Approx(4.0 / 3 - 1).epsilon(0.01));   // 1/3 of the load where 1/4 is the mean
}

TEST_CASE("token-routing: neighbours of an alternating routing, and drops by position") {
    RoutingTable r = table(50, 16, 2, some_ids(), [](int, int, int t, int) { return t % 2; });
    CHECK(neighbours(r, 0).same == 0.0);
    CHECK(neighbours(r, 0).chance == doctest::Approx(0.5));
    // drop positions 12 … 15 (the last quarter) and position 0 of every second sequence
    for (int j = 0; j < r.N; ++j) {
        const int t = j % 16;
        r.kept[size_t(j)] = !(t >= 12 || (t == 0 && (j / 16) % 2 == 0));
    }
    const Drops d = drops(r, 0);
    CHECK(d.late == 1.0);
    CHECK(d.early == doctest::Approx(0.5 / 4));   // one position in four, in half the sequences
    CHECK(d.all == doctest::Approx((4 + 0.5) / 16));
}
