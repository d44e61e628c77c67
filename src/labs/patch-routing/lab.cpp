// The patch-routing lab's declaration: info, headlines, test sizes and the registry's factory (schema, presets,
// phases, checks and the plan: schema.cpp; the run: run.hpp, run.cpp, views.cpp).
#include "core/registry.hpp"
#include "labs/patch-routing/lab.hpp"

namespace patch_routing {

static std::vector<core::Headline> paper_headlines();
static core::TestSizes sizes_for_tests();

PatchRoutingLab::PatchRoutingLab() : LabOf(kUnitsPerSecond) {
    headlines_ = paper_headlines();
    test_sizes_ = sizes_for_tests();
    info_.id = "patch-routing";
    info_.title = "Patch routing (pMoE)";
    info_.citation = "Chowdhury, Zhang, Wang, Liu, Chen (ICML 2023): Patch-level Routing in Mixture-of-Experts is "
                     "Provably Sample-efficient for Convolutional Neural Networks";
    info_.seed_file = "000_a9bf423586cd9919.txt";
    info_.summary =
        "Every input is n patches; one of them (o1 or o2) decides the label, the rest are irrelevant. A patch-level MoE "
        "(pMoE) whose routers send only the top-l patches to each expert learns the discriminative patch from far fewer "
        "samples than a CNN of the same size that sees all n patches: the routers drop the irrelevant patches, and the "
        "sample need falls polynomially in n/l. With c confusers per side the routing fails for l ≤ c and works from l* "
        "= c + 1.";
    schema_ = binding().schema();
    phases_ = make_phases();
}

static std::vector<core::Headline> paper_headlines() {
    return {
        {"nstar_cnn", "CNN N for 95 %: ≈160 in the prototype (lecture; docs/labs/patch-routing.md §7.4)"},
        {"nstar_sep", "separate pMoE: ≈20 (prototype, docs/labs/patch-routing.md §7.4)"},
        {"nstar_joint", "joint pMoE: ≈90 (prototype, docs/labs/patch-routing.md §7.4; ≈50 in its WASM run)"},
        {"nstar_ratio_sep",
         "N*_sep / N*_CNN ≤ 0.25 (prototype ≈0.13, docs/labs/patch-routing.md §7.4; Thm 4.2 vs 4.3: (l/n)^8 as a "
         "bound)"},
        {"quarter_sep", "share of seeds with N*_sep / N*_CNN ≤ 1/4 (the mean over seeds; 1 = every seed)"},
        {"sweep_route_sep",
         "prototype's router table (docs/labs/patch-routing.md §7.4; d = 32, n = 32, l = 2): 0.64 at N_r = 20; "
         "Lemma 4.1 asks B_r = Ω(n²/(1−δ_d)²), and N_r ≤ N (eq. 6)"},
        {"nstar_ratio_joint", "N*_joint / N*_CNN ≤ 0.6 (paper Fig. 4: pMoE needs 60 % of the CNN's samples)"},
        {"thr_acc_lstar",
         "separate pMoE at l = l*, N = 80: ≥ 0.95 (prototype, docs/labs/patch-routing.md §7.4: 1.00 with c = 2)"},
        {"thr_acc_lstar_m1", "at l = l* − 1: ≤ 0.75 (prototype, docs/labs/patch-routing.md §7.4: 0.57)"},
    };
}

// quick: every part of the plan, the threshold grid included (one l, one seed)
static core::TestSizes sizes_for_tests() {
    return {{{"N_points", 2}, {"sweep_seeds", 1}, {"grid_lmax", 1}, {"grid_seeds", 1}, {"N_run", 20}, {"cap", 20}},
            {{"n", 64}, {"d", 64}, {"n_test", 2000}, {"cap", 20}, {"N_min", 250}, {"N_points", 5}},
            {{"N_points", 2}, {"sweep_seeds", 3}, {"grid_lmax", 1}, {"grid_seeds", 2}, {"N_run", 20}, {"cap", 20}}};
}

}   // namespace patch_routing

static const core::Registration kRegistration(2, "patch-routing", &core::make<patch_routing::PatchRoutingLab>);
