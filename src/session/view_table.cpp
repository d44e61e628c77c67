#include "session/view_table.hpp"
#include "core/field.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace session {

std::vector<size_t> spread_indices(size_t n, size_t keep) {
    std::vector<size_t> out;
    if (n == 0 || keep == 0) return out;
    if (keep >= n) keep = n;
    if (keep == 1) return {n - 1};   // the latest (and one row of one: 0/0 below, an index of llround(NaN))
    for (size_t i = 0; i < keep; ++i) {
        const size_t k = size_t(std::llround(double(i) * double(n - 1) / double(keep - 1)));
        if (out.empty() || out.back() != k) out.push_back(k);
    }
    return out;
}

// The tables are made from the views the page shows, already in its language (App::build_views): the texts made
// here are translated as they are made, and the numbers written with the language's decimal mark.

static std::string num(double v, const char* format = "%.4g") {
    if (std::isnan(v)) return core::tr("no value");
    if (std::isinf(v)) return v > 0 ? core::tr("infinity") : core::tr("minus infinity");
    char b[48];
    std::snprintf(b, sizeof b, format, v);
    return core::local_number(b);
}

static std::string or_default(const std::string& s, const std::string& fallback) { return s.empty() ? fallback : s; }

static std::vector<std::string> overlay_notes(const core::View& v) {
    std::vector<std::string> notes;
    for (const core::Overlay& o : v.overlays) {
        const bool band = o.kind == core::Overlay::HBand || o.kind == core::Overlay::VBand;
        const char* axis = o.kind == core::Overlay::HLine || o.kind == core::Overlay::HBand ? "y" : "x";
        const std::string a = num(o.a), b = num(o.b);
        if (band)
            notes.push_back(o.label.empty() ? core::trf("reference band from %s = %s to %s", axis, a.c_str(), b.c_str())
                                            : core::trf("reference band: %s from %s = %s to %s", o.label.c_str(), axis,
                                                        a.c_str(), b.c_str()));
        else
            notes.push_back(o.label.empty()
                                ? core::trf("reference line at %s = %s", axis, a.c_str())
                                : core::trf("reference line: %s at %s = %s", o.label.c_str(), axis, a.c_str()));
    }
    return notes;
}

static bool same_x(const std::vector<core::LineSeries>& lines) {
    for (const core::LineSeries& s : lines)
        if (s.x != lines[0].x) return false;
    return true;
}

// Lines sharing one x: a wide table (x, then one column per series); otherwise a long one (series, x, y).
static DataTable lines_table(const core::View& v, const std::vector<core::LineSeries>& lines, size_t max_rows) {
    DataTable t;
    t.caption = v.title;
    const std::string x = or_default(v.x_label, "x"), y = or_default(v.y_label, "y");
    if (lines.empty()) return t;
    if (same_x(lines)) {
        t.columns.push_back(x);
        for (const core::LineSeries& s : lines) t.columns.push_back(or_default(s.label, "y"));
        t.total_rows = lines[0].x.size();
        for (size_t i : spread_indices(t.total_rows, max_rows)) {
            std::vector<std::string> row{num(lines[0].x[i])};
            for (const core::LineSeries& s : lines) row.push_back(i < s.y.size() ? num(s.y[i]) : core::tr("no value"));
            t.rows.push_back(row);
        }
        return t;
    }
    t.columns = {core::tr("series"), x, y};
    const size_t each = std::max<size_t>(2, max_rows / lines.size());
    for (const core::LineSeries& s : lines) {
        t.total_rows += s.x.size();
        for (size_t i : spread_indices(std::min(s.x.size(), s.y.size()), each))
            t.rows.push_back({or_default(s.label, core::tr("series")), num(s.x[i]), num(s.y[i])});
    }
    return t;
}

