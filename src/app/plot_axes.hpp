// A 2-D data frame inside a screen rectangle: ranges, log scales, mapping, grid, ticks and labels.
// Shared by the line and scatter plots.
#pragma once
#include "core/view.hpp"
#include <imgui.h>
#include <string>
#include <vector>

namespace app {

struct Axes {
    ImVec2 a, b;                 // the plotting area (inside the tick labels)
    double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
    bool log_x = false, log_y = false;

    ImVec2 map(double x, double y) const;
    double unmap_x(float px) const;
    bool inside(double x, double y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};

// Chooses ranges from the view (fixed limits, or the data with a margin), reserves room for tick
// labels and axis titles inside [outer_a, outer_b], draws the frame, grid and labels, returns the axes.
Axes draw_axes(const core::View& v, ImVec2 outer_a, ImVec2 outer_b, double dx0, double dx1, double dy0, double dy1);

// Theory overlays (lines and bands with their labels), clipped to the axes.
void draw_overlays(const core::View& v, const Axes& ax);

// A row of coloured swatches (solid or dashed) with names, wrapped; returns the height used.
struct LegendItem { std::string name; ImU32 color; bool dashed = false; };
float draw_legend(const std::vector<LegendItem>& items, ImVec2 at, float width);
float legend_height(const std::vector<LegendItem>& items, float width);

} // namespace app
