// Recording a clip for slides: record=1 the whole canvas, record=view the view or views shown large, record=0
// stops. The app says what to crop once each frame is drawn (frame_drawn: inside the frame, as a copy of a WebGL
// canvas taken later is blank); the platform makes the clip at a steady rate of wall time, whatever the speed
// of training: the page a video through MediaRecorder (web/record.js: WebM, MP4 where only that is recorded), the
// desktop numbered PNG frames (--record DIR). A recording keeps an idle page drawing.
#include "app/app.hpp"
#include "core/parse.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace app {

std::string App::cmd_record(const std::string& arg) {
    if (arg == "0" || arg == "off") {
        if (record_ == Record::Off) return "";
        stop_recording();
        return "";
    }
    if (arg != "1" && arg != "on" && arg != "view")
        return "record=" + core::quote(arg) + ": give 1 (the canvas), view (the view shown large) or 0 (stop)";
    if (!host_.record_start) return "this platform cannot record a clip";
    if (record_ != Record::Off) return "a clip is being recorded already: record=0 stops it";
    if (arg == "view" && shown_views().empty())
        return "record=view: show a view large first (key V, 1-9 or view=N), or record=1 for the whole canvas";
    record_ = arg == "view" ? Record::View : Record::Canvas;
    record_started_ = false;
    record_frames_ = 0;
    return "";
}

void App::stop_recording() {
    if (record_started_ && host_.record_stop) host_.record_stop();
    if (record_started_) {
        char b[96];
        std::snprintf(b, sizeof b, "Recorded %.1f s (%ld frames drawn): the clip is saved.",
                      (host_.now_ms() - record_t0_) / 1000.0, record_frames_);
        add_message(b);
    }
    record_ = Record::Off;
    record_started_ = false;
}

// The area recorded this frame, in device pixels: the canvas, or the union of the views drawn large (the canvas in
// a frame that draws none).
App::PixelBox App::record_box() const {
    const ImVec2 screen = ImGui::GetIO().DisplaySize;
    ImVec2 a(0, 0), b = screen;
    if (record_ == Record::View && large_b_.x > large_a_.x) a = large_a_, b = large_b_;
    auto px = [&](float v) { return int(std::lround(double(v) * double(density_))); };
    PixelBox box{px(a.x), px(a.y), std::max(2, px(b.x) - px(a.x)), std::max(2, px(b.y) - px(a.y))};
    box.w -= box.w % 2;   // video encoders want even sizes
    box.h -= box.h % 2;
    return box;
}

void App::frame_drawn() {
    if (record_ == Record::Off) return;
    const PixelBox box = record_box();
    if (!record_started_) {
        const std::string why = host_.record_start(box.w, box.h);
        if (!why.empty()) {
            record_ = Record::Off;
            add_message("The clip could not be recorded: " + why);
            return;
        }
        record_started_ = true;
        record_t0_ = host_.now_ms();
    }
    host_.record_frame(box.x, box.y, box.w, box.h);
    ++record_frames_;
}

// Record / Stop recording, with what it records and how to record one view in its tooltip.
void App::draw_record_button() {
    const char* label = record_label();
    if (ImGui::Button(label)) command(record_ == Record::Off ? "record=1" : "record=0");
    note_control("button:record", "button", label);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(record_ == Record::Off
                              ? "Record a clip of the canvas while the run plays (key R); Stop saves it as a video. "
                                "record=view records only the view shown large."
                              : "Stop the recording and save the clip (key R)");
}

std::string App::record_state_json() const {
    const char* mode = record_ == Record::View ? "view" : record_ == Record::Canvas ? "canvas" : "off";
    const double seconds = record_started_ ? (host_.now_ms() - record_t0_) / 1000.0 : 0;
    char b[128];
    std::snprintf(b, sizeof b, ",\"record\":{\"mode\":\"%s\",\"frames\":%ld,\"seconds\":%.3f}", mode, record_frames_,
                  seconds);
    return b;
}

}   // namespace app
