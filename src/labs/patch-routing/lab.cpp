// The patch-routing lab's declaration: info, parameters (bound to Config), presets, phases, headlines, checks, the
// plan and the registry's factory (the run: run.hpp, run.cpp, views.cpp).
#include "core/registry.hpp"
#include "labs/patch-routing/lab.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace patch_routing {

// Each parameter once, bound to the Config field it sets (core/bind.hpp): the schema and the config cannot drift.
static core::Bound<Config> make_binding() {
    using T = core::ParamType;
    core::Bound<Config> b;
    b.add(core::param("d", "d", "Data", T::Int, 4, 64, 24,
                      "patch dimension (the generator needs d ≥ p + 2, + 2 with confusers)"),
          &Config::data, &DataSpec::d);
    b.add(core::param("n", "n", "Data", T::Int, 2, 64, 32, "patches per sample (the paper's MNIST demo: 16)"),
          &Config::data, &DataSpec::n);
    b.add(core::param("p", "p", "Data", T::Int, 1, 60, 16, "number of class-irrelevant pattern sets S_1..S_p"),
          &Config::data, &DataSpec::p);
    b.add(core::param(
              "rho", "ρ", "Data", T::Real, 0, 1, 0.3,
              "within-set spread of irrelevant patches; the theorem's diameter assumption is ρ ≲ √(1−δ_r²)/(2p√d) "
              "≈ {=0.01} at the defaults, the phenomena are the same"),
          &Config::data, &DataSpec::rho);
    b.add(core::param("delta_d", "δ_d", "Data", T::Real, -0.9, 0.9, 0.0,
                      "<o1, o2>, separation of the discriminative patterns (§4.2)"),
          &Config::data, &DataSpec::delta_d);
    b.add(core::param("delta_r", "δ_r", "Data", T::Real, 0, 0.9, 0.2,
                      "overlap bound |<o_i, q>| of irrelevant set centres with o1, o2"),
          &Config::data, &DataSpec::delta_r);
    b.add(
        core::param("c", "c", "Data", T::Int, 0, 8, 0,
                    "confuser patches per side in every sample (closer to o1 or to o2): the routing threshold becomes "
                    "l* = c + 1"),
        &Config::data, &DataSpec::c);
    b.add(core::param(
              "kappa", "κ", "Data", T::Real, 0.3, 0.99, 0.85,
              "confuser alignment with ±(o1−o2)/|o1−o2|; they outrank o1 under the ideal router when κ > √((1−δ_d)/2)"),
          &Config::data, &DataSpec::kappa);
    b.add(core::param("n_test", core::Words{"Test samples"}, "Data", T::Int, 100, 5000, 1000,
                      "size of the fixed, balanced test set"),
          &Config::n_test);
    b.add(core::param("m_cnn", "m", "Models", T::Int, 1, 128, 16, "CNN hidden neurons (eq. 5)"),
          [](Config& c, double v) { c.model[int(Arch::CNN)].M = int(v); });
    b.add(core::param("m_sep", "m/k", "Models", T::Int, 1, 64, 8,
                      "separate pMoE: neurons per expert (k = 2 experts, Algorithm 1)"),
          [](Config& c, double v) { c.model[int(Arch::Separate)].M = int(v); });
    b.add(core::param("l_sep", "l", "Models", T::Int, 1, 64, 2,
                      "separate pMoE: patches each expert receives (top-l of its router)"),
          [](Config& c, double v) { c.model[int(Arch::Separate)].l = int(v); });
    b.add(core::param("k_joint", "k", "Models", T::Int, 1, 16, 4, "joint pMoE: number of experts (Algorithm 2)"),
          [](Config& c, double v) { c.model[int(Arch::Joint)].k = int(v); });
    b.add(core::param("m_joint", "m/k", "Models", T::Int, 1, 64, 4, "joint pMoE: neurons per expert"),
          [](Config& c, double v) { c.model[int(Arch::Joint)].M = int(v); });
    b.add(core::param("l_joint", "l", "Models", T::Int, 1, 64, 4,
                      "joint pMoE: patches per expert (the paper's MNIST demo: 6)"),
          [](Config& c, double v) { c.model[int(Arch::Joint)].l = int(v); });
    b.add(
        core::choice(
            "out_weights", "a", "Models",
            {{"gaussian", core::later::tr("Gaussian")}, {"balanced", core::later::tr("Balanced")}}, 0,
            "fixed output weights: a ~ N(0,1) as in §3.2, or ±1 alternating in every expert (no expert without a neuron "
            "of each sign)"),
        [](Config& c, double v) {
            for (ModelSpec& m : c.model) m.balanced_a = v != 0;
        });
    b.add(core::param("sigma_r", "σ_r", "Models", T::Real, 1e-6, 1, 1e-3,
                      "router init std (eq. 7 gives Θ(1/(n²√d)) ≈ 5e-5 at n = 32; either works)", true),
          [](Config& c, double v) {
              for (ModelSpec& m : c.model) m.sigma_r = v;
          });
    b.add(core::param("eta", "η", "Training", T::Real, 1e-3, 1e30, 2,
                      "step size of the experts, the CNN and the joint routers (2: docs/labs/patch-routing.md §4.4; "
                      "far larger values overflow and stop the run)",
                      true),
          &Config::train, &TrainSpec::eta);
    b.add(core::param("B", "B", "Training", T::Int, 1, 256, 16, "minibatch size"), &Config::train, &TrainSpec::B);
    b.add(core::param("cap", core::Words{"Epoch cap"}, "Training", T::Int, 1, 2000, 200,
                      "epoch cap; every model otherwise trains to zero training error (the paper's protocol)"),
          &Config::train, &TrainSpec::cap);
    b.add(core::param("eta_r", "η_r", "Training", T::Real, 1e-4, 100, 0.1,
                      "separate routers' step size on the linear loss (6)", true),
          &Config::train, &TrainSpec::eta_r);
    b.add(core::param("B_r", "B_r", "Training", T::Int, 1, 256, 16, "separate routers' minibatch size"), &Config::train,
          &TrainSpec::B_r);
    b.add(core::param(
              "router_epochs", core::Words{"Router epochs"}, "Training", T::Int, 1, 20, 1,
              "passes of the router phase over the N samples (the gradient does not depend on w, so one is enough)"),
          &Config::train, &TrainSpec::router_epochs);
    b.add(core::param(
              "one_pass", core::Words{"One pass"}, "Training", T::Bool, 0, 1, 0,
              "theory mode: a single pass over the N samples (T = N/B) instead of training to zero training error"),
          &Config::train, &TrainSpec::one_pass);
    b.add(core::param("N_run", "N", "Experiment", T::Int, 2, 5000, 80,
                      "training samples of the single run (routing and alignment views) and of the threshold readout"),
          &Config::N_run);
    b.add(core::param("N_min", core::Words{"Smallest N"}, "Experiment", T::Int, 2, 1000, 10,
                      "smallest N of the sweep; the grid doubles from there", true),
          &Config::N_min);
    b.add(core::param("N_points", core::Words{"N values"}, "Experiment", T::Int, 1, 10, 6,
                      "number of N values in the sweep (N_min, 2 N_min, 4 N_min, ...)"),
          &Config::N_points);
    // 5 seeds as the paper's Fig. 4 averages 5 runs: N*_sep / N*_CNN ≤ 1/4 in 8 of 10 seeds against 6 of 10
    // with 3 (docs/results.md); the page's Web Workers pay for the two more (Play to done about as with 3 before).
    b.add(core::param("sweep_seeds", core::Words{"Seeds per N"}, "Experiment", T::Int, 1, 20, 5,
                      "seeds per (N, model) in the sample-complexity sweep"),
          &Config::sweep_seeds);
    b.add(core::param("grid_lmax", core::Words{"Largest l"}, "Experiment", T::Int, 0, 16, 4,
                      "threshold grid: l = 1..grid_lmax for separate pMoE over the sweep's N values (0: skip)"),
          &Config::grid_lmax);
    b.add(core::param("grid_seeds", core::Words{"Seeds per cell"}, "Experiment", T::Int, 1, 20, 3,
                      "seeds per cell of the threshold grid"),
          &Config::grid_seeds);
    // the models' fixed shapes (the CNN: one expert that sees all n patches; Algorithm 1: two experts) and the
    // sweep's grid of N: N_min, 2 N_min, 4 N_min, ...
    b.derive([](Config& c) {
        ModelSpec& cnn = c.model[int(Arch::CNN)];
        cnn.arch = Arch::CNN;
        cnn.k = 1;
        cnn.l = c.data.n;
        c.model[int(Arch::Separate)].arch = Arch::Separate;
        c.model[int(Arch::Separate)].k = 2;
        c.model[int(Arch::Joint)].arch = Arch::Joint;
        for (int i = 0, N = c.N_min; i < c.N_points; ++i, N *= 2) c.Ns.push_back(N);
    });
    b.schema().presets = {
        {"lecture",
         "Lecture",
         "d = 24, n = 32, p = 16: CNN m = 16, separate 2×8 with l = 2, joint 4×4 with l = 4; sweep N = 10..320 × 5 "
         "seeds",
         {},
         ""},
        {"minimal",
         "Minimal",
         "the smallest setting where the separate pMoE still needs fewer samples than the CNN (on seed 1 about half as "
         "many, not Lecture's fifth): d = 12, n = 16, p = 8, m = 8",
         {{"d", 12},
          {"n", 16},
          {"p", 8},
          {"m_cnn", 8},
          {"m_sep", 4},
          {"k_joint", 2},
          {"m_joint", 4},
          {"grid_lmax", 3},
          {"sweep_seeds", 3}},
         ""},
        {"threshold",
         "Threshold",
         "c = 2 confusers per side, so l* = 3: separate pMoE fails for l ≤ 2 at any N and succeeds from l = 3 (the "
         "single run uses l = l*; compare with l = 2)",
         {{"c", 2}, {"l_sep", 3}, {"grid_lmax", 6}, {"sweep_seeds", 2}},
         ""},
        {"n-scaling",
         "Scaling with n",
         "n = 64 patches (d = 32): the CNN's N* grows with n, the separate pMoE's stays about flat (compare with "
         "Lecture)",
         {{"n", 64}, {"d", 32}, {"N_min", 20}, {"grid_lmax", 0}, {"sweep_seeds", 3}},
         "slow: the CNN sees 64 patches and N goes up to 640 (about 10 s natively)"},
    };
    return b;
}

