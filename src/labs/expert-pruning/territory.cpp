#include "labs/expert-pruning/territory.hpp"
#include "core/field.hpp"
#include "core/keep_field.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <numeric>

namespace expert_pruning {

namespace {
constexpr int kCells = 48, kMostExperts = 9;
}

double plane_score(const Moe& M, int s, int q1, double a, double b) {
    return a * (M.score(s, kO1) - M.score(s, kO2)) / std::sqrt(2.0) + b * M.score(s, q1);
}

core::View territory_view(const Moe& M, const DataSpec& data, const Dataset& test, int samples,
                          const std::vector<double>& delta) {
    core::View v;
    v.kind = core::ViewKind::Field;
    v.x_label = "<u, x>, u = (o₁ − o₂)/√2";
    v.y_label = "<q₁, x> (noise)";
    v.x_min = v.y_min = -1.2;
    v.x_max = v.y_max = 1.2;
    const int q1 = data.first_q();
    // the experts drawn: all, or the kMostExperts with the largest Δ_s, in expert order
    std::vector<int> shown(size_t(M.k));
    std::iota(shown.begin(), shown.end(), 0);
    if (M.k > kMostExperts && delta.size() == size_t(M.k)) {
        std::stable_sort(shown.begin(), shown.end(), [&](int x, int y) { return delta[size_t(x)] > delta[size_t(y)]; });
        shown.resize(kMostExperts);
        std::sort(shown.begin(), shown.end());
    } else if (M.k > kMostExperts) {
        shown.resize(kMostExperts);
    }
    std::vector<std::string> names;
    for (int s : shown) names.push_back(core::trf("expert %d (%s)", s + 1, M.group(s) ? "S₂, a = −1" : "S₁, a = +1"));
    auto scores = [&](double a, double b, double* out) {
        for (size_t i = 0; i < shown.size(); ++i) out[i] = plane_score(M, shown[i], q1, a, b);
    };
    if (M.routing == Routing::ExpertChoice) {
        v.title = "Which tokens each expert takes (expert-choice)";
        const std::vector<double> tau =
            core::keep_thresholds(int(shown.size()), std::min(samples, test.N), test.n, M.l,
                                  [&](int s, int i, int j) { return M.score(shown[size_t(s)], test.sample(i)[j]); });
        core::fill_keep_field(v, kCells, kCells, tau, names, scores);
    } else {
        v.title = "Which expert each token prefers (token-choice)";
        std::vector<double> g(shown.size());
        core::fill_field(v, kCells, kCells, int(shown.size()), [&](double a, double b, float* out) {
            scores(a, b, g.data());
            for (size_t i = 0; i < shown.size(); ++i) out[i] = float(g[i]);
        });
        v.legend = names;
    }
    v.lines.push_back(core::places("o₁ (y = +1)", 7, {1 / std::sqrt(2.0)}, {0}));
    v.lines.push_back(core::places("o₂ (y = −1)", 8, {-1 / std::sqrt(2.0)}, {0}));
    v.lines.push_back(core::places("q₁ (noise)", 9, {0}, {1}));
    const std::vector<int> won = core::field_territories(v.field);
    int held = 0;
    for (size_t i = 0; i < shown.size() && i < won.size(); ++i) held += won[i] > 0;
    const int n = int(shown.size());   // all of the model's experts, or the n with the largest Δ
    v.readouts.push_back(
        M.k > n
            ? core::trnf(n, "%d of the %d expert with the largest Δ (of %d) holds territory on this plane",
                         "%d of the %d experts with the largest Δ (of %d) hold territory on this plane", held, n, M.k)
            : core::trnf(n, "%d of %d expert holds territory on this plane",
                         "%d of %d experts hold territory on this plane", held, n));
    return v;
}

}   // namespace expert_pruning
