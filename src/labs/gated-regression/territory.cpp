#include "labs/gated-regression/territory.hpp"
#include "core/field.hpp"
#include "core/linalg.hpp"
#include "labs/gated-regression/run.hpp"

namespace gated {

namespace {
std::vector<double> unit(std::vector<double> v) {
    const double n = core::norm2(v.data(), int(v.size()));
    for (double& x : v) x = n > 0 ? x / n : 0.0;
    return v;
}
}   // namespace

MapPlane map_plane(const Truth& truth) {
    const int d = truth.d, k = truth.k;
    MapPlane p;
    p.wdiff = truth.W.size() >= size_t(d) ? std::vector<double>(truth.W.begin(), truth.W.begin() + d)
                                          : std::vector<double>(size_t(d), 0.0);
    if (k >= 3)
        for (int j = 0; j < d; ++j) p.wdiff[size_t(j)] -= truth.W[size_t(d + j)];
    p.eu = unit(p.wdiff);
    std::vector<double> adiff(static_cast<size_t>(d));
    for (int j = 0; j < d; ++j) adiff[size_t(j)] = truth.A[size_t(j)] - truth.A[size_t(d + j)];
    p.ev = unit(adiff);
    return p;
}

core::Field map_field(const MapPanel& panel, const MapPlane& plane) {
    const GatedModel& m = panel.m;
    const int d = m.d, k = m.k;
    std::vector<int> order = {panel.e1, panel.e2};
    for (int i = 0; i < k; ++i)
        if (i != panel.e1 && i != panel.e2) order.push_back(i);
    core::View v;
    v.x_min = v.y_min = -kMapHalfWidth;
    v.x_max = v.y_max = kMapHalfWidth;
    std::vector<double> xv(static_cast<size_t>(d)), p(static_cast<size_t>(k));
    core::fill_field(v, kMapCells, kMapCells, k, [&](double a, double b, float* out) {
        for (int j = 0; j < d; ++j) xv[size_t(j)] = a * plane.eu[size_t(j)] + b * plane.ev[size_t(j)];
        gate_probs(m.W.data(), k, d, xv.data(), p.data());
        for (int c = 0; c < k; ++c) out[c] = float(p[size_t(order[size_t(c)])]);
    });
    v.field.softmax = false;   // gate probabilities
    return v.field;
}

// The showcase trial's two models as the map shows them (before Phase 1 ends: ℓ2 as it trains, the truth's
// experts with a zero gate for L₄).
std::array<MapPanel, 2> Run::map_panels() const {
    const int d = cfg_.truth.d, k = cfg_.truth.k;
    const bool phase1_done = stage_ != kDraw && stage_ != kExperts;
    const Trial& S = runs_[size_t(showcase())];
    const std::vector<int>& perm = phase1_done ? S.ro[kL2].perm : std::vector<int>{0, 1, 2, 3};
    std::array<MapPanel, 2> out;
    out[0] = {S.l2, perm[0], perm[1]};
    out[1].m.d = d;
    out[1].m.k = k;
    out[1].m.link = cfg_.truth.link;
    out[1].m.A = phase1_done ? S.ro[kL4].A : truth_.A;
    out[1].m.W = phase1_done ? S.W[kAL4] : std::vector<double>(size_t((k - 1) * d), 0.0);
    return out;
}

// Once per step() at most, and only when what the map shows has moved (in the sweep it stands still).
void Run::update_routing_map(core::WorkBudget& budget) {
    const std::array<int, 5> now = {showcase(), int(stage_), run_, t_, gate_};
    if (runs_.empty() || now == map_made_at_) return;
    map_made_at_ = now;
    const MapPlane plane = map_plane(truth_);
    const std::array<MapPanel, 2> panels = map_panels();
    for (size_t i = 0; i < 2; ++i) map_fields_[i] = map_field(panels[i], plane);
    budget.spend(2.0 * kMapCells * kMapCells * cfg_.truth.k * cfg_.truth.d);
}

}   // namespace gated