const core::Bound<Config>& binding() { return core::made_once(make_binding); }

// The run's parts in the lab's unit of work (Model::cost_train, cost_forward, route_units, kGenerateCost: what
// step() charges), in the order Run goes through them. An estimate (moe-lab bench: 0.7–1.2 of the work charged
// on every preset): the single run trains for `cap` epochs (the CNN usually does), the separate pMoE for at most
// 20, the sweep's and the grid's other runs for half the cap.
core::WorkPlan work_plan(const Config& c) {
    const int n = c.data.n, d = c.data.d;
    auto model = [&](const ModelSpec& ms) {
        Model m;
        m.spec = ms;
        m.d = d;
        m.n = n;
        m.k = ms.arch == Arch::CNN ? 1 : ms.k;
        m.M = ms.M;
        m.l = ms.arch == Arch::CNN ? n : ms.l;
        return m;
    };
    const double epochs = c.train.one_pass ? 1 : c.train.cap;
    const double sample = kGenerateCost * double(n) * d;   // drawing one sample's n·d coordinates
    const int Nmax = pool_size(c);
    // Epochs of a training run: the cap, except for the separate pMoE, whose frozen routers let it reach zero
    // training error within a few epochs (lecture: 2 at N = 80; 20 is a margin for small N and l < l*).
    auto epochs_of = [&](const Model& m) { return m.spec.arch == Arch::Separate ? std::min(epochs, 20.0) : epochs; };
    // a job of the sweep or the grid: training, one evaluation and (pMoE) the routing pass over the test set. Over
    // a sweep's N the CNN and the joint pMoE stop at zero training error after about half the cap on average
    // (moe-lab bench, lecture: 0.4 of the cap-bound estimate), the separate pMoE as above.
    auto job = [&](const Model& m, double N) {
        const double e = m.spec.arch == Arch::Separate ? epochs_of(m) : 0.5 * epochs;
        return e * m.cost_train() * N + c.n_test * (m.cost_forward() + (m.routed() ? route_units(m) : 0.0));
    };
    // the single run evaluates after every epoch up to 10, then every 5th (Trainer::eval_scheduled), each time
    // with the routing statistics of up to 250 test samples
    auto evals = [](double e) { return std::min(e, 10.0) + std::max(0.0, e - 10) / 5; };
    double single = 0, sweep_rep = 0, grid_rep = 0;   // the sweep's and the grid's work per repetition
    for (int a = 0; a < 3; ++a) {
        const Model m = model(c.model[a]);
        const double e = epochs_of(m);
        single += e * m.cost_train() * c.N_run + evals(e) * c.n_test * m.cost_forward() +
            (m.routed() ? (evals(e) * 250 + c.n_test) * route_units(m) : 0.0);
        for (int N : c.Ns) sweep_rep += job(m, N);
    }
    for (int l = 1; l <= c.grid_lmax; ++l) {
        ModelSpec ms = c.model[1];
        ms.l = l;
        for (int N : c.Ns) grid_rep += job(model(ms), N);
    }
    // every repetition but the first draws its own training pool (the grid's only past the sweep's seeds)
    const double sweep_others = (sweep_rep + sample * Nmax) * std::max(0, c.sweep_seeds - 1);
    const double grid_others =
        grid_rep * std::max(0, c.grid_seeds - 1) + sample * Nmax * std::max(0, c.grid_seeds - c.sweep_seeds);
    // Trainer::advance's charge per router step, and the routing statistics over the test set before and after
    const double routers =
        2.0 * d * c.train.B_r * router_steps(c) + 2.0 * c.n_test * route_units(model(c.model[int(Arch::Separate)]));
    core::WorkPlan w;   // the parts in the order of Part (run.hpp)
    w.add(0, "drawing the test set and the training pool", sample * (c.n_test + Nmax),
          "lower n_test, n, d, or N_min and N_points", core::later::tr("sample"));
    w.add(0, "the separate pMoE's routers", routers, "lower N_run or router_epochs", core::later::tr("router step"));
    w.add(1, core::trf("the run at N = %d", c.N_run), single, "lower N_run, cap, n or the model sizes");
    const int sweep = w.add(2, "the sweep", sweep_rep + sweep_others,
                            "lower cap, N_min, N_points, sweep_seeds, n or the model sizes");
    w.elsewhere(sweep, sweep_others);
    if (c.grid_lmax > 0) {
        const int grid =
            w.add(3, "the threshold grid", grid_rep + grid_others, "lower grid_lmax, grid_seeds, N_points or cap");
        w.elsewhere(grid, grid_others);
    }
    return w;
}

