// Dear ImGui's draw data drawn with GL 3.3 (the desktop) or WebGL2 (the page): the app's own renderer in place of
// the backend imgui_impl_opengl3. The app owns its GL context, so a frame sets the state it needs and saves and
// restores nothing (the backend read about twenty values back every frame, each a round trip to the browser's GPU
// process), and solid shapes skip the texture read (shaders/ui.vert, ui.frag): a frame at 1280×720 in software WebGL
// took 82 ms of the GPU process's CPU with the backend, and the screen is mostly solid backgrounds.
#pragma once
#include <imgui.h>

namespace platform {

bool renderer_init();                      // the program and buffers; false (with a message) if they did not build
void renderer_begin_frame();               // before ImGui::NewFrame: the font atlas built and uploaded, the first time
void renderer_draw(const ImDrawData* d);   // into the bound framebuffer, over the whole of it
void renderer_fonts();                     // the font atlas uploaded again (after App::rebuild_fonts)
void renderer_shutdown();

}   // namespace platform
