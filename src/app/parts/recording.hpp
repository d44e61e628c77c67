// Recording a clip for slides (record=1 the whole canvas, record=view the view or views shown large, record=0 stops):
// what is being recorded, since when, how many frames. The platform makes the clip (Host::record_start/frame/stop);
// this part tells it, once each frame is drawn, which box to take.
#pragma once
#include "app/controls/control_map.hpp"
#include "app/frame/host.hpp"
#include "app/controls/part.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <string>

namespace app {

class Recording : public Part {
public:
    // `view_shown`: views are drawn large now (record=view records them).
    Recording(Stage& stage, const Host& host, ControlMap& controls, std::function<bool()> view_shown)
        : stage_(stage), host_(host), controls_(controls), view_shown_(std::move(view_shown)) {}
    std::vector<PageKey> keys() override;   // record=1|view|0 (a link's is not written back), state().record
    // record=1|on|view|0|off: "" when it acted, else why not.
    std::string command(const std::string& arg);
    void stop();   // the clip saved, and a message saying so
    bool on() const { return mode_ != Mode::Off; }
    // After a frame is rendered: the clip starts at the first one; each frame's box goes to the platform (device
    // pixels): the canvas, or the union [a, b] of the views drawn large (none drawn: a = b).
    void frame_drawn(ImVec2 canvas, ImVec2 a, ImVec2 b, float density);
    std::string json() const;   // state().record

private:
    enum class Mode { Off, Canvas, View };
    Stage& stage_;
    const Host& host_;
    ControlMap& controls_;
    std::function<bool()> view_shown_;
    Mode mode_ = Mode::Off;
    bool started_ = false;   // the platform has begun the clip (at the first frame drawn after record=)
    double t0_ = 0;
    long frames_ = 0;
};

}   // namespace app
