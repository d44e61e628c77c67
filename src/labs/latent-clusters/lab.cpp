// The latent-clusters lab's declaration: info, parameter schema and presets, phases, validation, headlines and
// the plan.
#include "core/bind.hpp"
#include "core/registry.hpp"
#include "labs/latent-clusters/lab.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

namespace latent {

// Each parameter once, bound to the Config field it sets (core/bind.hpp): the schema and the config cannot drift.
static core::Bound<Config> make_binding() {
    using T = core::ParamType;
    core::Bound<Config> b;
    b.add(core::param("d", "d", "Data", T::Int, 5, 256, 32, "input dimension (paper experiment: 200; lecture: 32)"),
          &Config::teacher, &TeacherConfig::d);
    b.add(core::param("C", "C", "Data", T::Int, 2, 6, 2, "number of latent clusters (paper experiment: 2)"),
          &Config::teacher, &TeacherConfig::C);
    b.add(core::param("rho", "ρ", "Data", T::Real, 0, 10, 3,
                      "cluster mean scale: x = ρ v_c + z (Assumption 3.2; ρ ≥ 4 destabilises at d = 32)"),
          &Config::teacher, &TeacherConfig::rho);
    b.add(core::param("zeta", "ζ", "Data", T::Real, 0, 3, 0.1, "label noise standard deviation"), &Config::teacher,
          &TeacherConfig::zeta);
    b.add(core::choice("links", "f*, g*", "Data",
                       {{"pure", core::later::tr("Pure")}, {"paper", core::later::tr("The paper's")}}, 0,
                       "pure: f_c* = g* = h_k*; paper: f_1 = h_3 + h_5, f_2 = h_3 + h_4, g = h_3 (Sec. 4.2.1)"),
          &Config::teacher, &TeacherConfig::links);
    b.add(core::param(
              "k_star", "k*", "Data", T::Int, 3, 6, 3,
              "information exponent of the pure links (the paper's experiment: 3; the theory wants even k* ≥ 4, slow)"),
          &Config::teacher, &TeacherConfig::k_star);
    b.add(core::param("M", "M", "Model", T::Int, 1, 16, 6,
                      "number of experts (paper experiment: 8; M ≳ C log C, Lemma 4.8)"),
          &Config::M);
    b.add(core::param("J1", "J_I", "Model", T::Int, 1, 64, 1, "expert width in Phase I (Lemma C.2: J ≲ √log d)"),
          &Config::J1);
    b.add(core::param("J3", "J_III", "Model", T::Int, 1, 64, 16,
                      "expert width in Phases III–IV (paper experiment: 500); the vanilla net has M·J_III neurons"),
          &Config::J3);
    b.add(core::choice(
              "act", "σ", "Model", {{"hermite", core::later::tr("Hermite")}, {"relu", core::later::tr("ReLU")}}, 0,
              "hermite: σ = Σ_{i=k*}^{p*} ε_i h_i (Assumption 3.4 A); relu: ReLU(· + b), b ~ U[−C_b, C_b] (B)"),
          &Config::act);
    b.add(core::param("act_deg", "deg σ", "Model", T::Int, 0, 8, 0,
                      "highest Hermite degree of the randomized activation (0: the teacher's p*, as in App. A.3)"),
          &Config::act_deg);
    b.add(core::param("C_b", "C_b", "Model", T::Real, 0, 6, 0,
                      "bias scale: ReLU biases, and the Phase IV biases b ~ U[−C_b, C_b] (Algorithm 1)"),
          &Config::C_b);
    b.add(core::param("eta1", "η_I", "Phase I", T::Real, 1e-7, 1e3, 0.0018,
                      "Phase I step; the per-neuron step is η_I/(M·J_I) (gate 1/M, width 1/J)", true),
          &Config::eta1);
    b.add(core::param("T1", "T_1", "Phase I", T::Int, 0, 5e6, 150000,
                      "Phase I online samples (paper: {=3.5e6} at d = 200)", true),
          &Config::T1);
    b.add(core::param("n2", "n", "Phase II", T::Int, 10, 2e6, 100000,
                      "Phase II batch size (theory n = Θ̃(d); ~3000 d needed at small d)", true),
          &Config::n2);
    b.add(core::param("T2", "T_2", "Phase II", T::Int, 1, 50, 1,
                      "router gradient steps, each on n fresh samples (theory: 1; paper experiment: 300)"),
          &Config::T2);
    b.add(core::param("eta_r", "η_r", "Phase II", T::Real, 1e-6, 1e6, 1,
                      "router step; after one step from θ = 0 routing is scale invariant", true),
          &Config::eta_r);
    b.add(core::param(
              "router", core::Words{"Router learned"}, "Phase II", T::Bool, 0, 1, 1,
              "learn the router (0: θ stays 0, so h_m(x) = 0 ≥ 0 keeps every expert active for every x: the router-off "
              "ablation as the main run, on the same samples; compare mode's 'router off'; not the random-expert "
              "baseline)"),
          &Config::router);
    b.add(core::param("reinit", core::Words{"Re-initialise experts"}, "Phase III", T::Bool, 0, 1, 1,
                      "re-initialise the experts before Phase III (Algorithm 1)"),
          &Config::reinit);
    b.add(core::param("eta3", "η_III", "Phase III", T::Real, 1e-7, 1e3, 0.005,
                      "Phase III step; the per-neuron step is η_III/J_III", true),
          &Config::eta3);
    b.add(core::param("tau3", "τ", "Phase III", T::Real, 0, 1e7, 20000, "anneal η^t = η_III/(1 + t/τ) (0: constant)"),
          &Config::tau3);
    b.add(core::param("T3", "T_3", "Phase III", T::Int, 0, 5e6, 100000,
                      "Phase III online samples (paper: 1e7 at d = 200)", true),
          &Config::T3);
    b.add(core::param("T4", "T_4", "Phase IV", T::Int, 1, 1e6, 3000, "ridge regression samples", true), &Config::T4);
    b.add(core::param("lambda", "λ̄", "Phase IV", T::Real, 0, 10, 1e-6,
                      "ridge penalty, at least 1e-6 (check(): an expert that is never active gives a zero feature "
                      "column, singular at λ̄ = 0)"),
          &Config::lambda);
    b.add(
        core::param(
            "baselines", core::Words{"Baselines"}, "Evaluation", T::Bool, 0, 1, 1,
            "also train the random-expert MoE (Phase III routed by the θ = 0 rule: one expert at random per sample) and the forced top-1 MoE on the same stream"),
        &Config::baselines);
    b.add(core::param("n_test", "n_test", "Evaluation", T::Int, 100, 200000, 4000, "fixed test set size", true),
          &Config::n_test);
    b.add(core::param("eval_every", core::Words{"Evaluate every"}, "Evaluation", T::Int, 50, 100000, 1000,
                      "SGD steps between alignment evaluations", true),
          &Config::eval_every);
    return b;
}

const core::Bound<Config>& binding() { return core::made_once(make_binding); }

core::Schema make_schema() {
    core::Schema s = binding().schema();
    s.presets = {
        {"lecture",
         "Lecture",
         "d = 32, C = 2, ρ = 3, M = 6, σ = h_3: the MoE learns w_g*, the vanilla net never does ("
         "docs/labs/latent-clusters.md §2.5)",
         {},
         ""},
        {"fast",
         "Fast",
         "d = 24, shorter phases (docs/labs/latent-clusters.md §2.5)",
         {{"d", 24}, {"T1", 85000}, {"T3", 60000}, {"n2", 60000}, {"tau3", 12000}, {"eta1", 0.0028}, {"eta3", 0.0077}},
         "at d = 24 the router can fail (1 of 4 seeds in the prototype, docs/labs/latent-clusters.md §7.9): a "
         "cluster may be sent to the wrong experts"},
        {"paper",
         "Paper-like links",
         "f_1 = h_3 + h_5, f_2 = h_3 + h_4, g = h_3 (Sec. 4.2.1) at d = 32, M = 8 (paper: 8), student σ = ±h_3",
         {{"links", 1}, {"M", 8}, {"act_deg", 3}},
         "not validated by the prototype (docs/labs/latent-clusters.md §7.3). With the full activation ±h_3 ± h_4 "
         "± h_5 (deg σ = 0) the vanilla net does learn "
         "w_g* here (measured at d = 32 and 64): its h_4 term turns the cluster shift ρ w·v_c into a gate. With σ = "
         "±h_3 the contrast holds, but h_4, h_5 cannot be fitted, so every MSE stays high."},
    };
    return s;
}

static std::vector<core::Headline> paper_headlines();
static core::TestSizes sizes_for_tests();

LatentClustersLab::LatentClustersLab() : LabOf(kUnitsPerSecond, binding()) {
    info_ = {
        // id, title, citation, the paper's file, summary (core::LabInfo)
        "latent-clusters", "Latent clusters",
        "Kawata, Matsutani, Kinoshita, Nishikawa, Suzuki (2025): Mixture of Experts Provably Detect and "
        "Learn the Latent Cluster Structure in Gradient-Based Learning",
        "004_8c7cfefcba974b72.txt",
        "Regression on clustered Gaussian data: each cluster c has its own single-index task f_c*(w_c*·x) plus a global "
        "task s_c g*(w_g*·x) whose signs cancel over clusters (Σ s_c = 0). A vanilla network sees the global task only "
        "through this cancelled gradient and never learns w_g*. A mixture of experts trained in four phases (explore, "
        "learn the router, re-train the experts under adaptive top-k, fit the second layer) lets each expert see one "
        "cluster, where the global task is visible, and learns both directions."};
    headlines_ = paper_headlines();
    test_sizes_ = sizes_for_tests();
    schema_ = make_schema();
    phases_ = {
        {"I", "Phase I: exploration",
         "One neuron per expert escapes the 1/√d plateau towards one cluster's w_c*; no expert moves towards w_g*.",
         "Lemma 4.9: each professional expert weakly recovers its cluster's w_c* in T_1 = Õ(d^{k*−1}); |κ_g| stays "
         "Õ(d^{−1/2})."},
        {"II", "Phase II: router learning",
         "One large-batch gradient step from θ = 0: θ_m points towards the clusters its expert aligned with (cos(θ_m, "
         "v_c) > 0) and away from the others.",
         "Lemma 4.10: θ_mᵀv_c < 0 for m ∉ M_c and > 0 for the best m ∈ M_c; Σ_m θ_m = 0 (Lemma C.16)."},
        {"III", "Phase III: expert learning",
         "After re-initialisation, experts trained only on their cluster learn w_c* and w_g* (dotted lines rise); the "
         "vanilla net's w_g* alignment sinks.",
         "Lemmas C.21–C.26: under adaptive top-k the w_g* drive is s_c γ instead of Σ_c s_c γ = 0, so w_g* is learned "
         "with the local IE k*."},
        {"IV", "Phase IV: second layer",
         "Ridge regression of the output weights; the MoE's test MSE falls far below the vanilla net's, which is stuck "
         "near the 'local tasks only' level.",
         "Theorem 4.6: MoE error ≤ ε with Õ(d^{k*−1}) samples; Theorem 4.3: the vanilla network fails to learn w_g*."},
    };
}

static std::vector<core::Headline> paper_headlines() {
    return {
        {"cos_g_moe", "→ 1 (Thm 4.6; Fig. 2 shows w_g*-aligned neurons in each expert)"},
        {"cos_g_vanilla", "≲ Õ(d^{-1/2}) for all t (Thm 4.3)"},
        {"mse_moe", "≤ ε (Thm 4.6); no number reported"},
        {"mse_vanilla",
         "stuck above 1 (Thm 4.3: no w_g*); ≈ {=1.5} if it fits ½(f_1* + f_2*) without routing (derived, lecture "
         "teacher)"},
        {"mse_router_off", "≈ vanilla (router is what breaks Σ s_c = 0; docs/labs/latent-clusters.md §7.9)"},
        {"mse_top1", "above adaptive top-k (Remark 4.12)"},
        {"mse_zero", "E[y_clean²] = 2 for the lecture teacher"},
        {"route_acc", "→ 1 (Lemma 4.10 / C.20)"},
    };
}

core::Validation LatentClustersLab::check(const Config& c) const {
    core::Validation v;
    const int d = c.teacher.d, C = c.teacher.C, M = c.M;
    const int k = c.teacher.links == Links::PaperExperiment ? 3 : c.teacher.k_star;
    if (d < 2 * C + 1)
        v.errors.push_back(
            core::trf("d = %d must be ≥ 2C + 1 = %d (w_1*..w_C*, w_g*, v_1..v_C are orthonormal): raise d or lower C",
                      d, 2 * C + 1));
    if (M < C)
        v.errors.push_back(core::trnf(M, "M = %d expert < C = %d clusters: every cluster needs its own expert; raise M",
                                      "M = %d experts < C = %d clusters: every cluster needs its own expert; raise M",
                                      M, C));
    if (c.act == Act::Hermite && c.act_deg > 0 && c.act_deg < k)
        v.errors.push_back(core::trf("deg σ = %d is below k* = %d: the activation would have no Hermite component of "
                                     "order k* (App. A.3); raise deg σ to ≥ %d or set it to 0",
                                     c.act_deg, k, k));
    if (c.act == Act::Relu && c.C_b <= 0)
        v.errors.push_back("σ = ReLU with C_b = 0 has zero odd Hermite coefficients of order ≥ 3 and cannot learn k* = "
                           "3 (docs/labs/latent-clusters.md §4.2): raise C_b (e.g. 2)");
    const double eff1 = c.eta1 / (double(M) * c.J1), eff3 = c.eta3 / c.J3, bound = 0.06 * std::pow(double(d), -0.5 * k);
    if (eff1 >= 1)
        v.errors.push_back(core::trf("η_I/(M·J_I) = %.3g ≥ 1: every step throws the neurons to a random point of the "
                                     "sphere (the run diverges); lower η_I below %.3g",
                                     eff1, 3 * bound * M * c.J1));
    else if (eff1 > 3 * bound)
        v.warnings.push_back(core::trf("η_I/(M·J_I) = %.3g is above 3·{=0.06}·d^(−k*/2) = %.3g: alignments jump around "
                                       "(docs/labs/latent-clusters.md §7.4); lower η_I",
                                       eff1, 3 * bound));
    if (eff3 >= 1)
        v.errors.push_back(core::trf("η_III/J_III = %.3g ≥ 1: every step throws the neurons to a random point of the "
                                     "sphere (the run diverges); lower η_III below %.3g",
                                     eff3, 3 * bound * c.J3));
    else if (eff3 > 3 * bound)
        v.warnings.push_back(core::trf("η_III/J_III = %.3g is above 3·{=0.06}·d^(−k*/2) = %.3g: alignments jump around "
                                       "(docs/labs/latent-clusters.md §7.4); lower η_III",
                                       eff3, 3 * bound));
    // λ̄ below kLambdaMin (the schema allows 0 so that the user sees this reason): the ridge system is
    // singular when T_4 is below the number of features, and at any T_4 when an expert is never active.
    const int nfeat = M * std::max(c.J3, c.reinit ? c.J3 : c.J1);   // the vanilla net always has M·J_III
    if (c.lambda < kLambdaMin && c.T4 < nfeat)
        v.errors.push_back(core::trf("with λ̄ = %g the ridge needs T_4 ≥ %d samples (one per feature), T_4 = %ld: "
                                     "raise T_4, and raise λ̄ to ≥ %g",
                                     c.lambda, nfeat, c.T4, kLambdaMin));
    else if (c.lambda < kLambdaMin)
        v.errors.push_back(core::trf("λ̄ = %g: the ridge system is singular whenever an expert is never active (a zero "
                                     "feature column), whatever T_4: raise λ̄ to ≥ %g",
                                     c.lambda, kLambdaMin));
    if (c.teacher.links == Links::PaperExperiment && c.teacher.k_star != 3)
        v.warnings.push_back("the paper links fix k* = 3; k_star is ignored");
    if (c.teacher.rho > 0.7 * std::sqrt(double(d)))
        v.warnings.push_back(
            core::trf("ρ = %g > {=0.7}√d = %.2g: w·v_c random-walks and the shift ρ w·v_c can break routing ("
                      "docs/labs/latent-clusters.md §7.5)",
                      c.teacher.rho, 0.7 * std::sqrt(double(d))));
    const double p_prof = 1 - C * std::pow(1 - 1.0 / C, M);
    if (M >= C && p_prof < 0.95)
        v.warnings.push_back(core::trf(
            "with M = %d, P(every cluster has a professional expert) ≈ %.3f (Lemma 4.8): raise M", M, p_prof));
    if (c.J1 > 2 * std::max(1.0, std::sqrt(std::log(double(d)))))
        v.warnings.push_back(core::trf("J_I = %d is far above √log d = %.2g (Lemma C.2): several neurons per expert "
                                       "may align with different clusters",
                                       c.J1, std::sqrt(std::log(double(d)))));
    if (c.n2 < 1000L * d)
        v.warnings.push_back(
            core::trf("n = %g < 1000 d: the router step is noisy (y f x is heavy-tailed; the lab uses ≈ 3000 d, "
                      "docs/labs/latent-clusters.md §4.5)",
                      double(c.n2)));
    if (c.teacher.links == Links::PureHermite && k >= 4)
        v.warnings.push_back("k* ≥ 4 needs T ∝ d^{k*−1} samples: at small d the contrast may not appear ("
                             "docs/labs/latent-clusters.md §7.8)");
    if (!c.reinit && c.J3 != c.J1)
        v.warnings.push_back(
            "without re-initialisation the experts keep their Phase I width J_I; J_III only sets the vanilla width");
    const double Nv = double(M) * c.J3;
    // The Cholesky solve is spread over many steps, but one system must still finish in reasonable time:
    // (M·J_III)³/6 multiply-adds at about 1 ns each.
    const double solve_secs = 1e-9 * Nv * Nv * Nv / 6;
    if (solve_secs > 1)
        v.errors.push_back(
            core::trf("one Phase IV ridge solve of M·J_III = %.0f features takes about %.1f s natively: lower M or "
                      "J_III",
                      Nv, solve_secs));
    const double N = double(M) * std::max(c.J3, c.J1);
    const double bytes = 4.0 * c.n_test * d + 4 * 8.0 * N * N + 4.0 * 6 * N * d;
    core::check_memory(v, bytes, "the test set and the ridge systems");
    return v;
}

// The plan of a run: its parts in the order of Part (run.hpp), each with its phase (I–IV: 0–3) and its estimated
// multiply-adds, the unit step() charges (kUnitsPerSecond converts them to native seconds for the work limit).
core::WorkPlan work_plan(const Config& c) {
    const double d = c.teacher.d, C = c.teacher.C, M = c.M;
    const double neurons = M * c.J3 * (c.baselines ? 1.6 : 1.3) + c.J1;   // updated per online step (all models)
    const double Nv = M * c.J3, models = c.baselines ? 2.5 : 1.5;
    const double sgd = (neurons + d) * d;                                        // one online SGD step
    const double eval = neurons * (2 * C + 2) * d / std::max(1, c.eval_every);   // evaluations, per step
    core::WorkPlan w;   // the parts in the order of Part (run.hpp)
    w.add(0, "drawing the test set", 2 * c.n_test * d * (2 * C + 10), "lower n_test");
    w.add(0, "phase I", double(c.T1) * (sgd + eval), "lower T1, T3, d, M or J3 (or raise eval_every)",
          core::later::tr("step"));
    w.add(1, "phase II", 20 * double(c.n2) * c.T2 * d, "lower n2 or T2");
    w.add(1, "routing the test set", 2 * c.n_test * M * d, "lower n_test", core::later::tr("test point"));
    w.add(2, "phase III", double(c.T3) * (sgd + eval), "lower T1, T3, d, M or J3 (or raise eval_every)",
          core::later::tr("step"));
    // Phase IV: the vanilla net's dense Gram update dominates (T_4 · (M·J_III)²/2 scattered adds), then
    // one Cholesky solve per model ((M·J_III)³/6 multiply-adds).
    w.add(3, "phase IV: ridge samples", 3 * double(c.T4) * (models * Nv * Nv / 2 + 4 * Nv * d), "lower T4, M or J3",
          core::later::tr("sample"));
    w.add(3, "phase IV: ridge solves", 2 * Nv * Nv * Nv / 6 * (c.baselines ? 4 : 2), "lower M or J3");
    w.add(3, "phase IV: the test error", 2 * c.n_test * neurons * d, "lower n_test", core::later::tr("test point"));
    return w;
}

core::WorkPlan LatentClustersLab::plan(const Config& c) const { return work_plan(c); }

static core::TestSizes sizes_for_tests() {
    return {{{"T1", 8000}, {"n2", 8000}, {"T3", 8000}, {"n_test", 1000}, {"eval_every", 2000}},
            {{"d", 128}, {"n_test", 50000}}};
}

}   // namespace latent

static const core::Registration kRegistration(3, "latent-clusters", &core::make<latent::LatentClustersLab>);