static DataTable heatmap_table(const core::View& v, size_t max_rows) {
    const core::Heatmap& h = v.heat;
    DataTable t;
    t.caption = v.title;
    const std::string corner =
        or_default(h.row_title, core::tr("row")) + " \\ " + or_default(h.col_title, core::tr("column"));
    t.columns.push_back(corner);
    const std::vector<size_t> cols = spread_indices(size_t(std::max(0, h.cols)), max_rows);
    for (size_t c : cols) t.columns.push_back(c < h.col_labels.size() ? h.col_labels[c] : std::to_string(c + 1));
    t.total_rows = size_t(std::max(0, h.rows));
    const char* format = h.value_format.empty() ? "%.4g" : h.value_format.c_str();
    for (size_t r : spread_indices(t.total_rows, max_rows)) {
        std::vector<std::string> row{r < h.row_labels.size() ? h.row_labels[r] : std::to_string(r + 1)};
        for (size_t c : cols) {
            const size_t k = r * size_t(h.cols) + c;
            std::string cell = k < h.v.size() ? num(h.v[k], format) : core::tr("no value");
            for (const auto& m : h.marks)
                if (size_t(m.first) == r && size_t(m.second) == c)
                    cell += " (" + or_default(h.mark_label, core::tr("marked")) + ")";
            row.push_back(cell);
        }
        t.rows.push_back(row);
    }
    if (cols.size() < size_t(std::max(0, h.cols)))
        t.notes.push_back(core::trf("%zu of %d columns shown", cols.size(), h.cols));
    return t;
}

static DataTable bars_table(const core::View& v) {
    DataTable t;
    t.caption = v.title;
    const bool err = std::any_of(v.bars.begin(), v.bars.end(), [](const core::Bar& b) { return b.err != 0; });
    t.columns = {core::tr("category"), or_default(v.y_label, core::tr("value"))};
    if (err) t.columns.push_back(core::tr("± error"));
    for (const core::Bar& b : v.bars) {
        t.rows.push_back({b.label, num(b.value)});
        if (err) t.rows.back().push_back(num(b.err));
    }
    t.total_rows = t.rows.size();
    return t;
}

static DataTable scatter_table(const core::View& v, size_t max_rows) {
    DataTable t;
    t.caption = v.title;
    const bool values =
        std::any_of(v.points.begin(), v.points.end(), [](const core::ScatterPoint& p) { return !std::isnan(p.value); });
    const bool hollow =
        std::any_of(v.points.begin(), v.points.end(), [](const core::ScatterPoint& p) { return p.hollow; });
    t.columns = {or_default(v.x_label, "x"), or_default(v.y_label, "y"),
                 values ? core::tr("value") : core::tr("group")};
    if (hollow) t.columns.push_back(core::tr("marker"));
    t.total_rows = v.points.size();
    for (size_t i : spread_indices(v.points.size(), max_rows)) {
        const core::ScatterPoint& p = v.points[i];
        const size_t c = size_t(std::max(0, p.color));
        std::vector<std::string> row{num(p.x), num(p.y)};
        row.push_back(values && !std::isnan(p.value) ? num(p.value)
                          : c < v.legend.size()      ? v.legend[c]
                                                     : std::to_string(c + 1));
        if (hollow) row.push_back(p.hollow ? core::tr("hollow") : core::tr("filled"));
        t.rows.push_back(row);
    }
    return t;
}

