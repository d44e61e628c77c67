// The plots of the cluster-experts lab (docs/labs/cluster-experts.md §6), packaged from cached data only.
#include "labs/cluster-experts/run.hpp"
#include "core/fmath.hpp"
#include <cmath>
#include "core/text.hpp"
#include "core/view_builder.hpp"
#include "core/words.hpp"
#include <algorithm>

namespace cluster_experts {
namespace {

// At most this many points per line; the expert grid shares a total budget over its M·(K+1) lines.
constexpr size_t kMaxPoints = 1000, kGridPoints = 80000;

}   // namespace

void Run::reset_histories() {
    std::vector<core::LineSeries> acc = {core::line("MoE (nonlinear)", 0), core::line("MoE (linear)", 1)};
    if (singles_) {
        acc.push_back(core::line("single (cubic)", 2, true));
        acc.push_back(core::line("single (linear)", 3, true));
    }
    hist_acc_.reset(std::move(acc), kMaxPoints);
    hist_entropy_.reset({core::line("MoE (nonlinear)", 0), core::line("MoE (linear)", 1),
                         core::line("nonlinear, noise-free router", 0, true)},
                        kMaxPoints);
    hist_router_.reset({core::line("nonlinear ⟨θ, c⟩", 0), core::line("nonlinear |⟨θ, v⟩|", 0, true),
                        core::line("linear ⟨θ, c⟩", 1), core::line("linear |⟨θ, v⟩|", 1, true)},
                       kMaxPoints);
    const int K = dc_.K, M = moe_[0].cfg.M;
    const size_t cap = std::max<size_t>(100, std::min(kMaxPoints, kGridPoints / size_t(M * (K + 1))));
    hist_expert_.assign(size_t(M), core::ThinnedLines());
    for (auto& h : hist_expert_) {
        std::vector<core::LineSeries> ls;
        for (int k = 0; k < K; ++k) ls.push_back(core::line("v_" + std::to_string(k + 1), k));
        ls.push_back(core::line("centers", 7, true));
        h.reset(std::move(ls), cap);
    }
}

void Run::views(std::vector<core::View>& out) const {
    const int K = dc_.K, M = moe_[0].cfg.M;
    const double lnK = core::fm::log(double(K));
    const double tmax = std::max(1, T_);
    std::vector<core::Overlay> stages;
    static const char* stage_names[3] = {"Exploration", "Router learning", "Converged"};
    for (int q = 0; q < 3; ++q) {
        if (stage_start_[size_t(q)] < 0) continue;
        double end = t_;
        for (int r = q + 1; r < 3; ++r)
            if (stage_start_[size_t(r)] >= 0) {
                end = stage_start_[size_t(r)];
                break;
            }
        stages.push_back(core::vband(stage_start_[size_t(q)], end, stage_names[q], q + 5));
    }

    // 1. Accuracy race (Theorem 4.1 vs Theorem 4.2).
    {
        const bool same = dc_.alpha.lo == dc_.gamma.lo && dc_.alpha.hi == dc_.gamma.hi;
        core::View v =
            core::lines("accuracy", "Accuracy race")
                .caption(
                    "Test accuracy of the four models trained on the same data. The nonlinear MoE should reach ≈ "
                    "100 %; the single models stay under the dashed {=87.5} % line when D_α = D_γ (Theorem 4.1); the "
                    "linear MoE lags.")
                .x("iteration t", 0, tmax)
                .y("test accuracy (%)", 50, 100)
                .hline(87.5,
                       same ? "Thm 4.1 ceiling (D_α = D_γ holds here)"
                            : "Thm 4.1 ceiling (valid when D_α = D_γ; not in this setting)")
                .overlays(stages)
                .readout(core::trf("MoE nonlinear %.2f %%, linear %.2f %%", ev_[0].acc, ev_[1].acc));
        hist_acc_.append_to(v.lines);
        if (singles_)
            v.readouts.push_back(
                core::trf("single cubic %.2f %%, single linear %.2f %%", acc_single_[0], acc_single_[1]));
        out.push_back(std::move(v));
    }
    // 2. Dispatch entropy (Fig. 3) and the dispatch matrices (Tables 4–6).
    {
        core::View v =
            core::lines("entropy", "Dispatch entropy (eq. 6.1)")
                .caption(
                    "Entropy of the clusters each expert receives, noisy router, test set. It stays near ln K while "
                    "the router is uniform (exploration), then the nonlinear MoE's drops to ≈ 0; the linear MoE's "
                    "stays high.")
                .x("iteration t", 0, tmax)
                .y("dispatch entropy (nats)", 0, lnK * 1.05)
                .hline(lnK, "ln K: uniform")
                .overlays(stages)
                .readout(core::trf("nonlinear %.3f, linear %.3f", ev_[0].entropy, ev_[1].entropy));
        hist_entropy_.append_to(v.lines);
        out.push_back(std::move(v));
    }
    for (int c = 0; c < 2; ++c) {
        core::View v = core::heatmap(c == 0 ? "dispatch" : "dispatch_linear",
                                     c == 0 ? "Dispatch matrix, nonlinear MoE" : "Dispatch matrix, linear MoE")
                           .caption("Test examples of cluster k (rows) sent to expert m (columns) by the noisy router, "
                                    "as in the paper's Tables 4–6; column labels give each expert's load. Specialised: "
                                    "one non-empty cell per column.")
                           .cells(K, M, ev_[size_t(c)].counts, 0.0)
                           .rows("cluster k", core::numbered(K))
                           .scale(0, 1)   // to the largest count, below
                           .format("%.0f");
        core::Heatmap& h = v.heat;
        h.col_title = "expert m (load)";
        for (int m = 0; m < M; ++m) {
            double load = 0;
            for (int k = 0; k < K; ++k) load += h.v[size_t(k * M + m)];
            h.col_labels.push_back(std::to_string(m + 1) + " (" + std::to_string(int(load)) + ")");
        }
        for (double x : h.v) h.hi = std::max(h.hi, x);
        out.push_back(std::move(v));
    }
    // 3. Expert ↔ feature alignment (Fig. 4 top): one panel per expert.
    {
        core::View g =
            core::grid("expert_alignment", "Expert ↔ feature alignment (nonlinear MoE)")
                .caption("Each panel is one expert: lines are max_j ⟨w_m,j, v_k⟩ for each cluster k (signed); grey "
                         "dashed is max |⟨w, c_k⟩|. One line per expert takes off (rich-get-richer, Lemmas E.5–E.8); "
                         "the title gives the feature predicted at t = 0 (k*, Def. D.3) and the one learned.")
                .columns(M <= 8 ? 4 : 8);
        int agree = 0;
        for (int m = 0; m < M; ++m) {
            const int learned = al_[0].learned.empty() ? 0 : al_[0].learned[size_t(m)];
            const int ks = kstar_.empty() ? 0 : kstar_[size_t(m)];
            agree += learned == ks;
            core::View v = core::lines("expert_" + std::to_string(m + 1),
                                       core::trf("expert %d: k* = %d, learned %d %s", m + 1, ks + 1, learned + 1,
                                                 learned == ks ? "✓" : "✗"))
                               .x("t", 0, tmax)
                               .y("⟨w, v_k⟩", -0.5, 2.5);
            if (size_t(m) < hist_expert_.size()) hist_expert_[size_t(m)].append_to(v.lines);
            g.children.push_back(std::move(v));
        }
        g.readouts.push_back(core::trnf(M, "%d of %d expert ends on its predicted feature k*_m",
                                        "%d of %d experts end on their predicted feature k*_m", agree, M));
        out.push_back(std::move(g));
    }
    // 4. Router ↔ center (Fig. 4/5 bottom).
    for (int c = 0; c < 2; ++c)
        out.push_back(
            core::heatmap(c == 0 ? "router_center" : "router_center_linear",
                          c == 0 ? "Router ↔ center ⟨θ_m, c_k⟩, nonlinear MoE"
                                 : "Router ↔ center ⟨θ_m, c_k⟩, linear MoE")
                .caption(c == 0
                             ? "Blank during exploration, then block-structured: positive where expert m serves "
                               "cluster k, negative elsewhere. The router learns the centers, not the label features "
                               "(Lemma E.14)."
                             : "The linear MoE's router picks up the label features v_k as much as the centers "
                               "(Fig. 5).")
                .cells(M, K, al_[size_t(c)].rc, 0.0)
                .rows("expert m", core::numbered(M))
                .cols("cluster center c_k", core::numbered(K))
                .diverging(2.5)
                .readout(core::trf("‖Σ_m θ_m‖ = %.2e (0 by Lemma E.1)", al_[size_t(c)].sum_theta))
                .readout(core::trf("max ⟨θ, c⟩ = %.2f, max |⟨θ, v⟩| = %.2f", al_[size_t(c)].max_rc,
                                   al_[size_t(c)].max_abs_rv)));
    {
        core::View v = core::lines("router_trajectory", "Router: centers vs label features")
                           .caption("max ⟨θ_m, c_k⟩ (solid) and max |⟨θ_m, v_k⟩| (dashed). Nonlinear: centers grow, "
                                    "features stay small; linear: features can exceed centers.")
                           .x("iteration t", 0, tmax)
                           .y("inner product")
                           .overlays(stages);
        hist_router_.append_to(v.lines);
        out.push_back(std::move(v));
    }
    // before the first evaluation: the grid's id and title, so that a link's view=territory finds it
    out.push_back(territory_.id.empty()
                      ? core::View(core::grid("territory", "Router territories on the plane of the cluster centres")
                                       .readout("after the first evaluation"))
                      : territory_);
    // 5. Per-expert × per-cluster accuracy (Lemma 5.2, Theorem 4.2), dots where the router sends each cluster.
    for (int c = 0; c < 2; ++c) {
        core::View v =
            core::heatmap(c == 0 ? "expert_cluster" : "expert_cluster_linear",
                          c == 0 ? "Per-expert × cluster accuracy, nonlinear MoE"
                                 : "Per-expert × cluster accuracy, linear MoE")
                .caption("Each expert alone on each cluster's test points, P(y f_m(x) > 0 | Ω_k). Specialised: one ≈ "
                         "100 % cell per expert row, the others ≈ 50–90 % (Lemma 5.2); dots mark where the router "
                         "sends each cluster.")
                .cells(M, K, cell_[size_t(c)])
                .rows("expert m", core::numbered(M))
                .cols("cluster k", core::numbered(K))
                .scale(50, 100)
                .format("%.0f")
                .readout(cell_t_[size_t(c)] >= 0 ? core::trf("computed at t = %d", cell_t_[size_t(c)])
                                                 : "not computed yet");
        core::Heatmap& h = v.heat;
        const std::vector<double>& cc = ev_[size_t(c)].counts_clean;
        if (!cc.empty())
            for (int k = 0; k < K; ++k) {
                double nk = 0;
                for (int m = 0; m < M; ++m) nk += cc[size_t(k * M + m)];
                for (int m = 0; m < M; ++m)
                    if (nk > 0 && cc[size_t(k * M + m)] >= 0.2 * nk) h.marks.push_back({m, k});
            }
        h.mark_label = "router sends ≥ 20 % of the cluster here (noise-free)";
        out.push_back(std::move(v));
    }
}

}   // namespace cluster_experts
