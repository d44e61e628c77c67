// The token-routing lab's run and its parameters (the generic tests, tests/labs/test_all_labs.cpp, check the rest):
// the parameters make the default measured in docs/labs/token-routing.md §3.4; the cross-parameter checks; the run's
// numbers do not depend on its slices and are measure()'s; the class's sentence is routed by a causal model.
#include "labs/token-routing/config.hpp"
#include "labs/token-routing/run.hpp"
#include "core/work_budget.hpp"
#include <doctest/doctest.h>
#include <cmath>
#include <cstring>
#include <map>

using namespace token_routing;

namespace {

Config small_config(std::map<std::string, double> set = {}) {
    core::Params p(binding().schema());
    for (const auto& [k, v] : std::map<std::string, double>{
             {"T", 12}, {"n_train", 60}, {"n_test", 12}, {"d", 8}, {"blocks", 2}, {"d_ff", 8}, {"B", 3}, {"steps", 20}})
        p.set(k, v);
    for (const auto& [k, v] : set) p.set(k, v);
    return binding().config(p);
}

// Runs to the end in slices of `units`; the metrics, and the trace flattened.
std::pair<std::vector<double>, std::vector<double>> run(const Config& c, uint64_t seed, double units) {
    Run r(c, seed);
    core::Where last{};
    int slices = 0;
    while (!r.done()) {
        core::WorkBudget budget(units);
        r.step(budget);
        const core::Where w = r.where();
        CHECK(w.part >= last.part);   // the parts in order, progress never back within one
        if (w.part == last.part) CHECK(w.done >= last.done);
        last = w;
        REQUIRE(++slices < 10000000);
    }
    CHECK(r.failure().empty());
    std::vector<double> m, t;
    for (const core::Metric& x : r.metrics()) m.push_back(x.value);
    for (const auto& row : r.trace().rows) t.insert(t.end(), row.begin(), row.end());
    return {m, t};
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

}   // namespace

TEST_CASE("token-routing: the schema's defaults are the configuration docs §3.4 measures") {
    const Config c = binding().defaults();
    CHECK(c.model.V == vocab().size());
    CHECK(c.model.T == 32);
    CHECK(c.corpus.T == 32);
    CHECK(c.corpus.n_train == 2000);
    CHECK(c.corpus.n_test == 256);
    CHECK(c.model.d == 24);
    CHECK(c.model.heads == 2);
    CHECK(c.model.blocks == 2);
    CHECK(c.model.d_ff == 48);
    CHECK(c.model.K == 4);
    CHECK(c.model.k == 1);
    CHECK(c.model.capacity == 0);
    CHECK(c.model.alpha == 0.01);
    CHECK(c.model.init_scale == 0.1);
    CHECK(c.train.B == 16);
    CHECK(c.train.steps == 600);
    CHECK(c.train.lr == 0.01);
    CHECK(check(c).ok());
    for (const core::Preset& p : binding().schema().presets) {
        core::Params params(binding().schema());
        REQUIRE(params.apply_preset(p.id));
        CHECK_MESSAGE(check(binding().config(params)).ok(), p.id);
    }
}

TEST_CASE("token-routing: combinations the ranges cannot refuse get a message that says what to change") {
    const core::Validation heads = check(small_config({{"d", 10}, {"heads", 4}}));
    REQUIRE(!heads.ok());
    CHECK(heads.errors[0].find("h divides d") != std::string::npos);
    const core::Validation k = check(small_config({{"k", 4}, {"K", 3}}));
    REQUIRE(!k.ok());
    CHECK(k.errors[0].find("lower k or raise K") != std::string::npos);
}

TEST_CASE("token-routing: the run's numbers do not depend on its slices, and are measure()'s") {
    for (const Config& c : {small_config(), small_config({{"k", 2}, {"capacity", 1}})}) {
        const auto fine = run(c, 3, 300), coarse = run(c, 3, 5e6);
        CHECK(same_bits(fine.first, coarse.first));
        CHECK(same_bits(fine.second, coarse.second));
        CHECK(!fine.second.empty());
        // the same measures as the measurement's (tests/labs/token-routing/test_measure.cpp)
        Run r(c, 3);
        while (!r.done()) {
            core::WorkBudget b(1e7);
            r.step(b);
        }
        const std::vector<Measures> m = measure({c.corpus, c.model, c.train}, 3);
        REQUIRE(r.measures().size() == m.size());
        for (size_t l = 0; l < m.size(); ++l) {
            CHECK(r.measures()[l].loss_moe == m[l].loss_moe);
            CHECK(r.measures()[l].loss_dense == m[l].loss_dense);
            CHECK(r.measures()[l].token_purity == m[l].token_purity);
            CHECK(r.measures()[l].early_agreement == m[l].early_agreement);
            CHECK(r.measures()[l].domain_given_token_chance == m[l].domain_given_token_chance);
            CHECK((std::isnan(m[l].drop_late) ? std::isnan(r.measures()[l].drop_late)
                                              : r.measures()[l].drop_late == m[l].drop_late));
        }
    }
}

TEST_CASE("token-routing: the metrics keep their keys from the start to the end, NaN only with a reason") {
    const Config c = small_config({{"capacity", 1}});
    Run r(c, 1);
    std::vector<std::string> keys;
    for (const core::Metric& m : r.metrics()) {
        keys.push_back(m.key);
        if (std::isnan(m.value)) CHECK_MESSAGE(!m.when_nan.empty(), m.key);
    }
    for (const char* k : {"loss_moe", "loss_dense", "token_purity", "mi_kind", "mi_domain", "early_agreement",
                          "neighbour_same", "neighbour_chance", "drop_early", "drop_late"})
        CHECK_MESSAGE(std::find(keys.begin(), keys.end(), k) != keys.end(), k);
    while (!r.done()) {
        core::WorkBudget b(1e6);
        r.step(b);
    }
    std::vector<std::string> end;
    for (const core::Metric& m : r.metrics()) {
        end.push_back(m.key);
        CHECK_MESSAGE(!std::isnan(m.value), m.key);   // with capacity every metric applies at the end
    }
    CHECK(end == keys);
}

TEST_CASE("token-routing: the class's sentence is routed as the model reads it, whatever follows") {
    const Config c = small_config();
    Run r(c, 2);
    while (!r.done()) {
        core::WorkBudget b(1e7);
        r.step(b);
    }
    const Tokenized t = tokenize("the old cat sees the dog .", c.model.T);
    REQUIRE(t.ok());
    const TextRouting a = route_text(r.trainer().moe, t.ids);
    REQUIRE(a.top.size() == size_t(c.model.blocks));
    CHECK(a.top[0].size() == t.ids.size() * size_t(c.model.k));
    // a longer text starting the same way: the first tokens' experts do not change (causal attention)
    std::vector<int> longer = t.ids;
    for (const char* w : {"if", "x", "<", "3"}) longer.push_back(vocab().id(w));
    const TextRouting b = route_text(r.trainer().moe, longer);
    for (size_t l = 0; l < a.top.size(); ++l)
        for (size_t j = 0; j < a.top[l].size(); ++j) CHECK(a.top[l][j] == b.top[l][j]);
    CHECK(route_text(r.trainer().moe, {}).top[0].empty());
    CHECK(route_text(r.trainer().dense, t.ids).top.empty());   // no router
}
