// The plots of the gated-regression lab (docs/labs/gated-regression.md §6), packaged from the runs' recorded curves.
#include "core/field.hpp"
#include "labs/gated-regression/run.hpp"
#include "core/fmath.hpp"
#include "core/linalg.hpp"
#include "core/text.hpp"
#include "core/view_builder.hpp"
#include "core/words.hpp"
#include "labs/gated-regression/sweep_jobs.hpp"
#include <algorithm>
#include <cmath>

namespace gated {
using core::strf;

namespace {
constexpr int kBlue = 0, kGreen = 2, kRed = 3, kGrey = 7;
constexpr int kMapPoints = 1500;

// One faint line per run and a bold median line (the median at every x over the runs): column `col` of each
// run's thinned curve against its column 0. Every run has pushed the same rows, so their kept x's agree.
void runs_and_median(std::vector<core::LineSeries>& out, const std::vector<const core::ThinnedRows*>& curves,
                     size_t col, const std::string& label, int color) {
    std::vector<std::vector<double>> ys;
    std::vector<double> x;
    for (const auto* c : curves) {
        if (c->size() == 0) continue;
        core::LineSeries s = core::line("", c->column(0), c->column(col), color);
        s.width = 0.5f;
        s.alpha = 0.35f;
        if (x.empty() || s.x.size() < x.size()) x = s.x;
        ys.push_back(s.y);
        out.push_back(std::move(s));
    }
    core::LineSeries m = core::line(label, color);
    m.width = 2.0f;
    for (size_t i = 0; i < x.size(); ++i) {
        std::vector<double> v;
        for (const auto& y : ys) v.push_back(y[i]);
        m.x.push_back(x[i]);
        m.y.push_back(median(v));
    }
    out.push_back(std::move(m));
}

// The learned boundary between experts 1 and 2, (w_1 − w_2)·x = 0, restricted to the plane spanned by eu, ev.
core::LineSeries boundary(const std::vector<double>& normal, const std::vector<double>& eu,
                          const std::vector<double>& ev, const char* label, int color, bool dashed) {
    core::LineSeries s = core::line(label, color, dashed);
    s.width = 1.3f;
    const int d = int(normal.size());
    const double nu = core::dot(normal.data(), eu.data(), d), nv = core::dot(normal.data(), ev.data(), d);
    const double n = std::sqrt(nu * nu + nv * nv);
    if (n < 1e-9) return s;   // the boundary does not cross this plane
    const double L = 10;
    s.x = {-L * nv / n, L * nv / n};
    s.y = {L * nu / n, -L * nu / n};
    return s;
}
}   // namespace

int Run::showcase() const {
    for (size_t r = 0; r < runs_.size(); ++r) {
        const Trial& R = runs_[r];
        const double e = stage_ == kDraw || stage_ == kExperts ? R.ereg_now[kL2] : R.ro[kL2].e_reg;
        if (e >= 0.05) return int(r);
    }
    return 0;
}

void Run::views(std::vector<core::View>& out) const {
    if (runs_.empty()) return;
    const int d = cfg_.truth.d, k = cfg_.truth.k, nr = int(runs_.size());
    const bool phase1_done = stage_ != kDraw && stage_ != kExperts;
    const bool gates_done = stage_ == kSweep || stage_ == kDone;

    // 1. Two losses, two fates (Fig. 2a): E_reg per seed on a log axis, the L_4 loss underneath.
    {
        core::View g =
            core::grid("two_fates", "Two losses, two fates")
                .caption(
                    "Top: E_reg of every run (thin) and the median (bold), L₄ in blue, ℓ2 in orange, on the same "
                    "data from the same starts. L₄ waits on a plateau, then every run drops under {=0.05}; ℓ2 runs "
                    "split, some freeze near {=0.6}. Bottom: the L₄ loss: its plateau at λk is the saddle A = 0 "
                    "(docs/labs/gated-regression.md §4.3).")
                .columns(1);
        core::View e = core::lines("", "E_reg per run (§4), log scale")
                           .x("", 0, cfg_.iters)   // no label: the x-axis is shared with the loss panel below
                           .y("E_reg", 1e-3, 1)
                           .log_y()
                           .hline(0.05, "success: E_reg < {=0.05}");
        std::vector<const core::ThinnedRows*> c1;
        for (const Trial& R : runs_) c1.push_back(&R.curve1);
        runs_and_median(e.lines, c1, kC1EregL4, core::trf("L₄ (median of %d)", nr), kBlue);
        runs_and_median(e.lines, c1, kC1EregL2, core::trf("ℓ2 (median of %d)", nr), kRed);
        if (cfg_.em) runs_and_median(e.lines, c1, kC1EregEM, "EM (not in the paper; x = EM iteration)", kGreen);
        core::View l = core::lines("", "L₄(A) (eq. 7) on the run's own data")
                           .x("iteration", 0, cfg_.iters)
                           .y("L₄")
                           .hline(cfg_.h.lambda * k, "λk: the saddle at A = 0");
        runs_and_median(l.lines, c1, kC1LossL4, "L₄ loss", kBlue);
        g.children.push_back(std::move(e));
        g.children.push_back(std::move(l));
        int ok4 = 0, ok2 = 0, last = 0;
        for (const Trial& R : runs_) {
            if (std::isnan(R.ereg_now[kL4])) continue;
            ++last;
            ok4 += R.ereg_now[kL4] < 0.05;
            ok2 += R.ereg_now[kL2] < 0.05;
        }
        if (last) g.readouts.push_back(core::trf("now below {=0.05}: L₄ %d of %d runs, ℓ2 %d of %d", ok4, nr, ok2, nr));
        out.push_back(std::move(g));
    }

    // 2. Routing map: test points in the plane (w*·x, (a₁* − a₂*)·x/√2) coloured by the learned gate probability.
    const int sr = showcase();
    const Trial& S = runs_[size_t(sr)];
    {
        // every lab's routing territory has the id "territory" (a link's view=territory)
        core::View g =
            core::grid("territory", core::trf("Routing map, run %d", sr + 1))
                .caption("Accuracy is not recovery. The plane of the true gate direction (x-axis) and the experts' "
                         "difference (y-axis), split into the learned gate's territories: colour = the expert the gate "
                         "prefers there, saturation = its gate probability; test inputs in the colour of the expert "
                         "their own gate prefers. Dashed grey: the true boundary; solid: the learned one. A stuck ℓ2 "
                         "run gates on the experts' difference: its boundary is turned by 90°, yet its test MSE is "
                         "within a hair of the truth's.")
                .columns(2);
        const MapPlane plane = map_plane(truth_);
        const std::vector<double>&wdiff = plane.wdiff, &eu = plane.eu, &ev = plane.ev;
        auto panel = [&](const MapPanel& mp, const core::Field& field, const std::string& title, int color,
                         const std::vector<std::string>& ro) {
            const GatedModel& m = mp.m;
            const int e1 = mp.e1, e2 = mp.e2;
            core::View v = core::field_view("", title)
                               .x("⟨w*, x⟩/‖w*‖", -kMapHalfWidth, kMapHalfWidth)
                               .y("⟨a₁* − a₂*, x⟩/√2", -kMapHalfWidth, kMapHalfWidth)
                               .value_scale(0, 1, true)
                               .legend(core::numbered(k, "expert "));
            // channel c: the learned expert matched to true expert c (e1, e2, then the others)
            std::vector<int> order = {e1, e2};
            for (int i = 0; i < k; ++i)
                if (i != e1 && i != e2) order.push_back(i);
            double p[16];
            auto top = [&]() {
                int best = 0;
                for (int c = 1; c < k; ++c) best = p[order[size_t(c)]] > p[order[size_t(best)]] ? c : best;
                return best;
            };
            const int np = std::min(test_.n, kMapPoints);
            for (int t = 0; t < np; ++t) {
                const double* x = &test_.X[size_t(t * d)];
                gate_probs(m.W.data(), k, d, x, p);
                core::ScatterPoint q;
                q.x = float(core::dot(eu.data(), x, d));
                q.y = float(core::dot(ev.data(), x, d));
                q.value = float(p[e1]);
                q.color = top();
                v.points.push_back(q);
            }
            v.field = field;   // made in step() (territory.cpp) from gate_probs, the gate training uses
            std::vector<double> nl(size_t(d), 0.0);
            for (int j = 0; j < d; ++j)
                nl[size_t(j)] =
                    (e1 + 1 < k ? m.W[size_t(e1 * d + j)] : 0.0) - (e2 + 1 < k ? m.W[size_t(e2 * d + j)] : 0.0);
            v.lines.push_back(boundary(wdiff, eu, ev, "true boundary", kGrey, true));
            v.lines.push_back(boundary(nl, eu, ev, "learned boundary", color, false));
            v.readouts = ro;
            return v;
        };
        const RunEval& ev2 = S.ev;
        const bool evd = gates_done;
        std::vector<std::string> ro2, ro4;
        const double e2 = phase1_done ? S.ro[kL2].e_reg : S.ereg_now[kL2];
        ro2.push_back(
            evd ? core::trf("test MSE %.4f (oracle %.4f, linear %.4f)", ev2.mse_l2, ev2.mse_oracle, ev2.mse_linreg)
                : "test MSE: after Phase 2");
        ro2.push_back(evd ? core::trf("E_reg %.3f, routing: gate %.3f, posterior %.3f", e2, ev2.route_gate_l2own,
                                      ev2.route_post_l2own)
                          : core::trf("E_reg %.3f", e2));
        const std::array<MapPanel, 2> models = map_panels();
        ro4.push_back(evd ? core::trf("test MSE %.4f (oracle %.4f)", ev2.mse_l4, ev2.mse_oracle)
                          : "gate: learned in Phase 2");
        ro4.push_back(evd ? core::trf("routing: gate %.3f (Bayes %.3f), posterior %.3f (oracle %.3f)",
                                      ev2.route_gate[kAL4], ev2.route_gate[kAStar], ev2.route_post[kAL4],
                                      ev2.route_post[kAStar])
                          : core::trf("E_gating now %.3f", S.egat[kAL4]));
        g.children.push_back(panel(models[0], map_fields_[0], "ℓ2 (A, W learned jointly)", kRed, ro2));
        g.children.push_back(panel(models[1], map_fields_[1], "L₄ then L_log (Â, Ŵ)", kBlue, ro4));
        out.push_back(std::move(g));
    }

    // 3. Alignment matrices (the tensor-decomposition view of eq. 8) and the part of each row outside span A*.
    {
        core::View g =
            core::grid("alignment", core::trf("Alignment, run %d", sr + 1))
                .caption("|cos(â_i, a*_m)|: a permutation matrix when the experts are recovered. Â A*ᵀ (raw L₄ rows): "
                         "a signed permutation times diag(1/√α*) shrunk by δ_F (eq. 8, Theorem 1). Bars: the share of "
                         "each learned row outside span A*, which only δ_F damps.")
                .columns(2);
        const std::vector<double> yx = S.mom.n() > 0 ? S.mom.mean_yx() : std::vector<double>(size_t(d), 1.0);
        const Readout r4 = read_experts(S.A4, truth_.A, k, d, yx, true),
                      r2 = read_experts(S.l2.A, truth_.A, k, d, yx, false);
        auto heat = [&](const std::vector<double>& v, const std::string& title) {
            return core::heatmap("", title)
                .cells(k, k, v)
                .rows("learned row i", core::numbered(k))
                .cols("true expert m", core::numbered(k, "a", "*"));
        };
        g.children.push_back(heat(r4.cos, core::trf("L₄ |cos|, E_reg %.3f", r4.e_reg)).scale(0, 1));
        double bmax = 1;
        for (double v : r4.B) bmax = std::max(bmax, std::fabs(v));
        g.children.push_back(heat(r4.B, "L₄ raw Â A*ᵀ").diverging(bmax));
        g.children.push_back(heat(r2.cos, core::trf("ℓ2 |cos|, E_reg %.3f", r2.e_reg)).scale(0, 1));
        core::View b = core::bars("", "share outside span A*").y("share", 0, 1);
        for (int i = 0; i < k; ++i) b.bars.push_back({core::trf("L₄ %d", i + 1), r4.perp[size_t(i)], 0, kBlue});
        for (int i = 0; i < k; ++i) b.bars.push_back({core::trf("ℓ2 %d", i + 1), r2.perp[size_t(i)], 0, kRed});
        g.children.push_back(std::move(b));
        std::string alpha = "α* = E[p*(x)] =";
        for (double a : alpha_star_) alpha += core::trf(" %.3f", a);
        g.readouts.push_back(alpha);
        out.push_back(std::move(g));
    }

    // 4. Sample complexity (Theorem 2): success rate against n.
    if (cfg_.sweep) {
        core::View v = core::lines("sample_complexity", "Sample complexity")
                           .caption(core::trnf(
                               cfg_.sweep_seeds,
                               "Each point: %d seed, one data stream per seed (nested prefixes). L₄ needs many samples "
                               "(its estimates use 8th moments) but then always succeeds; ℓ2's failures do not go "
                               "away with more data.",
                               "Each point: %d seeds, one data stream per seed (nested prefixes). L₄ needs many "
                               "samples (its estimates use 8th moments) but then always succeeds; ℓ2's failures do "
                               "not go away with more data.",
                               cfg_.sweep_seeds))
                           .x("n (samples)", 800, cfg_.sweep_n_max * 1.25)
                           .log_x()
                           .y("success rate (E_reg < {=0.05})", -0.03, 1.03);
        const std::string l4 = core::trf("L₄, d = %d", d), l4b = core::trf("L₄, d = %d", cfg_.d2),
                          l2 = core::trf("ℓ2, d = %d", d);
        const char* labels[3] = {l4.c_str(), l4b.c_str(), l2.c_str()};
        const int colors[3] = {kBlue, 5, kRed};
        for (int s = 0; s < 3; ++s) {
            core::LineSeries ls = sweep_.started() ? sweep_.line(s, 1, labels[s]) : core::LineSeries();
            ls.label = labels[s];
            ls.color = colors[s];
            ls.markers = true;
            ls.dashed = s == 1;
            ls.lo.clear();
            ls.hi.clear();
            v.lines.push_back(std::move(ls));
        }
        if (sweep_.started())
            v.readouts.push_back(core::trf("%d of %d runs done", sweep_.jobs_done(), sweep_.jobs_total()));
        else v.readouts.push_back("runs in Phase 3");
        out.push_back(std::move(v));
    }

    // 5. Phase 2 (Fig. 2b, Theorem 3): ‖W − W*‖ against the L_log iteration for the three frozen A's.
    {
        core::View v =
            core::lines("gates", "Phase 2: gates, experts frozen")
                .caption("Projected GD on L_log from one random W₀ per run, with A = A* (grey), Â from L₄ (blue) and Â "
                         "from ℓ2 (orange). With A* or L₄'s experts the error falls geometrically (Theorem 3); with a "
                         "stuck ℓ2 run's experts it stalls.")
                .x("L_log iteration t", 0, cfg_.iters_log)
                .y("‖W − W*‖ = max_i ‖w_i − w_i*‖", 0, cfg_.R + cfg_.truth.w_norm);
        std::vector<const core::ThinnedRows*> c2;
        for (const Trial& R : runs_) c2.push_back(&R.curve2);
        runs_and_median(v.lines, c2, kC2Werr + kAStar, "A = A*", kGrey);
        runs_and_median(v.lines, c2, kC2Werr + kAL4, "Â from L₄", kBlue);
        runs_and_median(v.lines, c2, kC2Werr + kAL2, "Â from ℓ2", kRed);
        // Theorem 3's envelope ρ^t‖W₀ − W*‖ + floor: ρ fitted to the median A* curve until it has fallen tenfold, the floor
        // κ ε_reg/(1 − ρ) read off the median Â_L4 curve's end.
        const core::LineSeries* mstar = nullptr;
        const core::LineSeries* ml4 = nullptr;
        for (const auto& s : v.lines) {
            if (s.label == "A = A*") mstar = &s;
            if (s.label == "Â from L₄") ml4 = &s;
        }
        if (cfg_.envelope && mstar && ml4 && mstar->y.size() > 3 && mstar->y[0] > 0) {
            size_t t1 = 1;
            while (t1 + 1 < mstar->y.size() && mstar->y[t1] > 0.1 * mstar->y[0]) ++t1;
            const double rho = std::max(
                1e-6,
                std::min(0.999,
                         core::fm::exp(core::fm::log(std::max(1e-300, mstar->y[t1] / mstar->y[0])) / double(t1))));
            const double floor = ml4->y.back();
            core::LineSeries env = core::line(core::trf("Theorem 3 envelope, ρ = %.2f (fitted)", rho), kGrey, true);
            double pw = 1;
            for (size_t i = 0; i < mstar->x.size(); ++i) {
                env.x.push_back(mstar->x[i]);
                env.y.push_back(pw * ml4->y[0] + floor);
                pw *= rho;
            }
            v.lines.push_back(std::move(env));
        }
        if (gates_done)
            v.readouts.push_back(core::trf("median E_gating: A* %.4f, L₄ %.4f, ℓ2 %.4f", sum_.egating[kAStar],
                                           sum_.egating[kAL4], sum_.egating[kAL2]));
        out.push_back(std::move(v));
    }
}

}   // namespace gated
