// Views drawn by the GPU (shaders/, embedded at build time): fields (rect.vert + field.frag) and heatmaps
// (rect.vert + heatmap.frag). A draw is queued as an ImDrawList callback, so it lands in the right place among
// ImGui's own drawing, on screen, at any density and inside the offscreen PNG export alike. Each program is
// compiled when first needed; if one fails, the compiler's message is kept (gpu_error()) and the views it draws
// fall back to the CPU drawing, with the message on the view. gpu=0 (a command) turns the GPU drawing off, to compare.
#pragma once
#include "app/plot/colors.hpp"
#include "core/view.hpp"
#include <imgui.h>
#include <string>

namespace app {

// Queues the field of `v` over the screen rectangle [a, b] (a: top left). False when the GPU path is not
// available (no GL context yet: a test; a shader that did not compile; turned off): draw it on the CPU.
bool gpu_draw_field(ImDrawList* dl, const core::View& v, ImVec2 a, ImVec2 b);
// The same for a heatmap's cells over [a, b] (row 0 at the top), coloured by the theme's scale.
bool gpu_draw_heatmap(ImDrawList* dl, const core::Heatmap& h, ImVec2 a, ImVec2 b);

// A GL program from two of shaders/' files (the #version line of GL 3.3 or WebGL2 prepended): its id, or 0 with the
// compiler's or linker's message appended to `error`. The current GL context's.
unsigned build_program(const char* vert, const char* frag, std::string& error);

std::string gpu_error();                      // "" while the shaders are fine (every program's messages)
std::string gpu_error(core::ViewKind kind);   // the messages of the programs that draw a Field or a Heatmap
void gpu_frame();                // the start of a frame: the last frame's queued draws were drawn, drop them
void set_gpu_drawing(bool on);   // off: every view drawn on the CPU (ImGui rectangles)
bool gpu_drawing();

// The palette entry of a field's channel k (and of points coloured by channel): the chromatic entries first, the
// near-black and the grey last, so that up to 8 territories never differ only in lightness (a dark territory at
// low confidence would look like a grey one at high confidence).
int field_palette_index(int k);
// Channel k's colour: its palette entry, the background for the field's "no expert" channel.
Rgb field_channel_color(const core::Field& f, int k, const Colors& c);
// The saturation (0 … 1) of the winner among a cell's channel values (the shader's rule, for the CPU drawing).
float field_strength(const core::Field& f, const float* values);

}   // namespace app
