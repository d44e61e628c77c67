// The desktop's clips (record=, app/parts/recording.hpp, --record DIR): numbered PNG frames at a steady 30 frames per second of
// wall time, however fast training runs or the window draws: a frame that took longer than 1/30 s is written
// as often as the time it covered (the same PNG bytes), a faster window skips frames, and the clip ends on the
// last frame shown. Put them together with
//   ffmpeg -framerate 30 -i DIR/frame_%05d.png -c:v libvpx-vp9 clip.webm
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace platform {

class FrameRecorder {
public:
    explicit FrameRecorder(std::string base) : base_(std::move(base)) {}
    // A new clip w×h in BASE, or BASE-2, BASE-3, ... when BASE holds frames already: "" or why not.
    std::string start(int w, int h);
    // The frame just drawn (the bound framebuffer, fb_h pixels high), cropped to x, y, w, h (top-left origin).
    void frame(int x, int y, int w, int h, int fb_h);
    void stop();   // prints where the frames went
    static constexpr int kFps = 30;

private:
    void write(long copies);   // the last frame, as the next `copies` files
    std::string base_, dir_;
    std::vector<uint8_t> last_;   // the last frame drawn (RGBA, top row first)
    bool last_written_ = true;
    int w_ = 0, h_ = 0;
    long written_ = 0;
    double t0_ = 0;
};

}   // namespace platform
