#include "labs/latent-clusters/teacher.hpp"
#include "core/linalg.hpp"
#include "core/ziggurat.hpp"
#include <cmath>

namespace latent {

void Teacher::build(const TeacherConfig& cfg, core::Rng& rng) {
    d = cfg.d;
    C = cfg.C;
    rho = cfg.rho;
    zeta = cfg.zeta;
    // Gram–Schmidt on 2C+1 Gaussian vectors (Assumption 3.3 with exact orthogonality; needs d ≥ 2C+1).
    const int R = 2 * C + 1;
    std::vector<double> B(size_t(R) * size_t(d));
    for (double& b : B) b = rng.normal();
    for (int r = 0; r < R; ++r) {
        double* br = &B[size_t(r) * size_t(d)];
        for (int pass = 0; pass < 2; ++pass)   // twice: re-orthogonalisation for accuracy
            for (int q = 0; q < r; ++q) {
                const double* bq = &B[size_t(q) * size_t(d)];
                core::axpy(-core::dot(br, bq, d), bq, br, d);
            }
        double nr = core::norm2(br, d);
        for (int k = 0; k < d; ++k) br[k] /= nr;
    }
    w_star.assign(size_t(C) * size_t(d), 0.f);
    w_g.assign(size_t(d), 0.f);
    v.assign(size_t(C) * size_t(d), 0.f);
    for (int c = 0; c < C; ++c)
        for (int k = 0; k < d; ++k) {
            w_star[size_t(c * d + k)] = float(B[size_t(c * d + k)]);
            v[size_t(c * d + k)] = float(B[size_t((C + 1 + c) * d + k)]);
        }
    for (int k = 0; k < d; ++k) w_g[size_t(k)] = float(B[size_t(C * d + k)]);

    // Links (Assumption 3.2): same information exponent k*, |β_{c,k*}| = |γ_{k*}|.
    f.assign(size_t(C), HermitePoly{});
    g = HermitePoly{};
    if (cfg.links == Links::PureHermite) {
        // Lecture teacher (docs/labs/latent-clusters.md §2.3, in the spirit of Example 4.1): f_c* = h_k*, g* = h_k*,
        // β = γ = 1.
        k_star = p_star = cfg.k_star;
        for (auto& fc : f) {
            fc.p = p_star;
            fc.c[k_star] = 1;
        }
        g.p = p_star;
        g.c[k_star] = 1;
    } else {
        // Sec. 4.2.1: f_1* = He_3 + He_5, f_2* = He_3 + He_4, g* = He_3. Read with normalised h_i
        // (docs/labs/latent-clusters.md §2.3): then β_{c,3} = γ_3 = 1 as Assumption 3.2 requires, at the price of
        // E f² = 2 instead of 1 (the paper's two conditions cannot both hold for these links). For C > 2
        // the two local links alternate.
        k_star = 3;
        p_star = 5;
        for (int c = 0; c < C; ++c) {
            f[size_t(c)].p = p_star;
            f[size_t(c)].c[3] = 1;
            f[size_t(c)].c[c % 2 == 0 ? 5 : 4] = 1;
        }
        g.p = p_star;
        g.c[3] = 1;
    }
    // s_c: +1, −1 alternating (Σ s_c = 0); with odd C the last cluster has s_c = 0 (Example 4.1 style).
    s.assign(size_t(C), 0.0);
    for (int c = 0; c < C; ++c) s[size_t(c)] = (c % 2 == 0) ? 1.0 : -1.0;
    if (C % 2 == 1) s[size_t(C - 1)] = 0.0;
}

double Teacher::clean(const float* x, int c) const {
    double uc = core::dot(&w_star[size_t(c * d)], x, d);
    double ug = core::dot(w_g.data(), x, d);
    return f[size_t(c)](uc) + s[size_t(c)] * g(ug);
}

void Teacher::sample(core::Rng& rng, float* x, int& c, double& y_clean, double& y) const {
    c = int(rng.below(uint32_t(C)));
    const float* vc = &v[size_t(c * d)];
    for (int k = 0; k < d; ++k) x[k] = float(rho * vc[k] + core::Ziggurat::normal(rng));   // z ~ N(0, I_d)
    y_clean = clean(x, c);
    y = y_clean + zeta * core::Ziggurat::normal(rng);
}

double Teacher::zero_mse() const {
    double s2 = 0;
    for (int c = 0; c < C; ++c) s2 += f[size_t(c)].norm2() + s[size_t(c)] * s[size_t(c)] * g.norm2();
    return s2 / C;   // cross terms vanish: w_c* ⟂ w_g* and Lemma A.3.3
}

double Teacher::local_only_mse() const {
    double s2 = 0;
    for (int c = 0; c < C; ++c) s2 += s[size_t(c)] * s[size_t(c)] * g.norm2();
    return s2 / C;
}

const float* Teacher::dir(int r) const {
    if (r < C) return &w_star[size_t(r * d)];
    if (r == C) return w_g.data();
    return &v[size_t((r - C - 1) * d)];
}

}   // namespace latent
