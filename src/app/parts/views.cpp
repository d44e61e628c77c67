// The run's views on the page (views.hpp).
#include "app/parts/views.hpp"
#include "app/plot/colors.hpp"
#include "app/controls/hover_help.hpp"
#include "app/plot/ink.hpp"
#include "app/plot/plot.hpp"
#include "app/plot/text_fit.hpp"
#include "session/compare.hpp"
#include "core/words.hpp"
#include "session/compare_views.hpp"
#include "session/json_text.hpp"
#include "session/view_table.hpp"
#include <imgui.h>
#include <algorithm>
#include <cstdio>

namespace app {

namespace {

// Each item as `one` prints it, separated by commas.
template <class T, class Print>
std::string comma_list(const std::vector<T>& items, Print one) {
    std::string s;
    for (size_t k = 0; k < items.size(); ++k) s += (k ? "," : "") + one(items[k]);
    return s;
}

// A field's samples and colours (app/plot/view_report.hpp), for the browser test that reads the drawn pixels.
std::string field_report_json(const ViewReport& r) {
    if (r.field_colors.empty()) return "";
    const std::string samples = comma_list(r.field_samples, [](const auto& p) {
        char b[64];
        std::snprintf(b, sizeof b, "[%.1f,%.1f,%d]", p.x, p.y, p.winner);
        return std::string(b);
    });
    const std::string colors = comma_list(r.field_colors, [](const auto& c) { return std::to_string(c); });
    return ",\"field\":{\"samples\":[" + samples + "],\"colors\":[" + colors + "]}";
}

// A heatmap's samples: [x, y, 0xRRGGBB] (app/plot/view_report.hpp).
std::string heat_report_json(const ViewReport& r) {
    if (r.heat_samples.empty()) return "";
    return ",\"heat\":[" +
        comma_list(r.heat_samples,
                   [](const auto& p) {
                       char b[64];
                       std::snprintf(b, sizeof b, "[%.1f,%.1f,%u]", p.x, p.y, p.color);
                       return std::string(b);
                   }) +
        "]";
}

}   // namespace

std::vector<PageKey> Views::keys() {
    using K = session::ArgKind;
    using Arg = const session::CommandArg&;
    std::vector<PageKey> keys;
    {
        PageKey& k = declare(keys,
                             {"table", K::Whole, 0, 999, "N",
                              core::later::tr("show view N as a table of its data (again: as its plot)")},
                             [this](Arg v) { return toggle_table(v.whole); });
        k.state_name = "tables";
        k.state = [this] { return session::json_strings(tables_); };
        k.more_controls = [this] {   // each view's: as a table, or as its plot again
            return per_view([this](int n, const core::View& v) {
                PageControl c{Control::Toggle, "", "view:" + v.id, "button:table:" + v.id};
                c.arg = std::to_string(n);
                c.id = "table-" + std::to_string(n);
                c.now = [this, n] {
                    ControlNow now;
                    if (size_t(n) >= views_.size()) return now;
                    const core::View& v = views_[size_t(n)];
                    now.pressed = std::find(tables_.begin(), tables_.end(), v.id) != tables_.end();
                    now.label = now.pressed ? core::trf("Show %s as a plot", v.title.c_str())
                                            : core::trf("Show %s as a table", v.title.c_str());
                    now.short_label = now.pressed ? core::tr("Plot") : core::tr("Table");
                    now.tip = now.pressed ? core::tr("Back to the plot") : core::tr("Show this view's data as a table");
                    return now;
                };
                return c;
            });
        };
    }
    {
        PageKey& k = declare(
            keys, {"view", K::Whole, -1, 999, "N", core::later::tr("enlarge view N (-1: all views)")}, [this](Arg v) {
                if (v.whole >= (long long)views_.size())
                    return core::trf("view %lld does not exist: this lab shows views 0 … %d (-1: all views)", v.whole,
                                     int(views_.size()) - 1);
                focused_ = int(v.whole);
                stage_.write_url();   // (the link holds the view shown large)
                return std::string();
            });
        k.link = InLink::Page;
        k.stage = LinkStage::Last;
        k.link_arg = "N|ID";
        k.link_help =
            core::later::tr("view N (from 0) or the view with this id shown large (a tour step names its own)");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            if (v.value.empty()) return;
            int n = -1;
            if (views_.empty()) build();   // (a link opens before its first frame builds them: record=view needs them)
            const std::vector<core::View>& vs = views_;
            if (!whole_number(v.value, n))
                for (size_t i = 0; i < vs.size(); ++i)
                    if (vs[i].id == v.value) n = int(i);
            if (n >= 0 && n < int(vs.size())) {
                focused_ = n;
                focused2_ = -1;
            } else msgs.push_back(core::trf("view=%s: no such view (a number from 0 or a view id)", v.value.c_str()));
        };
        k.write = [this] { return written_if(!touring_() && focused_ >= 0, std::to_string(focused_)); };
        k.more_controls = [this] {   // each view's: large, or all views again
            return per_view([this](int n, const core::View& v) {
                PageControl c{Control::Button, "", "view:" + v.id, "button:enlarge:" + v.id};
                c.id = "enlarge-" + std::to_string(n);
                c.now = [this, n] {
                    ControlNow now;
                    if (size_t(n) >= views_.size()) return now;
                    const core::View& v = views_[size_t(n)];
                    const std::vector<int> large = shown();
                    const bool on = std::find(large.begin(), large.end(), n) != large.end();
                    now.label = on ? core::trf("Show all views, not only %s", v.title.c_str())
                                   : core::trf("Enlarge %s", v.title.c_str());
                    now.command = on ? "view=-1" : "view=" + std::to_string(n);
                    now.canvas = (on ? "button:all-views:" : "button:enlarge:") + v.id;
                    now.short_label = on ? core::tr("All views") : core::tr("Enlarge");
                    if (on)
                        now.tip = core::tr("Back to the grid of views. Keys: 1-9 a view, 0 all views, P presentation");
                    return now;
                };
                return c;
            });
        };
    }
    declare(keys, {"next-view", K::None, 0, 0, "", core::later::tr("show the next view large")}, [this](Arg) {
        return next();
    }).control(Control::Button, core::later::tr("Next view large"), "lecture");
    keys.back().controls.back().short_label = core::later::tr("Next view");
    keys.back().controls.back().shortcut = "V";
    keys.back().controls.back().key_help = core::later::tr("the next view large");
    return keys;
}

