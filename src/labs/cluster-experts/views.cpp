// The plots of the cluster-experts lab (docs/labs/cluster-experts.md §6), packaged from cached data only.
#include "labs/cluster-experts/run.hpp"
#include "core/fmath.hpp"
#include <cmath>
#include "core/text.hpp"
#include <algorithm>

namespace cluster_experts {
namespace {

core::LineSeries series(const char* label, int color, bool dashed = false) {
    core::LineSeries s;
    s.label = label;
    s.color = color;
    s.dashed = dashed;
    return s;
}

// At most this many points per line; the expert grid shares a total budget over its M·(K+1) lines.
constexpr size_t kMaxPoints = 1000, kGridPoints = 80000;

}   // namespace

void Run::reset_histories() {
    std::vector<core::LineSeries> acc = {series("MoE (nonlinear)", 0), series("MoE (linear)", 1)};
    if (singles_) {
        acc.push_back(series("single (cubic)", 2, true));
        acc.push_back(series("single (linear)", 3, true));
    }
    hist_acc_.reset(std::move(acc), kMaxPoints);
    hist_entropy_.reset(
        {series("MoE (nonlinear)", 0), series("MoE (linear)", 1), series("nonlinear, noise-free router", 0, true)},
        kMaxPoints);
    hist_router_.reset({series("nonlinear ⟨θ, c⟩", 0), series("nonlinear |⟨θ, v⟩|", 0, true),
                        series("linear ⟨θ, c⟩", 1), series("linear |⟨θ, v⟩|", 1, true)},
                       kMaxPoints);
    const int K = dc_.K, M = moe_[0].cfg.M;
    const size_t cap = std::max<size_t>(100, std::min(kMaxPoints, kGridPoints / size_t(M * (K + 1))));
    hist_expert_.assign(size_t(M), core::ThinnedLines());
    for (auto& h : hist_expert_) {
        std::vector<core::LineSeries> ls;
        for (int k = 0; k < K; ++k) ls.push_back(series(("v_" + std::to_string(k + 1)).c_str(), k));
        ls.push_back(series("centers", 7, true));
        h.reset(std::move(ls), cap);
    }
}

void Run::views(std::vector<core::View>& out) const {
    const int K = dc_.K, M = moe_[0].cfg.M;
    const double lnK = core::fm::log(double(K));
    const double tmax = std::max(1, T_);
    std::vector<core::Overlay> stages;
    static const char* stage_names[3] = {"exploration", "router learning", "converged"};
    for (int q = 0; q < 3; ++q) {
        if (stage_start_[size_t(q)] < 0) continue;
        double end = t_;
        for (int r = q + 1; r < 3; ++r)
            if (stage_start_[size_t(r)] >= 0) {
                end = stage_start_[size_t(r)];
                break;
            }
        stages.push_back({core::Overlay::VBand, double(stage_start_[size_t(q)]), end, stage_names[q], q + 5});
    }

    // 1. Accuracy race (Theorem 4.1 vs Theorem 4.2).
    {
        core::View v;
        v.id = "accuracy";
        v.title = "Accuracy race";
        v.kind = core::ViewKind::Lines;
        v.caption =
            "Test accuracy of the four models trained on the same data. The nonlinear MoE should reach ≈ 100 %; the "
            "single models stay under the dashed 87.5 % line when D_α = D_γ (Theorem 4.1); the linear MoE lags.";
        v.x_label = "iteration t";
        v.y_label = "test accuracy (%)";
        v.x_min = 0;
        v.x_max = tmax;
        v.y_min = 50;
        v.y_max = 100;
        hist_acc_.append_to(v.lines);
        bool same = dc_.alpha.lo == dc_.gamma.lo && dc_.alpha.hi == dc_.gamma.hi;
        v.overlays.push_back({core::Overlay::HLine, 87.5, 0,
                              same ? "Thm 4.1 ceiling (D_α = D_γ holds here)"
                                   : "Thm 4.1 ceiling (valid when D_α = D_γ; not in this setting)"});
        v.overlays.insert(v.overlays.end(), stages.begin(), stages.end());
        v.readouts.push_back(core::strf("MoE nonlinear %.2f %%, linear %.2f %%", ev_[0].acc, ev_[1].acc));
        if (singles_)
            v.readouts.push_back(
                core::strf("single cubic %.2f %%, single linear %.2f %%", acc_single_[0], acc_single_[1]));
        out.push_back(std::move(v));
    }
    // 2. Dispatch entropy (Fig. 3) and the dispatch matrices (Tables 4–6).
    {
        core::View v;
        v.id = "entropy";
        v.title = "Dispatch entropy (eq. 6.1)";
        v.kind = core::ViewKind::Lines;
        v.caption =
            "Entropy of the clusters each expert receives, noisy router, test set. It stays near ln K while the router "
            "is uniform (exploration), then the nonlinear MoE's drops to ≈ 0; the linear MoE's stays high.";
        v.x_label = "iteration t";
        v.y_label = "dispatch entropy (nats)";
        v.x_min = 0;
        v.x_max = tmax;
        v.y_min = 0;
        v.y_max = lnK * 1.05;
        hist_entropy_.append_to(v.lines);
        v.overlays.push_back({core::Overlay::HLine, lnK, 0, "ln K: uniform"});
        v.overlays.insert(v.overlays.end(), stages.begin(), stages.end());
        v.readouts.push_back(core::strf("nonlinear %.3f, linear %.3f", ev_[0].entropy, ev_[1].entropy));
        out.push_back(std::move(v));
    }
    static const char* mnames[2] = {"nonlinear", "linear"};
    for (int c = 0; c < 2; ++c) {
        core::View v;
        v.id = c == 0 ? "dispatch" : "dispatch_linear";
        v.title = std::string("Dispatch matrix, ") + mnames[c] + " MoE";
        v.kind = core::ViewKind::Heatmap;
        v.caption =
            "Test examples of cluster k (rows) sent to expert m (columns) by the noisy router, as in the paper's Tables "
            "4–6; column labels give each expert's load. Specialised: one non-empty cell per column.";
        core::Heatmap& h = v.heat;
        h.rows = K;
        h.cols = M;
        h.v = ev_[size_t(c)].counts;
        if (h.v.empty()) h.v.assign(size_t(K * M), 0.0);
        h.row_title = "cluster k";
        h.col_title = "expert m (load)";
        for (int k = 0; k < K; ++k) h.row_labels.push_back(std::to_string(k + 1));
        double mx = 1;
        for (int m = 0; m < M; ++m) {
            double load = 0;
            for (int k = 0; k < K; ++k) load += h.v[size_t(k * M + m)];
            h.col_labels.push_back(std::to_string(m + 1) + " (" + std::to_string(int(load)) + ")");
        }
        for (double x : h.v) mx = std::max(mx, x);
        h.lo = 0;
        h.hi = mx;
        h.value_format = "%.0f";
        out.push_back(std::move(v));
    }
    // 3. Expert ↔ feature alignment (Fig. 4 top): one panel per expert.
    {
        core::View g;
        g.id = "expert_alignment";
        g.title = "Expert ↔ feature alignment (nonlinear MoE)";
        g.kind = core::ViewKind::Grid;
        g.caption =
            "Each panel is one expert: lines are max_j ⟨w_m,j, v_k⟩ for each cluster k (signed); grey dashed is max "
            "|⟨w, c_k⟩|. One line per expert takes off (rich-get-richer, Lemmas E.5–E.8); the title gives the feature "
            "predicted at t = 0 (k*, Def. D.3) and the one learned.";
        g.grid_cols = M <= 8 ? 4 : 8;
        int agree = 0;
        for (int m = 0; m < M; ++m) {
            core::View v;
            v.kind = core::ViewKind::Lines;
            int learned = al_[0].learned.empty() ? 0 : al_[0].learned[size_t(m)];
            int ks = kstar_.empty() ? 0 : kstar_[size_t(m)];
            agree += learned == ks;
            v.id = "expert_" + std::to_string(m + 1);
            v.title = "expert " + std::to_string(m + 1) + ": k* = " + std::to_string(ks + 1) + ", learned " +
                std::to_string(learned + 1) + (learned == ks ? " ✓" : " ✗");
            v.x_label = "t";
            v.y_label = "⟨w, v_k⟩";
            v.x_min = 0;
            v.x_max = tmax;
            v.y_min = -0.5;
            v.y_max = 2.5;
            if (size_t(m) < hist_expert_.size()) hist_expert_[size_t(m)].append_to(v.lines);
            g.children.push_back(std::move(v));
        }
        g.readouts.push_back(core::strf("%d of %d experts end on their predicted feature k*_m", agree, M));
        out.push_back(std::move(g));
    }
    // 4. Router ↔ center (Fig. 4/5 bottom).
    for (int c = 0; c < 2; ++c) {
        core::View v;
        v.id = c == 0 ? "router_center" : "router_center_linear";
        v.title = std::string("Router ↔ center ⟨θ_m, c_k⟩, ") + mnames[c] + " MoE";
        v.kind = core::ViewKind::Heatmap;
        v.caption = c == 0
            ? "Blank during exploration, then block-structured: positive where expert m serves cluster k, negative "
              "elsewhere. The router learns the centers, not the label features (Lemma E.14)."
            : "The linear MoE's router picks up the label features v_k as much as the centers (Fig. 5).";
        core::Heatmap& h = v.heat;
        h.rows = M;
        h.cols = K;
        h.v = al_[size_t(c)].rc;
        if (h.v.empty()) h.v.assign(size_t(M * K), 0.0);
        h.row_title = "expert m";
        h.col_title = "cluster center c_k";
        for (int m = 0; m < M; ++m) h.row_labels.push_back(std::to_string(m + 1));
        for (int k = 0; k < K; ++k) h.col_labels.push_back(std::to_string(k + 1));
        h.lo = -2.5;
        h.hi = 2.5;
        h.diverging = true;
        v.readouts.push_back(core::strf("‖Σ_m θ_m‖ = %.2e (0 by Lemma E.1)", al_[size_t(c)].sum_theta));
        v.readouts.push_back(
            core::strf("max ⟨θ, c⟩ = %.2f, max |⟨θ, v⟩| = %.2f", al_[size_t(c)].max_rc, al_[size_t(c)].max_abs_rv));
        out.push_back(std::move(v));
    }
    {
        core::View v;
        v.id = "router_trajectory";
        v.title = "Router: centers vs label features";
        v.kind = core::ViewKind::Lines;
        v.caption =
            "max ⟨θ_m, c_k⟩ (solid) and max |⟨θ_m, v_k⟩| (dashed). Nonlinear: centers grow, features stay small; "
            "linear: features can exceed centers.";
        v.x_label = "iteration t";
        v.y_label = "inner product";
        v.x_min = 0;
        v.x_max = tmax;
        hist_router_.append_to(v.lines);
        v.overlays.insert(v.overlays.end(), stages.begin(), stages.end());
        out.push_back(std::move(v));
    }
    {
        core::View g = territory_;
        if (g.id.empty()) {   // before the first evaluation
            g.id = "territory";
            g.title = "Router territories on the plane of the cluster centres";
            g.kind = core::ViewKind::Grid;
            g.readouts.push_back("after the first evaluation");
        }
        out.push_back(std::move(g));
    }
    // 5. Per-expert × per-cluster accuracy (Lemma 5.2, Theorem 4.2), dots where the router sends each cluster.
    for (int c = 0; c < 2; ++c) {
        core::View v;
        v.id = c == 0 ? "expert_cluster" : "expert_cluster_linear";
        v.title = std::string("Per-expert × cluster accuracy, ") + mnames[c] + " MoE";
        v.kind = core::ViewKind::Heatmap;
        v.caption =
            "Each expert alone on each cluster's test points, P(y f_m(x) > 0 | Ω_k). Specialised: one ≈ 100 % cell per "
            "expert row, the others ≈ 50–90 % (Lemma 5.2); dots mark where the router sends each cluster.";
        core::Heatmap& h = v.heat;
        h.rows = M;
        h.cols = K;
        h.v = cell_[size_t(c)];
        if (h.v.empty()) h.v.assign(size_t(M * K), std::nan(""));
        h.row_title = "expert m";
        h.col_title = "cluster k";
        for (int m = 0; m < M; ++m) h.row_labels.push_back(std::to_string(m + 1));
        for (int k = 0; k < K; ++k) h.col_labels.push_back(std::to_string(k + 1));
        h.lo = 50;
        h.hi = 100;
        h.value_format = "%.0f";
        const std::vector<double>& cc = ev_[size_t(c)].counts_clean;
        if (!cc.empty())
            for (int k = 0; k < K; ++k) {
                double nk = 0;
                for (int m = 0; m < M; ++m) nk += cc[size_t(k * M + m)];
                for (int m = 0; m < M; ++m)
                    if (nk > 0 && cc[size_t(k * M + m)] >= 0.2 * nk) h.marks.push_back({m, k});
            }
        h.mark_label = "router sends ≥ 20 % of the cluster here (noise-free)";
        v.readouts.push_back(cell_t_[size_t(c)] >= 0 ? core::strf("computed at t = %d", cell_t_[size_t(c)])
                                                     : "not computed yet");
        out.push_back(std::move(v));
    }
}

}   // namespace cluster_experts
