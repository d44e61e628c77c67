// The plots of the expert-pruning lab (docs/labs/expert-pruning.md §6), packaged from the main run's checkpoints and
// the sweep.
#include "core/keep_field.hpp"
#include "labs/expert-pruning/run.hpp"
#include "core/fmath.hpp"
#include "core/text.hpp"
#include "core/view_builder.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>

namespace expert_pruning {
namespace {

// Palette indices (app/plot/plot_style.cpp, Okabe-Ito): S₁ blue, S₂ vermillion; one colour per criterion.
constexpr int kGroupColor[2] = {0, 3};
int criterion_color(int c) {
    static const int col[kCriteria] = {0, 7, 8, 1, 2, 4, 9, 5};
    return col[c];
}

// Column patterns of the heatmaps: o₁, o₂, the other concepts' patterns, then the first q's (≤ 24 columns).
std::vector<int> heat_columns(const RunSpec& s, std::vector<std::string>& labels) {
    std::vector<int> cols = {kO1, kO2};
    labels = {"o₁", "o₂"};
    for (int c = 1; c < s.data.C && int(cols.size()) < 12; ++c)
        for (int side = 0; side < 2; ++side) {
            cols.push_back(2 * c + side);
            labels.push_back(core::strf("u%d%s", c + 1, side ? "−" : "+"));
        }
    for (int q = s.data.first_q(); q < s.data.d && cols.size() < 24; ++q) {
        cols.push_back(q);
        labels.push_back(core::strf("q%d", q - s.data.first_q() + 1));
    }
    return cols;
}

// Rows × pattern columns, diverging colours symmetric around 0: value(row, pattern).
template <class F>
core::ViewBuilder pattern_heatmap(const std::string& id, const std::string& title,
                                  const std::vector<std::string>& row_labels, const char* row_title,
                                  const std::vector<int>& cols, const std::vector<std::string>& col_labels, F value) {
    const int rows = int(row_labels.size());
    std::vector<double> cells;
    double mx = 0.1;
    for (int r = 0; r < rows; ++r)
        for (int p : cols) {
            const double x = value(r, p);
            cells.push_back(x);
            mx = std::max(mx, std::fabs(x));
        }
    return core::heatmap(id, title)
        .cells(rows, int(cols.size()), std::move(cells))
        .rows(row_title, row_labels)
        .cols("pattern", col_labels)
        .diverging(mx)
        .format("%.1f");
}

}   // namespace

void Run::views(std::vector<core::View>& out) const {
    const Moe& M = main_.model();
    const int k = spec_.k, G = k / 2;
    const double cert = 1.5 * core::fm::log(double(spec_.l));
    const bool ranked = main_.ranked();
    const Mask pruned_view = ranked ? main_.mask(kDelta, p_main_) : Mask(size_t(k), 1);
    auto imp = [&](int s) {
        return !main_.important.empty()
            ? main_.important[size_t(s)] != 0
            : !main_.planted.empty() && main_.planted[size_t(s)] == (M.group(s) == 0 ? kO1 : kO2);
    };

    // 1. Router-norm change during fine-tuning (Lemma 4.1(iv) vs 4.2(ii)).
    {
        core::View v =
            core::lines("router_change", "Router-norm change Δ_s^(t) during fine-tuning")
                .caption("One line per expert, Δ_s = ‖w_s^(t)‖ − ‖w_s^(0)‖; blue S₁ (head +1), red S₂ (head −1); "
                         "solid: important at t = 0, dashed: not. The important experts' Δ grows ~t² and passes the "
                         "(3/2) ln l line (Lemma 4.1); the others stay near 0 (Lemma 4.2). Pruning keeps the largest Δ "
                         "in each group.")
                .x("fine-tuning step t", 0, std::max(1, spec_.T))
                .y("Δ_s^(t)")
                .hline(cert, core::trf("(3/2) ln l = %.2f: Lemma 4.4 certificate", cert))
                .vline(double(spec_.T), "prune");
        bool named[2][2] = {{false, false}, {false, false}};
        for (int s = 0; s < k; ++s) {
            const int g = M.group(s), i = imp(s) ? 1 : 0;
            std::string label = named[g][i] ? "" : core::trf(i ? "S%s important" : "S%s unimportant", g ? "₂" : "₁");
            named[g][i] = true;
            v.lines.push_back(core::line(label, rows_.column(0), rows_.column(size_t(2 + s)), kGroupColor[g], !i));
        }
        if (!main_.checkpoints.empty()) {
            double lo = INFINITY, hi = -INFINITY;
            for (int s = 0; s < k; ++s) {
                const double d = main_.checkpoints.back().delta[size_t(s)];
                if (imp(s)) lo = std::min(lo, d);
                else hi = std::max(hi, d);
            }
            v.readouts.push_back(!ranked ? core::trf("t = %d: important Δ ≥ %.3f, unimportant Δ ≤ %.3f",
                                                     main_.checkpoints.back().t, lo, hi)
                                     : main_.separation_ok() == 1
                                     ? core::trf("t = %d: important Δ ≥ %.3f, unimportant Δ ≤ %.3f (separated)",
                                                 main_.checkpoints.back().t, lo, hi)
                                     : core::trf("t = %d: important Δ ≥ %.3f, unimportant Δ ≤ %.3f (NOT separated)",
                                                 main_.checkpoints.back().t, lo, hi));
        }
        out.push_back(std::move(v));
    }
    // 2. Accuracy vs pruning ratio (Figs. 1, 4, 5): every criterion, without and with post-FT, over seeds.
    {
        core::View v =
            core::lines("accuracy_vs_rho", "Test accuracy vs expert-pruning ratio ρ")
                .caption(
                    "Each point is a pruned copy of the same fine-tuned model; solid: no post-pruning fine-tuning, "
                    "dashed: after T′ steps of it; bands: ± sd over seeds. Grey: within 1 % of the unpruned "
                    "accuracy (the paper's tolerance). Δ (blue) should stay in the grey band down to one expert "
                    "per group.")
                .x("ρ = experts pruned per group / |S_g|", 0,
                   layout_.ps.empty() ? 1 : double(layout_.ps.back()) / G + 0.02)
                .y("test accuracy", 0.45, 1.01);
        double base = NAN;
        if (sweep_.started()) {
            for (size_t c0 = 0; c0 < layout_.criteria.size(); ++c0) {
                const size_t c = (c0 + 1) % layout_.criteria.size();   // Δ (criterion 0) last: drawn on top of its ties
                const int cr = layout_.criteria[c];
                core::LineSeries a = sweep_.line(layout_.no_ft(int(c)), 0, criterion_label(cr));
                a.color = criterion_color(cr);
                a.markers = true;
                if (cr == kDelta && !a.y.empty() && a.x[0] == 0) base = a.y[0];
                core::LineSeries b = sweep_.line(layout_.ft(int(c)), 0, "");
                b.color = criterion_color(cr);
                b.dashed = true;
                b.lo.clear();
                b.hi.clear();
                v.lines.push_back(std::move(a));
                v.lines.push_back(std::move(b));
            }
        }
        v.lines.push_back(core::line("dashed: after post-FT", 7, true));
        if (!std::isnan(base)) v.overlays.push_back(core::hband(base - 0.01, base, "within 1 %"));
        v.overlays.push_back(core::vline(double(p_main_) / G, "ρ"));
        if (ranked)
            v.readouts.push_back(
                core::trf("this run, ρ = %.2f: Δ %.3f, random %.3f, reverse Δ %.3f, router magnitude %.3f",
                          double(p_main_) / G, acc_no_ft(kDelta, p_main_), acc_no_ft(kRandom, p_main_),
                          acc_no_ft(kReverseDelta, p_main_), acc_no_ft(kRouterMag, p_main_)));
        v.readouts.push_back(
            core::trnf(reps_, "bands: %d of %d seed done", "bands: %d of %d seeds done",
                       sweep_.started() ? sweep_.jobs_done() / std::max(1, sweep_.jobs_total() / reps_) : 0, reps_));
        out.push_back(std::move(v));
    }
    // 3. When is the criterion trustworthy? (the magnitude-vs-change lesson, docs/labs/expert-pruning.md §7.4)
    {
        core::View v =
            core::lines("trustworthy", "When is the criterion trustworthy?")
                .caption("Accuracy of the model pruned at step t of fine-tuning, for a fixed aggressive ρ. Router and "
                         "neuron magnitudes keep the pre-trained specialists until fine-tuning has outgrown their "
                         "norms; the change-based criteria work from the start. Bands: ± sd over seeds.")
                .x("fine-tuning step t at which the experts are ranked", 0, std::max(1, spec_.T))
                .y(core::trf("accuracy pruned at ρ = %.2f, no post-FT", double(p_main_) / G), 0.45, 1.01)
                .vline(double(spec_.t_early), core::trf("t = %d", spec_.t_early));
        if (sweep_.started())
            for (int q0 = 0; q0 < kTrustCount; ++q0) {
                const int q = (q0 + 1) % kTrustCount;   // Δ last, on top
                core::LineSeries l = sweep_.line(layout_.trust(q), 0, criterion_label(kTrustCriteria[q]));
                l.color = criterion_color(kTrustCriteria[q]);
                v.lines.push_back(std::move(l));
            }
        else   // while the main run fine-tunes: its own checkpoints
            for (int q = 0; q < kTrustCount; ++q)
                v.lines.push_back(core::line(criterion_label(kTrustCriteria[q]), rows_.column(0),
                                             rows_.column(size_t(2 + k + q)), criterion_color(kTrustCriteria[q])));
        out.push_back(std::move(v));
    }
    // 4. Who routes what: router weights per pattern and the proficiency bars (Figs. 3b–e, 7).
    std::vector<std::string> col_labels;
    const std::vector<int> cols = heat_columns(spec_, col_labels);
    auto row_label = [&](int s) {
        // the page's font has ● and × but no ★ or ✂ (app/plot/glyph_ranges.hpp)
        return core::trf("%d%s%s%s", s + 1, M.group(s) ? "−" : "+", imp(s) ? "●" : "",
                         ranked && !pruned_view[size_t(s)] ? "×" : "");
    };
    {
        core::View g =
            core::grid("who_routes", core::trf("Who routes what (t = %d)", main_.t()))
                .caption("Top: router weights w_s[p] = ⟨w_s, e_p⟩ per expert (rows; + / − head, ● important, × pruned "
                         "by Δ at ρ) and pattern (o₁, o₂, absent concepts u, irrelevant q's). Important routers gain "
                         "their task column; specialists keep their absent concept. Below: proficiency p^(s,t), the "
                         "share of own-class samples whose task token the expert takes with gate ≥ 1/l (§4.2).")
                .columns(1);   // stacked: the heatmap gets the full width
        std::vector<std::string> rows;
        for (int s = 0; s < k; ++s) rows.push_back(row_label(s));
        g.children.push_back(pattern_heatmap("", "router weights w_s[p]", rows, "expert", cols, col_labels,
                                             [&](int s, int p) { return M.router(s)[p]; }));
        core::View b =
            core::bars("", "proficiency p^(s,t) on its own task token").y("", 0, 1).hline(kImportantThreshold, "0.3");
        for (int s = 0; s < k; ++s) {
            const std::vector<double>& p = M.group(s) == 0 ? main_.prof.p1 : main_.prof.p2;
            b.bars.push_back({row_label(s), p.empty() ? 0.0 : p[size_t(s)], 0, kGroupColor[M.group(s)]});
        }
        g.children.push_back(std::move(b));
        out.push_back(std::move(g));
    }
    // 5. The neurons of one expert (Figs. 3d/e, 7c/d).
    {
        int s = spec_.k > 0 ? 0 : -1;
        const int chosen = inspect_ > 0 ? inspect_ - 1 : -1;
        if (chosen >= 0 && chosen < k) s = chosen;
        else
            for (int q = 0; q < k; ++q)
                if (M.group(q) == 0 && imp(q)) {
                    s = q;
                    break;
                }
        out.push_back(
            pattern_heatmap(
                "neurons",
                core::trf(imp(s) ? "Neurons of expert %d (%s, important)" : "Neurons of expert %d (%s, unimportant)",
                          s + 1, M.group(s) ? "S₂" : "S₁"),
                core::numbered(spec_.m), "neuron r", cols, col_labels, [&](int r, int p) { return M.neurons(s, p)[r]; })
                .caption("w_r^(s,t)[p] = ⟨w_r^(s,t), e_p⟩ for each neuron r (rows) of the expert chosen by 'inspect' "
                         "(default: the first important expert of S₁). An important expert's neurons align with its "
                         "task pattern (Lemma 4.1(iii)); an unimportant one's stay on noise or on its absent "
                         "concept."));
    }
    // 6. Phase timeline with the k′ / FLOPs / parameter counters.
    {
        const int pre = spec_.mode == Mode::Learned ? spec_.T_pre : 0;
        core::View v =
            core::lines("timeline", "Phase timeline")
                .caption("Test accuracy across the phases of the main run: pre-training (learned mode: accuracy on the "
                         "pre-training concepts), fine-tuning (unpruned), then post-pruning fine-tuning of the "
                         "Δ-pruned and a randomly pruned model at ρ. Under the paper's loss post-FT is just more "
                         "training of the kept experts.")
                .x("step (pre-training | fine-tuning | post-FT)", 0, pre + spec_.T + spec_.T_post)
                .y("accuracy", 0.45, 1.01);
        if (pre) v.lines.push_back(core::line("pre-training concepts", pre_rows_.column(0), pre_rows_.column(1), 7));
        core::LineSeries u = core::line("unpruned", rows_.column(0), rows_.column(1), 0);
        for (double& x : u.x) x += pre;
        v.lines.push_back(std::move(u));
        static const char* names[2] = {"Δ-pruned + post-FT", "random-pruned + post-FT"};
        for (int q = 0; q < 2; ++q) {
            core::LineSeries l = core::line(names[q], post_rows_[size_t(q)].column(0), post_rows_[size_t(q)].column(1),
                                            q == 0 ? 0 : 7, true);
            for (double& x : l.x) x += pre + spec_.T;
            v.lines.push_back(std::move(l));
        }
        if (pre) v.overlays.push_back(core::vline(double(pre), "fine-tune"));
        v.overlays.push_back(core::vline(double(pre + spec_.T), "prune"));
        if (ranked) {
            Work w;
            v.readouts.push_back(core::trf(
                "at ρ = %.2f: k′ = %d of %d experts, FLOPs per sample %.0f %%, parameters %.0f %%", double(p_main_) / G,
                kept(pruned_view), k, 100 * relative_flops(M, pruned_view, main_.val(), w),
                100 * parameter_fraction(M, pruned_view)));
        }
        if (spec_.mode == Mode::Learned && ranked)
            v.readouts.push_back(
                main_.concept.both_groups
                    ? core::trf("downstream task = pre-training concept %d (a specialist in both groups)",
                                main_.concept.concept + 1)
                    : core::trf(
                          "downstream task = pre-training concept %d (no concept had a specialist in both groups)",
                          main_.concept.concept + 1));
        out.push_back(std::move(v));
    }
    // 7. Which tokens each expert keeps, at the latest checkpoint (made in record_checkpoints).
    out.push_back(territory_.field.rows > 0 ? territory_
                                            : core::pending_field("territory", "Which tokens each expert takes",
                                                                  "drawn at the first fine-tuning checkpoint"));
}

}   // namespace expert_pruning
