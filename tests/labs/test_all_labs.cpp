// Rules every lab keeps: progress moves from the first steps on, data generation included (issue 13: a
// heavy but valid configuration showed 0 for ~27 s while drawing its data), never goes back, ends at 1;
// headlines name metrics; the metric keys are the same at every point of a run.
#include "core/lab.hpp"
#include "core/metric_list.hpp"
#include "core/registry.hpp"
#include <cmath>
#include <doctest/doctest.h>
#include <map>
#include <string>

namespace {

// Configurations whose data take many steps to draw (kept to ~100 MB, the WebAssembly tests run them too).
const std::map<std::string, std::map<std::string, double>> kHeavy = {
    {"cluster-experts", {{"n", 16000}, {"n_test", 16000}, {"d", 64}, {"P", 8}, {"T", 10}}},
    {"patch-routing", {{"n", 64}, {"d", 64}, {"n_test", 2000}, {"cap", 20}, {"N_min", 250}, {"N_points", 5}}},
    {"latent-clusters", {{"d", 128}, {"n_test", 50000}}},
    {"expert-pruning", {{"n", 256}, {"n_test", 20000}, {"n_val", 5000}}},
};

}   // namespace

TEST_CASE("every lab: progress > 0 within 5 steps of drawing a large data set, and monotone") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        auto lab = e.make();
        core::Params p(lab->schema());
        auto it = kHeavy.find(e.id);
        if (it != kHeavy.end())
            for (const auto& [k, val] : it->second) p.set(k, val);
        const core::Validation v = core::validate(*lab, p);
        for (const auto& err : v.errors) INFO(err);
        REQUIRE(v.ok());
        lab->reset(p, 1);
        CHECK(lab->progress() == 0.0);
        double last = 0;
        for (int s = 0; s < 5; ++s) {
            lab->step();
            const double now = lab->progress();
            CHECK(now >= last);
            CHECK(now <= 1.0);
            last = now;
        }
        CHECK(last > 0.0);
        INFO(lab->clock());
        CHECK(lab->clock().find("drawing") == 0);   // still drawing the data: the bar moved during it
    }
}

TEST_CASE("every lab: the default run's progress never goes back and ends at exactly 1") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        auto lab = e.make();
        core::Params p(lab->schema());
        lab->reset(p, 2);
        double last = lab->progress();
        long steps = 0;
        bool monotone = true;
        while (!lab->done() && lab->failure().empty() && steps < 200000) {
            lab->step();
            ++steps;
            const double now = lab->progress();
            if (now < last || now > 1.0) monotone = false;
            last = now;
        }
        CHECK(lab->failure().empty());
        CHECK(lab->done());
        CHECK(monotone);
        CHECK(lab->progress() == 1.0);
    }
}

TEST_CASE("every lab: headlines name metrics, and a run lists the same metric keys from reset to the end") {
    auto keys = [](const core::Lab& lab) {
        std::vector<std::string> k;
        for (const auto& m : lab.metrics()) k.push_back(m.key);
        return k;
    };
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        auto lab = e.make();
        const std::vector<std::string> missing = core::missing_headline_keys(*lab);
        for (const auto& k : missing) INFO("headline without a metric: " << k);
        CHECK(missing.empty());
        core::Params p(lab->schema());
        lab->reset(p, 1);
        const std::vector<std::string> at_reset = keys(*lab);
        CHECK(!at_reset.empty());
        core::run_to_end(*lab);
        CHECK(keys(*lab) == at_reset);
        for (const auto& m : lab->metrics())   // NaN only by design, and then saying why
            CHECK_MESSAGE((std::isfinite(m.value) || !m.when_nan.empty()), m.key);
    }
}
