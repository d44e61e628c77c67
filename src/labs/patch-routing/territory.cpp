#include "labs/patch-routing/territory.hpp"
#include "core/view_builder.hpp"
#include "core/field.hpp"
#include "core/keep_field.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>

namespace patch_routing {

namespace {
constexpr int kCells = 48;
}

std::vector<float> Plane::at(double a, double b) const {
    std::vector<float> x(u.size());
    for (size_t i = 0; i < u.size(); ++i) x[i] = float(a * u[i] + b * v[i]);
    return x;
}

Plane territory_plane(const Geometry& g) {
    Plane p;
    p.u = g.u;
    p.v.assign(g.q.begin(), g.q.begin() + g.d);   // q1*, less its component along u (δ_r overlaps)
    const float along = core::dot(p.v.data(), p.u.data(), g.d);
    for (int i = 0; i < g.d; ++i) p.v[size_t(i)] -= along * p.u[size_t(i)];
    const float norm = core::norm2(p.v.data(), g.d);
    for (float& x : p.v) x /= norm > 0 ? norm : 1.f;
    return p;
}

double territory_units(const Model& m, int samples) {
    return double(m.k) * m.d * (double(samples) * m.n + double(kCells) * kCells);
}

core::View territory_view(const Model& m, const Geometry& g, const Dataset& test, int samples,
                          const std::string& title) {
    core::View v;
    v.kind = core::ViewKind::Field;
    v.title = title;
    v.x_label = "<u, x>, u = (o1 − o2)/|o1 − o2|";
    v.y_label = "<q1*, x> (noise)";
    v.x_min = v.y_min = -1.2;
    v.x_max = v.y_max = 1.2;
    // τ_s: the smallest score router s keeps, per test sample, median over samples
    const int N = std::min(samples, test.N);
    const std::vector<double> tau =
        core::keep_thresholds(m.k, N, test.n, m.l, [&](int s, int i, int j) { return m.score(s, test.patch(i, j)); });
    const Plane p = territory_plane(g);
    const std::vector<std::string> names = core::numbered(m.k, "router ");   // "router 1", … (a template)
    core::fill_keep_field(v, kCells, kCells, tau, names, [&](double a, double b, double* out) {
        const std::vector<float> x = p.at(a, b);
        for (int s = 0; s < m.k; ++s) out[s] = m.score(s, x.data());
    });
    // the patterns themselves, where they fall on the plane
    auto place = [&](const std::string& label, int color, const std::vector<float>& x) {
        if (x.empty()) return;
        v.lines.push_back(core::places(label, color, {double(core::dot(x.data(), p.u.data(), g.d))},
                                       {double(core::dot(x.data(), p.v.data(), g.d))}));
    };
    place("o1 (y = +1)", 7, g.o1);
    place("o2 (y = −1)", 8, g.o2);
    place("q1* (noise)", 9, std::vector<float>(g.q.begin(), g.q.begin() + g.d));
    const std::vector<int> won = core::field_territories(v.field);
    int keepers = 0;
    for (int s = 0; s < m.k; ++s) keepers += won[size_t(s)] > 0;
    v.readouts.push_back(core::trf("%d of %d routers keep patches on this plane; τ = smallest kept score, median "
                                   "over %d test samples",
                                   keepers, m.k, N));
    return v;
}

}   // namespace patch_routing
