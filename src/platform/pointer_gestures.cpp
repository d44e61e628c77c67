#include "platform/pointer_gestures.hpp"
#include <cmath>

namespace platform {

void PointerGestures::move(float x, float y, bool present, bool down) {
    PointerFrame* to = steps_.empty() ? &live_ : steps_.back().own_frame ? nullptr : &steps_.back().f;
    if (to && to->present == present && to->down == down) {
        to->x = x;
        to->y = y;
        return;
    }
    steps_.push_back({{x, y, present, down, 0}, false});
}

void PointerGestures::show(float x, float y, bool present, bool down, bool secondary) {
    steps_.push_back({{x, y, present, down, 0, secondary}, true});
}

void PointerGestures::push(const PointerEvent& e) {
    const float x = e.x, y = e.y;
    if (!e.touch) {   // a mouse: as it is, a press one frame after the pointer reached its place
        const PointerFrame& at = last();
        switch (e.kind) {
        case PointerEvent::Move: move(x, y, true, at.down); break;
        case PointerEvent::Down:
            if (!at.present || at.x != x || at.y != y) show(x, y, true, at.down);
            if (e.secondary) show(x, y, true, at.down, true);
            else show(x, y, true, true);
            break;
        case PointerEvent::Up:
        case PointerEvent::Cancel: show(x, y, true, e.secondary && at.down); break;
        case PointerEvent::Leave:
            if (!at.down) move(at.x, at.y, false, false);
            break;
        }
        return;
    }
    switch (e.kind) {
    case PointerEvent::Down:
        if (last().present) show(last().x, last().y, false, false);   // a long press's hover ends
        gesture_ = Gesture::Pending;
        x0_ = x;
        y0_ = y;
        t0_ = e.t_ms;
        break;
    case PointerEvent::Move:
        // A frame that came late (a slow one) may have called it a long press before this move, which the
        // finger made in time: the event's own time decides.
        if (gesture_ == Gesture::LongPress && e.t_ms - t0_ < kLongPressMs) gesture_ = Gesture::Pending;
        if (gesture_ == Gesture::Pending && std::hypot(x - x0_, y - y0_) > kSlopPx) {
            show(x0_, y0_, true, false);   // hover where the finger landed
            if (std::fabs(x - x0_) > std::fabs(y - y0_)) {
                gesture_ = Gesture::Drag;   // sideways first: press there, then drag
                show(x0_, y0_, true, true);
                show(x, y, true, true);
            } else {
                gesture_ = Gesture::Swipe;   // up or down first: scroll what is under it
                swipe_y_ = y0_;
            }
        }
        if (gesture_ == Gesture::Drag) move(x, y, true, true);
        if (gesture_ == Gesture::LongPress) move(x, y, true, false);
        if (gesture_ == Gesture::Swipe) {
            pending_wheel_px_ += y - swipe_y_;
            swipe_y_ = y;
        }
        break;
    case PointerEvent::Up:
        if (gesture_ == Gesture::LongPress && e.t_ms - t0_ < kLongPressMs) gesture_ = Gesture::Pending;   // in time
        if (gesture_ == Gesture::Pending) {   // a tap: a click where it landed, then no pointer
            show(x0_, y0_, true, false);
            show(x0_, y0_, true, true);
            show(x0_, y0_, true, false);
            show(x0_, y0_, false, false);
        } else if (gesture_ == Gesture::Drag) {
            show(x, y, true, false);
            show(x, y, false, false);
        } else if (gesture_ == Gesture::Swipe) {
            show(x0_, y0_, true, false);   // the last of the scroll reaches the same place
            show(x0_, y0_, false, false);
        } else if (gesture_ == Gesture::LongPress) {   // a right click as it lifts; the pointer stays there, as a
            show(x0_, y0_, true, false, true);         // mouse would rest
            show(x0_, y0_, true, false);
        }
        gesture_ = Gesture::None;
        break;
    case PointerEvent::Cancel:
        if (last().down) show(last().x, last().y, true, false);
        show(last().x, last().y, false, false);
        gesture_ = Gesture::None;
        break;
    case PointerEvent::Leave: break;   // a finger leaves after it lifts: Up has said everything
    }
}

PointerFrame PointerGestures::frame(double t_ms, float scroll_px) {
    if (gesture_ == Gesture::Pending && t_ms - t0_ >= kLongPressMs) {
        gesture_ = Gesture::LongPress;
        show(x0_, y0_, true, false);
    }
    if (!steps_.empty()) {
        live_ = steps_.front().f;
        steps_.pop_front();
    }
    PointerFrame out = live_;
    if (out.present && pending_wheel_px_ != 0 && scroll_px > 0) {   // the finger's travel, as wheel notches
        out.wheel = pending_wheel_px_ / scroll_px;
        pending_wheel_px_ = 0;
    }
    return out;
}

}   // namespace platform
