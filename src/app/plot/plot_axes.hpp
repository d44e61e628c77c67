// A 2-D data frame inside a screen rectangle: ranges, log scales, mapping, grid, ticks and labels.
// Shared by the line and scatter plots.
#pragma once
#include "core/view.hpp"
#include <imgui.h>
#include <string>
#include <vector>

namespace app {

// An overlay's label, placed outside the data area so that it never crosses a curve: lines and
// bands across y (ceilings, targets, chance bands) are labelled in a column right of the axes, at
// their height; lines and bands across x (thresholds, stages) in rows above the axes, at their x.
struct PlacedLabel {
    std::vector<std::string> lines;   // wrapped at word boundaries
    ImVec2 at, size;
    ImU32 color = 0;
    float anchor_y = -1;   // side labels: the height of the line they name (a leader joins them)
};

struct Axes {
    ImVec2 a, b;                       // the plotting area (inside the tick labels)
    std::vector<PlacedLabel> labels;   // overlay labels, placed by draw_axes, drawn by draw_overlays
    double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
    bool log_x = false, log_y = false;

    ImVec2 map(double x, double y) const;
    double unmap_x(float px) const;
    bool inside(double x, double y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};

// Chooses ranges from the view (fixed limits, or the data with a margin), reserves room for tick
// labels, axis titles and overlay labels inside [outer_a, outer_b], draws the frame, grid and labels,
// returns the axes.
struct AxesOptions {
    bool band_labels = true;   // false: the caller's legend names the bands across x
    bool x_ticks = true;       // false: the caller labels x itself (bar names)
};
Axes draw_axes(const core::View& v, ImVec2 outer_a, ImVec2 outer_b, double dx0, double dx1, double dy0, double dy1,
               AxesOptions opt = {});

// Theory overlays: lines and bands clipped to the axes, their labels in the margins draw_axes kept.
void draw_overlays(const core::View& v, const Axes& ax);

// A row of coloured swatches (solid or dashed) with names, wrapped; returns the height used.
// pattern: 0 solid, 1 dashed, 2 dotted, 3 long dashes (line_pattern); band: a filled swatch; dot: a point
struct LegendItem {
    std::string name;
    ImU32 color;
    bool dashed = false;
    bool band = false;
    int pattern = -1;
    bool dot = false;
    bool chip = false;   // a solid chip: the colour a painted text's token sits on
    int marker = -1;     // a marker shape by palette index on the swatch (app/plot/plot.hpp draw_marker); -1: none
};
// `scale` shrinks the text (1: the UI font) so that a long legend still fits above the plot.
float draw_legend(const std::vector<LegendItem>& items, ImVec2 at, float width, float scale = 1.0f);
float legend_height(const std::vector<LegendItem>& items, float width, float scale = 1.0f);
// The dash pattern of line k: its own dash, or dots / long dashes when an earlier series with
// another label has the same colour and dash (so that every line can be told apart in print).
int line_pattern(const core::View& v, size_t k);
// Draws p→q with the pattern, continuing the dashes after `walked` pixels; returns the new length.
float stroke_segment(ImDrawList* dl, ImVec2 p, ImVec2 q, ImU32 col, float thick, int pattern, float walked);
// The legend of a line view: one entry per distinct (label, colour, pattern).
std::vector<LegendItem> line_legend(const core::View& v);
// The width of the legend as one column (its widest item) at `scale`.
float legend_column_width(const std::vector<LegendItem>& items, float scale = 1.0f);
// The largest scale in [0.7, 1] at which the legend takes at most `max_h`; 0.7 if none does.
float legend_scale(const std::vector<LegendItem>& items, float width, float max_h);

}   // namespace app
