#include "labs/latent-clusters/ode.hpp"
#include <algorithm>
#include <cmath>

namespace latent {

OdeCurve mean_field(double kappa0, int k, long t0, long T, double step0, double tau, double r, long every) {
    OdeCurve c;
    double kappa = std::min(1.0, std::max(0.0, kappa0));
    // Euler sub-step in SGD steps: 10, or coarser so that a long phase costs ≤ 20000 sub-steps; at most
    // about 1000 recorded points (a multiple of the sub-step apart).
    const long h = std::max(10L, T / 20000);
    every = std::max(every, std::max(h, T / 1000));
    every = (every + h - 1) / h * h;
    c.t.push_back(double(t0));
    c.kappa.push_back(kappa);
    for (long s = 0; s < T; s += h) {
        const double eta = tau > 0 ? step0 / (1.0 + double(s) / tau) : step0;
        const double A = k * eta * r;
        double pk = 1;                             // κ^{k−1} by repeated multiplication (no std::pow:
        for (int i = 1; i < k; ++i) pk *= kappa;   // the same bits natively and in WebAssembly)
        const double dk = A * (pk - pk * kappa * kappa);
        kappa = std::min(1.0, std::max(0.0, kappa + double(h) * dk));
        if ((s + h) % every == 0 || s + h >= T) {
            c.t.push_back(double(t0 + std::min(s + h, T)));
            c.kappa.push_back(kappa);
        }
    }
    return c;
}

}   // namespace latent
