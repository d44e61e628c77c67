// The page's pointer input (src/platform/pointer_gestures.hpp): what ImGui reads, frame by frame, for a
// mouse click, a tap, a sideways drag, a swipe and a long press.
#include "platform/pointer_gestures.hpp"
#include <doctest/doctest.h>
#include <cstddef>
#include <vector>

using platform::PointerEvent;
using platform::PointerFrame;
using platform::PointerGestures;

namespace {

PointerEvent ev(PointerEvent::Kind k, float x, float y, double t, bool touch) { return {k, x, y, t, touch}; }

// Frames until nothing is queued (at most `most`), at 16 ms each from t.
std::vector<PointerFrame> frames(PointerGestures& g, double t, int most = 20) {
    std::vector<PointerFrame> out;
    for (int k = 0; k < most && (k == 0 || g.busy()); ++k) out.push_back(g.frame(t + 16 * k, 50));
    return out;
}

int presses(const std::vector<PointerFrame>& fs) {   // up → down transitions
    int n = 0;
    bool was = false;
    for (const auto& f : fs) {
        n += f.down && !was;
        was = f.down;
    }
    return n;
}

}   // namespace

TEST_CASE("pointer: a mouse click hovers the spot on one frame, presses on the next, releases on the next") {
    PointerGestures g;
    g.push(ev(PointerEvent::Move, 10, 10, 0, false));
    g.push(ev(PointerEvent::Down, 40, 30, 1, false));   // all three within one frame, as a test's click does
    g.push(ev(PointerEvent::Up, 40, 30, 2, false));
    const auto fs = frames(g, 16);
    CHECK(presses(fs) == 1);
    std::size_t k = 1;
    while (k + 1 < fs.size() && !fs[k].down) ++k;
    REQUIRE(k + 1 < fs.size());
    CHECK((fs[k - 1].present && !fs[k - 1].down && fs[k - 1].x == 40 && fs[k - 1].y == 30));
    CHECK((fs[k].down && fs[k].x == 40 && fs[k].y == 30));
    CHECK(!fs[k + 1].down);
    CHECK(fs.back().present);   // a mouse stays where it is
}

TEST_CASE("pointer: a tap is one click where the finger landed, and then no pointer") {
    PointerGestures g;
    g.push(ev(PointerEvent::Down, 100, 50, 0, true));
    g.push(ev(PointerEvent::Move, 104, 53, 40, true));   // within the slop
    g.push(ev(PointerEvent::Up, 104, 53, 90, true));
    const auto fs = frames(g, 100);
    CHECK(presses(fs) == 1);
    for (const auto& f : fs)
        if (f.down) CHECK((f.x == 100 && f.y == 50));
    CHECK((fs[0].present && !fs[0].down));   // hover first
    CHECK(!fs.back().present);
}

TEST_CASE("pointer: a finger moved sideways presses where it landed and drags; up or down it scrolls and presses "
          "nothing") {
    SUBCASE("drag") {
        PointerGestures g;
        g.push(ev(PointerEvent::Down, 100, 50, 0, true));
        g.push(ev(PointerEvent::Move, 130, 52, 30, true));
        g.push(ev(PointerEvent::Move, 160, 55, 40, true));
        auto fs = frames(g, 50, 4);
        CHECK(presses(fs) == 1);
        bool pressed_at_start = false;
        for (std::size_t k = 0; k < fs.size(); ++k)
            if (fs[k].down && (k == 0 || !fs[k - 1].down)) pressed_at_start = fs[k].x == 100;
        CHECK(pressed_at_start);
        CHECK((fs.back().down && fs.back().x == 160));
        g.push(ev(PointerEvent::Up, 160, 55, 200, true));
        fs = frames(g, 210);
        CHECK(!fs.back().down);
        CHECK(!fs.back().present);
    }
    SUBCASE("swipe") {
        PointerGestures g;
        g.push(ev(PointerEvent::Down, 100, 300, 0, true));
        g.push(ev(PointerEvent::Move, 102, 260, 30, true));
        g.push(ev(PointerEvent::Move, 103, 200, 60, true));
        g.push(ev(PointerEvent::Up, 103, 200, 90, true));
        const auto fs = frames(g, 100);
        float wheel = 0;
        for (const auto& f : fs) {
            CHECK(!f.down);
            wheel += f.wheel;
        }
        CHECK(wheel == doctest::Approx(-100.0 / 50));   // 100 px up: two notches towards the bottom
        CHECK(!fs.back().present);
    }
}

TEST_CASE("pointer: a long press hovers where the finger rests, and the hover stays after it lifts") {
    PointerGestures g;
    g.push(ev(PointerEvent::Down, 70, 80, 0, true));
    CHECK(!g.frame(100, 50).present);   // not yet: it may become a tap, a drag or a swipe
    auto fs = frames(g, 600);
    CHECK((fs.back().present && !fs.back().down && fs.back().x == 70));
    g.push(ev(PointerEvent::Up, 70, 80, 900, true));
    fs = frames(g, 910);
    CHECK(presses(fs) == 0);
    CHECK(fs.back().present);
    int right = 0;   // the lift is one right click there (a plane that edits points removes the nearest)
    for (const auto& f : fs) right += f.secondary && f.x == 70 && f.y == 80;
    CHECK(right == 1);
    CHECK(!fs.back().secondary);
    g.push(ev(PointerEvent::Down, 10, 10, 2000, true));   // the next touch ends it
    CHECK(!g.frame(2010, 50).present);
}

TEST_CASE("pointer: a mouse's right button is the secondary button, on a frame of its own, and presses nothing") {
    PointerGestures g;
    PointerEvent down = ev(PointerEvent::Down, 40, 30, 1, false), up = ev(PointerEvent::Up, 40, 30, 2, false);
    down.secondary = up.secondary = true;
    g.push(down);
    g.push(up);
    const auto fs = frames(g, 16);
    int right = 0;
    for (const auto& f : fs) right += f.secondary && f.x == 40 && f.y == 30;
    CHECK(right == 1);
    CHECK(presses(fs) == 0);
    CHECK(!fs.back().secondary);
}

TEST_CASE("pointer: a frame that comes late does not turn a quick drag or tap into a long press") {
    PointerGestures g;
    g.push(ev(PointerEvent::Down, 100, 50, 0, true));
    g.frame(700, 50);                                    // a slow frame: the moves below were already made
    g.push(ev(PointerEvent::Move, 140, 51, 60, true));   // sideways, at 60 ms
    auto fs = frames(g, 710, 5);
    CHECK(presses(fs) == 1);
    CHECK(fs.back().down);

    PointerGestures tap;
    tap.push(ev(PointerEvent::Down, 10, 10, 0, true));
    tap.frame(800, 50);
    tap.push(ev(PointerEvent::Up, 10, 10, 120, true));   // lifted at 120 ms
    CHECK(presses(frames(tap, 810)) == 1);
}
