// The views: built from cached data only (histories, routing stats, sweep curves), once per frame.
#include "labs/patch-routing/run.hpp"
#include "core/keep_field.hpp"
#include "core/text.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace patch_routing {

namespace {

std::string nstar_text(double v) { return std::isnan(v) ? "not reached" : core::strf("≈ %.0f", v); }

core::LineSeries series(const std::string& label, const std::vector<double>& x, const std::vector<double>& y, int color,
                        bool dashed = false) {
    core::LineSeries s;
    s.label = label;
    for (size_t i = 0; i < x.size() && i < y.size(); ++i)
        if (!std::isnan(y[i])) {
            s.x.push_back(x[i]);
            s.y.push_back(y[i]);
        }
    s.color = color;
    s.dashed = dashed;
    return s;
}

const char* kShort[3] = {"CNN", "sep", "joint"};

}   // namespace

void Run::views(std::vector<core::View>& out) const {
    const Config& c = cfg_;
    const int lstar = c.data.c + 1;

    // 1. sample complexity (Fig. 4 analogue; Thm 4.2 vs 4.3)
    {
        core::View v;
        v.id = "sample_complexity";
        v.title = "Sample complexity: test accuracy against N";
        v.caption = "Each point is the mean ± sd over seeds of a model trained to zero training error on N samples; "
                    "separate pMoE crosses the 95 % line at a much smaller N than the CNN of the same size.";
        v.kind = core::ViewKind::Lines;
        v.x_label = "training samples N";
        v.y_label = "test accuracy";
        v.log_x = true;
        if (!c.Ns.empty()) {   // the sweep's whole N range from the start, so points fill in where they belong
            v.x_min = *std::min_element(c.Ns.begin(), c.Ns.end()) * 0.9;
            v.x_max = *std::max_element(c.Ns.begin(), c.Ns.end()) * 1.1;
        }
        v.y_min = 0.45;
        v.y_max = 1.0;
        for (const auto& s : curve_)
            if (!s.x.empty()) v.lines.push_back(s);
        v.overlays.push_back({core::Overlay::HLine, c.target, 0, "95 % target"});
        for (int a = 0; a < 3; ++a)
            if (!std::isnan(nstar_[size_t(a)]))
                v.overlays.push_back({core::Overlay::VLine, nstar_[size_t(a)], 0, std::string("N* ") + kShort[a], a});
        // Three lines, so that they stay on screen at UI scale 1.6 in presentation mode.
        v.readouts.push_back("N* (95 %): CNN " + nstar_text(nstar_[0]) + ", separate " + nstar_text(nstar_[1]) +
                             ", joint " + nstar_text(nstar_[2]) +
                             core::strf("   (runs %d / %d, %d seeds per point)", sweep_.jobs_done(),
                                        sweep_.jobs_total(), c.sweep_seeds));
        // the spread behind the ratio: each seed's own curves (a mean over 3 seeds still varies from run to run);
        // a seed meets N*_sep ≤ N*_CNN / 4 where its value is ≥ 4
        std::string per;
        for (size_t r = 0; r < seed_ratio_sep_.size(); ++r)
            per += (r ? " / " : ", per seed ") +
                (std::isnan(seed_ratio_sep_[r]) ? std::string("n/a") : core::strf("%.1f", 1 / seed_ratio_sep_[r]));
        v.readouts.push_back(core::strf("N*_CNN / N*_sep = %.1f%s (n/l = %.0f);  N*_CNN / N*_joint = %.1f (n/l = %.0f)",
                                        nstar_[0] / nstar_[1], per.c_str(), double(c.data.n) / c.model[1].l,
                                        nstar_[0] / nstar_[2], double(c.data.n) / c.model[2].l));
        // Lemma 4.1: the separate router learns from the N training samples only (N_r < N, eq. 6)
        std::string route = "separate router routes o1/o2:";
        int shown = 0;
        for (size_t i = 0; i < c.Ns.size() && i < route_sep_.size() && shown < 4; ++i)
            if (!std::isnan(route_sep_[i]))
                route += shown++ ? core::strf(", %.0f %% (%d)", 100 * route_sep_[i], c.Ns[i])
                                 : core::strf(" %.0f %% at N = %d", 100 * route_sep_[i], c.Ns[i]);
        if (shown) v.readouts.push_back(route + "   (Lemma 4.1: B_r = Ω(n²))");
        out.push_back(std::move(v));
    }

    // 2. routing by patch type (Lemma 4.1, Fig. 8/9)
    {
        core::View v;
        v.id = "routing_types";
        v.title = "Routing map: P(patch type ∈ J_s)";
        v.caption = "Rows: patch types; columns: experts of the separate (E1, E2) and joint pMoE. o1 should go to one "
                    "expert, o2 to another, and the irrelevant sets S_i to none (single run, test set).";
        v.kind = core::ViewKind::Heatmap;
        core::Heatmap& h = v.heat;
        const int types = kS0 + c.data.p;
        const RoutingStats& S = routing_[1];
        const RoutingStats& Jt = routing_[2];
        const int cols = S.k + Jt.k;
        h.rows = types;
        h.cols = cols;
        h.v.assign(size_t(types * cols), std::nan(""));
        for (int t = 0; t < types; ++t) {
            h.row_labels.push_back(type_name(t));
            for (int s = 0; s < S.k && !S.sel.empty(); ++s) h.v[size_t(t * cols + s)] = S.sel[size_t(t * S.k + s)];
            for (int s = 0; s < Jt.k && !Jt.sel.empty(); ++s)
                h.v[size_t(t * cols + S.k + s)] = Jt.sel[size_t(t * Jt.k + s)];
        }
        for (int s = 0; s < S.k; ++s) h.col_labels.push_back("sep E" + std::to_string(s + 1));
        for (int s = 0; s < Jt.k; ++s) h.col_labels.push_back("joint E" + std::to_string(s + 1));
        h.row_title = "patch type";
        h.col_title = "expert";
        h.show_values = types <= 24;
        v.readouts.push_back(
            core::strf("separate: o1 → E1 %.2f, o2 → E2 %.2f, irrelevant dropped %.2f", S.R_plus, S.R_minus, S.drop));
        v.readouts.push_back(
            core::strf("joint: o1 with the top gate %.2f, o2 %.2f (Assumption 4.4; paper Fig. 9: 0.95 / 0.92)",
                       Jt.R_plus, Jt.R_minus));
        out.push_back(std::move(v));
    }

    // 3. rank of the discriminative patch under its router (separate and joint)
    {
        core::View v;
        v.id = "rank";
        v.title = "Router rank of the discriminative patch";
        v.caption =
            "Fraction of test samples whose o1 (class +1) or o2 (class −1) has rank r among the n router scores; it is "
            "routed iff rank ≤ l (lines). With c confusers the rank cannot beat c + 1.";
        v.kind = core::ViewKind::Lines;
        v.x_label = "rank";
        v.y_label = "fraction of test samples";
        for (int a = 1; a <= 2; ++a) {
            const RoutingStats& R = routing_[size_t(a)];
            if (R.rank_hist.empty()) continue;
            std::vector<double> x;
            for (int r = 1; r <= R.n; ++r) x.push_back(r);
            core::LineSeries s = series(a == 1 ? "separate" : "joint", x, R.rank_hist, a);
            s.markers = true;
            v.lines.push_back(s);
            v.overlays.push_back(
                {core::Overlay::VLine, c.model[size_t(a)].l + 0.5, 0, std::string("l ") + kShort[a], a});
        }
        // ranks 1..16 (detail at small l), widened to show both l markers and every rank that occurs, at most n
        int rmax = std::max({16, c.model[1].l + 1, c.model[2].l + 1, routing_[1].max_rank, routing_[2].max_rank});
        v.x_min = 0.5;
        v.x_max = std::min(c.data.n, rmax) + 0.5;
        out.push_back(std::move(v));
    }

    // 4. input inspector: one sample of each class
    {
        core::View g;
        g.id = "inspector";
        g.title = "Input inspector: which expert takes which patch";
        g.caption =
            "Columns: the n patches of one test sample (labelled by type); rows: experts. A filled cell is a routed "
            "patch (value: its gate; 1 for separate); the dot marks the discriminative patch where it is routed.";
        g.kind = core::ViewKind::Grid;
        g.grid_cols = 1;
        for (int which = 0; which < 2; ++which) {
            if (inspect_[1].size() < 2 || inspect_[2].size() < 2) break;
            const Inspection& S = inspect_[1][size_t(which)];
            const Inspection& Jt = inspect_[2][size_t(which)];
            core::View v;
            v.kind = core::ViewKind::Heatmap;
            v.title = core::strf("sample with y = %+d, discriminative patch at position %d", S.y, S.j_o + 1);
            core::Heatmap& h = v.heat;
            h.rows = S.k + Jt.k;
            h.cols = S.n;
            h.v.assign(size_t(h.rows * h.cols), std::nan(""));
            for (int s = 0; s < S.k; ++s) {
                h.row_labels.push_back("sep E" + std::to_string(s + 1));
                for (int j = 0; j < S.n; ++j) h.v[size_t(s * S.n + j)] = S.gate[size_t(s * S.n + j)];
            }
            for (int s = 0; s < Jt.k; ++s) {
                h.row_labels.push_back("joint E" + std::to_string(s + 1));
                for (int j = 0; j < S.n; ++j) h.v[size_t((S.k + s) * S.n + j)] = Jt.gate[size_t(s * S.n + j)];
            }
            for (int j = 0; j < S.n; ++j) h.col_labels.push_back(type_name(S.type[size_t(j)]));
            for (int r = 0; r < h.rows; ++r)
                if (!std::isnan(h.v[size_t(r * S.n + S.j_o)])) h.marks.push_back({r, S.j_o});
            h.mark_label = "discriminative patch routed";
            h.row_title = "expert";
            h.col_title = "patch (type)";
            h.show_values = false;
            g.children.push_back(std::move(v));
        }
        out.push_back(std::move(g));
    }

    // 5. router alignment over training, with the router -> expert phase boundary
    {
        core::View v;
        v.id = "router_alignment";
        v.title = "Router alignment over training";
        v.caption =
            "Separate routers: cos(w1, o1 − o2), cos(w2, o2 − o1), trained on the linear loss (6) before the experts "
            "(vertical line); joint routers: max_s cos(w_s, o1), max_s cos(w_s, o2), trained with the experts.";
        v.kind = core::ViewKind::Lines;
        v.x_label = "SGD iteration";
        v.y_label = "cosine";
        v.y_min = -0.2;
        v.y_max = 1.0;
        const History& S = hist_[1];
        const History& Jt = hist_[2];
        v.lines.push_back(series("sep cos(w1, o1−o2)", S.iter, S.router1, 1));
        v.lines.push_back(series("sep cos(w2, o2−o1)", S.iter, S.router2, 1, true));
        v.lines.push_back(series("joint max cos(w_s, o1)", Jt.iter, Jt.router1, 2));
        v.lines.push_back(series("joint max cos(w_s, o2)", Jt.iter, Jt.router2, 2, true));
        if (S.router_steps > 0)
            v.overlays.push_back({core::Overlay::VLine, double(S.router_steps), 0, "routers frozen (separate)"});
        v.overlays.push_back({core::Overlay::HLine, std::sqrt((1 - c.data.delta_d) / 2), 0, "cos(o1−o2, o1) cap"});
        out.push_back(std::move(v));
    }

    // 6. expert feature alignment and the neuron scatter
    {
        core::View v;
        v.id = "expert_alignment";
        v.title = "Expert feature alignment A_o = max_r cos(w_r, o)";
        v.caption = "The best-aligned hidden neuron of each model with o1 (solid) and o2 (dashed), per epoch of the "
                    "single run.";
        v.kind = core::ViewKind::Lines;
        v.x_label = "epoch";
        v.y_label = "max cosine";
        for (int a = 0; a < 3; ++a) {
            const History& h = hist_[size_t(a)];
            v.lines.push_back(series(std::string(kShort[a]) + " o1", h.epoch, h.A_o1, a));
            v.lines.push_back(series(std::string(kShort[a]) + " o2", h.epoch, h.A_o2, a, true));
        }
        out.push_back(std::move(v));

        core::View g;
        g.id = "neurons";
        g.title = "Hidden neurons at (<w, o1>, <w, o2>)";
        g.caption =
            "Every hidden neuron of each model, coloured by expert (hollow: output weight a < 0). pMoE neurons move "
            "along the o1 and o2 axes; CNN neurons also grow along irrelevant directions.";
        g.kind = core::ViewKind::Grid;
        g.grid_cols = 3;
        const char* titles[3] = {"CNN", "separate pMoE", "joint pMoE"};
        for (int a = 0; a < 3; ++a) {
            core::View s;
            s.kind = core::ViewKind::Scatter;
            s.title = titles[a];
            s.x_label = "<w, o1>";
            s.y_label = "<w, o2>";
            for (const NeuronPoint& p : neurons_[size_t(a)]) s.points.push_back({p.p1, p.p2, p.expert, p.negative});
            for (int e = 0; e < c.model[size_t(a)].k; ++e) s.legend.push_back("expert " + std::to_string(e + 1));
            g.children.push_back(std::move(s));
        }
        out.push_back(std::move(g));
    }

    // 7. training dynamics of the single run
    {
        core::View v;
        v.id = "dynamics";
        v.title = core::strf("Training dynamics at N = %d", c.N_run);
        v.caption =
            "Train (dashed) and test (solid) accuracy per epoch; every model stops at zero training error. At small N "
            "the CNN fits the training set but generalises worse, and it needs many more epochs.";
        v.kind = core::ViewKind::Lines;
        v.x_label = "epoch";
        v.y_label = "accuracy";
        v.log_x = false;
        v.y_min = 0.4;
        v.y_max = 1.0;
        for (int a = 0; a < 3; ++a) {
            const History& h = hist_[size_t(a)];
            v.lines.push_back(series(std::string(kShort[a]) + " test", h.epoch, h.test_acc, a));
            v.lines.push_back(series(std::string(kShort[a]) + " train", h.epoch, h.train_acc, a, true));
        }
        v.overlays.push_back({core::Overlay::HLine, c.target, 0, "95 %"});
        out.push_back(std::move(v));
    }

    // 8. the l x N threshold grid (Fig. 5/7 analogue)
    if (c.grid_lmax > 0) {
        core::View g;
        g.id = "threshold_grid";
        g.title = core::strf("l-threshold grid (separate pMoE, c = %d, l* = %d)", c.data.c, lstar);
        g.caption =
            "Left: fraction of seeds with test accuracy ≥ 95 %; right: mean test accuracy. Rows: N; columns: l. Every l "
            "< l* fails at any N; the jump is at l = l* = c + 1 (set by the confuser count c).";
        g.kind = core::ViewKind::Grid;
        g.grid_cols = 2;
        const int L = c.grid_lmax, nN = int(c.Ns.size());
        for (int which = 0; which < 2; ++which) {
            core::View v;
            v.kind = core::ViewKind::Heatmap;
            v.title = which == 0 ? "success fraction" : "mean test accuracy";
            core::Heatmap& h = v.heat;
            h.rows = nN;
            h.cols = L;
            h.v = which == 0 ? grid_success_ : grid_acc_;
            if (h.v.size() != size_t(nN * L)) h.v.assign(size_t(nN * L), std::nan(""));
            for (int N : c.Ns) h.row_labels.push_back("N=" + std::to_string(N));
            for (int l = 1; l <= L; ++l)
                h.col_labels.push_back(l == lstar ? "l=" + std::to_string(l) + " (l*)" : "l=" + std::to_string(l));
            h.row_title = "training samples";
            h.col_title = "patches per expert l";
            h.lo = which == 0 ? 0.0 : 0.5;
            h.hi = 1.0;
            g.children.push_back(std::move(v));
        }
        // l* − 1 = 0 when c = 0: there is no l below the threshold, say so instead of printing NaN
        auto acc_text = [&](int l, double v) {
            if (l < 1) return std::string("not defined for c = 0");
            if (l > L) return core::strf("not in the grid (grid_lmax = %d)", L);
            return std::isnan(v) ? std::string("pending") : core::strf("%.3f", v);
        };
        g.readouts.push_back(
            core::strf("at N = %d (the grid's N nearest N_run = %d): accuracy at l = l* − 1: %s; at l = l*: %s", thr_N_,
                       c.N_run, acc_text(lstar - 1, thr_lstar_m1_).c_str(), acc_text(lstar, thr_lstar_).c_str()));
        g.readouts.push_back(core::strf("runs %d / %d", grid_.jobs_done(), grid_.jobs_total()));
        out.push_back(std::move(g));
    }

    // 9. which patches each router keeps: the routers' territories (territory.hpp), made at each evaluation
    {
        core::View g;
        g.id = "territory";
        g.title = "Which patches each router keeps";
        g.caption = "For a patch x on the plane of u = (o1 − o2)/|o1 − o2| and a noise direction q1*: the router that "
                    "keeps it by the widest margin <w_s, x> − τ_s (τ_s: the smallest score router s keeps in a test "
                    "sample); blank: dropped by every router. Learned separate routers split the plane along u: "
                    "router 1 keeps o1-like patches, router 2 o2-like ones, noise is dropped (Lemma 4.1).";
        g.kind = core::ViewKind::Grid;
        g.grid_cols = 2;
        for (int a : {1, 2})
            g.children.push_back(
                territory_[size_t(a)].field.rows > 0
                    ? territory_[size_t(a)]
                    : core::pending_field("", arch_name(Arch(a)), "drawn at the model's first evaluation"));
        out.push_back(std::move(g));
    }
}

}   // namespace patch_routing