core::Validation check_params(const Config& c) {
    core::Validation v;
    const int n = c.data.n, d = c.data.d, pp = c.data.p, cc = c.data.c;
    if (c.model[1].l > n)
        v.errors.push_back(core::trf("l = %d (separate) must be ≤ n = %d: lower l_sep or raise n", c.model[1].l, n));
    if (c.model[2].l > n)
        v.errors.push_back(core::trf("l = %d (joint) must be ≤ n = %d: lower l_joint or raise n", c.model[2].l, n));
    if (c.grid_lmax > n)
        v.errors.push_back(core::trf("grid_lmax = %d must be ≤ n = %d: lower grid_lmax or raise n", c.grid_lmax, n));
    if (d < min_dimension(pp, cc))
        v.errors.push_back(core::trf("d = %d is too small for p = %d irrelevant sets: the generator needs d ≥ p + 2 (+ "
                                     "2 with confusers) = %d; raise d or lower p",
                                     d, pp, min_dimension(pp, cc)));
    if (2 * cc + 1 > n)
        v.errors.push_back(core::trf("2c + 1 = %d patches (c = %d confusers per side and the discriminative patch) "
                                     "exceed n = %d: lower c or raise n",
                                     2 * cc + 1, cc, n));
    const int Nmax = c.Ns.empty() ? 0 : c.Ns.back();
    if (Nmax > 20000)
        v.errors.push_back(core::trf("the sweep's largest N = %d is above 20000: lower N_min or N_points", Nmax));
    const int reps = std::max(c.sweep_seeds, c.grid_lmax > 0 ? c.grid_seeds : 1);
    const double bytes = 4.0 * n * d * (double(reps) * std::max(Nmax, c.N_run) + c.n_test) * 1.1;
    core::check_memory(v, bytes, "the training pools and the test set");
    if (!v.ok()) return v;

    const int lstar = cc + 1;
    if (cc > 0 && c.data.kappa <= std::sqrt((1 - c.data.delta_d) / 2))
        v.warnings.push_back(core::trf("κ = %.2f ≤ √((1−δ_d)/2) = %.2f: confusers do not outrank o1, so l* stays 1",
                                       c.data.kappa, std::sqrt((1 - c.data.delta_d) / 2)));
    if (c.model[1].l < lstar)
        v.warnings.push_back(
            core::trf("l = %d < l* = %d: the separate routers cannot keep the discriminative patch (expect failure)",
                      c.model[1].l, lstar));
    const double rho_thm = std::sqrt(1 - c.data.delta_r * c.data.delta_r) / (2.0 * pp * std::sqrt(double(d)));
    if (c.data.rho > rho_thm)
        v.warnings.push_back(
            core::trf("ρ = %.2f is above the theorem's set-diameter bound ≈ %.3f (off-theory; the phenomena persist)",
                      c.data.rho, rho_thm));
    if (c.train.eta > 100)
        v.warnings.push_back(core::trf(
            "η = %.3g is far above the lab's 2 (docs/labs/patch-routing.md §4.4): expect the weights to overflow (the "
            "run stops with a message)",
            c.train.eta));
    if (c.train.one_pass)
        v.warnings.push_back(
            "one pass (theory mode): the models see each sample once and need not reach zero training error");
    const int m0 = c.model[0].M, m1 = 2 * c.model[1].M, m2 = c.model[2].k * c.model[2].M;
    if (m0 != m1 || m0 != m2)
        v.warnings.push_back(core::trf(
            "the models differ in size (CNN m = %d, separate %d, joint %d neurons): the paper compares equal m", m0, m1,
            m2));
    return v;
}

