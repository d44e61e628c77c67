// The class's own text in the CLI (class_text.hpp).
#include "cli/class_text.hpp"
#include "cli/args.hpp"
#include "cli/json.hpp"
#include "core/registry.hpp"
#include <algorithm>

namespace cli {

namespace {

constexpr const char* kViewId = "class-text";   // the view a lab that reads a text shows it in (core::TextInput)
constexpr size_t kEveryRow = 1000000;           // a sentence's every token: none left out

core::View class_text_view(const core::Runner& run) {
    std::vector<core::View> views;
    run.views(views);
    for (core::View& v : views)
        if (v.id == kViewId) return v;
    return core::View{};
}

std::string labs_that_read() {
    std::string ids;
    for (const auto& e : core::all_labs())
        if (e.lab->info().reads_text()) ids += (ids.empty() ? "" : ", ") + e.id;
    return ids.empty() ? "none" : ids;
}

}   // namespace

std::string read_class_text(core::Runner& run, const std::string& text) {
    const core::LabInfo& info = run.lab().info();
    if (!info.reads_text())
        throw UsageError("--text: " + info.id +
                         " reads no text of the class's own (labs that read one: " + labs_that_read() + ")");
    const core::TextRead r = run.read_text(text);
    if (r.refused) throw UsageError("--text: " + r.message);
    return r.message;
}

std::vector<session::DataTable> class_text_tables(const core::Runner& run) {
    return session::view_tables(class_text_view(run), kEveryRow);
}

// (widths in bytes: a row with signs beyond ASCII may stand out of line)
std::string class_text_plain(const std::vector<session::DataTable>& tables) {
    std::string out;
    for (const session::DataTable& t : tables) {
        std::vector<size_t> width(t.columns.size(), 0);
        auto widen = [&](const std::vector<std::string>& row) {
            for (size_t k = 0; k < row.size() && k < width.size(); ++k) width[k] = std::max(width[k], row[k].size());
        };
        widen(t.columns);
        for (const auto& row : t.rows) widen(row);
        auto line = [&](const std::vector<std::string>& row) {
            std::string s = " ";
            for (size_t k = 0; k < row.size() && k < width.size(); ++k)
                s += " " + row[k] + (k + 1 < row.size() ? std::string(width[k] - row[k].size() + 1, ' ') : "");
            out += s + "\n";
        };
        out += t.caption + "\n";
        line(t.columns);
        for (const auto& row : t.rows) line(row);
    }
    return out;
}

std::string class_text_json(const std::string& text, const std::string& problem,
                            const std::vector<session::DataTable>& tables) {
    using session::json_strings;
    std::string s = "{\"text\": " + json_string(text) + ", \"problem\": " + json_string(problem) + ", \"tables\": [";
    for (size_t k = 0; k < tables.size(); ++k) {
        const session::DataTable& t = tables[k];
        s += std::string(k ? "," : "") + "\n    {\"caption\": " + json_string(t.caption) +
            ", \"columns\": " + json_strings(t.columns) + ", \"rows\": [";
        for (size_t r = 0; r < t.rows.size(); ++r) s += (r ? ", " : "") + json_strings(t.rows[r]);
        s += "]}";
    }
    return s + "]}";
}

}   // namespace cli
