#include "platform/frame_recorder.hpp"
#include "core/words.hpp"
#include "platform/glfw_window.hpp"
#include "platform/png_export.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>
#include <GL/gl.h>

namespace platform {

namespace fs = std::filesystem;

static bool holds_frames(const fs::path& dir) {
    std::error_code ec;
    return fs::exists(dir / "frame_00000.png", ec);
}

std::string FrameRecorder::start(int w, int h) {
    fs::path dir = base_;
    for (int k = 2; holds_frames(dir); ++k) dir = base_ + "-" + std::to_string(k);
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir))
        return core::trf("could not make the folder %s: %s", dir.string().c_str(), ec.message().c_str());
    dir_ = dir.string();
    w_ = w;
    h_ = h;
    written_ = 0;
    t0_ = now_ms();
    return "";
}

void FrameRecorder::frame(int x, int y, int w, int h, int fb_h) {
    if (dir_.empty()) return;
    w = std::min(w, w_);
    h = std::min(h, h_);
    std::vector<uint8_t> box(size_t(w) * size_t(h) * 4);
    last_.assign(size_t(w_) * size_t(h_) * 4, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(x, fb_h - y - h, w, h, GL_RGBA, GL_UNSIGNED_BYTE, box.data());
    for (int r = 0; r < h; ++r)   // GL's rows go bottom-up; the clip's size stays the first frame's
        std::copy_n(box.begin() + std::ptrdiff_t(size_t(h - 1 - r) * size_t(w) * 4), size_t(w) * 4,
                    last_.begin() + std::ptrdiff_t(size_t(r) * size_t(w_) * 4));
    // the frames due up to now at kFps (at least the first)
    const long due = std::max(1L, long(std::floor((now_ms() - t0_) * kFps / 1000.0)) + 1);
    last_written_ = due > written_;
    if (last_written_) write(due - written_);
}

void FrameRecorder::write(long copies) {
    const std::vector<uint8_t> png = encode_png(last_, w_, h_);
    for (long end = written_ + copies; written_ < end; ++written_) {
        char name[32];
        std::snprintf(name, sizeof name, "frame_%05ld.png", written_);
        std::ofstream f(fs::path(dir_) / name, std::ios::binary);
        f.write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
    }
}

void FrameRecorder::stop() {
    if (dir_.empty()) return;
    if (!last_written_ && !last_.empty()) write(1);                    // the clip ends on the last frame shown
    std::printf("recorded %ld frames (%d×%d, %d per second) in %s: "   // words: terminal
                "ffmpeg -framerate %d -i %s/frame_%%05d.png clip.webm\n",
                written_, w_, h_, kFps, dir_.c_str(), kFps, dir_.c_str());
    dir_.clear();
}

}   // namespace platform