// A field: each channel's share of the plane, then the winner on a coarse grid of the plane (top row first).
static void field_tables(const core::View& v, size_t max_rows, std::vector<DataTable>& out) {
    const core::Field& f = v.field;
    auto name = [&](int k) {
        return size_t(k) < v.legend.size() ? v.legend[size_t(k)] : core::trf("channel %d", k + 1);
    };
    DataTable share;
    share.caption = core::trf("%s: territories", v.title.c_str());
    share.columns = {core::tr("territory of"), core::tr("share of the plane")};
    const std::vector<int> won = core::field_territories(f);
    const double cells = std::max(1, f.rows * f.cols);
    for (size_t k = 0; k < won.size(); ++k)
        share.rows.push_back({name(int(k)), core::percent(100.0 * won[k] / cells, "%.1f")});
    share.total_rows = share.rows.size();
    out.push_back(share);
    if (f.rows <= 0 || f.cols <= 0) return;
    DataTable map;
    map.caption = core::trf("%s: who wins where", v.title.c_str());
    map.columns.push_back(or_default(v.y_label, "y") + " \\ " + or_default(v.x_label, "x"));
    const std::vector<size_t> cols = spread_indices(size_t(f.cols), std::min<size_t>(max_rows, 8));
    const double dx = (v.x_max - v.x_min) / f.cols, dy = (v.y_max - v.y_min) / f.rows;
    for (size_t c : cols) map.columns.push_back(num(v.x_min + (c + 0.5) * dx, "%.3g"));
    std::vector<size_t> rows = spread_indices(size_t(f.rows), std::min<size_t>(max_rows, 8));
    std::reverse(rows.begin(), rows.end());
    for (size_t r : rows) {
        std::vector<std::string> row{num(v.y_min + (r + 0.5) * dy, "%.3g")};
        for (size_t c : cols) row.push_back(name(core::field_winner(f, int(r), int(c))));
        map.rows.push_back(row);
    }
    map.total_rows = size_t(f.rows);
    out.push_back(map);
}

// Painted text: a table per line, a row per token (the token, the colour's and the underline's names, the value), the
// line's first tokens in order (a sentence read by ear is not thinned).
static void text_tables(const core::View& v, size_t max_rows, std::vector<DataTable>& out) {
    const core::PaintedText& p = v.text;
    auto name = [&](int k) -> std::string {
        if (k < 0) return core::tr("none");
        return size_t(k) < v.legend.size() ? v.legend[size_t(k)] : std::to_string(k + 1);
    };
    const bool underline = !p.underline_title.empty(), value = !p.value_title.empty();
    for (const core::TextLine& line : p.lines) {
        DataTable t;
        t.caption = line.label.empty() ? v.title : core::trf("%s: %s", v.title.c_str(), line.label.c_str());
        t.columns = {core::tr("token"), or_default(p.color_title, core::tr("colour"))};
        t.data_first = true;
        if (underline) t.columns.push_back(p.underline_title);
        if (value) t.columns.push_back(p.value_title);
        t.total_rows = line.tokens.size();
        for (size_t k = 0; k < std::min(max_rows, line.tokens.size()); ++k) {
            const core::TextToken& x = line.tokens[k];
            std::vector<std::string> row{x.text, name(x.color)};
            if (underline) row.push_back(name(x.underline));
            if (value) row.push_back(num(x.value, p.value_format.c_str()));
            t.rows.push_back(row);
        }
        out.push_back(t);
    }
}

static void add_tables(const core::View& v, size_t max_rows, std::vector<DataTable>& out) {
    const size_t first = out.size();
    switch (v.kind) {
    case core::ViewKind::Lines: out.push_back(lines_table(v, v.lines, max_rows)); break;
    case core::ViewKind::Heatmap: out.push_back(heatmap_table(v, max_rows)); break;
    case core::ViewKind::Bars: out.push_back(bars_table(v)); break;
    case core::ViewKind::Scatter:
        out.push_back(scatter_table(v, max_rows));
        if (!v.lines.empty()) {
            out.push_back(lines_table(v, v.lines, max_rows));
            out.back().caption = core::trf("%s: lines drawn over the points", out.back().caption.c_str());
        }
        break;
    case core::ViewKind::Grid:
        for (const core::View& child : v.children) add_tables(child, max_rows, out);
        break;
    case core::ViewKind::Text: text_tables(v, max_rows, out); break;
    case core::ViewKind::Field:
        field_tables(v, max_rows, out);
        if (!v.points.empty()) out.push_back(scatter_table(v, max_rows));
        break;
    }
    if (first < out.size())
        for (const std::string& n : overlay_notes(v)) out[first].notes.push_back(n);
}

std::vector<DataTable> view_tables(const core::View& v, size_t max_rows) {
    std::vector<DataTable> out;
    add_tables(v, std::max<size_t>(max_rows, 2), out);
    return out;
}

}   // namespace session
