// What the app drew for each view in the last frame: the plot's rectangle, the legend entries, the
// overlay labels and how they sit. window.moeLab.state() exposes it, so the browser test can check
// that every plot gets room, every line series has a legend entry and no label crosses a curve.
#pragma once
#include <imgui.h>
#include <string>
#include <vector>

namespace app {

struct LabelBox {
    std::string text;
    ImVec2 a, b;
};

struct ViewReport {
    std::string id, title;
    ImVec2 plot_a{0, 0}, plot_b{0, 0};   // the room the plot got (legend, axes, ticks), screen pixels
    ImVec2 data_a{0, 0}, data_b{0, 0};   // the data area inside the axes (union over small multiples)
    std::vector<std::string> series;     // labels of the line series drawn
    std::vector<std::string> legend;     // legend entries drawn
    std::vector<LabelBox> labels;        // overlay labels drawn
    int crossings = 0;                   // label boxes crossed by a drawn line segment
    int overlaps = 0;                    // pairs of overlay labels that overlap (painted text: its note over tokens)
    int clipped = 0;                     // labels not wholly inside the view's box
    // A field: cell centres well inside a territory (screen x, y and the winning channel), each channel's colour
    // and the background as 0xRRGGBB, so that a test can read the drawn pixels there and find the winner's colour.
    struct FieldSample {
        float x, y;
        int winner;
    };
    std::vector<FieldSample> field_samples;
    std::vector<unsigned> field_colors;   // channels, then the background
    // A heatmap: points inside cells, clear of the cell's number and grid lines, and the colour the scale gives
    // the cell there (0xRRGGBB).
    struct HeatSample {
        float x, y;
        unsigned color;
    };
    std::vector<HeatSample> heat_samples;
    // Painted text: the tokens drawn and the tokens the view holds.
    int tokens_drawn = 0, tokens_total = 0;
};

// The report the plot functions write into while a view is drawn (nullptr: none).
ViewReport* current_report();
void set_current_report(ViewReport* r);

// Helpers for the plot kinds.
void report_data_area(ImVec2 a, ImVec2 b);
void report_legend(const std::string& entry);
void report_label(const std::string& text, ImVec2 a, ImVec2 b);
void report_segments_vs_labels(const std::vector<ImVec2>& polyline, ImVec2 clip_a, ImVec2 clip_b);

}   // namespace app
