#include "labs/gated-regression/link.hpp"
#include "core/fmath.hpp"
#include <cmath>

namespace gated {

double g(Link l, double z) {
    switch (l) {
    case Link::Id: return z;
    case Link::Tanh: return core::fm::tanh(z);
    case Link::Relu: return z > 0 ? z : 0.0;
    case Link::Sigmoid: return core::fm::sigmoid(z);
    }
    return z;
}

double g_prime(Link l, double z) {
    switch (l) {
    case Link::Id: return 1.0;
    case Link::Tanh: {
        double t = core::fm::tanh(z);
        return 1.0 - t * t;
    }
    case Link::Relu: return z > 0 ? 1.0 : 0.0;
    case Link::Sigmoid: {
        double s = core::fm::sigmoid(z);
        return s * (1.0 - s);
    }
    }
    return 1.0;
}

const char* link_name(Link l) {
    static const char* names[] = {"Id", "tanh", "ReLU", "sigmoid"};
    return names[int(l)];
}

namespace {
double he(int m, double z) {   // probabilists' Hermite polynomials He_0..He_4
    switch (m) {
    case 0: return 1;
    case 1: return z;
    case 2: return z * z - 1;
    case 3: return z * z * z - 3 * z;
    default: return z * z * z * z - 6 * z * z + 3;
    }
}

// Solves the 3×3 system M x = r by Gaussian elimination with partial pivoting.
void solve3(double M[3][3], double r[3], double x[3]) {
    for (int c = 0; c < 3; ++c) {
        int p = c;
        for (int i = c + 1; i < 3; ++i)
            if (std::fabs(M[i][c]) > std::fabs(M[p][c])) p = i;
        for (int j = 0; j < 3; ++j) std::swap(M[c][j], M[p][j]);
        std::swap(r[c], r[p]);
        for (int i = c + 1; i < 3; ++i) {
            double f = M[i][c] / M[c][c];
            for (int j = c; j < 3; ++j) M[i][j] -= f * M[c][j];
            r[i] -= f * r[c];
        }
    }
    for (int c = 2; c >= 0; --c) {
        double s = r[c];
        for (int j = c + 1; j < 3; ++j) s -= M[c][j] * x[j];
        x[c] = s / M[c][c];
    }
}
}   // namespace

LinkConstants link_constants(Link l, double sigma) {
    const double s2 = sigma * sigma;
    // E[g^p He_m] for p = 1..4, m = 0..4
    // one quadrature pass for all 20 moments (the same nodes and weights as gauss_expect)
    double E[5][5] = {};
    {
        const int n = 48000;
        const double L = 12.0, h = 2 * L / n, norm = 0.3989422804014327;
        for (int i = 0; i <= n; ++i) {
            const double z = -L + i * h;
            const double w = ((i == 0 || i == n) ? 1.0 : (i % 2 ? 4.0 : 2.0)) * core::fm::exp(-0.5 * z * z);
            const double v = g(l, z);
            double gp = 1;
            for (int p = 1; p <= 4; ++p) {
                gp *= v;
                for (int m = 0; m <= 4; ++m) E[p][m] += w * gp * he(m, z);
            }
        }
        for (int p = 1; p <= 4; ++p)
            for (int m = 0; m <= 4; ++m) E[p][m] *= h / 3.0 * norm;
    }
    // Condition 1, rows m = 1..3: α E[(g³+3σ²g)He_m] + β E[g² He_m] + γ E[g He_m] = −E[(g⁴ + 6σ²g²) He_m]
    double M[3][3], r[3], x[3];
    for (int m = 1; m <= 3; ++m) {
        M[m - 1][0] = E[3][m] + 3 * s2 * E[1][m];
        M[m - 1][1] = E[2][m];
        M[m - 1][2] = E[1][m];
        r[m - 1] = -(E[4][m] + 6 * s2 * E[2][m]);
    }
    solve3(M, r, x);
    LinkConstants k;
    k.alpha = x[0];
    k.beta = x[1];
    k.gamma = x[2];
    // Odd links (Id, tanh): α = γ = 0 exactly; quadrature leaves ~1e-17, which would break g ↦ −g symmetry.
    if (l == Link::Id || l == Link::Tanh) k.alpha = k.gamma = 0;
    k.delta = -E[2][1] / E[1][1];   // Condition 2
    auto S4 = [&](int m) {          // E[S_4(Z) He_m(Z)] without the centring constant
        return E[4][m] + 6 * s2 * E[2][m] + (m == 0 ? 3 * s2 * s2 : 0) + k.alpha * (E[3][m] + 3 * s2 * E[1][m]) +
            k.beta * (E[2][m] + (m == 0 ? s2 : 0)) + k.gamma * E[1][m];
    };
    k.c = S4(4);
    k.kappa4 = -S4(0);
    k.c_prime = E[2][2] + k.delta * E[1][2];   // E[S_2 He_2]; σ² He_2 has mean 0
    k.kappa2 = -(E[2][0] + k.delta * E[1][0] + s2);
    return k;
}

}   // namespace gated
