// "Show as table": a view's data as tables in place of its plot (session/view_table.hpp), the same tables the
// page's HTML document gives a screen reader, thinned to the rows that fit the view's box.
#include "app/app.hpp"
#include "app/plot.hpp"
#include "session/view_table.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <algorithm>

namespace app {

std::string App::cmd_table(long long view) {
    if (view >= (long long)views_.size())
        return core::trf("table=%lld: give a view number from 0 to %d", view, int(views_.size()) - 1);
    const std::string& id = views_[size_t(view)].id;
    auto at = std::find(table_views_.begin(), table_views_.end(), id);
    if (at == table_views_.end()) table_views_.push_back(id);
    else table_views_.erase(at);
    return "";
}

static void draw_tables(const std::vector<core::DataTable>& tables) {
    for (size_t k = 0; k < tables.size(); ++k) {
        const core::DataTable& t = tables[k];
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
                    ImGui::TextUnformatted(core::local_number(cell).c_str());
                }
            }
            ImGui::EndTable();
        }
        if (t.rows.size() < t.total_rows)
            ImGui::TextDisabled(
                "%s",
                core::trf("%zu of %zu rows, evenly spread, first and last included", t.rows.size(), t.total_rows)
                    .c_str());
        for (const std::string& n : t.notes) ImGui::TextWrapped("%s", n.c_str());
    }
}

void App::show_view(int k, ImVec2 size, bool caption, ViewReport* report) {
    const core::View& v = views_[size_t(k)];
    if (std::find(table_views_.begin(), table_views_.end(), v.id) == table_views_.end()) {
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
    draw_tables(core::view_tables(v, rows));
    ImGui::EndChild();
}

}   // namespace app
