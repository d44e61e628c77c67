// The state the page exposes to JavaScript (window.moeLab.state()) and so to the browser test.
#include "app/app.hpp"
#include "core/registry.hpp"
#include <cmath>
#include <cstdio>

namespace app {

static std::string jstr(const std::string& s) {
    std::string o = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') { o += '\\'; o += char(c); }
        else if (c == '\n') o += "\\n";
        else if (c < 0x20) o += ' ';
        else o += char(c);
    }
    return o + "\"";
}

static std::string jnum(double v) { return std::isfinite(v) ? core::format_number(v) : "null"; }

std::string App::state_json() const {
    std::string s = "{";
    s += "\"lab\":" + jstr(config_.lab) + ",\"preset\":" + jstr(config_.preset) + ",\"seed\":" + jstr(std::to_string(config_.seed));   // a string: exact above 2^53
    s += ",\"query\":" + jstr(last_query_);
    s += ",\"playing\":" + std::string(playing_ ? "true" : "false");
    s += ",\"done\":" + std::string(lab_->done() ? "true" : "false");
    s += ",\"failure\":" + jstr(lab_->failure());
    s += ",\"phase\":" + std::to_string(lab_->phase());
    int ph = lab_->phase();
    s += ",\"phase_title\":" + jstr(ph >= 0 && ph < int(lab_->phases().size()) ? lab_->phases()[size_t(ph)].title : "");
    s += ",\"progress\":" + jnum(lab_->progress()) + ",\"clock\":" + jstr(lab_->clock());
    s += ",\"run_ms\":" + jnum(run_ms_) + ",\"frames_while_running\":" + std::to_string(frames_while_running_);
    s += ",\"longest_frame_ms\":" + jnum(longest_frame_ms_) + ",\"steps\":" + std::to_string(steps_);
    s += ",\"ui_scale\":" + jnum(ui_scale_) + ",\"train_ms\":" + jnum(train_ms_) + ",\"ui_ms\":" + jnum(ui_ms_);
    s += ",\"views\":" + std::to_string(views_.size());
    char b[128];
    std::snprintf(b, sizeof b, ",\"play_button\":[%.1f,%.1f,%.1f,%.1f]", play_button_[0], play_button_[1], play_button_[2], play_button_[3]);
    s += b;
    s += ",\"labs\":[";
    for (size_t k = 0; k < core::all_labs().size(); ++k) s += (k ? "," : "") + jstr(core::all_labs()[k].id);
    s += "]";
    s += ",\"messages\":[";
    for (size_t k = 0; k < link_messages_.size(); ++k) s += (k ? "," : "") + jstr(link_messages_[k]);
    s += "],\"errors\":[";
    for (size_t k = 0; k < edit_check_.errors.size(); ++k) s += (k ? "," : "") + jstr(edit_check_.errors[k]);
    s += "],\"metrics\":{";
    auto ms = lab_->metrics();
    for (size_t k = 0; k < ms.size(); ++k) s += (k ? "," : "") + jstr(ms[k].key) + ":" + jnum(ms[k].value);
    s += "}}";
    return s;
}

} // namespace app