std::vector<PageControl> Views::per_view(const std::function<PageControl(int n, const core::View& v)>& make) const {
    std::vector<PageControl> controls;
    for (size_t n = 0; n < views_.size(); ++n) {
        controls.push_back(make(int(n), views_[n]));
        if (controls.back().label.empty()) controls.back().label = controls.back().now().label;
    }
    return controls;
}

void Views::begin_frame() {
    reports_.clear();
    large_a_ = large_b_ = ImVec2(0, 0);
}

void Views::state(std::string& json) const {
    json += ",\"views\":" + std::to_string(views_.size());
    std::vector<std::string> focused;
    for (int k : shown()) focused.push_back(views_[size_t(k)].id);
    json += ",\"focused\":" + session::json_strings(focused);
    json += ",\"view_reports\":[";
    for (size_t k = 0; k < reports_.size(); ++k) {
        const ViewReport& r = reports_[k];
        std::vector<std::string> labels;
        for (const LabelBox& l : r.labels) labels.push_back(l.text);
        json += std::string(k ? "," : "") + "{\"id\":" + session::json_string(r.id) +
            ",\"title\":" + session::json_string(r.title) + ",\"plot\":" + json_rect(r.plot_a, r.plot_b) +
            ",\"data\":" + json_rect(r.data_a, r.data_b) + ",\"series\":" + session::json_strings(r.series) +
            ",\"legend\":" + session::json_strings(r.legend) + ",\"labels\":" + session::json_strings(labels) +
            ",\"crossings\":" + std::to_string(r.crossings) + ",\"overlaps\":" + std::to_string(r.overlaps) +
            ",\"clipped\":" + std::to_string(r.clipped) + field_report_json(r) + heat_report_json(r) +
            (r.tokens_total > 0
                 ? ",\"tokens\":[" + std::to_string(r.tokens_drawn) + "," + std::to_string(r.tokens_total) + "]"
                 : "") +
            "}";
    }
    json += "]";
    // the tokens the views paint: the model's data, shown as they are in every language (the words test allows them)
    std::vector<std::string> data;
    for (const core::View& v : views_)
        for (const core::TextLine& l : v.text.lines)
            for (const core::TextToken& t : l.tokens)
                if (std::find(data.begin(), data.end(), t.text) == data.end()) data.push_back(t.text);
    json += ",\"data_texts\":" + session::json_strings(data);
}

void Views::build() {
    views_.clear();
    stage_.runner().views(views_);
    if (compare_.on()) views_ = session::compare_views(views_, compare_.b().views, compare_.shown_b());
    // the views' texts in the page's language (core/words.hpp); a run's cached texts made before it was chosen too
    for (core::View& v : views_) core::for_each_text(v, [](std::string& s) { s = core::retranslate(s); });
}

