// The layout map (state().controls): each control as drawn, under a stable id ("button:play", "param:eta",
// "view:accuracy"), with its role, label, value and rectangle (CSS pixels); only what is on screen. And the HTML
// document's keyboard focus (focus=ID), drawn as a ring around the control of that id. Every part notes its controls
// here; the browser tests and web/pdom.js read it.
#pragma once
#include "app/controls/part.hpp"
#include <imgui.h>
#include <string>
#include <vector>

namespace app {

std::string json_rect(ImVec2 a, ImVec2 b);   // [x, y, width, height]

class ControlMap : public Part {
public:
    void begin_frame();   // a new frame: nothing drawn yet
    // The last item drawn is this control (nothing when it is not visible).
    void note(const std::string& id, const char* role, const std::string& label, const std::string& value = "");
    void end_frame();   // the frame's map is the one state() shows; the focus ring drawn over everything
    bool drawn(const std::string& id) const;        // the control was in the last whole frame
    std::vector<PageKey> keys() override;           // focus=ID
    void state(std::string& json) const override;   // "controls", "focus_drawn"

private:
    struct Control {
        std::string id, role, label, value;
        ImVec2 a, b;
        ImVec2 window_a, window_b;   // the visible part of its window: a control cut by it is clipped (layout tests)
    };
    std::vector<Control> drawing_, drawn_;   // being drawn, and the last whole frame's
    std::string focus_id_;                   // the control the HTML document's focus is on ("": none)
    bool focus_seen_ = false;                // drawn in this frame so far
    bool focus_drawn_ = false;               // and in the last frame (else the page shows the HTML element)
    ImVec2 focus_a_{0, 0}, focus_b_{0, 0};   // its rectangle
};

}   // namespace app
