// Palette, colour scales (from the theme's table, app/plot/colors.hpp) and tick placement shared by the plot kinds.
#include "app/plot/ink.hpp"
#include "app/plot/plot.hpp"
#include "core/words.hpp"
#include <cmath>
#include <cstdio>

namespace app {

ImU32 palette(int i, float alpha) {
    const Colors& c = colors();   // the theme's series (app/plot/colors.cpp): colour-blind safe, 3:1 on the plot
    const int n = int(sizeof c.series / sizeof c.series[0]);
    return ink(c.series[((i % n) + n) % n], alpha);
}

static ImVec4 lerp(Rgb a, Rgb b, float t) {
    const ImVec4 x = ink4(a), y = ink4(b);
    return ImVec4(x.x + (y.x - x.x) * t, x.y + (y.y - x.y) * t, x.z + (y.z - x.z) * t, 1);
}

ImU32 heat_color(double t, bool diverging) {
    const Colors& c = colors();
    float f = float(std::isnan(t) ? 0.5 : std::fmin(1.0, std::fmax(0.0, t)));
    if (diverging)   // blue - white - red
        return ImGui::ColorConvertFloat4ToU32(f < 0.5f ? lerp(c.div_lo, c.div_mid, f * 2)
                                                       : lerp(c.div_mid, c.div_hi, f * 2 - 1));
    // sequential: dark purple - blue - teal - green - yellow (viridis-like, monotone in lightness)
    float x = f * 4;
    int k = int(std::fmin(3.0f, std::floor(x)));
    return ImGui::ColorConvertFloat4ToU32(lerp(c.heat_seq[k], c.heat_seq[k + 1], x - k));
}

ImU32 text_color_on(ImU32 bg) {
    const ImVec4 v = ImGui::ColorConvertU32ToFloat4(bg);
    const Rgb cell{uint8_t(v.x * 255 + 0.5f), uint8_t(v.y * 255 + 0.5f), uint8_t(v.z * 255 + 0.5f)};
    const Colors& c = colors();   // whichever reads better on the cell (WCAG contrast, not a guess at lightness)
    return ink(contrast(c.ink_on_light, cell) >= contrast(c.ink_on_dark, cell) ? c.ink_on_light : c.ink_on_dark);
}

void draw_marker(ImDrawList* dl, ImVec2 c, float r, int palette_index, ImU32 col, bool hollow) {
    const float t = std::fmax(1.5f, r * 0.35f);   // hollow: the outline's thickness
    switch (((palette_index % 5) + 5) % 5) {
    case 0:
        if (hollow) dl->AddCircle(c, r, col, 12, t);
        else dl->AddCircleFilled(c, r, col, 12);
        break;
    case 1: {
        const float h = r * 0.85f;
        if (hollow) dl->AddRect(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), col, 0, 0, t);
        else dl->AddRectFilled(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), col);
        break;
    }
    case 2:
    case 4: {
        const float s = palette_index % 5 == 2 ? 1.0f : -1.0f, h = r * 1.15f;
        const ImVec2 p(c.x, c.y - s * h), q(c.x - h, c.y + s * h * 0.8f), w(c.x + h, c.y + s * h * 0.8f);
        if (hollow) dl->AddTriangle(p, q, w, col, t);
        else dl->AddTriangleFilled(p, q, w, col);
        break;
    }
    default: {
        const float h = r * 1.2f;
        const ImVec2 n(c.x, c.y - h), e(c.x + h, c.y), so(c.x, c.y + h), w(c.x - h, c.y);
        if (hollow) dl->AddQuad(n, e, so, w, col, t);
        else dl->AddQuadFilled(n, e, so, w, col);
    }
    }
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
    return core::local_number(b);   // 0,5 in a language that writes it so
}

}   // namespace app
