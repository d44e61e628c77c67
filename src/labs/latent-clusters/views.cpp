// The plots (docs/labs/latent-clusters.md §6), packaged from cached data only: the alignment race, the neuron ×
// direction heatmaps per expert, the router panel, the professional experts, and the test MSE bars.
#include "labs/latent-clusters/lab.hpp"
#include "core/linalg.hpp"
#include "core/text.hpp"
#include "core/view_builder.hpp"
#include "core/words.hpp"
#include <cmath>
#include <cstdio>

namespace latent {

namespace {

std::vector<std::string> dir_labels(int C) {
    std::vector<std::string> r = core::numbered(C, "w", "*");
    r.push_back("wg*");
    for (std::string& v : core::numbered(C, "v")) r.push_back(std::move(v));
    return r;
}

core::View race(const Run& run) {
    const Config& cfg = run.config();
    const int d = run.teacher().d;
    const double lo = 1 / std::sqrt(double(d)), hi = std::sqrt(2 * std::log(2.0 * cfg.J3) / d);
    const Snapshot& S = run.snap();
    core::View v =
        core::lines("race", "The alignment race")
            .caption("Best |cos| over the MoE's experts with each cluster's w_c* and with w_g* (solid), against the "
                     "vanilla network and the random-expert ablation (θ = 0 rule: one expert at random per sample; "
                     "dashed). Phase I learns local directions only; after routing, the experts also learn w_g*, while "
                     "the vanilla net's w_g* alignment stays in the chance band. Each expert's own curves are in the "
                     "neuron × direction heatmaps.")
            .x("online SGD step t (Phase II's batch not counted)")
            .y("|cos|", 0.01, 1.1)
            .log_y()
            .hband(lo, hi, "chance: 1/√d … √(2 ln(2J)/d)")
            .vline(double(cfg.T1), "II: router step, III: re-init")
            .vline(double(cfg.T1 + cfg.T3), "IV: ridge")
            .readout(core::trf("MoE |cos(w, wg*)| = %.3f,  vanilla = %.3f", S.cos_g[kMoE], S.cos_g[kVanilla]))
            .readout(core::trf("1/√d = %.3f", lo));
    // the series cached (decimated to ≤ ~1000 points) at each evaluation: only copied here
    auto add = [&](const std::string& label, const std::vector<double>& y, int color, bool dashed) {
        v.lines.push_back(core::line(label, S.race_t, y, color, dashed));
    };
    const int C = run.teacher().C;
    for (int c = 0; c < C && c < int(S.race_c.size()); ++c)
        add(core::trf("MoE: w%d*", c + 1), S.race_c[size_t(c)], c, false);
    add("MoE: wg*", S.race_g, C, false);
    add("vanilla: wg*", S.race_van_g, C, true);
    add("vanilla: w_c* (mean)", S.race_van_c, C + 1, true);
    if (cfg.baselines) add("random expert: wg*", S.race_off_g, C + 2, true);
    for (const OdeCurve* c : {&S.ode_I, &S.ode_III_c, &S.ode_III_g}) {
        if (c->t.empty()) continue;
        core::LineSeries s = core::line(c == &S.ode_I           ? "mean-field ODE (docs/labs/latent-clusters.md §4.10)"
                                            : c == &S.ode_III_c ? "ODE, III: w_c*"
                                                                : "ODE, III: wg*",
                                        c->t, c->kappa, 7, true);
        for (double& y : s.y) y = std::max(y, 1e-3);
        v.lines.push_back(std::move(s));
    }
    return v;
}

core::View neuron_heat(const std::vector<double>& cos, int R, int n0, int n1, int C, const std::string& title) {
    const int cols = n1 - n0;
    std::vector<double> cells(size_t(R) * size_t(cols));
    for (int r = 0; r < R; ++r)
        for (int n = n0; n < n1; ++n) cells[size_t(r * cols + (n - n0))] = cos[size_t(n * R + r)];
    return core::heatmap("neurons-" + title, title)
        .cells(R, cols, std::move(cells))
        .rows("direction", dir_labels(C))
        .cols("neuron j", core::numbered(cols))
        .diverging(1)
        .show_values(cols <= 8);
}

core::View neurons(const Run& run) {
    const Snapshot& S = run.snap();
    const int C = run.teacher().C, R = run.teacher().n_dirs(), M = run.config().M, J = S.J_moe;
    core::View g =
        core::grid("neurons", "Neuron × direction alignment")
            .caption("cos(w_{m,j}, ·) per expert (Figs. 1a, 2). After Phase I: one spike per expert on a w_c* row. "
                     "After Phase III: spikes on both the cluster's w_c* row and the wg* row; the v rows stay near 0. "
                     "The vanilla net has no wg* spike.")
            .columns(3);
    for (int m = 0; m < M && J > 0; ++m)
        g.children.push_back(neuron_heat(S.cos_moe, R, m * J, (m + 1) * J, C, "expert " + std::to_string(m + 1)));
    const int Nv = int(S.cos_van.size()) / R;
    if (Nv > 0) g.children.push_back(neuron_heat(S.cos_van, R, 0, Nv, C, "vanilla net"));
    return g;
}

// Experts (rows) × clusters (columns); the colour scale is the caller's.
core::ViewBuilder mc_heat(const std::string& id, const std::string& title, const std::vector<double>& vals, int M,
                          int C) {
    return core::heatmap(id, title)
        .cells(M, C, vals)
        .rows("expert m", core::numbered(M, "expert "))
        .cols("cluster c", core::numbered(C, "cluster "));
}

core::View router(const Run& run) {
    const Snapshot& S = run.snap();
    const Config& cfg = run.config();
    const Teacher& T = run.teacher();
    const int M = cfg.M, C = T.C;
    core::View g =
        core::grid("router", "The router")
            .caption(
                "After Phase II, θ_m points towards the clusters its expert aligned with (cos > 0) and away from "
                "the others (Lemma 4.10); the router learned the centred expert × cluster correlation. Test points "
                "in the (v_1·x, v_2·x) plane are coloured by their top-1 expert (hollow: more than one expert "
                "active).")
            .columns(3);
    if (S.routed) {
        g.children.push_back(mc_heat("router-cos", "cos(θ_m, v_c)", S.cos_theta_v, M, C).diverging(1));
        double mx = 1e-12;
        for (double x : S.G_centered) mx = std::max(mx, std::abs(x));
        g.children.push_back(
            mc_heat("router-G", "G_{m,c} − mean_m G_{m,c}", S.G_centered, M, C).diverging(mx).format("%.2g"));
    }
    core::View sc = core::scatter("router-points", "test points on (v_1·x, v_2·x)")
                        .x("v_1·x")
                        .y("v_2·x")
                        .legend(S.routed ? core::numbered(M, "expert ")
                                         : core::numbered(C, "cluster ", " (router not learned yet)"));
    sc.points = S.points;
    g.children.push_back(std::move(sc));
    if (S.routed) {
        g.readouts.push_back(core::trf("top-1 routing accuracy %.3f, leak %.3f, none active %.3f, mean active %.2f",
                                       S.route_acc, S.leak, S.none_active, S.k_mean));
        g.readouts.push_back(core::trf("‖Σ_m θ_m‖ = %.2g (Lemma C.16: 0)", S.zero_sum));
    } else {
        g.readouts.push_back("the router is learned in Phase II (θ = 0 until then: every expert ties)");
    }
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
    std::vector<std::pair<int, int>> predicted;
    for (int m = 0; m < M && m < int(S.pred_init.size()); ++m) predicted.push_back({m, S.pred_init[size_t(m)]});
    core::View v =
        mc_heat("professional", "Professional experts: predicted at t = 0 vs Phase I", vals, M, C)
            .scale(0, 1)
            .caption("Colour: max_j |cos(w_{m,j}, w_c*)| during / after Phase I. Dots: the cluster predicted for each "
                     "expert at initialisation (Def. 4.7, the race is decided at t = 0: Lemma A.4). At d = 32 the "
                     "prediction holds for most but not all experts (docs/labs/latent-clusters.md §7.7).")
            .marks(std::move(predicted), "predicted at t = 0");
    if (!S.outcome_I.empty()) {
        int agree = 0;
        for (int m = 0; m < M; ++m) agree += S.outcome_I[size_t(m)] == S.pred_init[size_t(m)];
        v.readouts.push_back(core::trnf(M, "prediction = outcome for %d of %d expert",
                                        "prediction = outcome for %d of %d experts", agree, M));
    }
    return v;
}

core::View mse(const Run& run) {
    const Snapshot& S = run.snap();
    core::View v =
        core::bars("mse", "Test MSE against the clean target")
            .caption("After Phase IV (ridge on the second layer). The MoE falls towards and below the 'local tasks "
                     "only' line; the vanilla net and the random-expert MoE (θ = 0 rule) stay near the 'no routing' "
                     "line: without a router they can neither select the cluster's local task nor learn w_g* (Thm "
                     "4.3); forced top-1 is usually worse than adaptive top-k (Remark 4.12).")
            .y("MSE")
            .hline(run.teacher().local_only_mse(), "local tasks only: E[(s_c g*)²]")
            .hline(run.teacher().zero_mse(), "zero predictor: E[y²]");
    if (S.fitted) {
        v.bars.push_back({"MoE (adaptive top-k)", S.mse[kMoE], 0, 0});
        if (run.config().baselines) {
            v.bars.push_back({"MoE forced top-1", S.mse[kTop1], 0, 1});
            v.bars.push_back({"random expert (θ = 0 rule)", S.mse[kOff], 0, 5});
        }
        v.bars.push_back({"vanilla net", S.mse[kVanilla], 0, 3});
        v.bars.push_back({"zero predictor", S.mse_zero, 0, -1});
    } else {
        v.readouts.push_back("filled in at the end of Phase IV");
    }
    if (run.config().teacher.links == Links::PureHermite) {
        // Without routing, the best fit from neurons aligned with the w_c* only is (1/C) Σ_c h(w_c*·x):
        // error (C−1)/C from the other clusters' local tasks plus E[s_c²] from the missing global task.
        const int C = run.teacher().C;
        v.overlays.push_back(
            core::hline(double(C - 1) / C + run.teacher().local_only_mse(), "no routing, local directions only"));
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
