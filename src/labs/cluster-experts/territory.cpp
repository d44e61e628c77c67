// The routers' territories: which expert the router of each MoE picks for a router input s on the plane
// of the cluster centres spanned by u₁ = (c₁ − c₃)/√2 and u₂ = (c₂ − c₄)/√2 (c₁ and c₂ themselves when K < 4),
// where all four centres appear. The router sees only s = Σ_p x^(p) (Sec. 3.2: h = Θᵀs); training routes by
// argmax(h + r) with fresh noise r each step, so the territory drawn is the noise-free argmax, computed with
// Router::logits itself at each evaluation.
#include "labs/cluster-experts/run.hpp"
#include "core/field.hpp"
#include "core/keep_field.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <cmath>

namespace cluster_experts {

void Run::make_territory() {
    const int K = dc_.K, d = dc_.d;
    const double r2 = std::sqrt(0.5);
    // u₁, u₂ on the centre coordinates c_k = e_{K+k} (data.hpp)
    std::vector<float> u1(static_cast<size_t>(d), 0.f), u2(static_cast<size_t>(d), 0.f);
    auto c = [&](int k) { return size_t(K + k); };
    if (K >= 4) {
        u1[c(0)] = float(r2), u1[c(2)] = float(-r2), u2[c(1)] = float(r2), u2[c(3)] = float(-r2);
    } else {
        u1[c(0)] = 1, u2[c(1)] = 1;
    }
    const double beta = 0.5 * (dc_.beta.lo + dc_.beta.hi), lim = 1.6 * beta * (K >= 4 ? r2 : 1.0) + 0.3;
    core::View& g = territory_;
    g = core::View{};
    g.id = "territory";
    g.title = "Router territories on the plane of the cluster centres";
    g.kind = core::ViewKind::Grid;
    g.grid_cols = 2;
    g.caption = "Which expert each router picks (noise-free argmax_m ⟨θ_m, s⟩; training adds fresh noise r) for a "
                "router input s on the plane of the centres, u₁ = (c₁ − c₃)/√2, u₂ = (c₂ − c₄)/√2. Exploration: one "
                "colour or none (Θ = 0); then each cluster's centre β̄·c_k ends in the territory of its own experts "
                "(the router learns the centres, Lemma E.17), for the linear MoE too: what it lacks is experts that "
                "specialise (Theorem 4.2 needs the nonlinearity).";
    const char* names[2] = {"nonlinear MoE", "linear MoE"};
    int held[2] = {0, 0};
    for (int mi = 0; mi < 2; ++mi) {
        const Router& R = moe_[size_t(mi)].router;
        core::View v;
        v.kind = core::ViewKind::Field;
        v.title = names[mi];
        v.x_label = K >= 4 ? "⟨u₁, s⟩" : "⟨c₁, s⟩";
        v.y_label = K >= 4 ? "⟨u₂, s⟩" : "⟨c₂, s⟩";
        v.x_min = v.y_min = -lim;
        v.x_max = v.y_max = lim;
        std::vector<float> s(static_cast<size_t>(d));
        std::vector<double> h(static_cast<size_t>(R.M));
        double spread = 0;
        core::fill_field(v, 48, 48, R.M, [&](double a, double b, float* out) {
            for (int i = 0; i < d; ++i) s[size_t(i)] = float(a * u1[size_t(i)] + b * u2[size_t(i)]);
            R.logits(s.data(), h.data());
            for (int m = 0; m < R.M; ++m)
                out[m] = float(h[size_t(m)]), spread = std::max(spread, std::abs(h[size_t(m)]));
        });
        if (spread == 0) v.field = core::Field{};   // Θ = 0: every expert ties, no territory yet
        for (int m = 0; m < R.M; ++m) v.legend.push_back("expert " + std::to_string(m + 1));
        std::vector<double> cx, cy;
        for (int k = 0; k < std::min(K, 4); ++k) {   // β̄ c_k on the plane
            cx.push_back(beta * u1[c(k)]);
            cy.push_back(beta * u2[c(k)]);
        }
        v.lines.push_back(core::places("cluster centres β̄·c_k", 7, cx, cy));
        const std::vector<int> won = core::field_territories(v.field);
        for (int n : won) held[mi] += n > 0;
        v.readouts.push_back(v.field.rows ? core::trnf(R.M, "%d of %d expert holds territory here",
                                                       "%d of %d experts hold territory here", held[mi], R.M)
                                          : "Θ = 0: every expert ties (exploration)");
        g.children.push_back(std::move(v));
    }
}

}   // namespace cluster_experts
