// Pictures of the app as PNG files: the window after a frame (desktop --screenshot) and one view
// rendered offscreen at twice the UI scale (png=N, the views' PNG buttons, in the page and on the
// desktop). Encoding uses stb_image_write from Debian's libstb-dev.
#pragma once
#include "app/frame/app.hpp"
#include <cstdint>
#include <vector>

namespace platform {

// RGBA pixels, top row first → PNG file bytes (alpha forced opaque).
std::vector<uint8_t> encode_png(std::vector<uint8_t> rgba, int width, int height);
// The bound framebuffer's pixels (GL's bottom-up rows flipped to top row first).
std::vector<uint8_t> read_pixels(int width, int height);
// Renders the app's pending export (app/parts/export.hpp) into an offscreen framebuffer and hands
// the PNG to Export::finish. Call after the frame's own rendering, before the swap.
void export_view(app::App& a);

}   // namespace platform
