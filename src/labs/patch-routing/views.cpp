// The views: built from cached data only (histories, routing stats, sweep curves), once per frame.
#include "labs/patch-routing/run.hpp"
#include "core/keep_field.hpp"
#include "core/text.hpp"
#include "core/view_builder.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace patch_routing {

namespace {

std::string nstar_text(double v) { return std::isnan(v) ? core::tr("not reached") : core::trf("≈ %.0f", v); }

// A line series without its NaN points.
core::LineSeries series(const std::string& label, const std::vector<double>& x, const std::vector<double>& y, int color,
                        bool dashed = false) {
    core::LineSeries s = core::line(label, color, dashed);
    for (size_t i = 0; i < x.size() && i < y.size(); ++i)
        if (!std::isnan(y[i])) {
            s.x.push_back(x[i]);
            s.y.push_back(y[i]);
        }
    return s;
}

// The experts of the separate and the joint pMoE, one after the other: "sep E1", …, "joint E1", …
std::vector<std::string> expert_labels(int sep, int joint) {
    std::vector<std::string> r = core::numbered(sep, "sep E");
    for (std::string& l : core::numbered(joint, "joint E")) r.push_back(std::move(l));
    return r;
}

// Each model's line labels, whole (a label is one text of the table, never glued from the model's name).
const char* kNstar[3] = {"N* CNN", "N* separate", "N* joint"};
const char* kL[3] = {"", "l separate", "l joint"};
const char* kAlignO1[3] = {"CNN o1", "separate o1", "joint o1"};
const char* kAlignO2[3] = {"CNN o2", "separate o2", "joint o2"};
const char* kTest[3] = {"CNN test", "separate test", "joint test"};
const char* kTrain[3] = {"CNN train", "separate train", "joint train"};

}   // namespace

