#include "core/ziggurat.hpp"
#include "core/fmath.hpp"
#include <cmath>

namespace core {

namespace {
constexpr double kR = 3.442619855899;        // start of the tail
constexpr double kV = 9.91256303526217e-3;   // area of each layer
double gauss(double x) { return fm::exp(-0.5 * x * x); }
double u01(Rng& rng) { return (double(rng.next_u32()) + 0.5) * (1.0 / 4294967296.0); }   // (0, 1)
}   // namespace

Ziggurat::Tables::Tables() {
    // x[0] = V/f(R) is the width of the base strip (rectangle plus tail), x[1] = R, and
    // x[i+1] = f⁻¹(V/x[i] + f(x[i])), down to x[128] = 0.
    x[0] = kV / gauss(kR);
    x[1] = kR;
    for (int i = 1; i < 127; ++i) x[i + 1] = std::sqrt(-2.0 * fm::log(kV / x[i] + gauss(x[i])));
    x[128] = 0;
    for (int i = 0; i <= 128; ++i) f[i] = gauss(x[i]);
}

const Ziggurat::Tables& Ziggurat::tables() {
    static const Tables t;
    return t;
}

double Ziggurat::normal(Rng& rng) {
    const Tables& T = tables();
    for (;;) {
        const int i = int(rng.next_u32() & 127u);
        const double u = 2.0 * u01(rng) - 1.0;   // (−1, 1)
        const double z = u * T.x[i];
        if (std::fabs(z) < T.x[i + 1]) return z;   // inside the layer's rectangle
        if (i == 0) {                              // tail beyond R (Marsaglia 1964)
            double a, b;
            do {
                a = -fm::log(u01(rng)) / kR;
                b = -fm::log(u01(rng));
            } while (b + b < a * a);
            return u > 0 ? kR + a : -(kR + a);
        }
        // wedge between the rectangle and the curve
        if (T.f[i] + u01(rng) * (T.f[i + 1] - T.f[i]) < gauss(z)) return z;
    }
}

}   // namespace core
