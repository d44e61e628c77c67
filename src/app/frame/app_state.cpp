// The state the page exposes to JavaScript (window.moeLab.state()) and so to the browser test.
#include "app/frame/app.hpp"
#include "app/controls/control_map.hpp"
#include "session/compare.hpp"
#include "session/json_text.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include "app/plot/gpu_draw.hpp"
#include "app/controls/hover_help.hpp"
#include <imgui.h>
#include <cmath>
#include <cstdio>

namespace app {

static std::string jstr(const std::string& s) { return session::json_string(s); }
static std::string jnum(double v) { return session::json_number(v); }

std::string App::state_json() const {
    std::string s = "{\"query\":" + jstr(last_query_);
    for (const Part* p : parts_) p->state(s);   // each part's own fields: the run's, the views', …
    s += ",\"outcome\":" +
        jstr(run_.runner().done() && run_.runner().failure().empty()
                 ? core::end_of_run_line(run_.lab(), run_.config().preset, run_.config().params,
                                         run_.runner().metrics())
                 : "");
    s += ",\"train_ms\":" + jnum(train_ms_) + ",\"ui_ms\":" + jnum(ui_ms_);
    s += ",\"gpu_drawing\":" + std::string(gpu_drawing() ? "true" : "false") + ",\"gpu_error\":" + jstr(gpu_error());
    s += ",\"labs\":[";
    for (size_t k = 0; k < core::all_labs().size(); ++k) s += (k ? "," : "") + jstr(core::all_labs()[k].id);
    s += "]";
    s += ",\"help\":" + jstr(help_shown());
    s += access_state_json();
    const ImVec2 canvas = ImGui::GetIO().DisplaySize;
    s += ",\"canvas\":[" + jnum(canvas.x) + "," + jnum(canvas.y) + "]";
    s += keys_.state_json();   // every declared key's field (page_key.hpp)
    s += "}";
    return s;
}

}   // namespace app
