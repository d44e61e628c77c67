// Recording a clip for slides: record=1 the whole canvas, record=view the view or views shown large, record=0
// stops. The app says what to crop once each frame is drawn (frame_drawn: inside the frame, as a copy of a WebGL
// canvas taken later is blank); the platform makes the clip at a steady rate of wall time, whatever the speed
// of training: the page a video through MediaRecorder (web/record.js: WebM, MP4 where only that is recorded), the
// desktop numbered PNG frames (--record DIR). A recording keeps an idle page drawing.
#include "app/parts/recording.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace app {

std::string Recording::command(const std::string& arg) {
    const bool view_shown = view_shown_();
    if (arg == "0" || arg == "off") {
        if (on()) stop();
        return "";
    }
    if (arg != "1" && arg != "on" && arg != "view")
        return core::trf("record=%s: give 1 (the canvas), view (the view shown large) or 0 (stop)",
                         core::quote(arg).c_str());
    if (!host_.record_start) return core::tr("this platform cannot record a clip");
    if (on()) return core::tr("a clip is being recorded already: record=0 stops it");
    if (arg == "view" && !view_shown)
        return core::tr(
            "record=view: show a view large first (key V, 1-9 or view=N), or record=1 for the whole canvas");
    mode_ = arg == "view" ? Mode::View : Mode::Canvas;
    started_ = false;
    frames_ = 0;
    return "";
}

void Recording::stop() {
    if (started_ && host_.record_stop) host_.record_stop();
    if (started_)
        stage_.say(core::trf("Recorded %.1f s (%ld frames drawn): the clip is saved.", (host_.now_ms() - t0_) / 1000.0,
                             frames_));
    mode_ = Mode::Off;
    started_ = false;
}

void Recording::frame_drawn(ImVec2 canvas, ImVec2 a, ImVec2 b, float density) {
    if (!on()) return;
    if (mode_ != Mode::View || b.x <= a.x) a = ImVec2(0, 0), b = canvas;   // the canvas in a frame without views
    auto px = [&](float v) { return int(std::lround(double(v) * double(density))); };
    int x = px(a.x), y = px(a.y), w = std::max(2, px(b.x) - x), h = std::max(2, px(b.y) - y);
    w -= w % 2;   // video encoders want even sizes
    h -= h % 2;
    if (!started_) {
        const std::string why = host_.record_start(w, h);
        if (!why.empty()) {
            mode_ = Mode::Off;
            stage_.say(core::trf("The clip could not be recorded: %s", why.c_str()));
            return;
        }
        started_ = true;
        t0_ = host_.now_ms();
    }
    host_.record_frame(x, y, w, h);
    ++frames_;
}

std::string Recording::json() const {
    const char* mode = mode_ == Mode::View ? "view" : mode_ == Mode::Canvas ? "canvas" : "off";
    const double seconds = started_ ? (host_.now_ms() - t0_) / 1000.0 : 0;
    char b[128];
    std::snprintf(b, sizeof b, "{\"mode\":\"%s\",\"frames\":%ld,\"seconds\":%.3f}", mode, frames_, seconds);
    return b;
}

std::vector<PageKey> Recording::keys() {
    using K = session::ArgKind;
    using Arg = const session::CommandArg&;
    std::vector<PageKey> keys;
    {   // (a clip is not written back: a shared link does not record on others' screens)
        PageKey& k =
            declare(keys,
                    {"record", K::Word, 0, 0, "1|view|0",
                     core::later::tr("record a clip: the canvas (1) or the view shown large (view) while the run "
                                     "plays; 0 stops and saves it")},
                    [this](Arg v) { return command(v.text); });
        k.link = InLink::Page;
        k.stage = LinkStage::Last;
        k.link_arg = "1|view";
        k.link_help = core::later::tr("record a clip of the canvas (1) or of the view shown large (view)");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            if (!v.value.empty())
                if (std::string why = command(v.value); !why.empty()) msgs.push_back(why);
        };
        k.state = [this] { return json(); };
        PageControl& c = k.control(Control::Toggle, core::later::tr("Record a clip"), "lecture");
        c.shortcut = "r";
        c.key_help = core::later::tr("record a clip of the canvas, or stop and save it");
        c.now = [this] {
            ControlNow n = toggled("record", on(), core::later::tr("Record a clip"),
                                   core::later::tr("Stop recording and save the clip"));
            n.short_label = on() ? core::tr("Stop recording") : core::tr("Record");
            n.tip = !on() ? core::tr("Record a clip of the canvas while the run plays (key R); Stop saves it as a "
                                     "video. record=view records only the view shown large.")
                          : core::tr("Stop the recording and save the clip (key R)");
            return n;
        };
    }
    return keys;
}

}   // namespace app
