// The colour table: every colour the app draws, by role, for each theme (light, dark for dark lecture halls, and
// high contrast). Nothing in src/app/ writes a colour of its own (tests/app/test_colors.cpp checks the sources);
// the same test checks each theme's text against its backgrounds at 4.5:1 (WCAG 2.1 SC 1.4.3) and its plot lines,
// axes, focus ring and controls against theirs at 3:1 (SC 1.4.11), and that the first series stay apart under
// simulated colour-vision deficiencies. Plain data, without ImGui (app/plot/ink.hpp turns a colour into ImGui's).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace app {

struct Rgb {
    uint8_t r = 0, g = 0, b = 0;
};

struct Colors {
    const char* id;     // "light", "dark", "contrast": the link's theme=ID
    const char* name;   // as the page shows it (a text of the table): "Light", "Dark", "High contrast"
    // the window and its controls
    Rgb window, panel, popup, frame, frame_hover, frame_active, button, button_hover, button_active, header,
        header_hover, border, grab, scrollbar;
    // text on those
    Rgb text, text_dim, title, look_for, claim, warning, error, b_text;
    // boxes with text of their own
    Rgb message_bg, card_bg, card_label, tour_bg, tour_claim, b_button;
    Rgb play, pause, on_play;                                // Play / Pause buttons and their text
    Rgb phase_now, on_phase_now, phase_past, phase_future;   // the timeline (other phases' text: text)
    // plots
    Rgb plot_bg, grid, axis_ink, axis_frame, overlay, legend, readout, caption, caption_alt, bar_ink, heat_ink,
        heat_border, mark;
    Rgb focus;                       // the keyboard focus ring
    Rgb qr_dark, qr_light;           // the QR code: dark modules on light in every theme, as readers expect
    Rgb series[10];                  // line, bar and point colours by palette index
    Rgb heat_seq[5];                 // sequential scale, low to high
    Rgb div_lo, div_mid, div_hi;     // diverging scale
    Rgb ink_on_light, ink_on_dark;   // a heatmap cell's number, by the cell's lightness
};

enum class Theme { Light, Dark, Contrast };

const std::vector<Colors>& themes();   // light, dark, contrast
const Colors& colors();                // the current theme's
void set_theme(Theme t);
int theme_index(const std::string& id);   // -1: no such theme

// WCAG 2.1 relative luminance and contrast ratio (1 … 21).
double luminance(Rgb c);
double contrast(Rgb a, Rgb b);

}   // namespace app
