#include "app/plot/colors.hpp"
#include "core/words.hpp"
#include <cmath>

namespace app {

namespace {

constexpr Rgb hex(uint32_t v) { return Rgb{uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)}; }

// Light: the page's look since the start, with every grey dark enough to read. Series: Okabe and Ito's
// colour-blind-safe set, with orange, yellow and sky blue darkened to 3:1 on white.
Colors light() {
    Colors c{};
    c.id = "light";
    c.name = core::later::tr("Light");
    c.window = hex(0xF6F6F8), c.panel = hex(0xFFFFFF), c.popup = hex(0xFFFFFF);
    c.frame = hex(0xDDE3ED), c.frame_hover = hex(0xCCD9ED), c.frame_active = hex(0xB9CCE8);
    c.button = hex(0xC8DCF2), c.button_hover = hex(0xA9C8EC), c.button_active = hex(0x8DB5E6);
    c.header = hex(0xCCDDF2), c.header_hover = hex(0xB4CDEE), c.border = hex(0x9AA0A6);
    c.grab = hex(0x2F6BC0), c.scrollbar = hex(0x9AA0A6);
    c.text = hex(0x141419), c.text_dim = hex(0x5C5F66), c.title = hex(0x0D3366), c.look_for = hex(0x00467F);
    c.claim = hex(0x5F5F6E), c.warning = hex(0x8A4B00), c.error = hex(0xB00D0D), c.b_text = hex(0x8C4100);
    c.message_bg = hex(0xFFF3BF), c.card_bg = hex(0xF6F0E6), c.card_label = hex(0x464650), c.tour_bg = hex(0xFFF8E1);
    c.tour_claim = hex(0x5A3C00), c.b_button = hex(0xF2A64D);
    c.play = hex(0x1F7A45), c.pause = hex(0xB35900), c.on_play = hex(0xFFFFFF);
    c.phase_now = hex(0x0072B2), c.on_phase_now = hex(0xFFFFFF), c.phase_past = hex(0xAACDE6),
    c.phase_future = hex(0xE8E8EC);
    c.plot_bg = hex(0xFFFFFF), c.grid = hex(0xE1E1E4), c.axis_ink = hex(0x3C3C42), c.axis_frame = hex(0x8C8C94);
    c.overlay = hex(0x5A5A5A), c.legend = hex(0x28282E), c.readout = hex(0x28282E), c.caption = hex(0x55555F);
    c.caption_alt = hex(0x3C3C78), c.bar_ink = hex(0x1E1E1E), c.heat_ink = hex(0x323238), c.heat_border = hex(0xC8C8C8);
    c.mark = hex(0xE61E1E), c.focus = hex(0x0B57D0);
    c.qr_dark = hex(0x000000), c.qr_light = hex(0xFFFFFF);
    const uint32_t s[] = {0x0072B2, 0xB07800, 0x009E73, 0xCC3311, 0xAA4499,
                          0x333333, 0x7A7A00, 0x6E6E6E, 0x8B45C8, 0x6B3E14};
    for (int k = 0; k < 10; ++k) c.series[k] = hex(s[k]);
    return c;
}

// Dark, for dark lecture halls: light text on near-black, the Okabe–Ito colours at full brightness.
Colors dark() {
    Colors c{};
    c.id = "dark";
    c.name = core::later::tr("Dark");
    c.window = hex(0x17191E), c.panel = hex(0x1F2228), c.popup = hex(0x22252B);
    c.frame = hex(0x2C313A), c.frame_hover = hex(0x38404C), c.frame_active = hex(0x44505F);
    c.button = hex(0x2F4A6B), c.button_hover = hex(0x3B5C85), c.button_active = hex(0x44658F);
    c.header = hex(0x2C3E55), c.header_hover = hex(0x36506E), c.border = hex(0x5F6670);
    c.grab = hex(0x8AB4F8), c.scrollbar = hex(0x6B7280);
    c.text = hex(0xECECEC), c.text_dim = hex(0xB4B8BF), c.title = hex(0x9CC3F5), c.look_for = hex(0x8EC5FF);
    c.claim = hex(0xB8B8C6), c.warning = hex(0xF2B45A), c.error = hex(0xFF8A80), c.b_text = hex(0xF5A25D);
    c.message_bg = hex(0x3A3218), c.card_bg = hex(0x2A261F), c.card_label = hex(0xC8C8C8), c.tour_bg = hex(0x2D2816);
    c.tour_claim = hex(0xF0C674), c.b_button = hex(0x8A5A1C);
    c.play = hex(0x1F7A45), c.pause = hex(0xB35900), c.on_play = hex(0xFFFFFF);
    c.phase_now = hex(0x3370B8), c.on_phase_now = hex(0xFFFFFF), c.phase_past = hex(0x2C4157),
    c.phase_future = hex(0x2A2D33);
    c.plot_bg = hex(0x1F2228), c.grid = hex(0x33373F), c.axis_ink = hex(0xD0D0D5), c.axis_frame = hex(0x7A808A);
    c.overlay = hex(0xA8A8A8), c.legend = hex(0xE0E0E4), c.readout = hex(0xDADADE), c.caption = hex(0xBDBDC6);
    c.caption_alt = hex(0xA9A9F0), c.bar_ink = hex(0xE6E6E6), c.heat_ink = hex(0xD8D8DC), c.heat_border = hex(0x555A63);
    c.mark = hex(0xFF5252), c.focus = hex(0x8AB4F8);
    c.qr_dark = hex(0x000000), c.qr_light = hex(0xFFFFFF);
    const uint32_t s[] = {0x56B4E9, 0xE69F00, 0x2CC29A, 0xF07A3A, 0xDA8BBE,
                          0xF0E442, 0xBDBDBD, 0xA98BE8, 0x8FD14F, 0xD8A87A};
    for (int k = 0; k < 10; ++k) c.series[k] = hex(s[k]);
    return c;
}

// High contrast: white and yellow on black, controls outlined, bright series far apart in hue. Every theme keeps
// the hue of each palette entry (0 blue, 1 orange, 2 green, 3 red, 4 pink, ...): captions that name a colour hold.
Colors high_contrast() {
    Colors c{};
    c.id = "contrast";
    c.name = core::later::tr("High contrast");
    c.window = hex(0x000000), c.panel = hex(0x000000), c.popup = hex(0x000000);
    c.frame = hex(0x000000), c.frame_hover = hex(0x1A1A1A), c.frame_active = hex(0x333333);
    c.button = hex(0x000000), c.button_hover = hex(0x333300), c.button_active = hex(0x4D4D00);
    c.header = hex(0x1A1A1A), c.header_hover = hex(0x333333), c.border = hex(0xFFFFFF);
    c.grab = hex(0xFFD400), c.scrollbar = hex(0xFFFFFF);
    c.text = hex(0xFFFFFF), c.text_dim = hex(0xE0E0E0), c.title = hex(0xFFD400), c.look_for = hex(0x00E5FF);
    c.claim = hex(0xFFFFFF), c.warning = hex(0xFFB000), c.error = hex(0xFF6B6B), c.b_text = hex(0xFF9F1A);
    c.message_bg = hex(0x000000), c.card_bg = hex(0x000000), c.card_label = hex(0xFFFFFF), c.tour_bg = hex(0x000000);
    c.tour_claim = hex(0xFFD400), c.b_button = hex(0x7A4500);
    c.play = hex(0x006B2E), c.pause = hex(0x8A3F00), c.on_play = hex(0xFFFFFF);
    c.phase_now = hex(0xFFD400), c.on_phase_now = hex(0x000000), c.phase_past = hex(0x333333),
    c.phase_future = hex(0x000000);
    c.plot_bg = hex(0x000000), c.grid = hex(0x404040), c.axis_ink = hex(0xFFFFFF), c.axis_frame = hex(0xFFFFFF);
    c.overlay = hex(0xE0E0E0), c.legend = hex(0xFFFFFF), c.readout = hex(0xFFFFFF), c.caption = hex(0xFFFFFF);
    c.caption_alt = hex(0x9DB8FF), c.bar_ink = hex(0xFFFFFF), c.heat_ink = hex(0xFFFFFF), c.heat_border = hex(0xFFFFFF);
    c.mark = hex(0xFF70D0), c.focus = hex(0xFFD400);
    c.qr_dark = hex(0x000000), c.qr_light = hex(0xFFFFFF);
    const uint32_t s[] = {0x5CB8FF, 0xFF9F1A, 0x3DF5B0, 0xFF6B6B, 0xFF70D0,
                          0xFFFFFF, 0xFFD400, 0xC8C8C8, 0xE0A0FF, 0xD8A87A};
    for (int k = 0; k < 10; ++k) c.series[k] = hex(s[k]);
    return c;
}

std::vector<Colors> make_themes() {
    std::vector<Colors> t = {light(), dark(), high_contrast()};
    for (Colors& c : t) {   // the colour scales are the same in every theme: viridis-like, and blue–white–red
        const uint32_t seq[] = {0x440054, 0x3B528C, 0x21918C, 0x5EC962, 0xFDE725};
        for (int k = 0; k < 5; ++k) c.heat_seq[k] = hex(seq[k]);
        c.div_lo = hex(0x2166AC), c.div_mid = hex(0xF7F7F7), c.div_hi = hex(0xB2182B);
        c.ink_on_light = hex(0x000000), c.ink_on_dark = hex(0xFFFFFF);   // one of them reaches 4.58:1 on any colour
    }
    return t;
}

int g_theme = 0;

}   // namespace

const std::vector<Colors>& themes() {
    static const std::vector<Colors> t = make_themes();
    return t;
}

const Colors& colors() { return themes()[size_t(g_theme)]; }

void set_theme(Theme t) { g_theme = int(t); }

int theme_index(const std::string& id) {
    for (size_t k = 0; k < themes().size(); ++k)
        if (id == themes()[k].id) return int(k);
    return -1;
}

double luminance(Rgb c) {
    auto lin = [](uint8_t v) {
        const double s = v / 255.0;
        return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

double contrast(Rgb a, Rgb b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::fmax(la, lb) + 0.05) / (std::fmin(la, lb) + 0.05);
}

}   // namespace app
