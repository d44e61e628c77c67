// The colour table (src/app/plot/colors.hpp), theme by theme: every text on every background it is drawn on at
// 4.5:1 or more (WCAG 2.1 SC 1.4.3), plot lines, axes, the focus ring and controls at 3:1 against theirs
// (SC 1.4.11), heatmap numbers readable on every colour of both scales, the series the labs name by index apart
// under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira, Fernandes 2009, severity 1), and
// no colour written anywhere in src/app/ outside the table.
#include "app/plot/colors.hpp"
#include <doctest/doctest.h>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace {

using app::Rgb;

void check_contrast(const app::Colors& c, const char* fg_name, Rgb fg, const char* bg_name, Rgb bg, double at_least) {
    const std::string where = std::string(c.id) + ": " + fg_name + " on " + bg_name;
    CAPTURE(where);
    const double r = app::contrast(fg, bg);
    CAPTURE(r);
    CHECK(r >= at_least);
}

double linear(uint8_t v) {
    const double s = v / 255.0;
    return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
}

// CIE L*a*b* of a colour as seen with a colour-vision deficiency (a Machado 2009 matrix on linear RGB).
struct Lab {
    double l, a, b;
};
Lab seen(Rgb c, const double m[3][3]) {
    const double rgb[3] = {linear(c.r), linear(c.g), linear(c.b)};
    double o[3];
    for (int i = 0; i < 3; ++i)
        o[i] = std::fmin(1, std::fmax(0, m[i][0] * rgb[0] + m[i][1] * rgb[1] + m[i][2] * rgb[2]));
    const double x = 0.4124 * o[0] + 0.3576 * o[1] + 0.1805 * o[2], y = 0.2126 * o[0] + 0.7152 * o[1] + 0.0722 * o[2],
                 z = 0.0193 * o[0] + 0.1192 * o[1] + 0.9505 * o[2];
    auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
    const double fx = f(x / 0.95047), fy = f(y), fz = f(z / 1.08883);
    return {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
}
double delta_e(Lab p, Lab q) {
    return std::sqrt((p.l - q.l) * (p.l - q.l) + (p.a - q.a) * (p.a - q.a) + (p.b - q.b) * (p.b - q.b));
}

const double kNone[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
const double kProtan[3][3] = {
    {0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}};
const double kDeutan[3][3] = {
    {0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}};
const double kTritan[3][3] = {
    {1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}};

}   // namespace

TEST_CASE("contrast: WCAG's own examples") {
    CHECK(app::contrast({0, 0, 0}, {255, 255, 255}) == doctest::Approx(21));
    CHECK(app::contrast({119, 119, 119}, {255, 255, 255}) == doctest::Approx(4.48).epsilon(0.01));   // #777: fails AA
    CHECK(app::contrast({153, 153, 153}, {255, 255, 255}) < 3);   // ImGui's default disabled grey (0.6) on white
}

TEST_CASE("every theme: text at 4.5:1 on each background it is drawn on, controls and lines at 3:1") {
    REQUIRE(app::themes().size() == 3);
    for (const app::Colors& c : app::themes()) {
        const std::pair<const char*, Rgb> text_on[] = {{"window", c.window},
                                                       {"panel", c.panel},
                                                       {"popup", c.popup},
                                                       {"frame", c.frame},
                                                       {"frame_hover", c.frame_hover},
                                                       {"frame_active", c.frame_active},
                                                       {"button", c.button},
                                                       {"button_hover", c.button_hover},
                                                       {"button_active", c.button_active},
                                                       {"header", c.header},
                                                       {"header_hover", c.header_hover},
                                                       {"phase_past", c.phase_past},
                                                       {"phase_future", c.phase_future},
                                                       {"message_bg", c.message_bg},
                                                       {"card_bg", c.card_bg},
                                                       {"tour_bg", c.tour_bg},
                                                       {"b_button", c.b_button}};
        for (const auto& [name, bg] : text_on) check_contrast(c, "text", c.text, name, bg, 4.5);
        for (const auto& [name, bg] :
             {std::pair{"window", c.window}, std::pair{"panel", c.panel}, std::pair{"frame", c.frame}})
            check_contrast(c, "text_dim", c.text_dim, name, bg, 4.5);
        for (const auto& [fg_name, fg] :
             {std::pair{"title", c.title}, std::pair{"look_for", c.look_for}, std::pair{"claim", c.claim},
              std::pair{"warning", c.warning}, std::pair{"error", c.error}, std::pair{"b_text", c.b_text}}) {
            check_contrast(c, fg_name, fg, "window", c.window, 4.5);
            check_contrast(c, fg_name, fg, "panel", c.panel, 4.5);
        }
        check_contrast(c, "error", c.error, "message_bg", c.message_bg, 4.5);
        check_contrast(c, "claim", c.claim, "card_bg", c.card_bg, 4.5);
        check_contrast(c, "card_label", c.card_label, "card_bg", c.card_bg, 4.5);
        check_contrast(c, "b_text", c.b_text, "card_bg", c.card_bg, 4.5);
        check_contrast(c, "tour_claim", c.tour_claim, "tour_bg", c.tour_bg, 4.5);
        check_contrast(c, "on_play", c.on_play, "play", c.play, 4.5);
        check_contrast(c, "on_play", c.on_play, "pause", c.pause, 4.5);
        check_contrast(c, "on_phase_now", c.on_phase_now, "phase_now", c.phase_now, 4.5);
        for (const auto& [fg_name, fg] :
             {std::pair{"axis_ink", c.axis_ink}, std::pair{"legend", c.legend}, std::pair{"readout", c.readout},
              std::pair{"caption", c.caption}, std::pair{"caption_alt", c.caption_alt}, std::pair{"bar_ink", c.bar_ink},
              std::pair{"heat_ink", c.heat_ink}, std::pair{"text", c.text}}) {
            check_contrast(c, fg_name, fg, "plot_bg", c.plot_bg, 4.5);
            check_contrast(c, fg_name, fg, "panel", c.panel, 4.5);
        }
        // SC 1.4.11: what a reader needs to see of a plot or a control
        for (int k = 0; k < 10; ++k) {
            CAPTURE(k);
            check_contrast(c, "series", c.series[k], "plot_bg", c.plot_bg, 3);
        }
        check_contrast(c, "axis_frame", c.axis_frame, "plot_bg", c.plot_bg, 3);
        check_contrast(c, "overlay", c.overlay, "plot_bg", c.plot_bg, 3);
        check_contrast(c, "mark", c.mark, "plot_bg", c.plot_bg, 3);
        for (const auto& [name, bg] : {std::pair{"window", c.window}, std::pair{"panel", c.panel},
                                       std::pair{"frame", c.frame}, std::pair{"button", c.button}})
            check_contrast(c, "focus", c.focus, name, bg, 3);
        check_contrast(c, "grab", c.grab, "frame", c.frame, 3);
        check_contrast(c, "phase_now", c.phase_now, "window", c.window, 3);
    }
}

TEST_CASE("every theme: a heatmap cell's number reads at 4.5:1 on every colour of both scales") {
    for (const app::Colors& c : app::themes()) {
        auto mix = [](Rgb a, Rgb b, double t) {
            return Rgb{uint8_t(std::lround(a.r + (b.r - a.r) * t)), uint8_t(std::lround(a.g + (b.g - a.g) * t)),
                       uint8_t(std::lround(a.b + (b.b - a.b) * t))};
        };
        for (int i = 0; i <= 100; ++i) {
            const double t = i / 100.0, x = t * 4;
            const int k = std::min(3, int(x));
            const Rgb cells[] = {mix(c.heat_seq[k], c.heat_seq[k + 1], x - k),
                                 t < 0.5 ? mix(c.div_lo, c.div_mid, t * 2) : mix(c.div_mid, c.div_hi, t * 2 - 1)};
            for (Rgb cell : cells) {   // the app picks whichever of the two inks contrasts more (text_color_on)
                const double best = std::fmax(app::contrast(c.ink_on_light, cell), app::contrast(c.ink_on_dark, cell));
                CAPTURE(t);
                CHECK(best >= 4.5);
            }
        }
    }
}

TEST_CASE("every theme: the first four series stay apart under colour-vision deficiencies") {
    // Labs name palette entries 0-3 for their main contrasts (MoE against the single model, A against B); later
    // entries also differ by marker and dash. Threshold: ΔE*ab ≥ 6, a difference seen at a glance.
    const std::pair<const char*, const double(*)[3]> vision[] = {
        {"typical", kNone}, {"protanopia", kProtan}, {"deuteranopia", kDeutan}, {"tritanopia", kTritan}};
    for (const app::Colors& c : app::themes())
        for (const auto& [name, m] : vision)
            for (int i = 0; i < 4; ++i)
                for (int j = i + 1; j < 4; ++j) {
                    const std::string where = std::string(c.id) + ", " + name;
                    CAPTURE(where);
                    CAPTURE(i);
                    CAPTURE(j);
                    const double d = delta_e(seen(c.series[i], m), seen(c.series[j], m));
                    CAPTURE(d);
                    CHECK(d >= 6);
                }
}

TEST_CASE("no colour literal in src/app/ outside the colour table") {
    const std::filesystem::path dir = std::filesystem::path(MOE_SOURCE_DIR) / "src" / "app";
    REQUIRE(std::filesystem::is_directory(dir));
    // IM_COL32(…) with a number, an ImVec4 of four numbers, a hex colour
    const std::regex literal(
        R"(IM_COL32\s*\(\s*\d|ImVec4\s*\(\s*[\d.]+f?\s*,\s*[\d.]+f?\s*,\s*[\d.]+f?\s*,|0x[0-9A-Fa-f]{6}\b)");
    int files = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        const std::string ext = e.path().extension().string();
        if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
        if (name == "colors.cpp") continue;   // the table itself
        std::ifstream in(e.path());
        std::string line;
        for (int n = 1; std::getline(in, line); ++n) {
            CAPTURE(name);
            CAPTURE(n);
            CAPTURE(line);
            CHECK(!std::regex_search(line, literal));
        }
        ++files;
    }
    CHECK(files > 20);
}