void Views::focus(const std::vector<std::string>& ids) {
    std::vector<core::View> vs;
    stage_.runner().views(vs);
    std::vector<int> idx;
    for (const std::string& id : ids)
        for (size_t k = 0; k < vs.size(); ++k)
            if (vs[k].id == id) idx.push_back(int(k));
    focused_ = idx.empty() ? -1 : idx[0];
    focused2_ = idx.size() > 1 ? idx[1] : -1;
}

std::string Views::next() {
    std::vector<core::View> vs;
    if (views_.empty()) stage_.runner().views(vs);
    int n = int(views_.empty() ? vs.size() : views_.size());
    if (n == 0) return core::tr("this lab shows no views");
    int cur = focused_ >= 0 ? focused_ : (lecture_() ? 0 : -1);   // those layouts show view 0 by default
    focused_ = (cur + 1) % n;
    focused2_ = -1;
    stage_.write_url();
    return "";
}

std::string Views::toggle_table(long long view) {
    if (view >= (long long)views_.size())
        return core::trf("table=%lld: give a view number from 0 to %d", view, int(views_.size()) - 1);
    const std::string& id = views_[size_t(view)].id;
    auto at = std::find(tables_.begin(), tables_.end(), id);
    if (at == tables_.end()) tables_.push_back(id);
    else tables_.erase(at);
    return "";
}

