// The state the page exposes to JavaScript (window.moeLab.state()) and so to the browser test.
#include "app/app.hpp"
#include "app/control_map.hpp"
#include "core/compare.hpp"
#include "session/json_text.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include "app/gpu_draw.hpp"
#include "app/hover_help.hpp"
#include <imgui.h>
#include <cmath>
#include <cstdio>

namespace app {

static std::string jstr(const std::string& s) { return core::json_string(s); }
static std::string jnum(double v) { return core::json_number(v); }
static std::string jlist(const std::vector<std::string>& v) { return core::json_strings(v); }

std::string App::state_json() const {
    std::string s = "{\"query\":" + jstr(last_query_);
    run_.state(s);   // the run: lab, preset, seed, where it is, its metrics, the parameters shown
    s += ",\"status\":" + jstr(status_line());   // the look-for line; at the end, what this run showed
    s += ",\"outcome\":" +
        jstr(run_.lab().done() && run_.lab().failure().empty()
                 ? core::end_of_run_line(run_.lab(), run_.config().preset, run_.config().params, run_.lab().metrics())
                 : "");
    s += ",\"run_ms\":" + jnum(run_ms_) + ",\"frames_while_running\":" + std::to_string(frames_while_running_);
    s += ",\"longest_frame_ms\":" + jnum(longest_frame_ms_);
    s += ",\"train_ms\":" + jnum(train_ms_) + ",\"ui_ms\":" + jnum(ui_ms_);
    s += ",\"views\":" + std::to_string(views_.size());
    look_.state(s);
    language_.state(s);
    s += ",\"gpu_drawing\":" + std::string(gpu_drawing() ? "true" : "false") + ",\"gpu_error\":" + jstr(gpu_error());
    char b[128];
    std::snprintf(b, sizeof b, ",\"play_button\":[%.1f,%.1f,%.1f,%.1f]", play_button_[0], play_button_[1],
                  play_button_[2], play_button_[3]);
    s += b;
    s += ",\"labs\":[";
    for (size_t k = 0; k < core::all_labs().size(); ++k) s += (k ? "," : "") + jstr(core::all_labs()[k].id);
    s += "]";
    s += ",\"messages\":" + jlist(link_messages_);
    s += ",\"help\":" + jstr(help_shown());
    controls_.state(s);
    s += access_state_json();
    s += lecture_state_json();
    s += keys_.state_json();   // every declared key's field (page_key.hpp)
    s += "}";
    return s;
}

// Each item as `one` prints it, separated by commas.
template <class T, class Print>
static std::string comma_list(const std::vector<T>& items, Print one) {
    std::string s;
    for (size_t k = 0; k < items.size(); ++k) s += (k ? "," : "") + one(items[k]);
    return s;
}

// A field's samples and colours (app/view_report.hpp), for the browser test that reads the drawn pixels.
static std::string field_report_json(const ViewReport& r) {
    if (r.field_colors.empty()) return "";
    const std::string samples = comma_list(r.field_samples, [](const auto& p) {
        char b[64];
        std::snprintf(b, sizeof b, "[%.1f,%.1f,%d]", p.x, p.y, p.winner);
        return std::string(b);
    });
    const std::string colors = comma_list(r.field_colors, [](const auto& c) { return std::to_string(c); });
    return ",\"field\":{\"samples\":[" + samples + "],\"colors\":[" + colors + "]}";
}

// A heatmap's samples: [x, y, 0xRRGGBB] (app/view_report.hpp).
static std::string heat_report_json(const ViewReport& r) {
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

// Lecture mode: layout, tour, what each view drew (plot rectangles, legends, labels), PNG export.
std::string App::lecture_state_json() const {
    ImVec2 canvas = ImGui::GetIO().DisplaySize;
    std::string s = ",\"canvas\":[" + jnum(canvas.x) + "," + jnum(canvas.y) + "]";
    std::vector<std::string> focused;
    for (int k : shown_views()) focused.push_back(views_[size_t(k)].id);
    s += ",\"focused\":" + jlist(focused);
    s += ",\"view_reports\":[";
    for (size_t k = 0; k < reports_.size(); ++k) {
        const ViewReport& r = reports_[k];
        std::vector<std::string> labels;
        for (const LabelBox& l : r.labels) labels.push_back(l.text);
        s += std::string(k ? "," : "") + "{\"id\":" + jstr(r.id) + ",\"title\":" + jstr(r.title) +
            ",\"plot\":" + json_rect(r.plot_a, r.plot_b) + ",\"data\":" + json_rect(r.data_a, r.data_b) +
            ",\"series\":" + jlist(r.series) + ",\"legend\":" + jlist(r.legend) + ",\"labels\":" + jlist(labels) +
            ",\"crossings\":" + std::to_string(r.crossings) + ",\"overlaps\":" + std::to_string(r.overlaps) +
            ",\"clipped\":" + std::to_string(r.clipped) + field_report_json(r) + heat_report_json(r) + "}";
    }
    s += "]";
    return s;
}

}   // namespace app
