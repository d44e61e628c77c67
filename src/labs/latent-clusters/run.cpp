#include "labs/latent-clusters/run.hpp"
#include "core/divergence.hpp"
#include "core/linalg.hpp"
#include "core/metric_list.hpp"
#include "core/stats.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <cmath>
#include <cstdio>

namespace latent {

const Experts& Run::experts(Model k) const { return (stage_ < kPhaseIII && k != kVanilla) ? E1_ : E_[k]; }

void Run::reset(const Config& cfg, uint64_t seed) {
    cfg_ = cfg;
    seed_ = seed;
    core::Rng root(seed);
    core::Rng teach = root.split(1), init = root.split(2);
    test_rng_ = root.split(3);
    data_ = root.split(4);
    route_ = root.split(5);
    off_route_ = root.split(6);
    reinit_rng_ = root.split(7);
    phase4_rng_ = root.split(8);
    T_.build(cfg.teacher, teach);
    const int d = T_.d, M = cfg.M, C = T_.C;
    R_.init(M, d);
    E1_.init(M, cfg.J1, d, cfg.act, T_.k_star, act_degree(), cfg.C_b, init);
    for (int k = 0; k < kModels; ++k) E_[k] = Experts{};
    E_[kVanilla].init(1, M * cfg.J3, d, cfg.act, T_.k_star, act_degree(), cfg.C_b, init);
    stage_ = kTestSet;
    plan_ = work_plan(cfg);
    test_drawn_ = 0;
    t_sgd_ = t1_ = t3_ = t4_ = n_done2_ = test_i_ = route_i_ = 0;
    k2_ = solve_k_ = solve_row_ = 0;
    for (double& r : route_sum_) r = 0;
    failure_.clear();
    x_.assign(size_t(d), 0.f);
    grad_.assign(size_t(M) * size_t(d), 0.0);
    G_.assign(size_t(M) * size_t(C), 0.0);
    Gn_.assign(size_t(C), 0.0);
    h_.assign(size_t(M), 0.0);
    pi_.assign(size_t(M), 0.0);
    const int nmax = M * std::max(cfg.J3, cfg.J1);
    phi_.assign(size_t(nmax), 0.0);
    idx_.assign(size_t(nmax), 0);
    for (int k = 0; k < kModels; ++k) {
        a_hat_[k].clear();
        sq_err_[k] = 0;
    }
    // The Phase IV normal equations, zeroed here rather than in one step at the start of Phase IV
    // (4 × 1024² doubles at the largest sizes).
    const int n_moe = M * (cfg.reinit ? cfg.J3 : cfg.J1);
    for (int k = 0; k < kModels; ++k)
        ridge_[k].reset(k == kVanilla ? M * cfg.J3 : (k == kMoE || cfg.baselines) ? n_moe : 0);
    sq_zero_ = 0;

    // Fixed test set (its own generator: the training stream is unaffected by its size), drawn by the
    // first steps (test_set_slice).
    test_x_.assign(size_t(cfg.n_test) * size_t(d), 0.f);
    test_y_.assign(size_t(cfg.n_test), 0.0);
    test_c_.assign(size_t(cfg.n_test), 0);

    S_ = Snapshot{};
    S_.mse_zero = T_.zero_mse();
    S_.mse_local_only = T_.local_only_mse();
    // Def. 4.7: (j*_m, c*_m) = argmax_{j,c} of the alignment at t = 0, signed in the direction the
    // neuron's alignment grows (the sign of its k*-th Hermite coefficient times β_{c,k*}; for odd
    // k* a neuron with a negative product heads to −w_c*, docs/labs/latent-clusters.md §4.9).
    S_.pred_init.assign(size_t(M), 0);
    for (int m = 0; m < M; ++m) {
        double best = -1e300;
        for (int j = 0; j < cfg.J1; ++j) {
            const int n = m * cfg.J1 + j;
            for (int c = 0; c < C; ++c) {
                double beta = T_.f[size_t(c)].c[T_.k_star];
                double score = E1_.lead_sign(n) * (beta >= 0 ? 1 : -1) * core::dot(E1_.w(n), T_.dir(c), d);
                if (score > best) {
                    best = score;
                    S_.pred_init[size_t(m)] = c;
                }
            }
        }
    }

    trace_ = core::Table{};
    race_rows_.reset(kRaceMax);
    trace_.columns = {
        "t", "phase", "cos_g_moe", "cos_c_moe", "cos_g_top1", "cos_g_router_off", "cos_g_vanilla", "cos_c_vanilla"};
    for (int m = 0; m < M; ++m) {
        std::string e = "e" + std::to_string(m + 1);
        trace_.columns.push_back(e + "_own");
        trace_.columns.push_back(e + "_g");
        trace_.columns.push_back(e + "_cluster");
    }
    S_.points.clear();   // scatter_points() once the test set is drawn
    territory();
    evaluate();
    mean_field_overlay(false);
}

void Run::test_set_slice(core::WorkBudget& budget) {
    const int d = T_.d;
    const double cost = kSampleCost * d + 2.0 * T_.n_dirs() * d;   // normals + the teacher's projections
    for (; !budget.spent() && test_drawn_ < cfg_.n_test; budget.spend(cost)) {
        const size_t i = size_t(test_drawn_++);
        double y;
        T_.sample(test_rng_, &test_x_[i * size_t(d)], test_c_[i], test_y_[i], y);
    }
    if (test_drawn_ < cfg_.n_test) return;
    scatter_points();
    stage_ = kPhaseI;
}

void Run::scatter_points() {
    const int d = T_.d, M = cfg_.M, n = std::min(500, cfg_.n_test);
    S_.points.assign(size_t(n), core::ScatterPoint{});
    for (int i = 0; i < n; ++i) {
        const float* x = &test_x_[size_t(i) * size_t(d)];
        core::ScatterPoint& p = S_.points[size_t(i)];
        p.x = float(core::dot(x, T_.v.data(), d));
        p.y = float(core::dot(x, T_.v.data() + d, d));
        if (S_.routed) {
            R_.gate(x, h_.data());
            int k = 0;
            for (int m = 0; m < M; ++m) k += h_[size_t(m)] >= 0;
            p.color = core::argmax(h_.data(), M);
            p.hollow = k > 1;
        } else {
            p.color = test_c_[size_t(i)];
        }
    }
    territory();
}

void Run::mean_field_overlay(bool phase_III) {
    // Only where the ODE is exact: pure links and σ = ±h_k* (docs/labs/latent-clusters.md §4.10).
    const int k = T_.k_star;
    if (cfg_.teacher.links != Links::PureHermite || cfg_.act != Act::Hermite || act_degree() != k ||
        trace_.rows.empty())
        return;
    const std::vector<double>& row = trace_.rows.back();
    const int M = cfg_.M, C = T_.C, first = trace_.col("e1_own");
    double own = 0, g = 0;
    for (int m = 0; m < M; ++m) {
        own += row[size_t(first + 3 * m)];
        g += row[size_t(first + 3 * m + 1)];
    }
    own /= M;
    g /= M;
    const long every = std::max(100, cfg_.eval_every / 2);
    if (!phase_III) {
        S_.ode_I = mean_field(own, k, 0, cfg_.T1, cfg_.eta1 / (double(M) * cfg_.J1), 0, 1.0 / (double(M) * C), every);
    } else {
        const double step0 = cfg_.eta3 / E_[kMoE].J;
        S_.ode_III_c = mean_field(own, k, t_sgd_, cfg_.T3, step0, cfg_.tau3, 1.0 / C, every);
        S_.ode_III_g = mean_field(g, k, t_sgd_, cfg_.T3, step0, cfg_.tau3, 1.0 / C, every);
    }
}

void Run::sample() {
    T_.sample(data_, x_.data(), c_, y_clean_, y_);
    xx_ = core::dot(x_.data(), x_.data(), T_.d);
}

core::Where Run::where() const {
    const Config& c = cfg_;
    switch (stage_) {
    case kTestSet: return {kTestSet, double(test_drawn_), double(c.n_test)};
    case kPhaseI: return {kPhaseI, double(t1_), double(c.T1)};
    case kPhaseII:
        return {kPhaseII, double(k2_) * double(c.n2) + double(n_done2_), double(c.T2) * double(c.n2),
                core::trf("router step %d / %d, sample %ld / %ld", k2_ + 1, c.T2, n_done2_, c.n2)};
    case kRouterEval: return {kRouterEval, double(route_i_), double(c.n_test)};
    case kPhaseIII: return {kPhaseIII, double(t3_), double(c.T3)};
    case kPhaseIV: return {kPhaseIV, double(t4_), double(c.T4)};
    case kSolve: {
        const double rows = ridge_[solve_k_ < kModels ? solve_k_ : 0].n;
        return {kSolve, solve_k_ + (rows > 0 ? solve_row_ / rows : 1.0), double(kModels),
                core::trf("model %d / %d, row %d", solve_k_ + 1, int(kModels), solve_row_)};
    }
    case kTest: return {kTest, double(test_i_), double(c.n_test)};
    default: return {kDone};
    }
}

void Run::step(core::WorkBudget& budget) {
    while (!budget.spent() && !done()) {
        switch (stage_) {
        case kTestSet: test_set_slice(budget); break;
        case kPhaseI: phase_I_slice(budget); break;
        case kPhaseII: phase_II_slice(budget); break;
        case kRouterEval: router_eval_slice(budget); break;
        case kPhaseIII: phase_III_slice(budget); break;
        case kPhaseIV: phase_IV_slice(budget); break;
        case kSolve: solve_slice(budget); break;
        case kTest: test_slice(budget); break;
        default: return;
        }
    }
}

// The neurons stay on the unit sphere up to rounding (each SGD step is normalised in closed form, and the
// renormalisation points allow a drift of 0.01): `tolerance` is 0.01 there and 0.5 at the cheaper checks
// every core::kDivergenceCheckEvery steps, which catch an exploding step long before it overflows.
bool Run::check_finite(const char* where, double tolerance) {
    double worst = 0;
    auto track = [&](const Experts& E) { worst = std::max(worst, E.norm_error()); };
    if (stage_ < kPhaseIII) track(E1_);
    else
        for (int k = 0; k < kModels; ++k)
            if (E_[k].M > 0) track(E_[k]);
    if (E_[kVanilla].M > 0) track(E_[kVanilla]);
    const bool theta_ok = core::all_finite(R_.theta.data(), R_.theta.size());
    if (worst < tolerance && theta_ok) return true;
    const std::string cause = !theta_ok ? "the router weights θ became NaN or infinite"
        : std::isfinite(worst)          ? core::trf("the weights left the unit sphere (|‖w‖ − 1| = %.2g)", worst)
                                        : std::string("the weights became NaN or infinite");
    failure_ = core::diverged(
        where, core::trf("SGD step %ld", t_sgd_), cause,
        core::trf(
            "The step size is far too large: keep η_I/(M·J_I) and η_III/J_III below about {=0.06}·d^(−k*/2) = %.2g "
            "(docs/labs/latent-clusters.md §4.4) and η_r finite.",
            0.06 * std::pow(double(T_.d), -0.5 * T_.k_star)));
    return false;
}

// After step t of T of Phase I or III (one online sample, `cost` units): the count of SGD steps, the divergence
// check, the evaluation and the renormalisation points, in this order. False: the run has stopped (failure_).
bool Run::after_sgd_step(long t, long T, const char* phase, double cost, core::WorkBudget& budget) {
    ++t_sgd_;
    budget.spend(cost);
    if (t % core::kDivergenceCheckEvery == 0) {
        if (!check_finite(phase, 0.5)) return false;
        budget.spend(check_cost());
    }
    if (t_sgd_ % cfg_.eval_every == 0) {
        evaluate();
        budget.spend(eval_cost());
    }
    if (t % kRenormEvery == 0 || t == T) {
        if (!renorm_point(phase)) return false;
        budget.spend(renorm_cost());
    }
    return true;
}

bool Run::renorm_point(const char* where) {
    if (!check_finite(where, 0.01)) return false;
    if (stage_ < kPhaseIII) E1_.renormalize();
    else
        for (int k = 0; k < kModels; ++k)
            if (E_[k].M > 0 && k != kVanilla) E_[k].renormalize();
    E_[kVanilla].renormalize();
    return true;
}

double Run::sgd_cost() const {
    const double d = T_.d, M = cfg_.M, van = 2.0 * E_[kVanilla].n_neurons();
    if (stage_ < kPhaseIII) return d * (2.0 * cfg_.J1 + van + M + kSampleCost);
    const double J = E_[kMoE].J, active = S_.k_mean > 0 ? S_.k_mean : M;   // mean active experts (router eval)
    return d * (2.0 * active * J + (cfg_.baselines ? 4.0 * J : 0.0) + van + M + kSampleCost);
}

double Run::eval_cost() const {
    double N = E_[kVanilla].n_neurons();
    if (stage_ < kPhaseIII) N += E1_.n_neurons();
    else
        for (int k = 0; k < kModels; ++k)
            if (k != kVanilla) N += E_[k].n_neurons();
    return N * (T_.n_dirs() + 1) * T_.d;
}

double Run::renorm_cost() const { return 3.0 * eval_cost() / (T_.n_dirs() + 1); }
double Run::check_cost() const { return eval_cost() / (T_.n_dirs() + 1); }

// Phase I (Algorithm 1): normalised online SGD on the correlation loss y·F_1, with Θ = 0, so the
// top-1 route is a uniform tie-break and the gate is π = 1/M (Lemma C.7).
void Run::phase_I_slice(core::WorkBudget& budget) {
    const int M = cfg_.M;
    const float step_v = float(cfg_.eta3 / cfg_.J3);   // vanilla: the Phase III per-neuron step
    const double cost = sgd_cost();
    for (; !budget.spent() && t1_ < cfg_.T1;) {
        sample();
        R_.gate(x_.data(), h_.data());   // all zero in Phase I
        const int m = Router::top1(h_.data(), M, route_);
        E1_.sgd(m, x_.data(), xx_, float(cfg_.eta1 * y_ / M / cfg_.J1));   // ∇_w F_1 = π_{m(x)} (1/J) a σ' x
        E_[kVanilla].sgd(0, x_.data(), xx_, float(step_v * y_));
        ++t1_;
        if (!after_sgd_step(t1_, cfg_.T1, "Phase I", cost, budget)) return;
    }
    if (cfg_.T1 == 0 && !renorm_point("Phase I")) return;
    if (t1_ >= cfg_.T1) {
        evaluate();
        // Phase I outcome per expert: the cluster whose w_c* it aligned with best.
        const int C = T_.C, R = T_.n_dirs(), J = cfg_.J1;
        S_.outcome_I.assign(size_t(M), 0);
        S_.align_I.assign(size_t(M) * size_t(C), 0.0);
        for (int m = 0; m < M; ++m)
            for (int c = 0; c < C; ++c) {
                double best = 0;
                for (int j = 0; j < J; ++j) best = std::max(best, std::abs(S_.cos_moe[size_t((m * J + j) * R + c)]));
                S_.align_I[size_t(m * C + c)] = best;
                if (best > S_.align_I[size_t(m * C + S_.outcome_I[size_t(m)])]) S_.outcome_I[size_t(m)] = c;
            }
        stage_ = kPhaseII;
    }
}

// Phase II: θ_m ← θ_m + (η_r/n) Σ_i y_i ∇_{θ_m} F_1(x_i), with
//   ∇_{θ_m} F_1(x) = π_{m(x)}(x) (1[m = m(x)] − π_m(x)) f_{m(x)}(x) x   (Lemma C.16, index corrected:
// the paper writes π_m f_m, but differentiating F_1 = π_{m(x)} f_{m(x)} gives m(x), docs/labs/latent-clusters.md §5.1).
void Run::phase_II_slice(core::WorkBudget& budget) {
    const int M = cfg_.M, d = T_.d, C = T_.C;
    // ×2: the gradient accumulates in double (measured about half the float throughput per multiply-add)
    const double cost = 2.0 * d * (2.0 * M + cfg_.J1 + (k2_ == 0 ? double(M) * cfg_.J1 : 0.0) + kSampleCost);
    for (; !budget.spent() && n_done2_ < cfg_.n2; budget.spend(cost)) {
        sample();
        R_.gate(x_.data(), h_.data());
        core::softmax(h_.data(), pi_.data(), M);
        const int mx = Router::top1(h_.data(), M, route_);
        const double fm = E1_.forward(mx, x_.data());
        Router::add_grad_F1(pi_.data(), mx, fm, x_.data(), M, d, y_, grad_.data());   // y_i ∇_Θ F_1(x_i)
        // G_{m,c} = E_c[y f_m(x)], what the first router step learns (docs/labs/latent-clusters.md §4.6)
        if (k2_ == 0) {
            for (int m = 0; m < M; ++m) G_[size_t(m * C + c_)] += y_ * E1_.forward(m, x_.data());
            Gn_[size_t(c_)] += 1;
        }
        ++n_done2_;
        if (n_done2_ % core::kDivergenceCheckEvery == 0 && !core::all_finite(grad_.data(), grad_.size())) {
            failure_ =
                core::diverged("Phase II", core::trf("router step %d, sample %ld", k2_ + 1, n_done2_),
                               "the router gradient Σ y ∇_θ F_1 became NaN or infinite",
                               core::tr("The experts' outputs overflowed: lower η_I, or ρ and the link degrees."));
            return;
        }
    }
    if (n_done2_ >= cfg_.n2) finish_router_step();
}

void Run::finish_router_step() {
    const int M = cfg_.M, d = T_.d;
    const double scale = cfg_.eta_r / double(cfg_.n2);
    if (cfg_.router)   // router = 0: θ stays 0 and every expert is active (docs/labs/latent-clusters.md §3.3)
        for (int m = 0; m < M; ++m)
            for (int k = 0; k < d; ++k) R_.theta[size_t(m * d + k)] += float(scale * grad_[size_t(m * d + k)]);
    std::fill(grad_.begin(), grad_.end(), 0.0);
    n_done2_ = 0;
    ++k2_;
    if (!check_finite("Phase II", 0.01)) return;
    if (k2_ >= cfg_.T2) {
        router_snapshot();
        stage_ = kRouterEval;
    }
}

void Run::router_snapshot() {
    const int M = cfg_.M, d = T_.d, C = T_.C;
    S_.cos_theta_v.assign(size_t(M) * size_t(C), 0.0);
    S_.G_centered.assign(size_t(M) * size_t(C), 0.0);
    for (int c = 0; c < C; ++c) {
        double mean = 0;
        for (int m = 0; m < M; ++m) mean += G_[size_t(m * C + c)];
        mean /= M;
        for (int m = 0; m < M; ++m) {
            S_.cos_theta_v[size_t(m * C + c)] = core::cosine(R_.th(m), T_.v.data() + size_t(c * d), d);
            S_.G_centered[size_t(m * C + c)] =
                Gn_[size_t(c)] > 0 ? (G_[size_t(m * C + c)] - mean) / Gn_[size_t(c)] : 0.0;
        }
    }
}

// Routing on the test set, judged by the Phase I outcome (the expert's cluster), a slice at a time.
void Run::router_eval_slice(core::WorkBudget& budget) {
    const int M = cfg_.M, d = T_.d, n = cfg_.n_test;
    unsigned char act[64];
    const double cost = double(M) * (d + 2);
    for (; !budget.spent() && route_i_ < n; budget.spend(cost), ++route_i_) {
        const float* x = &test_x_[size_t(route_i_) * size_t(d)];
        const int c = test_c_[size_t(route_i_)];
        R_.gate(x, h_.data());
        route_sum_[0] += S_.outcome_I[size_t(core::argmax(h_.data(), M))] == c;
        int k = Router::adaptive(h_.data(), M, act);
        route_sum_[3] += k;
        route_sum_[2] += (k == 0);
        bool wrong = false;
        for (int m = 0; m < M; ++m)
            if (act[m] && S_.outcome_I[size_t(m)] != c) wrong = true;
        route_sum_[1] += wrong;
    }
    if (route_i_ < n) return;
    if (!S_.routed) {
        S_.route_acc = route_sum_[0] / n;
        S_.leak = route_sum_[1] / n;
        S_.none_active = route_sum_[2] / n;
        S_.k_mean = route_sum_[3] / n;
        S_.zero_sum = R_.zero_sum_norm();
        S_.routed = true;
        scatter_points();
        return;
    }
    begin_phase_III();   // a step of its own: re-initialisation and a full evaluation
}

void Run::begin_phase_III() {
    // Reinitialise w ~ Unif(S^{d−1}), a ~ ±1 (Algorithm 1, Phase III); the baselines start from the
    // same weights so that they differ only in routing. Without re-initialisation the Phase I
    // experts (width J_I) continue.
    Experts& E = E_[kMoE];
    if (cfg_.reinit) E.init(cfg_.M, cfg_.J3, T_.d, cfg_.act, T_.k_star, act_degree(), cfg_.C_b, reinit_rng_);
    else E = E1_;
    if (cfg_.baselines) {
        E_[kTop1] = E;
        E_[kOff] = E;
    }
    stage_ = kPhaseIII;
    evaluate();
    mean_field_overlay(true);
}

// Phase III: normalised online SGD of every expert under adaptive top-k, Θ frozen:
//   ∇_{w_{m,j}} F̂_M(x) = 1[h_m(x) ≥ 0] (1/J) a σ'(wᵀx + b) x,   η^t = η_III/(1 + t/τ)
// (the strong-recovery anneal of Lemma C.26, shaped as in docs/labs/latent-clusters.md §4.4).
void Run::phase_III_slice(core::WorkBudget& budget) {
    const int M = cfg_.M;
    const double J = E_[kMoE].J;
    unsigned char act[64];
    const double cost = sgd_cost();
    for (; !budget.spent() && t3_ < cfg_.T3;) {
        sample();
        const double eta = cfg_.tau3 > 0 ? cfg_.eta3 / (1.0 + double(t3_) / cfg_.tau3) : cfg_.eta3;
        const float coef = float(eta * y_ / J);
        R_.gate(x_.data(), h_.data());
        Router::adaptive(h_.data(), M, act);
        for (int m = 0; m < M; ++m)
            if (act[m]) E_[kMoE].sgd(m, x_.data(), xx_, coef);
        if (cfg_.baselines) {
            E_[kTop1].sgd(Router::top1(h_.data(), M, route_), x_.data(), xx_, coef);
            E_[kOff].sgd(int(off_route_.below(uint32_t(M))), x_.data(), xx_, coef);   // θ ≡ 0: uniform tie-break
        }
        E_[kVanilla].sgd(0, x_.data(), xx_, float(eta * y_ / cfg_.J3));   // same per-neuron step
        ++t3_;
        if (!after_sgd_step(t3_, cfg_.T3, "Phase III", cost, budget)) return;
    }
    if (cfg_.T3 == 0 && !renorm_point("Phase III")) return;
    if (t3_ >= cfg_.T3) {
        evaluate();
        begin_phase_IV();
    }
}

std::vector<core::Metric> Run::metrics() const {
    const Snapshot& S = snap();
    const bool base = config().baselines;   // the ablations' numbers: NaN without baselines
    core::MetricList m;
    m.count("t", "online SGD steps", double(sgd_step()));
    m.add("cos_g_moe", "MoE best |cos(w, w_g*)|", S.cos_g[kMoE]);
    m.add("cos_c_moe", "MoE best |cos(w, w_c*)|, mean over c", S.cos_c[kMoE]);
    m.add("cos_g_vanilla", "vanilla best |cos(w, w_g*)|", S.cos_g[kVanilla]);
    m.add("cos_c_vanilla", "vanilla best |cos(w, w_c*)|, mean over c", S.cos_c[kVanilla]);
    const char* no_base = "baselines = 0: not trained";
    m.add_if(base, "cos_g_top1", "forced top-1 MoE best |cos(w, w_g*)|", S.cos_g[kTop1], "%.4f", no_base);
    m.add_if(base, "cos_g_router_off", "random-expert MoE (θ = 0 rule) best |cos(w, w_g*)|", S.cos_g[kOff], "%.4f",
             no_base);
    int agree = 0;
    for (size_t e = 0; e < S.outcome_I.size(); ++e) agree += S.outcome_I[e] == S.pred_init[e];
    m.add_if(!S.outcome_I.empty(), "prof_agree", "experts whose Phase I cluster was predicted at t = 0",
             double(agree) / double(std::max<size_t>(1, S.outcome_I.size())), "%.4f", "measured at the end of Phase I");
    const char *later2 = "measured after Phase II", *later4 = "measured at the end of Phase IV";
    m.add_if(S.routed, "route_acc", "top-1 routing accuracy (test)", S.route_acc, "%.4f", later2);
    m.add_if(S.routed, "leak", "adaptive top-k: share of points also sent to a wrong expert", S.leak, "%.4f", later2);
    m.add_if(S.routed, "none_active", "adaptive top-k: share of points with no active expert", S.none_active, "%.4f",
             later2);
    m.add_if(S.routed, "k_mean", "adaptive top-k: mean active experts", S.k_mean, "%.4f", later2);
    m.add_if(S.routed, "zero_sum", "‖Σ_m θ_m‖ (Lemma C.16: 0)", S.zero_sum, "%.3g", later2);
    m.add_if(S.fitted, "mse_moe", "MoE (adaptive top-k) test MSE", S.mse[kMoE], "%.4f", later4);
    m.add_if(S.fitted && base, "mse_top1", "forced top-1 MoE test MSE", S.mse[kTop1], "%.4f", base ? later4 : no_base);
    m.add_if(S.fitted && base, "mse_router_off", "random-expert MoE (θ = 0 rule) test MSE", S.mse[kOff], "%.4f",
             base ? later4 : no_base);
    m.add_if(S.fitted, "mse_vanilla", "vanilla test MSE", S.mse[kVanilla], "%.4f", later4);
    m.add_if(S.fitted, "mse_zero", "zero predictor test MSE", S.mse_zero, "%.4f", later4);
    return m.take();
}

}   // namespace latent
