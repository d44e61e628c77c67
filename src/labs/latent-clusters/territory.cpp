// The router's territories of the latent-clusters run (the routing territory every lab shows, views.cpp).
#include "labs/latent-clusters/run.hpp"
#include "core/field.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <string>
#include <vector>

namespace latent {

// The router's territories (Sec. 3.2: m(x) = argmax_m θ_mᵀx, gate π = softmax(Θᵀx)) on the plane x = a v_1 + b v_2,
// from Router::gate itself, over the extent of the test points: computed once, when the router is learned.
void Run::territory() {
    const int d = T_.d, M = cfg_.M;
    core::View& v = S_.territory;
    v = core::View{};
    v.id = "territory";
    v.kind = core::ViewKind::Field;
    v.title = "Router territories on (v_1·x, v_2·x)";
    v.caption = "Which expert the learned router picks on the plane x = a·v_1 + b·v_2: colour = argmax_m θ_mᵀx, "
                "saturation = its softmax gate π_m(x). Each cluster's test points should sit in the territory of the "
                "experts that aligned with its direction (Lemma 4.10); points are coloured by the expert they are "
                "actually routed to (their components off the plane move some across a boundary).";
    v.x_label = "v_1·x";
    v.y_label = "v_2·x";
    float lo[2] = {-1, -1}, hi[2] = {1, 1};
    for (const core::ScatterPoint& p : S_.points) {
        lo[0] = std::min(lo[0], p.x), hi[0] = std::max(hi[0], p.x);
        lo[1] = std::min(lo[1], p.y), hi[1] = std::max(hi[1], p.y);
    }
    const float mx = 0.08f * (hi[0] - lo[0]), my = 0.08f * (hi[1] - lo[1]);
    v.x_min = lo[0] - mx, v.x_max = hi[0] + mx, v.y_min = lo[1] - my, v.y_max = hi[1] + my;
    v.points = S_.points;
    if (!S_.routed) {   // Θ = 0: every expert ties; the points by cluster until Phase II
        for (int c = 0; c < T_.C; ++c) v.legend.push_back("cluster " + std::to_string(c + 1));
        v.readouts.push_back("the router is learned in Phase II (θ = 0 until then: every expert ties)");
        return;
    }
    std::vector<float> x(static_cast<size_t>(d));
    std::vector<double> h(static_cast<size_t>(M));
    core::fill_field(v, 64, 64, M, [&](double a, double b, float* out) {
        for (int i = 0; i < d; ++i) x[size_t(i)] = float(a * T_.v[size_t(i)] + b * T_.v[size_t(d + i)]);
        R_.gate(x.data(), h.data());
        for (int m = 0; m < M; ++m) out[m] = float(h[size_t(m)]);
    });
    for (int m = 0; m < M; ++m) v.legend.push_back(core::trf("expert %d", m + 1));
    const std::vector<int> won = core::field_territories(v.field);
    const long shown = std::count_if(won.begin(), won.end(), [](int n) { return n > 0; });
    v.readouts.push_back(core::trf("%d of %d experts hold territory on this plane", int(shown), M));
}

}   // namespace latent
