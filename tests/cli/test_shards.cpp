// reproduce --shard I/N and merge: the parts of a seed list, written and read back exactly, merged into the
// runs of one machine; parts that do not belong together are refused with a message that says why.
#include "../same_bits.hpp"
#include "cli/args.hpp"
#include "cli/shards.hpp"
#include "core/registry.hpp"
#include <cmath>
#include <cstring>
#include <doctest/doctest.h>
#include <string>
#include <vector>

namespace {

// The parts of a quick reproduction of the example lab (7 seeds), each written and read back.
std::vector<cli::Partial> parts_of(int of, const session::RunConfig& c, int seeds = 7) {
    std::vector<cli::Partial> parts;
    for (int s = 1; s <= of; ++s) {
        const auto [begin, end] = cli::shard_range(seeds, s, of);
        cli::Partial p{cli::program_version(),
                       c.lab,
                       c.preset,
                       cli::params_text(c.params),
                       3,
                       seeds,
                       s,
                       of,
                       0.5,
                       session::run_seeds(c, end - begin, 3 + uint64_t(begin), 1)};
        parts.push_back(cli::read_partial(cli::write_partial(p), "part"));
    }
    return parts;
}

session::RunConfig example_config() {
    const core::Lab* lab = core::find_lab("example");
    session::RunConfig c;
    c.lab = "example";
    c.preset = "fast";
    c.params = core::Params(lab->schema());
    for (const auto& [k, v] : lab->test_sizes().quick) c.params.set(k, v);
    return c;
}

std::string merge_refusal(const std::vector<cli::Partial>& parts) {
    try {
        cli::merge_partials(parts);
    } catch (const cli::UsageError& e) { return e.what(); }
    return "";
}

}   // namespace

TEST_CASE("shard_range: N parts cover the seeds once, in order, as evenly as they can") {
    for (int seeds : {1, 7, 10, 100})
        for (int of : {1, 2, 3, 7}) {
            int next = 0;
            for (int s = 1; s <= of; ++s) {
                const auto [begin, end] = cli::shard_range(seeds, s, of);
                CHECK(begin == next);
                CHECK(end - begin <= seeds / of + 1);
                next = end;
            }
            CHECK(next == seeds);
        }
}

TEST_CASE("partial reports: written and read back exactly (NaN and failures with line breaks included)") {
    cli::Partial p{"v1", "example", "fast", "T=200 d=4", 5, 4, 2, 2, 1.25, {}};
    session::SeedResult r;
    r.seed = 7;
    r.failure = "diverged at t = 3:\nlower η \\ or T";
    r.metrics = {{"t", "", 0.1 + 0.2}, {"mse", "", NAN}, {"big", "", 1e300}, {"neg", "", -INFINITY}};
    p.runs = {r};
    const cli::Partial q = cli::read_partial(cli::write_partial(p), "p");
    CHECK(q.version == "v1");
    CHECK(q.params == "T=200 d=4");
    CHECK((q.first == 5 && q.seeds == 4 && q.shard == 2 && q.of == 2));
    REQUIRE(q.runs.size() == 1);
    CHECK(q.runs[0].failure == r.failure);
    REQUIRE(q.runs[0].metrics.size() == 4);
    for (size_t k = 0; k < 4; ++k) CHECK(same_bits(q.runs[0].metrics[k].value, r.metrics[k].value));
    CHECK_THROWS_WITH_AS(cli::read_partial("hello\n", "x.txt"), doctest::Contains("x.txt: not a partial report"),
                         cli::UsageError);
    std::string cut = cli::write_partial(p);
    cut.resize(cut.size() - 4);
    CHECK_THROWS_WITH_AS(cli::read_partial(cut, "cut.txt"), doctest::Contains("cut short"), cli::UsageError);
}

TEST_CASE("merge: three parts equal one machine's run, in any order; mismatched parts are refused") {
    const session::RunConfig c = example_config();
    const std::vector<session::SeedResult> one = session::run_seeds(c, 7, 3, 1);
    std::vector<cli::Partial> parts = parts_of(3, c);
    std::swap(parts[0], parts[2]);   // the order of the files does not matter
    const std::vector<session::SeedResult> merged = cli::merge_partials(parts);
    REQUIRE(merged.size() == one.size());
    for (size_t s = 0; s < one.size(); ++s) {
        CHECK(merged[s].seed == one[s].seed);
        CHECK(merged[s].failure == one[s].failure);
        REQUIRE(merged[s].metrics.size() == one[s].metrics.size());
        for (size_t k = 0; k < one[s].metrics.size(); ++k) {
            CHECK(merged[s].metrics[k].key == one[s].metrics[k].key);
            CHECK(same_bits(merged[s].metrics[k].value, one[s].metrics[k].value));
        }
    }

    const std::vector<cli::Partial> good = parts_of(3, c);
    auto with = [&](int k, auto change) {
        std::vector<cli::Partial> v = good;
        change(v[size_t(k)]);
        return merge_refusal(v);
    };
    CHECK(with(2, [](cli::Partial& p) { p.version = "other"; }).find("another program version") != std::string::npos);
    CHECK(with(1, [](cli::Partial& p) { p.lab = "cluster-experts"; }).find("another lab") != std::string::npos);
    CHECK(with(1, [](cli::Partial& p) { p.preset = "default"; }).find("another preset") != std::string::npos);
    CHECK(with(2, [&](cli::Partial& p) { p.params += " x=1"; }).find("another parameter set") != std::string::npos);
    CHECK(with(1, [](cli::Partial& p) { p.seeds = 8; }).find("another seed list") != std::string::npos);
    CHECK(with(2, [](cli::Partial& p) { p.shard = 1; }).find("part 1 of 3 is given twice") != std::string::npos);
    CHECK(with(1, [](cli::Partial& p) { p.runs.pop_back(); }).find("seeds are missing") != std::string::npos);
    CHECK(with(1, [](cli::Partial& p) { p.runs.push_back(p.runs.back()); }).find("repeated") != std::string::npos);
    CHECK(merge_refusal({good[0], good[1]}).find("part 3 of 3 is missing") != std::string::npos);
    CHECK(merge_refusal({}).find("merge needs the partial reports") != std::string::npos);
}
