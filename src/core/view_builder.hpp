// A view declared in one expression instead of filled field by field (core/view.hpp holds the data):
//
//   core::View v = core::lines("entropy", "Dispatch entropy (eq. 6.1)")
//                      .caption("Entropy of the clusters each expert receives ...")
//                      .x("iteration t", 0, tmax)
//                      .y("dispatch entropy (nats)", 0, lnK * 1.05)
//                      .hline(lnK, "ln K: uniform")
//                      .readout(core::strf("nonlinear %.3f", h));
//   hist_entropy_.append_to(v.lines);   // what depends on the run's data goes on the View as before
//
// One function per kind of view (lines, heatmap, bars, scatter, field_view, painted_text, grid) starts the declaration with its
// id and title; each call sets one thing and nothing else, so what a call does not set keeps View's default. The
// calls work on the temporary only: end the expression by converting to core::View (it is then moved out), and
// keep no reference to the builder. The free functions below make the pieces views repeat (overlays, line series,
// labels 1 … n) for code that fills a View directly.
#pragma once
#include "core/view.hpp"
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace core {

// Theory overlays: a line at `at`, a band from lo to hi; color -1: grey.
inline Overlay hline(double at, std::string label, int color = -1) {
    return {Overlay::HLine, at, 0, std::move(label), color};
}
inline Overlay vline(double at, std::string label, int color = -1) {
    return {Overlay::VLine, at, 0, std::move(label), color};
}
inline Overlay hband(double lo, double hi, std::string label, int color = -1) {
    return {Overlay::HBand, lo, hi, std::move(label), color};
}
inline Overlay vband(double lo, double hi, std::string label, int color = -1) {
    return {Overlay::VBand, lo, hi, std::move(label), color};
}

// A line series by its legend label and palette colour (-1: by position), solid or dashed; x and y to come.
inline LineSeries line(std::string label, int color = -1, bool dashed = false) {
    LineSeries s;
    s.label = std::move(label);
    s.color = color;
    s.dashed = dashed;
    return s;
}
// The same with its points.
inline LineSeries line(std::string label, std::vector<double> x, std::vector<double> y, int color = -1,
                       bool dashed = false) {
    LineSeries s = line(std::move(label), color, dashed);
    s.x = std::move(x);
    s.y = std::move(y);
    return s;
}

// prefix + "1" + suffix, …, prefix + "n" + suffix: a heatmap's rows 1 … K ("1"), "expert 1", "a1*".
inline std::vector<std::string> numbered(int n, const std::string& prefix = "", const std::string& suffix = "") {
    std::vector<std::string> r;
    for (int i = 1; i <= n; ++i) r.push_back(prefix + std::to_string(i) + suffix);
    return r;
}

class ViewBuilder {
public:
    ViewBuilder(ViewKind kind, std::string id, std::string title) {
        v_.kind = kind;
        v_.id = std::move(id);
        v_.title = std::move(title);
    }

    // --- every kind ---
    ViewBuilder&& caption(std::string text) && { return set(v_.caption, std::move(text)); }
    ViewBuilder&& edits(std::string points_param) && { return set(v_.edits, std::move(points_param)); }
    // An axis: its label and range (lo == hi: automatic, the default).
    ViewBuilder&& x(std::string label, double lo = 0, double hi = 0) && {
        v_.x_label = std::move(label);
        v_.x_min = lo;
        v_.x_max = hi;
        return std::move(*this);
    }
    ViewBuilder&& y(std::string label, double lo = 0, double hi = 0) && {
        v_.y_label = std::move(label);
        v_.y_min = lo;
        v_.y_max = hi;
        return std::move(*this);
    }
    ViewBuilder&& log_x(bool on = true) && { return set(v_.log_x, on); }
    ViewBuilder&& log_y(bool on = true) && { return set(v_.log_y, on); }
    ViewBuilder&& equal_scale(bool on = true) && { return set(v_.equal_scale, on); }
    ViewBuilder&& overlay(Overlay o) && { return add(v_.overlays, std::move(o)); }
    ViewBuilder&& overlays(const std::vector<Overlay>& os) && {
        v_.overlays.insert(v_.overlays.end(), os.begin(), os.end());
        return std::move(*this);
    }
    ViewBuilder&& hline(double at, std::string label, int color = -1) && {
        return std::move(*this).overlay(core::hline(at, std::move(label), color));
    }
    ViewBuilder&& vline(double at, std::string label, int color = -1) && {
        return std::move(*this).overlay(core::vline(at, std::move(label), color));
    }
    ViewBuilder&& hband(double lo, double hi, std::string label, int color = -1) && {
        return std::move(*this).overlay(core::hband(lo, hi, std::move(label), color));
    }
    ViewBuilder&& readout(std::string text) && { return add(v_.readouts, std::move(text)); }
    ViewBuilder&& series(LineSeries s) && { return add(v_.lines, std::move(s)); }

    // --- heatmap ---
    // rows × cols cells, row-major; `values`, or every cell `missing` when it does not hold rows × cols of them.
    ViewBuilder&& cells(int rows, int cols, std::vector<double> values,
                        double missing = std::numeric_limits<double>::quiet_NaN()) && {
        v_.heat.rows = rows;
        v_.heat.cols = cols;
        v_.heat.v = std::move(values);
        if (v_.heat.v.size() != size_t(rows) * size_t(cols)) v_.heat.v.assign(size_t(rows) * size_t(cols), missing);
        return std::move(*this);
    }
    ViewBuilder&& rows(std::string title, std::vector<std::string> labels) && {
        v_.heat.row_title = std::move(title);
        v_.heat.row_labels = std::move(labels);
        return std::move(*this);
    }
    ViewBuilder&& cols(std::string title, std::vector<std::string> labels) && {
        v_.heat.col_title = std::move(title);
        v_.heat.col_labels = std::move(labels);
        return std::move(*this);
    }
    // The colour scale lo … hi, sequential; diverging: blue-white-red from −half to +half around 0.
    ViewBuilder&& scale(double lo, double hi) && {
        v_.heat.lo = lo;
        v_.heat.hi = hi;
        return std::move(*this);
    }
    ViewBuilder&& diverging(double half) && {
        v_.heat.diverging = true;
        return std::move(*this).scale(-half, half);
    }
    ViewBuilder&& format(std::string printf_format) && { return set(v_.heat.value_format, std::move(printf_format)); }
    ViewBuilder&& show_values(bool on) && { return set(v_.heat.show_values, on); }
    ViewBuilder&& marks(std::vector<std::pair<int, int>> cells, std::string label) && {
        v_.heat.marks = std::move(cells);
        return set(v_.heat.mark_label, std::move(label));
    }

    // --- scatter and field: the colours' names; the colour scale of ScatterPoint::value ---
    ViewBuilder&& legend(std::vector<std::string> names) && { return set(v_.legend, std::move(names)); }
    ViewBuilder&& value_scale(double lo, double hi, bool diverging = false) && {
        v_.value_lo = lo;
        v_.value_hi = hi;
        return set(v_.value_diverging, diverging);
    }

    // --- painted text: its lines; the table's titles of the colour, the underline and the value ---
    ViewBuilder&& text_lines(std::vector<TextLine> lines) && { return set(v_.text.lines, std::move(lines)); }
    ViewBuilder&& text_columns(std::string color, std::string underline, std::string value) && {
        v_.text.color_title = std::move(color);
        v_.text.underline_title = std::move(underline);
        return set(v_.text.value_title, std::move(value));
    }

    // --- grid: small multiples (View::children), `n` a row (0: automatic) ---
    ViewBuilder&& columns(int n) && { return set(v_.grid_cols, n); }

    operator View() && { return std::move(v_); }

private:
    View v_;

    template <class T, class U>
    ViewBuilder&& set(T& field, U&& value) {
        field = std::forward<U>(value);
        return std::move(*this);
    }
    template <class T, class U>
    ViewBuilder&& add(std::vector<T>& list, U&& value) {
        list.push_back(std::forward<U>(value));
        return std::move(*this);
    }
};

inline ViewBuilder lines(std::string id, std::string title) {
    return {ViewKind::Lines, std::move(id), std::move(title)};
}
inline ViewBuilder heatmap(std::string id, std::string title) {
    return {ViewKind::Heatmap, std::move(id), std::move(title)};
}
inline ViewBuilder bars(std::string id, std::string title) { return {ViewKind::Bars, std::move(id), std::move(title)}; }
inline ViewBuilder scatter(std::string id, std::string title) {
    return {ViewKind::Scatter, std::move(id), std::move(title)};
}
inline ViewBuilder field_view(std::string id, std::string title) {
    return {ViewKind::Field, std::move(id), std::move(title)};
}
inline ViewBuilder painted_text(std::string id, std::string title) {
    return {ViewKind::Text, std::move(id), std::move(title)};
}
inline ViewBuilder grid(std::string id, std::string title) { return {ViewKind::Grid, std::move(id), std::move(title)}; }

}   // namespace core
