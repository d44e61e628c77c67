// PointerGestures: the page's mouse, touch and pen input, turned into what Dear ImGui 1.86 reads once per
// frame (a pointer position, the left button, the wheel). ImGui sees one change of the button per frame, and
// the pointer where a press happens one frame before the press, so that every click lands on the control
// that was hovered: a queue of pointer states spread over frames (move → down → up → pointer gone).
//
// A finger or a pen is told apart before anything is pressed, since a press on a slider moves its value:
//  - tap (lifted within kLongPressMs, moved less than kSlopPx): a click where it touched;
//  - drag (moved sideways first): a press where it touched, then the drag (sliders, the timeline);
//  - swipe (moved up or down first): scrolls whatever is under the finger, presses nothing;
//  - long press (held still for kLongPressMs): the pointer rests there, as a hovering mouse would (help,
//    readouts), and stays after the finger lifts, until the next touch; the lift is a right click there (a plane
//    that edits points removes the nearest).
// A mouse is passed through as it is. Coordinates are CSS pixels, times milliseconds: the events' own times
// decide between a long press and the rest, since a slow frame may see a finger's move only after it.
#pragma once
#include <deque>

namespace platform {

struct PointerEvent {
    enum Kind { Down, Move, Up, Cancel, Leave };
    Kind kind = Move;
    float x = 0, y = 0;
    double t_ms = 0;
    bool touch = false;       // a finger or a pen (the browser's pointerType), not a mouse
    bool secondary = false;   // a mouse's right button
};

// What ImGui reads in one frame.
struct PointerFrame {
    float x = 0, y = 0;
    bool present = false;     // false: no pointer over the page (ImGui's -FLT_MAX)
    bool down = false;        // the left button, a finger on a control
    float wheel = 0;          // scroll, in wheel notches (> 0: towards the top)
    bool secondary = false;   // the right button (a mouse's, or a long press as it lifts)
};

class PointerGestures {
public:
    static constexpr float kSlopPx = 10;          // a finger moving less is holding still
    static constexpr double kLongPressMs = 500;   // held this long: hover
    void push(const PointerEvent& e);
    // The input for the frame drawn at `t_ms`; a swipe of `scroll_px` pixels is one wheel notch.
    PointerFrame frame(double t_ms, float scroll_px);
    bool busy() const { return !steps_.empty() || gesture_ != Gesture::None || pending_wheel_px_ != 0; }

private:
    enum class Gesture { None, Pending, Drag, Swipe, LongPress };
    struct Step {
        PointerFrame f;
        bool own_frame;   // shown on a frame of its own (a press, a release, the hover before a press)
    };
    // Queues a state: a plain move joins the queued move before it, or moves the pointer now.
    void move(float x, float y, bool present, bool down);
    void show(float x, float y, bool present, bool down, bool secondary = false);   // on a frame of its own
    const PointerFrame& last() const { return steps_.empty() ? live_ : steps_.back().f; }

    std::deque<Step> steps_;   // the frames still to show
    PointerFrame live_;        // the state once the queue is empty
    Gesture gesture_ = Gesture::None;
    float x0_ = 0, y0_ = 0, swipe_y_ = 0;
    double t0_ = 0;
    float pending_wheel_px_ = 0;
};

}   // namespace platform