// A view's title row: the title (shortened with "...", the caption on hover), then a PNG button and, in
// the grid, Enlarge; a view shown large in the page's own layout has "All views" there instead (a row of
// its own would take the plot's room).
void Views::draw_title(const core::View& v, int k, float width, bool enlarge_button) {
    const float fh = ImGui::GetFontSize(), pad = ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetStyle().ItemSpacing.x;
    // its buttons, from the views' declarations (views.cpp's keys, export_view.cpp's): as a table, PNG, and Enlarge
    // in a grid or All views when large (not in a lecture's layout, whose keys say it)
    const std::string n = std::to_string(k);
    std::vector<std::string> row = {"table-" + n, "png-" + n};
    if (enlarge_button || !lecture_()) row.push_back("enlarge-" + n);
    float buttons = 0;
    for (const std::string& id : row) buttons += ImGui::CalcTextSize(controls_.label(id).c_str()).x + pad;
    ImVec2 p = ImGui::GetCursorScreenPos();
    std::string t = fit_text(v.title + (v.caption.empty() ? "" : "  (?)"), width - buttons - fh * 0.3f);
    ImGui::TextColored(ink4(colors().title), "%s", t.c_str());
    controls_.note("view:" + v.id, "heading", v.title);
    if (ImGui::IsItemHovered() && !v.caption.empty()) {
        help_shown() = v.caption;
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(tooltip_wrap(30));
        ImGui::TextUnformatted(v.title.c_str());
        ImGui::Separator();
        ImGui::TextUnformatted(v.caption.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    ImGui::SetCursorScreenPos(ImVec2(p.x + width - buttons, p.y));
    controls_.draw_row(row, small_button());
    ImGui::SetCursorScreenPos(ImVec2(p.x, p.y + fh * 1.35f));
}

// One or two views side by side (one above the other on a screen taller than wide, or in one column), each with its
// title row, caption (when it fits) and plot.
void Views::draw_large(const std::vector<int>& which, ImVec2 size, bool one_column) {
    const float fh = ImGui::GetFontSize(), gap = fh * 0.8f;
    const int n = int(which.size());
    const bool stacked = one_column || size.y > size.x;
    const float w = stacked ? size.x : (size.x - gap * (n - 1)) / n,
                h = stacked ? (size.y - gap * (n - 1)) / n : size.y;
    ImVec2 p0 = ImGui::GetCursorScreenPos();
    for (int i = 0; i < n; ++i) {
        const int k = which[size_t(i)];
        ImGui::SetCursorScreenPos(stacked ? ImVec2(p0.x, p0.y + i * (h + gap)) : ImVec2(p0.x + i * (w + gap), p0.y));
        draw_title(views_[size_t(k)], k, w, false);
        const ImVec2 a = ImGui::GetCursorScreenPos();
        draw_one(k, ImVec2(w, h - fh * 1.35f), true);
        const ImVec2 top(a.x, a.y - fh * 1.35f), end(a.x + w, a.y + h - fh * 1.35f);   // with the title row
        const bool first = large_b_.x <= large_a_.x;
        large_a_ = first ? top : ImVec2(std::min(large_a_.x, top.x), std::min(large_a_.y, top.y));
        large_b_ = first ? end : ImVec2(std::max(large_b_.x, end.x), std::max(large_b_.y, end.y));
    }
    ImGui::SetCursorScreenPos(ImVec2(p0.x, p0.y + size.y));
}

std::vector<int> Views::shown() const {
    std::vector<int> v;
    if (focused_ >= 0 && focused_ < int(views_.size())) v.push_back(focused_);
    if (!v.empty() && focused2_ >= 0 && focused2_ < int(views_.size()) && focused2_ != focused_) v.push_back(focused2_);
    return v;
}

void Views::draw_grid(bool one_column) {
    const float fh = ImGui::GetFontSize();
    if (focused_ >= int(views_.size())) focused_ = -1;
    std::vector<int> large = shown();
    // in one column the views shown large keep their least height; the page scrolls to them when the panels above
    // (a message, the tour's question) leave less
    const float n = float(large.size()), left = ImGui::GetContentRegionAvail().y;
    const float least = n * fh * kLeastRows + (n - 1) * fh * 0.8f + fh * 0.3f;
    ImGui::BeginChild("views", ImVec2(0, one_column && n > 0 && left < least ? least : 0), false);
    float avail_w = ImGui::GetContentRegionAvail().x, avail_h = ImGui::GetContentRegionAvail().y;
    if (!large.empty()) {
        draw_large(large, ImVec2(avail_w, avail_h - fh * 0.3f), one_column);
        ImGui::EndChild();
        return;
    }
    int cols = !one_column && avail_w > fh * 44 ? 2 : 1;
    float cell_w = (avail_w - fh * 0.5f * (cols - 1)) / cols;
    float cell_h = std::max(fh * kLeastRows, (avail_h - fh) / 2.0f);
    for (size_t k = 0; k < views_.size(); ++k) {
        if (k % cols) ImGui::SameLine(0, fh * 0.5f);
        ImGui::PushID(int(k));
        ImGui::BeginChild("view", ImVec2(cell_w, cell_h), true,
                          ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
        draw_title(views_[k], int(k), ImGui::GetContentRegionAvail().x, true);
        draw_one(int(k), ImGui::GetContentRegionAvail(), false);
        ImGui::EndChild();
        ImGui::PopID();
    }
    ImGui::EndChild();
}

static void draw_tables(const std::vector<session::DataTable>& tables) {
    for (size_t k = 0; k < tables.size(); ++k) {
        const session::DataTable& t = tables[k];
        if (tables.size() > 1) ImGui::TextUnformatted(t.caption.c_str());
        if (t.rows.empty()) ImGui::TextDisabled("%s", core::tr("no data yet"));
        else if (ImGui::BeginTable(("##table" + std::to_string(k)).c_str(), int(t.columns.size()),
                                   ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                       ImGuiTableFlags_SizingFixedFit)) {
            for (const std::string& c : t.columns) ImGui::TableSetupColumn(c.c_str());
            ImGui::TableHeadersRow();
            for (const auto& row : t.rows) {
                ImGui::TableNextRow();
                for (const std::string& cell : row) {
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(drawable_text(core::local_number(cell)).c_str());   // (a token as typed)
                }
            }
            ImGui::EndTable();
        }
        if (t.rows.size() < t.total_rows)
            ImGui::TextDisabled(
                "%s",
                core::trf("%zu of %zu rows, evenly spread, first and last included", t.rows.size(), t.total_rows)
                    .c_str());
        for (const std::string& n : t.notes) wrapped_text(n);
    }
}

void Views::draw_one(int k, ImVec2 size, bool caption, ViewReport* report) {
    if (!report) {
        reports_.emplace_back();
        report = &reports_.back();
    }
    const core::View& v = views_[size_t(k)];
    if (std::find(tables_.begin(), tables_.end(), v.id) == tables_.end()) {
        draw_view(v, size, caption, report);
        return;
    }
    if (report) {
        report->id = v.id;
        report->title = v.title;
    }
    // rows that fit: a row is a line of text; the header, a note line and the spacing take about four
    const float row = ImGui::GetTextLineHeightWithSpacing();
    const size_t rows = size_t(std::clamp(size.y / row - 4, 3.0f, 40.0f));
    ImGui::BeginChild("##as-table", size, false, ImGuiWindowFlags_HorizontalScrollbar);
    draw_tables(session::view_tables(v, rows));
    ImGui::EndChild();
}

}   // namespace app
