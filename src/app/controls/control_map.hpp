// The layout map (state().controls): each control as drawn, under a stable id ("button:play", "param:eta",
// "view:accuracy"), with its role, label, value and rectangle (CSS pixels); only what is on screen. And the HTML
// document's keyboard focus (focus=ID), drawn as a ring around the control of that id. Every part notes its controls
// here; the browser tests and web/pdom.js read it.
#pragma once
#include "app/controls/part.hpp"
#include <imgui.h>
#include <functional>
#include <string>
#include <vector>

namespace app {

std::string json_rect(ImVec2 a, ImVec2 b);   // [x, y, width, height]

// How the canvas draws a declared control in one place; what it says and does is the declaration's.
struct ControlStyle {
    ImVec2 size{0, 0};         // its size (0: the label's)
    bool small = false;        // a small button (a view's corner, a list's row)
    bool menu_item = false;    // an item of a menu the place opens
    bool invisible = false;    // the place draws it (an answer's cell): only where it is pressed, of `size`
    std::string sign;          // an option as a button: what it says where the place has a sign for it ("B")
    bool flow = false;         // beside the last item when it fits, else on a new line (flow.hpp)
    bool full_label = false;   // the declared label, not the canvas's shorter one (a menu, a drawer)
    // A Choice: its label beside it (false: none, the place says what it is), and what it shows closed where
    // the place says it otherwise than the chosen option ("": the option's text)
    bool labelled = true;
    std::string preview;
    ImVec4 fill{0, 0, 0, 0}, text{0, 0, 0, 0};   // its colours (alpha 0: the theme's)
};
inline ControlStyle in_row() {   // in a row of buttons that wraps
    ControlStyle s;
    s.flow = true;
    return s;
}
inline ControlStyle small_button() {   // in a line of text, a view's corner
    ControlStyle s;
    s.small = true;
    return s;
}

class ControlMap : public Part {
public:
    void begin_frame();   // a new frame: nothing drawn yet
    // The last item drawn is this control (nothing when it is not visible).
    void note(const std::string& id, const char* role, const std::string& label, const std::string& value = "");
    void end_frame();   // the frame's map is the one state() shows; the focus ring drawn over everything
    bool drawn(const std::string& id) const;   // the control was in the last whole frame

    // --- the canvas's control widget (control_widget.cpp), which draws every declared control
    // The page's keys (the App, once every part has declared its own), where a press goes, and what an exercise
    // hides (a control's hide_as).
    void use_keys(const PageKeys* keys, std::function<std::string(const std::string&)> command,
                  std::function<bool(const std::string& hide_as)> hidden,
                  std::function<bool(const std::string& lock_as)> locked);
    // Draws the declared control with this id in the HTML document ("play", "present", "enlarge-2") as it is now:
    // what it says, whether it shows and is enabled, its help on hover, under its canvas id in the map; a press
    // sends its command (true). Nothing when it is not shown now. Each place may style it (ControlStyle).
    bool draw(const std::string& id, const ControlStyle& style = {});
    std::string label(const std::string& id, bool full = false) const;   // what it says now ("": not shown)
    // The buttons, toggles and switches of a group of the HTML document ("share"), in the declarations' order, in
    // a row that wraps: a part's control of that group shows on the canvas without a line of the canvas's code.
    void draw_group(const std::string& group);
    // A Choice as a combo: its options, the chosen one marked; a pick sends NAME=VALUE (the same again: nothing).
    void draw_choice(const std::string& id, const ControlStyle& style = {});
    // One option of a Choice as a button (its sign, else its text) that picks it: a parameter's B beside it.
    void draw_option(const std::string& id, const std::string& value, const ControlStyle& style);
    // These controls side by side (those shown now), each in this style.
    void draw_row(const std::vector<std::string>& ids, const ControlStyle& style = {});
    const PageKeys* page_keys() const { return keys_; }
    // The command a press of the control sends now; "" while it is not shown, not enabled or hidden.
    std::string command_now(const PageKey& k, const PageControl& c) const;
    std::vector<PageKey> keys() override;           // focus=ID
    void state(std::string& json) const override;   // "controls", "focus_drawn"

private:
    struct Placed {   // a control as drawn
        std::string id, role, label, value;
        ImVec2 a, b;
        ImVec2 window_a, window_b;   // the visible part of its window: a control cut by it is clipped (layout tests)
    };
    std::vector<Placed> drawing_, drawn_;    // being drawn, and the last whole frame's
    std::string focus_id_;                   // the control the HTML document's focus is on ("": none)
    bool focus_seen_ = false;                // drawn in this frame so far
    bool focus_drawn_ = false;               // and in the last frame (else the page shows the HTML element)
    ImVec2 focus_a_{0, 0}, focus_b_{0, 0};   // its rectangle
    struct Drawn {
        bool shown = false, pressed = false;
    };
    Drawn draw_now(const PageKey& k, const PageControl& c, const ControlStyle& style);
    const PageKey* declared(const std::string& id, PageControl& c) const;   // the control of this id, and its key
    const PageKeys* keys_ = nullptr;
    std::function<std::string(const std::string&)> command_;
    std::function<bool(const std::string&)> hidden_, locked_;
    bool hidden(const PageControl& c, const ControlNow& now) const;   // not shown now, or hidden by an exercise
    bool locked(const PageControl& c) const;                          // locked by an exercise
};

}   // namespace app
