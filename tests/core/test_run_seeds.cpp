// Seeds on threads (moe-lab reproduce --jobs): every lab from the registry, at its quick size, gives the same
// bits on one thread and on several, even when the seeds are taken in a shuffled order.
#include "../same_bits.hpp"
#include "core/registry.hpp"
#include "session/run_seeds.hpp"
#include <algorithm>
#include <atomic>
#include <cstring>
#include <doctest/doctest.h>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace {

// The threads this build can run: WebAssembly has none, so there only the shuffled order is tested.
int test_jobs() { return std::max(1, std::min(3, session::machine_jobs() > 1 ? 3 : 1)); }

}   // namespace

TEST_CASE("for_each_index: every index exactly once, on several threads; an exception reaches the caller") {
    std::vector<std::atomic<int>> hits(50);
    for (auto& h : hits) h = 0;
    session::for_each_index(50, test_jobs(), [&](int i) { ++hits[size_t(i)]; });
    for (const auto& h : hits) CHECK(h == 1);
    std::vector<int> order(10);
    std::iota(order.rbegin(), order.rend(), 0);   // 9, 8, …, 0
    std::vector<int> seen;
    session::for_each_index(
        10, 1, [&](int i) { seen.push_back(i); }, order);
    CHECK(seen == order);
    CHECK_THROWS_AS(session::for_each_index(20, test_jobs(),
                                            [](int i) {
                                                if (i == 7) throw std::runtime_error("seed 7 failed");
                                            }),
                    std::runtime_error);
}

TEST_CASE("run_seeds: every lab gives the same bits on one thread and on several, in any order") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        const core::Lab* lab = e.lab;
        session::RunConfig c;
        c.lab = e.id;
        c.params = core::Params(lab->schema());
        for (const auto& [k, v] : lab->test_sizes().quick) c.params.set(k, v);
        const int seeds = 4;
        const std::vector<int> shuffled = {2, 0, 3, 1};
        int progress = 0;
        const auto one = session::run_seeds(c, seeds, 11, 1);
        const auto many = session::run_seeds(
            c, seeds, 11, test_jobs(), [&](int done) { progress = done; }, shuffled);
        CHECK(progress == seeds);
        REQUIRE(one.size() == size_t(seeds));
        REQUIRE(many.size() == size_t(seeds));
        for (int s = 0; s < seeds; ++s) {
            CAPTURE(s);
            CHECK(one[size_t(s)].seed == 11 + uint64_t(s));
            CHECK(many[size_t(s)].seed == one[size_t(s)].seed);
            CHECK(many[size_t(s)].failure == one[size_t(s)].failure);
            REQUIRE(many[size_t(s)].metrics.size() == one[size_t(s)].metrics.size());
            for (size_t k = 0; k < one[size_t(s)].metrics.size(); ++k) {
                CAPTURE(one[size_t(s)].metrics[k].key);
                CHECK(same_bits(many[size_t(s)].metrics[k].value, one[size_t(s)].metrics[k].value));
            }
        }
        // different seeds are different runs: the slots are not copies of one another
        bool differ = false;
        for (size_t k = 0; k < one[0].metrics.size() && k < one[1].metrics.size(); ++k)
            differ = differ || !same_bits(one[0].metrics[k].value, one[1].metrics[k].value);
        CHECK(differ);
    }
}
