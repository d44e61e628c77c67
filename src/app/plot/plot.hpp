// Drawing of the generic views (core::View) with Dear ImGui's draw lists. ImPlot is not packaged in
// Debian, so axes, ticks, legends and colour scales are here, small and shared by every lab.
#pragma once
#include "core/view.hpp"
#include <imgui.h>
#include <string>
#include <vector>

namespace app {

// Draws one view into a box of the given size at the cursor: the caption when `caption` is set and
// it fits in a fifth of the box (else one "(?)" line with the caption as its tooltip), then the plot,
// then its readouts (shrunk to the box's width). The plot keeps at least ~70 % of the box.
// `report` (may be null) receives what was drawn (app/plot/view_report.hpp).
struct ViewReport;
void draw_view(const core::View& v, ImVec2 size, bool caption, ViewReport* report = nullptr);

// True while a grid draws small multiples under one shared legend.
bool legend_shared_by_grid();

// Colours: a palette readable on a projector, and the heatmap scales.
ImU32 palette(int i, float alpha = 1.0f);
ImU32 heat_color(double t, bool diverging);   // t in [0,1]
ImU32 text_color_on(ImU32 background);
// A marker whose shape follows the palette index (circle, square, triangle, diamond, inverted triangle), so that
// series and groups of points read apart without their colour (WCAG 2.1 SC 1.4.1) and in greyscale print.
void draw_marker(ImDrawList* dl, ImVec2 c, float r, int palette_index, ImU32 col, bool hollow = false);

// Tick positions for an axis (linear: 1-2-5 steps; log: decades).
std::vector<double> nice_ticks(double lo, double hi, int max_ticks, bool log_axis);
std::string tick_label(double v, double step);

// Individual plot kinds, drawn inside the rectangle [a, b].
void plot_lines(const core::View& v, ImVec2 a, ImVec2 b);
void plot_heatmap(const core::View& v, ImVec2 a, ImVec2 b);
void plot_bars(const core::View& v, ImVec2 a, ImVec2 b);
void plot_scatter(const core::View& v, ImVec2 a, ImVec2 b);
void plot_field(const core::View& v, ImVec2 a, ImVec2 b);
void plot_text(const core::View& v, ImVec2 a, ImVec2 b);   // plot_text.cpp

}   // namespace app