void Run::views(std::vector<core::View>& out) const {
    const Config& c = cfg_;
    const int lstar = c.data.c + 1;

    // 1. sample complexity (Fig. 4 analogue; Thm 4.2 vs 4.3)
    {
        double n_lo = 0, n_hi = 0;
        if (!c.Ns.empty()) {   // the sweep's whole N range from the start, so points fill in where they belong
            n_lo = *std::min_element(c.Ns.begin(), c.Ns.end()) * 0.9;
            n_hi = *std::max_element(c.Ns.begin(), c.Ns.end()) * 1.1;
        }
        core::View v =
            core::lines("sample_complexity", "Sample complexity: test accuracy against N")
                .caption("Each point is the mean ± sd over seeds of a model trained to zero training error "
                         "on N samples; separate pMoE crosses the 95 % line at a much smaller N than the CNN "
                         "of the same size.")
                .x("training samples N", n_lo, n_hi)
                .log_x()
                .y("test accuracy", 0.45, 1.0)
                .hline(c.target, "95 % target");
        for (const auto& s : curve_)
            if (!s.x.empty()) v.lines.push_back(s);
        for (int a = 0; a < 3; ++a)
            if (!std::isnan(nstar_[size_t(a)])) v.overlays.push_back(core::vline(nstar_[size_t(a)], kNstar[a], a));
        // Three lines, so that they stay on screen at UI scale 1.6 in presentation mode.
        v.readouts.push_back(
            core::trnf(c.sweep_seeds, "N* (95 %%): CNN %s, separate %s, joint %s   (runs %d / %d, %d seed per point)",
                       "N* (95 %%): CNN %s, separate %s, joint %s   (runs %d / %d, %d seeds per point)",
                       nstar_text(nstar_[0]).c_str(), nstar_text(nstar_[1]).c_str(), nstar_text(nstar_[2]).c_str(),
                       sweep_.jobs_done(), sweep_.jobs_total(), c.sweep_seeds));
        // the spread behind the ratio: each seed's own curves (a mean over 3 seeds still varies from run to run);
        // a seed meets N*_sep ≤ N*_CNN / 4 where its value is ≥ 4
        const auto ratio = [](double v) { return std::isnan(v) ? std::string("–") : core::trf("%.1f", v); };
        std::string per;   // (a list of numbers: its separator is a sign, not a word)
        for (size_t r = 0; r < seed_ratio_sep_.size(); ++r) per += (r ? " / " : "") + ratio(1 / seed_ratio_sep_[r]);
        v.readouts.push_back(
            per.empty()
                ? core::trf("N*_CNN / N*_sep = %s (n/l = %.0f);  N*_CNN / N*_joint = %s (n/l = %.0f)",
                            ratio(nstar_[0] / nstar_[1]).c_str(), double(c.data.n) / c.model[1].l,
                            ratio(nstar_[0] / nstar_[2]).c_str(), double(c.data.n) / c.model[2].l)
                : core::trf("N*_CNN / N*_sep = %s, per seed %s (n/l = %.0f);  N*_CNN / N*_joint = %s (n/l = %.0f)",
                            ratio(nstar_[0] / nstar_[1]).c_str(), per.c_str(), double(c.data.n) / c.model[1].l,
                            ratio(nstar_[0] / nstar_[2]).c_str(), double(c.data.n) / c.model[2].l));
        // Lemma 4.1: the separate router learns from the N training samples only (N_r < N, eq. 6)
        std::string route = core::tr("separate router routes o1/o2:");
        int shown = 0;
        for (size_t i = 0; i < c.Ns.size() && i < route_sep_.size() && shown < 4; ++i)
            if (!std::isnan(route_sep_[i]))
                route += shown++ ? core::trf(", %.0f %% (%d)", 100 * route_sep_[i], c.Ns[i])
                                 : core::trf(" %.0f %% at N = %d", 100 * route_sep_[i], c.Ns[i]);
        if (shown) v.readouts.push_back(route + core::tr("   (Lemma 4.1: B_r = Ω(n²))"));
        out.push_back(std::move(v));
    }

    // 2. routing by patch type (Lemma 4.1, Fig. 8/9)
    {
        const int types = kS0 + c.data.p;
        const RoutingStats& S = routing_[1];
        const RoutingStats& Jt = routing_[2];
        const int cols = S.k + Jt.k;
        std::vector<double> cells(size_t(types * cols), std::nan(""));
        std::vector<std::string> rows;
        for (int t = 0; t < types; ++t) {
            rows.push_back(type_name(t));
            for (int s = 0; s < S.k && !S.sel.empty(); ++s) cells[size_t(t * cols + s)] = S.sel[size_t(t * S.k + s)];
            for (int s = 0; s < Jt.k && !Jt.sel.empty(); ++s)
                cells[size_t(t * cols + S.k + s)] = Jt.sel[size_t(t * Jt.k + s)];
        }
        out.push_back(
            core::heatmap("routing_types", "Routing map: P(patch type ∈ J_s)")
                .caption("Rows: patch types; columns: experts of the separate (E1, E2) and joint pMoE. o1 should go to "
                         "one expert, o2 to another, and the irrelevant sets S_i to none (single run, test set).")
                .cells(types, cols, std::move(cells))
                .rows("patch type", std::move(rows))
                .cols("expert", expert_labels(S.k, Jt.k))
                .show_values(types <= 24)
                .readout(core::trf("separate: o1 → E1 %.2f, o2 → E2 %.2f, irrelevant dropped %.2f", S.R_plus, S.R_minus,
                                   S.drop))
                .readout(core::trf(
                    "joint: o1 with the top gate %.2f, o2 %.2f (Assumption 4.4; paper Fig. 9: {=0.95} / {=0.92})",
                    Jt.R_plus, Jt.R_minus)));
    }

    // 3. rank of the discriminative patch under its router (separate and joint)
    {
        // ranks 1..16 (detail at small l), widened to show both l markers and every rank that occurs, at most n
        const int rmax = std::max({16, c.model[1].l + 1, c.model[2].l + 1, routing_[1].max_rank, routing_[2].max_rank});
        core::View v = core::lines("rank", "Router rank of the discriminative patch")
                           .caption("Fraction of test samples whose o1 (class +1) or o2 (class −1) has rank r among "
                                    "the n router scores; it is routed iff rank ≤ l (lines). With c confusers the rank "
                                    "cannot beat c + 1.")
                           .x("rank", 0.5, std::min(c.data.n, rmax) + 0.5)
                           .y("fraction of test samples");
        for (int a = 1; a <= 2; ++a) {
            const RoutingStats& R = routing_[size_t(a)];
            if (R.rank_hist.empty()) continue;
            std::vector<double> x;
            for (int r = 1; r <= R.n; ++r) x.push_back(r);
            core::LineSeries s = series(a == 1 ? "separate pMoE" : "joint pMoE", x, R.rank_hist, a);
            s.markers = true;
            v.lines.push_back(s);
            v.overlays.push_back(core::vline(c.model[size_t(a)].l + 0.5, kL[a], a));
        }
        out.push_back(std::move(v));
    }

    // 4. input inspector: one sample of each class
    {
        core::View g = core::grid("inspector", "Input inspector: which expert takes which patch")
                           .caption("Columns: the n patches of one test sample (labelled by type); rows: experts. A "
                                    "filled cell is a routed patch (value: its gate; 1 for separate); the dot marks "
                                    "the discriminative patch where it is routed.")
                           .columns(1);
        for (int which = 0; which < 2; ++which) {
            if (inspect_[1].size() < 2 || inspect_[2].size() < 2) break;
            const Inspection& S = inspect_[1][size_t(which)];
            const Inspection& Jt = inspect_[2][size_t(which)];
            const int rows = S.k + Jt.k;
            std::vector<double> cells(size_t(rows * S.n), std::nan(""));
            for (int s = 0; s < S.k; ++s)
                for (int j = 0; j < S.n; ++j) cells[size_t(s * S.n + j)] = S.gate[size_t(s * S.n + j)];
            for (int s = 0; s < Jt.k; ++s)
                for (int j = 0; j < S.n; ++j) cells[size_t((S.k + s) * S.n + j)] = Jt.gate[size_t(s * S.n + j)];
            std::vector<std::string> types;
            for (int j = 0; j < S.n; ++j) types.push_back(type_name(S.type[size_t(j)]));
            std::vector<std::pair<int, int>> routed;
            for (int r = 0; r < rows; ++r)
                if (!std::isnan(cells[size_t(r * S.n + S.j_o)])) routed.push_back({r, S.j_o});
            g.children.push_back(
                core::heatmap("", core::trf("sample with y = %+d, discriminative patch at position %d", S.y, S.j_o + 1))
                    .cells(rows, S.n, std::move(cells))
                    .rows("expert", expert_labels(S.k, Jt.k))
                    .cols("patch (type)", std::move(types))
                    .marks(std::move(routed), "discriminative patch routed")
                    .show_values(false));
        }
        out.push_back(std::move(g));
    }

    // 5. router alignment over training, with the router -> expert phase boundary
    {
        const History& S = hist_[1];
        const History& Jt = hist_[2];
        core::View v =
            core::lines("router_alignment", "Router alignment over training")
                .caption("Separate routers: cos(w1, o1 − o2), cos(w2, o2 − o1), trained on the linear loss (6) before "
                         "the experts (vertical line); joint routers: max_s cos(w_s, o1), max_s cos(w_s, o2), trained "
                         "with the experts.")
                .x("SGD iteration")
                .y("cosine", -0.2, 1.0)
                .series(series("sep cos(w1, o1−o2)", S.iter, S.router1, 1))
                .series(series("sep cos(w2, o2−o1)", S.iter, S.router2, 1, true))
                .series(series("joint max cos(w_s, o1)", Jt.iter, Jt.router1, 2))
                .series(series("joint max cos(w_s, o2)", Jt.iter, Jt.router2, 2, true));
        if (S.router_steps > 0) v.overlays.push_back(core::vline(double(S.router_steps), "routers frozen (separate)"));
        v.overlays.push_back(core::hline(std::sqrt((1 - c.data.delta_d) / 2), "cos(o1−o2, o1) cap"));
        out.push_back(std::move(v));
    }

    // 6. expert feature alignment and the neuron scatter
    {
        core::View v = core::lines("expert_alignment", "Expert feature alignment A_o = max_r cos(w_r, o)")
                           .caption("The best-aligned hidden neuron of each model with o1 (solid) and o2 (dashed), per "
                                    "epoch of the single run.")
                           .x("epoch")
                           .y("max cosine");
        for (int a = 0; a < 3; ++a) {
            const History& h = hist_[size_t(a)];
            v.lines.push_back(series(kAlignO1[a], h.epoch, h.A_o1, a));
            v.lines.push_back(series(kAlignO2[a], h.epoch, h.A_o2, a, true));
        }
        out.push_back(std::move(v));

        core::View g = core::grid("neurons", "Hidden neurons at (<w, o1>, <w, o2>)")
                           .caption("Every hidden neuron of each model, coloured by expert (hollow: output weight a < "
                                    "0). pMoE neurons move along the o1 and o2 axes; CNN neurons also grow along "
                                    "irrelevant directions.")
                           .columns(3);
        const char* titles[3] = {"CNN", "separate pMoE", "joint pMoE"};
        for (int a = 0; a < 3; ++a) {
            core::View s = core::scatter("", titles[a])
                               .x("<w, o1>")
                               .y("<w, o2>")
                               .legend(core::numbered(c.model[size_t(a)].k, "expert "));
            for (const NeuronPoint& p : neurons_[size_t(a)]) s.points.push_back({p.p1, p.p2, p.expert, p.negative});
            g.children.push_back(std::move(s));
        }
        out.push_back(std::move(g));
    }

    // 7. training dynamics of the single run
    {
        core::View v = core::lines("dynamics", core::trf("Training dynamics at N = %d", c.N_run))
                           .caption("Train (dashed) and test (solid) accuracy per epoch; every model stops at zero "
                                    "training error. At small N the CNN fits the training set but generalises worse, "
                                    "and it needs many more epochs.")
                           .x("epoch")
                           .y("accuracy", 0.4, 1.0)
                           .hline(c.target, "95 %");
        for (int a = 0; a < 3; ++a) {
            const History& h = hist_[size_t(a)];
            v.lines.push_back(series(kTest[a], h.epoch, h.test_acc, a));
            v.lines.push_back(series(kTrain[a], h.epoch, h.train_acc, a, true));
        }
        out.push_back(std::move(v));
    }

    // 8. the l x N threshold grid (Fig. 5/7 analogue)
    if (c.grid_lmax > 0) {
        const int L = c.grid_lmax, nN = int(c.Ns.size());
        core::View g = core::grid("threshold_grid",
                                  core::trf("l-threshold grid (separate pMoE, c = %d, l* = %d)", c.data.c, lstar))
                           .caption("Left: fraction of seeds with test accuracy ≥ 95 %; right: mean test accuracy. "
                                    "Rows: N; columns: l. Every l < l* fails at any N; the jump is at l = l* = c + 1 "
                                    "(set by the confuser count c).")
                           .columns(2);
        std::vector<std::string> rows, cols;
        for (int N : c.Ns) rows.push_back("N=" + std::to_string(N));
        for (int l = 1; l <= L; ++l)
            cols.push_back(l == lstar ? "l=" + std::to_string(l) + " (l*)" : "l=" + std::to_string(l));
        for (int which = 0; which < 2; ++which)
            g.children.push_back(core::heatmap("", which == 0 ? "success fraction" : "mean test accuracy")
                                     .cells(nN, L, which == 0 ? grid_success_ : grid_acc_)
                                     .rows("training samples", rows)
                                     .cols("patches per expert l", cols)
                                     .scale(which == 0 ? 0.0 : 0.5, 1.0));
        // l* − 1 = 0 when c = 0: there is no l below the threshold, say so instead of printing NaN
        auto acc_text = [&](int l, double v) {
            if (l < 1) return std::string(core::tr("not defined for c = 0"));
            if (l > L) return core::trf("not in the grid (grid_lmax = %d)", L);
            return std::isnan(v) ? std::string(core::tr("pending")) : core::trf("%.3f", v);
        };
        g.readouts.push_back(
            core::trf("at N = %d (the grid's N nearest N_run = %d): accuracy at l = l* − 1: %s; at l = l*: %s", thr_N_,
                      c.N_run, acc_text(lstar - 1, thr_lstar_m1_).c_str(), acc_text(lstar, thr_lstar_).c_str()));
        g.readouts.push_back(core::trf("runs %d / %d", grid_.jobs_done(), grid_.jobs_total()));
        out.push_back(std::move(g));
    }

    // 9. which patches each router keeps: the routers' territories (territory.hpp), made at each evaluation
    {
        core::View g =
            core::grid("territory", "Which patches each router keeps")
                .caption("For a patch x on the plane of u = (o1 − o2)/|o1 − o2| and a noise direction q1*: the router "
                         "that keeps it by the widest margin <w_s, x> − τ_s (τ_s: the smallest score router s keeps in "
                         "a test sample); blank: dropped by every router. Learned separate routers split the plane "
                         "along u: router 1 keeps o1-like patches, router 2 o2-like ones, noise is dropped (Lemma "
                         "4.1).")
                .columns(2);
        for (int a : {1, 2})
            g.children.push_back(
                territory_[size_t(a)].field.rows > 0
                    ? territory_[size_t(a)]
                    : core::pending_field("", arch_name(Arch(a)), "drawn at the model's first evaluation"));
        out.push_back(std::move(g));
    }
}

}   // namespace patch_routing