std::vector<core::Phase> make_phases() {
    return {
        {"routers", "Router training (separate pMoE, Algorithm 1 step 2)",
         "Alignment: cos(w1, o1−o2) and cos(w2, o2−o1) climb toward 1 within one pass of the linear loss (6). Routing: "
         "o1 goes to expert 1, o2 to expert 2, the irrelevant patches are dropped; the rank of the discriminative patch "
         "falls to ≤ l.",
         "Lemma 4.1: for l ≥ l*, after T_r = Ω(1/(1−δ_d)) router steps with B_r = Ω(n²/(1−δ_d)²), o1 ∈ J_1 for every "
         "class-1 sample and o2 ∈ J_2 for every class-2 sample; the gradient does not depend on w."},
        {"experts", "Expert training at N = N_run (separate, joint, CNN on the same data)",
         "Dynamics: separate pMoE reaches zero training error in a few epochs with high test accuracy, joint pMoE in "
         "~10–20 epochs while its routers align with o1 and o2, the CNN needs 100+ epochs and at small N fits the "
         "training set with a lower test accuracy. Neurons: pMoE neurons move onto the o1/o2 axes.",
         "Thm 4.2, 4.3, 4.5 and Table 1: pMoE needs fewer samples and fewer iterations (T = O(l⁴/ε⁸) vs O(n⁴/ε⁸)); Fig. "
         "9: joint routers give o1, o2 the top gate in one expert."},
        {"sweep", "Sample-complexity sweep (N × model × seed)",
         "Test accuracy against N fills in run by run (mean ± sd over seeds): separate pMoE crosses the 95 % line at a "
         "much smaller N than the CNN, joint pMoE in between. Read N*_CNN / N*_pMoE next to n/l, and each seed's own "
         "ratio: at small N the separate router still misroutes (its routed share per N is listed), so there the "
         "router, not the experts, sets the separate pMoE's N*.",
         "Thm 4.2 vs 4.3: N_CNN / N_sep = Θ((n/l)⁸) (sufficient-condition bounds); Fig. 4: pMoE needs 60 % of the CNN's "
         "samples for 95 % on MNIST patches. Lemma 4.1 needs B_r = Ω(n²/(1−δ_d)²) router samples, drawn from the N "
         "training samples (N_r < N, eq. 6)."},
        {"grid", "l-threshold grid (separate pMoE, l × N)",
         "Success (test accuracy ≥ 95 %) over l × N: with c confusers per side every l ≤ c fails at any N, l = l* = c + "
         "1 succeeds from small N, and above l* the N needed grows slowly with l.",
         "Lemma 4.1 / Thm 4.2 hold for l ≥ l*; Fig. 5: the sample complexity is polynomial in l; Fig. 7: accuracy jumps "
         "at l = l*."},
    };
}

