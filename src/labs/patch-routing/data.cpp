#include "labs/patch-routing/data.hpp"
#include "core/linalg.hpp"
#include <cmath>

namespace patch_routing {

namespace {

void normalize(float* v, int d) {
    float nv = core::norm2(v, d);
    if (nv > 0)
        for (int k = 0; k < d; ++k) v[k] /= nv;
}

// q = normalize(centre + ρ ξ), ξ ~ N(0, I_d / d)   (docs/labs/patch-routing.md §2.2)
void noisy_patch(const float* centre, double rho, int d, core::Rng& rng, float* out) {
    const double sd = rho / std::sqrt(double(d));
    for (int k = 0; k < d; ++k) out[k] = float(centre[k] + sd * rng.normal());
    normalize(out, d);
}

}   // namespace

Geometry make_geometry(const DataSpec& s) {
    Geometry g;
    g.d = s.d;
    g.p = s.p;
    const int d = s.d;
    g.o1.assign(size_t(d), 0.f);
    g.o2.assign(size_t(d), 0.f);
    g.o1[0] = 1.f;                                             // o1 = e_0
    g.o2[0] = float(s.delta_d);                                // o2 = δ_d e_0 + √(1-δ_d²) e_1
    g.o2[1] = float(std::sqrt(1.0 - s.delta_d * s.delta_d));   //  => <o1, o2> = δ_d (§4.2)
    std::vector<float> sdir(size_t(d), 0.f), u(size_t(d), 0.f);
    for (int k = 0; k < d; ++k) {
        sdir[size_t(k)] = g.o1[size_t(k)] + g.o2[size_t(k)];
        u[size_t(k)] = g.o1[size_t(k)] - g.o2[size_t(k)];
    }
    normalize(sdir.data(), d);   // s = (o1 + o2)/|o1 + o2|
    normalize(u.data(), d);      // u = (o1 - o2)/|o1 - o2|
    g.u = u;
    // q_i* = √(1-δ_r²) e_{2+i} + δ_r s: |<o_j, q_i*>| = δ_r √((1+δ_d)/2) <= δ_r, <o1 - o2, q_i*> = 0
    g.q.assign(size_t(s.p) * size_t(d), 0.f);
    const double a = std::sqrt(1.0 - s.delta_r * s.delta_r);
    for (int i = 0; i < s.p; ++i) {
        float* qi = g.q.data() + size_t(i) * size_t(d);
        for (int k = 0; k < d; ++k) qi[k] = float(s.delta_r * sdir[size_t(k)]);
        qi[2 + i] += float(a);
    }
    if (s.c > 0) {   // confusers: c1* = κ u + √(1-κ²) e_{2+p} (closer to o1), c2* = -κ u + √(1-κ²) e_{3+p}
        const double b = std::sqrt(1.0 - s.kappa * s.kappa);
        g.c1.assign(size_t(d), 0.f);
        g.c2.assign(size_t(d), 0.f);
        for (int k = 0; k < d; ++k) {
            g.c1[size_t(k)] = float(s.kappa * u[size_t(k)]);
            g.c2[size_t(k)] = float(-s.kappa * u[size_t(k)]);
        }
        g.c1[size_t(2 + s.p)] += float(b);
        g.c2[size_t(3 + s.p)] += float(b);
    }
    return g;
}

void allocate(const DataSpec& s, int N, Dataset& out) {
    const int n = s.n, d = s.d;
    out.N = N;
    out.n = n;
    out.d = d;
    out.x.assign(size_t(N) * size_t(n) * size_t(d), 0.f);
    out.y.assign(size_t(N), 0);
    out.type.assign(size_t(N) * size_t(n), 0);
    out.j_o.assign(size_t(N), 0);
    out.xsum.assign(size_t(N) * size_t(d), 0.f);
}

void generate(const DataSpec& s, const Geometry& g, core::Rng& rng, int N, Dataset& out) {
    allocate(s, N, out);
    generate_part(s, g, rng, 0, N, out);
}

void generate_part(const DataSpec& s, const Geometry& g, core::Rng& rng, int i0, int i1, Dataset& out) {
    const int n = s.n, d = s.d;
    std::vector<uint8_t> types(size_t(n), uint8_t(0));
    for (int i = i0; i < i1; ++i) {
        const int y = (i % 2 == 0) ? 1 : -1;   // balanced: N/2 per class
        out.y[size_t(i)] = int8_t(y);
        // the multiset of patch types, then a uniform random arrangement (position of o ~ Unif[n])
        types[0] = y > 0 ? kO1 : kO2;
        int t = 1;
        for (int k = 0; k < s.c; ++k) types[size_t(t++)] = kC1;
        for (int k = 0; k < s.c; ++k) types[size_t(t++)] = kC2;
        while (t < n) types[size_t(t++)] = uint8_t(kS0 + rng.below(uint32_t(s.p)));   // set ~ Unif[p]
        rng.shuffle(types);
        float* xi = out.x.data() + size_t(i) * size_t(n) * size_t(d);
        for (int j = 0; j < n; ++j) {
            const uint8_t ty = types[size_t(j)];
            out.type[size_t(i) * size_t(n) + size_t(j)] = ty;
            float* xj = xi + size_t(j) * size_t(d);
            if (ty == kO1 || ty == kO2) {   // discriminative: exactly o1 or o2
                const float* o = ty == kO1 ? g.o1.data() : g.o2.data();
                for (int k = 0; k < d; ++k) xj[k] = o[k];
                out.j_o[size_t(i)] = int16_t(j);
            } else if (ty == kC1) {
                noisy_patch(g.c1.data(), s.rho, d, rng, xj);
            } else if (ty == kC2) {
                noisy_patch(g.c2.data(), s.rho, d, rng, xj);
            } else {
                noisy_patch(g.q.data() + size_t(ty - kS0) * size_t(d), s.rho, d, rng, xj);
            }
        }
        float* xs = out.xsum.data() + size_t(i) * size_t(d);
        for (int j = 0; j < n; ++j) core::axpy(1.0f, xi + size_t(j) * size_t(d), xs, d);
    }
}

}   // namespace patch_routing
