// The plots (docs/labs/latent-clusters.md §6), packaged from cached data only: the alignment race, the neuron ×
// direction heatmaps per expert, the router panel, the professional experts, and the test MSE bars.
#include "labs/latent-clusters/lab.hpp"
#include "core/linalg.hpp"
#include "core/text.hpp"
#include <cmath>
#include <cstdio>

namespace latent {

namespace {

std::vector<std::string> dir_labels(int C) {
    std::vector<std::string> r;
    for (int c = 0; c < C; ++c) r.push_back("w" + std::to_string(c + 1) + "*");
    r.push_back("wg*");
    for (int c = 0; c < C; ++c) r.push_back("v" + std::to_string(c + 1));
    return r;
}

core::View race(const Run& run) {
    const Config& cfg = run.config();
    const int d = run.teacher().d;
    core::View v;
    v.id = "race";
    v.title = "The alignment race";
    v.kind = core::ViewKind::Lines;
    v.caption =
        "Best |cos| over the MoE's experts with each cluster's w_c* and with w_g* (solid), against the vanilla network "
        "and the random-expert ablation (θ = 0 rule: one expert at random per sample; dashed). Phase I learns local "
        "directions only; after routing, the experts also learn w_g*, while the vanilla net's w_g* alignment stays in "
        "the chance band. Each expert's own curves are in the neuron × direction heatmaps.";
    v.x_label = "online SGD step t (Phase II's batch not counted)";
    v.y_label = "|cos|";
    v.log_y = true;
    v.y_min = 0.01;
    v.y_max = 1.1;
    // the series cached (decimated to ≤ ~1000 points) at each evaluation: only copied here
    const Snapshot& Sn = run.snap();
    auto add = [&](const std::string& label, const std::vector<double>& y, int color, bool dashed) {
        core::LineSeries s;
        s.label = label;
        s.x = Sn.race_t;
        s.y = y;
        s.color = color;
        s.dashed = dashed;
        v.lines.push_back(std::move(s));
    };
    const int C = run.teacher().C;
    for (int c = 0; c < C && c < int(Sn.race_c.size()); ++c)
        add("MoE: w" + std::to_string(c + 1) + "*", Sn.race_c[size_t(c)], c, false);
    add("MoE: wg*", Sn.race_g, C, false);
    add("vanilla: wg*", Sn.race_van_g, C, true);
    add("vanilla: w_c* (mean)", Sn.race_van_c, C + 1, true);
    if (cfg.baselines) add("random expert: wg*", Sn.race_off_g, C + 2, true);
    for (const OdeCurve* c : {&Sn.ode_I, &Sn.ode_III_c, &Sn.ode_III_g}) {
        if (c->t.empty()) continue;
        core::LineSeries s;
        s.label = c == &Sn.ode_I ? "mean-field ODE (docs/labs/latent-clusters.md §4.10)"
            : c == &Sn.ode_III_c ? "ODE, III: w_c*"
                                 : "ODE, III: wg*";
        s.x = c->t;
        s.y = c->kappa;
        s.color = 7;
        s.dashed = true;
        for (double& y : s.y) y = std::max(y, 1e-3);
        v.lines.push_back(std::move(s));
    }
    const double lo = 1 / std::sqrt(double(d)), hi = std::sqrt(2 * std::log(2.0 * cfg.J3) / d);
    v.overlays.push_back({core::Overlay::HBand, lo, hi, "chance: 1/√d … √(2 ln(2J)/d)", -1});
    v.overlays.push_back({core::Overlay::VLine, double(cfg.T1), 0, "II: router step, III: re-init", -1});
    v.overlays.push_back({core::Overlay::VLine, double(cfg.T1 + cfg.T3), 0, "IV: ridge", -1});
    const Snapshot& S = run.snap();
    v.readouts.push_back("MoE |cos(w, wg*)| = " + core::strf("%.3f", S.cos_g[kMoE]) +
                         ",  vanilla = " + core::strf("%.3f", S.cos_g[kVanilla]));
    v.readouts.push_back("1/√d = " + core::strf("%.3f", lo));
    return v;
}

core::View neuron_heat(const std::vector<double>& cos, int R, int n0, int n1, int C, const std::string& title) {
    core::View v;
    v.id = "neurons-" + title;
    v.title = title;
    v.kind = core::ViewKind::Heatmap;
    core::Heatmap& h = v.heat;
    h.rows = R;
    h.cols = n1 - n0;
    h.v.resize(size_t(h.rows) * size_t(h.cols));
    for (int r = 0; r < R; ++r)
        for (int n = n0; n < n1; ++n) h.v[size_t(r * h.cols + (n - n0))] = cos[size_t(n * R + r)];
    h.row_labels = dir_labels(C);
    for (int n = n0; n < n1; ++n) h.col_labels.push_back(std::to_string(n - n0 + 1));
    h.row_title = "direction";
    h.col_title = "neuron j";
    h.lo = -1;
    h.hi = 1;
    h.diverging = true;
    h.show_values = h.cols <= 8;
    return v;
}

core::View neurons(const Run& run) {
    const Snapshot& S = run.snap();
    const int C = run.teacher().C, R = run.teacher().n_dirs(), M = run.config().M, J = S.J_moe;
    core::View g;
    g.id = "neurons";
    g.title = "Neuron × direction alignment";
    g.kind = core::ViewKind::Grid;
    g.caption = "cos(w_{m,j}, ·) per expert (Figs. 1a, 2). After Phase I: one spike per expert on a w_c* row. After "
                "Phase III: spikes on both the cluster's w_c* row and the wg* row; the v rows stay near 0. The vanilla "
                "net has no wg* spike.";
    for (int m = 0; m < M && J > 0; ++m)
        g.children.push_back(neuron_heat(S.cos_moe, R, m * J, (m + 1) * J, C, "expert " + std::to_string(m + 1)));
    const int Nv = int(S.cos_van.size()) / R;
    if (Nv > 0) g.children.push_back(neuron_heat(S.cos_van, R, 0, Nv, C, "vanilla"));
    g.grid_cols = 3;
    return g;
}

core::View mc_heat(const std::string& id, const std::string& title, const std::vector<double>& vals, int M, int C,
                   double lo, double hi, bool diverging) {
    core::View v;
    v.id = id;
    v.title = title;
    v.kind = core::ViewKind::Heatmap;
    core::Heatmap& h = v.heat;
    h.rows = M;
    h.cols = C;
    h.v = vals;
    h.lo = lo;
    h.hi = hi;
    h.diverging = diverging;
    for (int m = 0; m < M; ++m) h.row_labels.push_back("expert " + std::to_string(m + 1));
    for (int c = 0; c < C; ++c) h.col_labels.push_back("cluster " + std::to_string(c + 1));
    h.row_title = "expert m";
    h.col_title = "cluster c";
    return v;
}

core::View router(const Run& run) {
    const Snapshot& S = run.snap();
    const Config& cfg = run.config();
    const Teacher& T = run.teacher();
    const int M = cfg.M, C = T.C;
    core::View g;
    g.id = "router";
    g.title = "The router";
    g.kind = core::ViewKind::Grid;
    g.caption = "After Phase II, θ_m points towards the clusters its expert aligned with (cos > 0) and away from the "
                "others (Lemma 4.10); the router learned the centred expert × cluster correlation. Test points in the "
                "(v_1·x, v_2·x) plane are coloured by their top-1 expert (hollow: more than one expert active).";
    if (S.routed) {
        g.children.push_back(mc_heat("router-cos", "cos(θ_m, v_c)", S.cos_theta_v, M, C, -1, 1, true));
        double mx = 1e-12;
        for (double x : S.G_centered) mx = std::max(mx, std::abs(x));
        g.children.push_back(mc_heat("router-G", "G_{m,c} − mean_m G_{m,c}", S.G_centered, M, C, -mx, mx, true));
        g.children.back().heat.value_format = "%.2g";
    }
    core::View sc;
    sc.id = "router-points";
    sc.title = "test points on (v_1·x, v_2·x)";
    sc.kind = core::ViewKind::Scatter;
    sc.x_label = "v_1·x";
    sc.y_label = "v_2·x";
    sc.points = S.points;
    if (S.routed)
        for (int m = 0; m < M; ++m) sc.legend.push_back("expert " + std::to_string(m + 1));
    else
        for (int c = 0; c < C; ++c)
            sc.legend.push_back("cluster " + std::to_string(c + 1) + " (router not learned yet)");
    g.children.push_back(std::move(sc));
    if (S.routed) {
        g.readouts.push_back("top-1 routing accuracy " + core::strf("%.3f", S.route_acc) + ", leak " +
                             core::strf("%.3f", S.leak) + ", none active " + core::strf("%.3f", S.none_active) +
                             ", mean active " + core::strf("%.2f", S.k_mean));
        g.readouts.push_back("‖Σ_m θ_m‖ = " + core::strf("%.2g", S.zero_sum) + " (Lemma C.16: 0)");
    } else {
        g.readouts.push_back("the router is learned in Phase II (θ = 0 until then: every expert ties)");
    }
    g.grid_cols = 3;
    return g;
}

core::View professional(const Run& run) {
    const Snapshot& S = run.snap();
    const int M = run.config().M, C = run.teacher().C, R = run.teacher().n_dirs();
    std::vector<double> vals(size_t(M) * size_t(C), 0.0);
    if (!S.align_I.empty()) vals = S.align_I;
    else if (S.J_moe == run.config().J1)
        for (int m = 0; m < M; ++m)
            for (int c = 0; c < C; ++c)
                for (int j = 0; j < S.J_moe; ++j)
                    vals[size_t(m * C + c)] =
                        std::max(vals[size_t(m * C + c)], std::abs(S.cos_moe[size_t((m * S.J_moe + j) * R + c)]));
    core::View v =
        mc_heat("professional", "Professional experts: predicted at t = 0 vs Phase I", vals, M, C, 0, 1, false);
    v.caption =
        "Colour: max_j |cos(w_{m,j}, w_c*)| during / after Phase I. Dots: the cluster predicted for each expert at "
        "initialisation (Def. 4.7, the race is decided at t = 0: Lemma A.4). At d = 32 the prediction holds for most "
        "but not all experts (docs/labs/latent-clusters.md §7.7).";
    for (int m = 0; m < M && m < int(S.pred_init.size()); ++m) v.heat.marks.push_back({m, S.pred_init[size_t(m)]});
    v.heat.mark_label = "predicted at t = 0";
    if (!S.outcome_I.empty()) {
        int agree = 0;
        for (int m = 0; m < M; ++m) agree += S.outcome_I[size_t(m)] == S.pred_init[size_t(m)];
        v.readouts.push_back("prediction = outcome for " + std::to_string(agree) + " of " + std::to_string(M) +
                             " experts");
    }
    return v;
}

core::View mse(const Run& run) {
    const Snapshot& S = run.snap();
    core::View v;
    v.id = "mse";
    v.title = "Test MSE against the clean target";
    v.kind = core::ViewKind::Bars;
    v.caption =
        "After Phase IV (ridge on the second layer). The MoE falls towards and below the 'local tasks only' line; the "
        "vanilla net and the random-expert MoE (θ = 0 rule) stay near the 'no routing' line: without a router they can "
        "neither select the cluster's local task nor learn w_g* (Thm 4.3); forced top-1 is usually worse than adaptive "
        "top-k (Remark 4.12).";
    v.y_label = "MSE";
    if (S.fitted) {
        v.bars.push_back({"MoE (adaptive top-k)", S.mse[kMoE], 0, 0});
        if (run.config().baselines) {
            v.bars.push_back({"MoE forced top-1", S.mse[kTop1], 0, 1});
            v.bars.push_back({"random expert (θ = 0 rule)", S.mse[kOff], 0, 5});
        }
        v.bars.push_back({"vanilla", S.mse[kVanilla], 0, 3});
        v.bars.push_back({"zero predictor", S.mse_zero, 0, -1});
    } else {
        v.readouts.push_back("filled in at the end of Phase IV");
    }
    v.overlays.push_back(
        {core::Overlay::HLine, run.teacher().local_only_mse(), 0, "local tasks only: E[(s_c g*)²]", -1});
    v.overlays.push_back({core::Overlay::HLine, run.teacher().zero_mse(), 0, "zero predictor: E[y²]", -1});
    if (run.config().teacher.links == Links::PureHermite) {
        // Without routing, the best fit from neurons aligned with the w_c* only is (1/C) Σ_c h(w_c*·x):
        // error (C−1)/C from the other clusters' local tasks plus E[s_c²] from the missing global task.
        const int C = run.teacher().C;
        v.overlays.push_back({core::Overlay::HLine, double(C - 1) / C + run.teacher().local_only_mse(), 0,
                              "no routing, local directions only", -1});
    }
    return v;
}

}   // namespace

void Run::views(std::vector<core::View>& out) const {
    out.push_back(latent::race(*this));
    out.push_back(latent::neurons(*this));
    out.push_back(latent::router(*this));
    out.push_back(snap().territory);
    out.push_back(latent::professional(*this));
    out.push_back(latent::mse(*this));
}

}   // namespace latent