static std::vector<core::Headline> paper_headlines();
static core::TestSizes sizes_for_tests();

PatchRoutingLab::PatchRoutingLab() : LabOf(kUnitsPerSecond, binding()) {
    info_ = {
        // id, title, citation, the paper's file, summary (core::LabInfo)
        "patch-routing", "Patch routing (pMoE)",
        "Chowdhury, Zhang, Wang, Liu, Chen (ICML 2023): Patch-level Routing in Mixture-of-Experts is "
        "Provably Sample-efficient for Convolutional Neural Networks",
        "000_a9bf423586cd9919.txt",
        "Every input is n patches; one of them (o1 or o2) decides the label, the rest are irrelevant. A patch-level MoE "
        "(pMoE) whose routers send only the top-l patches to each expert learns the discriminative patch from far fewer "
        "samples than a CNN of the same size that sees all n patches: the routers drop the irrelevant patches, and the "
        "sample need falls polynomially in n/l. With c confusers per side the routing fails for l ≤ c and works from l* "
        "= c + 1."};
    headlines_ = paper_headlines();
    test_sizes_ = sizes_for_tests();
    schema_ = binding().schema();
    phases_ = make_phases();
}

static std::vector<core::Headline> paper_headlines() {
    return {
        {"nstar_cnn", "CNN N for 95 %: ≈160 in the prototype (lecture; docs/labs/patch-routing.md §7.4)"},
        {"nstar_sep", "separate pMoE: ≈20 (prototype, docs/labs/patch-routing.md §7.4)"},
        {"nstar_joint", "joint pMoE: ≈90 (prototype, docs/labs/patch-routing.md §7.4; ≈50 in its WASM run)"},
        {"nstar_ratio_sep",
         "N*_sep / N*_CNN ≤ {=0.25} (prototype ≈{=0.13}, docs/labs/patch-routing.md §7.4; Thm 4.2 vs 4.3: (l/n)^8 as a "
         "bound)"},
        {"quarter_sep", "share of seeds with N*_sep / N*_CNN ≤ 1/4 (the mean over seeds; 1 = every seed)"},
        {"sweep_route_sep",
         "prototype's router table (docs/labs/patch-routing.md §7.4; d = 32, n = 32, l = 2): {=0.64} at N_r = 20; "
         "Lemma 4.1 asks B_r = Ω(n²/(1−δ_d)²), and N_r ≤ N (eq. 6)"},
        {"nstar_ratio_joint", "N*_joint / N*_CNN ≤ {=0.6} (paper Fig. 4: pMoE needs 60 % of the CNN's samples)"},
        {"thr_acc_lstar",
         "separate pMoE at l = l*, N = 80: ≥ {=0.95} (prototype, docs/labs/patch-routing.md §7.4: {=1.00} with c = 2)"},
        {"thr_acc_lstar_m1", "at l = l* − 1: ≤ {=0.75} (prototype, docs/labs/patch-routing.md §7.4: {=0.57})"},
    };
}

// quick: every part of the plan, the threshold grid included (one l, one seed)
static core::TestSizes sizes_for_tests() {
    return {{{"N_points", 2},
             {"sweep_seeds", 1},
             {"grid_lmax", 1},
             {"grid_seeds", 1},
             {"N_run", 20},
             {"cap", 20},
             {"n_test", 200}},
            {{"n", 64}, {"d", 64}, {"n_test", 2000}, {"cap", 20}, {"N_min", 250}, {"N_points", 5}},
            {{"N_points", 2},
             {"sweep_seeds", 3},
             {"grid_lmax", 1},
             {"grid_seeds", 2},
             {"N_run", 20},
             {"cap", 20},
             {"n_test", 200}}};
}

}   // namespace patch_routing

static const core::Registration kRegistration(2, "patch-routing", &core::make<patch_routing::PatchRoutingLab>);
