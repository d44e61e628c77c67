// The gated-regression lab's scalar metrics (CLI, JSON, CSV, the page's state()): summaries over the runs.
#include "labs/gated-regression/run.hpp"
#include "core/metric_list.hpp"
#include "core/text.hpp"
#include "labs/gated-regression/costs.hpp"

namespace gated {

std::vector<core::Metric> Run::metrics() const {
    core::MetricList m;
    const Summary& s = sum_;
    const char* p1 = "measured after Phase 1";
    const char* p2 = "measured after Phase 2";
    const char* nostuck = "no ℓ2 run is stuck (all have E_reg < 0.05), or measured after Phase 2";
    m.count("runs", "Seeds trained side by side", cfg_.runs);
    m.add("success_l4", "L4: fraction of runs with E_reg < 0.05", s.success[kL4], "%.3f", p1);
    m.add("success_l2", "ℓ2: fraction of runs with E_reg < 0.05", s.success[kL2], "%.3f", p1);
    m.add("ereg_l4", "L4: median E_reg (§4)", s.ereg_median[kL4], "%.4f", p1);
    m.add("ereg_l2", "ℓ2: median E_reg", s.ereg_median[kL2], "%.4f", p1);
    m.add_if(cfg_.em, "success_em", "EM (not in the paper): fraction with E_reg < 0.05", s.success[kEM], "%.3f",
             "em = 0, or measured after Phase 1");
    m.add_if(cfg_.em, "ereg_em", "EM: median E_reg", s.ereg_median[kEM], "%.4f", "em = 0, or measured after Phase 1");
    m.add_if(cfg_.em, "mse_em", "EM: median test MSE", s.mse_em, "%.4f", "em = 0, or measured after Phase 2");
    m.add("loss_l4", "L4: median final empirical L4 (its saddle plateau is λk)", s.loss4, "%.4f", p1);
    m.add("perp_l4", "L4: median max_i ‖P⊥ â_i‖/‖â_i‖ (outside span A*)", s.perp4, "%.4f", p1);
    m.add("perp_l2", "ℓ2: median max_i ‖P⊥ â_i‖/‖â_i‖", s.perp2, "%.4f", p1);
    m.add("mse_l4", "Test MSE of (Â from L4, Ŵ from L_log), median", s.mse_l4, "%.4f", p2);
    m.add("mse_l2", "Test MSE of ℓ2's model, median", s.mse_l2, "%.4f", p2);
    m.add("mse_oracle", "Test MSE of the oracle E[y|x]", s.mse_oracle, "%.4f", p2);
    m.add("mse_linreg", "Test MSE of linear regression", s.mse_linreg, "%.4f", p2);
    m.count("stuck_l2", "ℓ2 runs stuck (E_reg ≥ 0.05)", s.stuck);
    m.add("stuck_gap", "Stuck ℓ2 runs: max (MSE_ℓ2 − MSE_L4)/MSE_L4", s.stuck_gap, "%.4f", nostuck);
    m.add("stuck_excess", "Stuck ℓ2 runs: max (MSE_ℓ2 − MSE_oracle)/MSE_oracle", s.stuck_excess, "%.4f", nostuck);
    m.add("stuck_ereg_min", "Stuck ℓ2 runs: min E_reg", s.stuck_ereg_min, "%.4f", nostuck);
    m.add("stuck_egating_min", "Stuck ℓ2 runs: min E_gating with their Â", s.stuck_egating_min, "%.4f", nostuck);
    m.add("egating_star", "Phase 2, A = A*: median E_gating", s.egating[kAStar], "%.4f", p2);
    m.add("egating_l4", "Phase 2, A = Â from L4: median E_gating", s.egating[kAL4], "%.4f", p2);
    m.add("egating_l2", "Phase 2, A = Â from ℓ2: median E_gating", s.egating[kAL2], "%.4f", p2);
    m.add("gating_ok_l4", "Phase 2, Â from L4: fraction of runs with E_gating ≤ 0.01", s.gating_ok_l4, "%.3f", p2);
    m.add("werr_star", "Phase 2, A = A*: median ‖W − W*‖", s.werr[kAStar], "%.4f", p2);
    m.add("werr_l4", "Phase 2, Â from L4: median ‖W − W*‖", s.werr[kAL4], "%.4f", p2);
    m.add("werr_l2", "Phase 2, Â from ℓ2: median ‖W − W*‖", s.werr[kAL2], "%.4f", p2);
    m.add("route_gate_bayes", "Gate-only routing accuracy of (A*, W*) (Bayes)", s.route_gate[kAStar], "%.4f", p2);
    m.add("route_post_bayes", "Posterior routing accuracy of (A*, W*)", s.route_post[kAStar], "%.4f", p2);
    m.add("route_gate_l4", "Gate-only routing accuracy, (Â_L4, Ŵ)", s.route_gate[kAL4], "%.4f", p2);
    m.add("route_post_l4", "Posterior routing accuracy, (Â_L4, Ŵ)", s.route_post[kAL4], "%.4f", p2);
    m.add("route_gate_l2", "Gate-only routing accuracy, ℓ2's own model", s.route_gate_l2own, "%.4f", p2);
    m.add("route_post_l2", "Posterior routing accuracy, ℓ2's own model", s.route_post_l2own, "%.4f", p2);
    const char* nosweep = "sweep = 0, or measured in Phase 3";
    m.add_if(cfg_.sweep, "sweep_l4_lo", "Sweep: L4 success rate at n = 10³ (d)", s.sweep_l4_lo, "%.3f", nosweep);
    m.add_if(cfg_.sweep, "sweep_l4_hi", "Sweep: L4 success rate at n_max (d)", s.sweep_l4_hi, "%.3f", nosweep);
    m.add_if(cfg_.sweep, "sweep_l4d2_hi", "Sweep: L4 success rate at n_max (d₂)", s.sweep_l4d2_hi, "%.3f", nosweep);
    m.add_if(cfg_.sweep, "sweep_l2_max", "Sweep: ℓ2's highest success rate over n", s.sweep_l2_max, "%.3f", nosweep);
    // per n of the grid: reproduce's mean over lab seeds is then the success rate over all their sweep seeds
    const std::vector<int> grid = sweep_grid(cfg_.sweep_n_max);
    static const char* names[3] = {"l4", "l4d2", "l2"};
    for (int series = 0; series < 3; ++series)
        for (size_t i = 0; i < grid.size(); ++i)
            m.add_if(cfg_.sweep, core::strf("sweep_%s_%d", names[series], grid[i]),
                     core::strf("Sweep: %s success rate at n = %d",
                                series == 2       ? "ℓ2 (d)"
                                    : series == 1 ? "L4 (d₂)"
                                                  : "L4 (d)",
                                grid[i]),
                     i < s.sweep_rate[series].size() ? s.sweep_rate[series][i] : NAN, "%.3f", nosweep);
    return m.take();
}

}   // namespace gated
