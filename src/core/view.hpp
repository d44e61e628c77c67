// Views: the plots a lab asks for, declared as data. The app draws any View without knowing the
// lab (src/app/plot_*.cpp); a lab fills these from its cached metrics, cheaply, once per frame, declaring
// each in one expression with core/view_builder.hpp.
#pragma once
#include <limits>
#include <string>
#include <vector>

namespace core {

enum class ViewKind { Lines, Heatmap, Bars, Scatter, Grid, Field, Text };

struct LineSeries {
    std::string label;
    std::vector<double> x, y;
    std::vector<double> lo, hi;   // optional band (mean ± sd); same length as y when present
    int color = -1;               // palette index; -1: by position
    bool dashed = false;
    bool markers = false;   // draw a dot at every point (sweeps with few points)
    float width = 1;        // line thickness relative to the default (many thin runs: 0.5; a bold median: 2)
    float alpha = 1;        // opacity (many overlapping runs: 0.35)
};

// Theory overlays: the 87.5 % ceiling, the 95 % target, a threshold l*, a chance band, a stage.
struct Overlay {
    enum Kind { HLine, VLine, HBand, VBand } kind = HLine;
    double a = 0, b = 0;   // the line at a; a band from a to b
    std::string label;
    int color = -1;   // -1: grey
};

struct Heatmap {
    int rows = 0, cols = 0;
    std::vector<double> v;   // row-major, rows*cols; NaN cells are drawn empty
    std::vector<std::string> row_labels, col_labels;
    std::string row_title, col_title;
    double lo = 0, hi = 1;     // colour scale range
    bool diverging = false;    // blue-white-red around 0 instead of a sequential scale
    bool show_values = true;   // print the value in each cell when it fits
    std::string value_format = "%.2f";
    std::vector<std::pair<int, int>> marks;   // (row, col) cells marked with a dot
    std::string mark_label;                   // legend text for the dots
};

// A field: values on a grid over a plane (the View's x_min … x_max × y_min … y_max), `channels` of them per cell
// (a router's logits, gate probabilities); drawn as territories: each point in the colour of its winning channel,
// its confidence as saturation, the boundaries between territories outlined (shaders/field.frag). The View's
// points (test samples on the plane) and lines (true boundaries, one-point series with markers for centres) go on
// top; View::legend names the channels. Fill it with core::fill_field (core/field.hpp), from the function the
// model itself routes with, and keep it out of the per-frame views() path (cache it when the weights change).
struct Field {
    int rows = 0, cols = 0, channels = 0;
    std::vector<float> v;   // rows × cols × channels; row 0 at y_min, column 0 at x_min; values at cell centres
    bool softmax = true;    // the channels are logits: confidence = the winner's softmax probability; else the value
    float scale = 1;        // softmax off: the value drawn at full saturation (compare mode gives A and B one scale)
    int none = -1;          // a channel that means "no expert" (dropped by every router): drawn as the background
};

// Text painted token by token (a language model's routing, as Mixtral §5 colours text by expert): each token on the
// palette colour of what took it, underlined in the colour of what took it second, lines of tokens one under the
// other, each with a label. View::legend names the colours. A token's text is the model's data: the page shows it
// as it is and never translates it (for_each_text leaves it out).
struct TextToken {
    std::string text;
    int color = -1;       // background: palette entry; -1: none (a piece the model cannot read, drawn outlined)
    int underline = -1;   // underline: palette entry; -1: none
    float value = std::numeric_limits<float>::quiet_NaN();   // a number the table gives beside it (a gate)
};
struct TextLine {
    std::string label;   // "prose", "your sentence"
    std::vector<TextToken> tokens;
};
struct PaintedText {
    std::vector<TextLine> lines;
    // the table's column titles: what the colour, the underline and the value are ("first expert", "gate")
    std::string color_title, underline_title, value_title;
    std::string value_format = "%.2f";
};

struct Bar {
    std::string label;
    double value = 0, err = 0;
    int color = -1;
};

// A point's colour: palette entry `color`, or, when `value` is finite, the View's continuous colour scale.
struct ScatterPoint {
    float x = 0, y = 0;
    int color = 0;
    bool hollow = false;
    float value = std::numeric_limits<float>::quiet_NaN();
};

struct View {
    std::string id, title;
    std::string caption;   // what to look for, in one or two sentences
    ViewKind kind = ViewKind::Lines;
    std::string x_label, y_label;
    bool log_x = false, log_y = false;
    bool equal_scale = false;      // a plane: one unit as long on x as on y (the plot area shrinks to keep it)
    double x_min = 0, x_max = 0;   // equal: automatic
    double y_min = 0, y_max = 0;   // equal: automatic
    std::vector<LineSeries> lines;
    std::vector<Overlay> overlays;
    Heatmap heat;
    Field field;
    PaintedText text;
    std::vector<Bar> bars;
    std::vector<ScatterPoint> points;
    std::vector<std::string> legend;   // Scatter, Field, Text: names of the colours
    // Scatter: the colour scale of ScatterPoint::value (say what it means in the caption); `lines` are drawn
    // over the points (decision boundaries, reference lines).
    double value_lo = 0, value_hi = 1;
    bool value_diverging = false;
    std::vector<std::string> readouts;   // short text lines under the plot ("‖Σθ_m‖ = 3e-7")
    std::vector<View> children;          // Grid: small multiples
    int grid_cols = 0;                   // Grid: columns (0: automatic)
    // Field: the name of a Points parameter (core/params.hpp) this plane edits: a tap or a click adds a point of
    // the chosen class, a right click or a long press removes the nearest; the points on top are that data.
    std::string edits;
};

// Calls f(std::string&) on every text of a view a reader sees (titles, caption, labels, legends, readouts), its
// children's too: the page translates them (core/words.hpp), the glyph test checks them against the font.
template <class F>
void for_each_text(View& v, F&& f) {
    for (std::string* s :
         {&v.title, &v.caption, &v.x_label, &v.y_label, &v.heat.row_title, &v.heat.col_title, &v.heat.mark_label})
        f(*s);
    for (auto& l : v.lines) f(l.label);
    for (auto& o : v.overlays) f(o.label);
    for (auto& b : v.bars) f(b.label);
    for (std::string* s : {&v.text.color_title, &v.text.underline_title, &v.text.value_title}) f(*s);
    for (auto& l : v.text.lines) f(l.label);
    for (auto* list : {&v.heat.row_labels, &v.heat.col_labels, &v.legend, &v.readouts})
        for (auto& s : *list) f(s);
    for (auto& c : v.children) for_each_text(c, f);
}

}   // namespace core
