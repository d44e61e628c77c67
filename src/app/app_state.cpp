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
    run_.state(s);      // the run: lab, preset, seed, where it is, its metrics, the parameters shown
    header_.state(s);   // the look-for line; at the end, what this run showed
    s += ",\"outcome\":" +
        jstr(run_.lab().done() && run_.lab().failure().empty()
                 ? core::end_of_run_line(run_.lab(), run_.config().preset, run_.config().params, run_.lab().metrics())
                 : "");
    s += ",\"train_ms\":" + jnum(train_ms_) + ",\"ui_ms\":" + jnum(ui_ms_);
    look_.state(s);
    language_.state(s);
    s += ",\"gpu_drawing\":" + std::string(gpu_drawing() ? "true" : "false") + ",\"gpu_error\":" + jstr(gpu_error());
    sidebar_.state(s);
    s += ",\"labs\":[";
    for (size_t k = 0; k < core::all_labs().size(); ++k) s += (k ? "," : "") + jstr(core::all_labs()[k].id);
    s += "]";
    s += ",\"help\":" + jstr(help_shown());
    controls_.state(s);
    s += access_state_json();
    const ImVec2 canvas = ImGui::GetIO().DisplaySize;
    s += ",\"canvas\":[" + jnum(canvas.x) + "," + jnum(canvas.y) + "]";
    views_.state(s);
    s += keys_.state_json();   // every declared key's field (page_key.hpp)
    s += "}";
    return s;
}

}   // namespace app
