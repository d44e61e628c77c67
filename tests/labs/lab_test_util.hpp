// Helpers the labs' tests share: run a preset to the end and read its metrics; find a message.
#pragma once
#include "core/field.hpp"
#include "core/lab.hpp"
#include "core/registry.hpp"
#include "core/runner.hpp"
#include <memory>
#include <algorithm>
#include <cmath>
#include <functional>
#include <cstdint>
#include <doctest/doctest.h>
#include <map>
#include <string>
#include <vector>

namespace lab_test {

// Runs `preset` (then the parameters in `set`) from `seed` to the end. The metrics by key, and "failed":
// 1 when the run stopped early (its message in *failure when asked for).
inline std::map<std::string, double> run_preset(core::Runner& run, const std::string& preset, uint64_t seed,
                                                const std::map<std::string, double>& set = {},
                                                std::string* failure = nullptr) {
    core::Params p(run.lab().schema());
    REQUIRE(p.apply_preset(preset));
    for (const auto& [k, v] : set) p.set(k, v);
    REQUIRE(core::validate(run.lab(), p).ok());
    run.reset(p, seed);
    const std::string fail = core::run_to_end(run);
    if (failure) *failure = fail;
    std::map<std::string, double> out;
    out["failed"] = fail.empty() ? 0 : 1;
    for (const auto& m : run.metrics()) out[m.key] = m.value;
    return out;
}

// Whether any of the texts contains `needle` (validation messages, readouts).
inline bool has(const std::vector<std::string>& texts, const std::string& needle) {
    for (const auto& t : texts)
        if (t.find(needle) != std::string::npos) return true;
    return false;
}

// A field view against the model's own routing: at cell centres spread over the plane, away from boundaries
// (the two best channels of `channels` at least `gap` apart), the field's winner is the channel `channels` ranks
// first. `channels` computes every channel at (x, y) with the function training uses. Returns the cells checked.
inline int check_field_agrees(const core::View& v, const std::function<std::vector<double>(double, double)>& channels,
                              double gap = 1e-6) {
    const core::Field& f = v.field;
    REQUIRE(f.rows > 0);
    int checked = 0;
    for (int r = 1; r < f.rows; r += 5)
        for (int c = 2; c < f.cols; c += 7) {
            const double x = v.x_min + (c + 0.5) * (v.x_max - v.x_min) / f.cols,
                         y = v.y_min + (r + 0.5) * (v.y_max - v.y_min) / f.rows;
            const std::vector<double> h = channels(x, y);
            REQUIRE(h.size() == size_t(f.channels));
            std::vector<double> sorted = h;
            std::sort(sorted.rbegin(), sorted.rend());
            if (sorted.size() > 1 && sorted[0] - sorted[1] < gap * (1 + std::abs(sorted[0]))) continue;
            CAPTURE(x);
            CAPTURE(y);
            CHECK(core::field_winner(f, r, c) == int(std::max_element(h.begin(), h.end()) - h.begin()));
            ++checked;
        }
    return checked;
}

// A run of a registered lab, to the end at its quick test sizes from `seed`.
inline std::unique_ptr<core::Runner> run_quick(const std::string& id, uint64_t seed) {
    const core::Lab* lab = core::find_lab(id);
    REQUIRE(lab != nullptr);
    core::Params p(lab->schema());
    for (const auto& [k, v] : lab->test_sizes().quick) p.set(k, v);
    auto run = std::make_unique<core::Runner>(*lab);
    run->reset(p, seed);
    REQUIRE(core::run_to_end(*run) == "");
    return run;
}

inline std::vector<core::View> views_of(const core::Runner& run) {
    std::vector<core::View> views;
    run.views(views);
    return views;
}

// The median of v, by sorting (the tests' own, beside core::median).
inline double sorted_median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

// The channel that wins at (x, y) of a field view, read between cell centres.
inline int winner_at(const core::View& v, double x, double y) {
    const std::vector<float> at = core::field_at(v, x, y);
    return int(std::max_element(at.begin(), at.end()) - at.begin());
}

// The view with this id among a lab's views (or a Grid's children), nullptr when absent.
inline const core::View* find_view(const std::vector<core::View>& views, const std::string& id) {
    for (const core::View& v : views)
        if (v.id == id) return &v;
    return nullptr;
}

}   // namespace lab_test
