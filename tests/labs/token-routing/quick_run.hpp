// The token-routing tests' quick run: the lab's quick sizes (its TestSizes), run to the end, and a view by its id.
#pragma once
#include "core/registry.hpp"
#include "core/work_budget.hpp"
#include "labs/token-routing/config.hpp"
#include "labs/token-routing/run.hpp"
#include <doctest/doctest.h>
#include <map>
#include <string>
#include <vector>

namespace token_routing {

inline Config quick_config(const std::map<std::string, double>& set = {}) {
    const core::Lab* lab = core::find_lab("token-routing");
    REQUIRE(lab != nullptr);
    core::Params p(lab->schema());
    for (const auto& [k, v] : lab->test_sizes().quick) p.set(k, v);
    for (const auto& [k, v] : set) p.set(k, v);
    return binding().config(p);
}

inline void to_end(Run& r) {
    while (!r.done()) {
        core::WorkBudget b(1e6);
        r.step(b);
    }
    REQUIRE(r.failure().empty());
}

inline const core::View* find_view(const std::vector<core::View>& views, const std::string& id) {
    for (const core::View& v : views)
        if (v.id == id) return &v;
    return nullptr;
}

}   // namespace token_routing
