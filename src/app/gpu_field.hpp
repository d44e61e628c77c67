// Fields drawn by the GPU (shaders/field.vert, shaders/field.frag, embedded at build time): the draw is queued as
// an ImDrawList callback, so it lands in the right place among ImGui's own drawing, on screen, at any density
// and inside the offscreen PNG export alike. The program is compiled on first use; if that fails, the compiler's
// message is kept and every field falls back to the CPU drawing with the message on the view.
#pragma once
#include "core/view.hpp"
#include <imgui.h>
#include <string>

namespace app {

// Queues the field of `v` over the screen rectangle [a, b] (a: top left). False when the GPU path is not
// available (no GL context yet: a test; a shader that did not compile: gpu_field_error()).
bool gpu_draw_field(ImDrawList* dl, const core::View& v, ImVec2 a, ImVec2 b);
const std::string& gpu_field_error();   // "" while the shaders are fine
void gpu_field_frame();                 // the start of a frame: the last frame's queued fields are drawn, drop them

}   // namespace app
