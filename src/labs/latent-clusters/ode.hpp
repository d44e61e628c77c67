// Mean-field prediction for the alignment race (docs/labs/latent-clusters.md §4.10, derived from Lemmas B.9 and C.7):
// for σ = ±h_k* and the pure teacher, E_c[y a h_k(w·x)] = a(β_c κ_c^k + s_c γ κ_g^k) exactly, so one neuron
// racing towards one direction u (favourable sign, other alignments ≈ 0) follows
//     dκ/dt = A(t) (κ^{k−1} − κ^{k+1}),   A(t) = k · (per-neuron step at t) · r,
// with r the share of samples that carry the direction to its expert: r = 1/(M C) in Phase I (uniform
// top-1; the gate 1/M is in the step), r = 1/C in Phase III under ideal routing (s_c γ = ±1 for w_g*).
// Noise (the −κ η² d shrinkage of Lemma C.7) is ignored: the curve shows the drift's escape time.
#pragma once
#include <vector>

namespace latent {

struct OdeCurve {
    std::vector<double> t, kappa;
};

// Integrates from κ(t0) = kappa0 over T SGD steps with the step η_t = step0/(1 + (t − t0)/τ) (τ ≤ 0:
// constant), recording every `every` steps.
OdeCurve mean_field(double kappa0, int k, long t0, long T, double step0, double tau, double r, long every);

}   // namespace latent
