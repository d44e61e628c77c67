// Palette, colour scales and tick placement shared by the plot kinds.
#include "app/plot.hpp"
#include <cmath>
#include <cstdio>

namespace app {

ImU32 palette(int i, float alpha) {
    // Okabe-Ito, colour-blind safe, strong enough for a projector.
    static const ImVec4 c[] = {{0.00f, 0.45f, 0.70f, 1}, {0.90f, 0.62f, 0.00f, 1}, {0.00f, 0.62f, 0.45f, 1},
                               {0.80f, 0.40f, 0.00f, 1}, {0.80f, 0.47f, 0.65f, 1}, {0.34f, 0.71f, 0.91f, 1},
                               {0.94f, 0.89f, 0.26f, 1}, {0.55f, 0.55f, 0.55f, 1}, {0.60f, 0.30f, 0.80f, 1},
                               {0.40f, 0.25f, 0.10f, 1}};
    const int n = int(sizeof c / sizeof c[0]);
    ImVec4 v = c[((i % n) + n) % n];
    v.w = alpha;
    return ImGui::ColorConvertFloat4ToU32(v);
}

static ImVec4 lerp(ImVec4 a, ImVec4 b, float t) {
    return ImVec4(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, 1);
}

ImU32 heat_color(double t, bool diverging) {
    float f = float(std::isnan(t) ? 0.5 : std::fmin(1.0, std::fmax(0.0, t)));
    if (diverging) {   // blue - white - red
        ImVec4 lo(0.13f, 0.40f, 0.67f, 1), mid(0.97f, 0.97f, 0.97f, 1), hi(0.70f, 0.09f, 0.17f, 1);
        return ImGui::ColorConvertFloat4ToU32(f < 0.5f ? lerp(lo, mid, f * 2) : lerp(mid, hi, f * 2 - 1));
    }
    // sequential: dark blue - teal - yellow (viridis-like, monotone in lightness)
    ImVec4 s[] = {{0.27f, 0.00f, 0.33f, 1},
                  {0.23f, 0.32f, 0.55f, 1},
                  {0.13f, 0.57f, 0.55f, 1},
                  {0.37f, 0.79f, 0.38f, 1},
                  {0.99f, 0.91f, 0.14f, 1}};
    float x = f * 4;
    int k = int(std::fmin(3.0f, std::floor(x)));
    return ImGui::ColorConvertFloat4ToU32(lerp(s[k], s[k + 1], x - k));
}

ImU32 text_color_on(ImU32 bg) {
    ImVec4 c = ImGui::ColorConvertU32ToFloat4(bg);
    float lum = 0.299f * c.x + 0.587f * c.y + 0.114f * c.z;
    return lum > 0.55f ? IM_COL32(20, 20, 20, 255) : IM_COL32(250, 250, 250, 255);
}

std::vector<double> nice_ticks(double lo, double hi, int max_ticks, bool log_axis) {
    std::vector<double> t;
    if (!(hi > lo) || max_ticks < 2) return t;
    if (log_axis) {
        double a = std::floor(std::log10(lo)), b = std::ceil(std::log10(hi));
        double stride = std::fmax(1.0, std::ceil((b - a) / max_ticks));
        for (double e = a; e <= b; e += stride) {
            double v = std::pow(10.0, e);
            if (v >= lo * 0.999 && v <= hi * 1.001) t.push_back(v);
            if (b - a <= 1.5)   // few decades: add 2 and 5
                for (double m : {2.0, 5.0})
                    if (v * m >= lo && v * m <= hi) t.push_back(v * m);
        }
        return t;
    }
    double raw = (hi - lo) / max_ticks, mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (mag * m >= raw) {
            step = mag * m;
            break;
        }
    for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
        t.push_back(std::fabs(v) < step * 1e-9 ? 0.0 : v);
    return t;
}

std::string tick_label(double v, double step) {
    char b[32];
    double a = std::fabs(v);
    if (a >= 1e6) std::snprintf(b, sizeof b, "%gM", v / 1e6);
    else if (a >= 1e4) std::snprintf(b, sizeof b, "%gk", v / 1e3);
    else if (a > 0 && a < 1e-3) std::snprintf(b, sizeof b, "%.0e", v);
    else if (step >= 1 || v == std::floor(v)) std::snprintf(b, sizeof b, "%.0f", v);
    else if (step >= 0.1) std::snprintf(b, sizeof b, "%.1f", v);
    else if (step >= 0.01) std::snprintf(b, sizeof b, "%.2f", v);
    else std::snprintf(b, sizeof b, "%.3g", v);
    return b;
}

}   // namespace app
