// The GLFW window with an OpenGL (desktop GL 3.3 / WebGL2) context and Dear ImGui's backends:
// the part both main loops share.
#pragma once
#include "app/frame/app.hpp"
#include <cstdint>
#include <functional>
#include <vector>

struct GLFWwindow;

namespace platform {

// Creates the window and ImGui context; nullptr (with a message on stderr) if that fails.
GLFWwindow* open_window(const char* title, int width, int height);
// One frame: poll events, rebuild fonts if asked, draw the app, export a view's PNG if one is
// pending, swap. `input`, when given, runs after the GLFW backend has read its input and before the UI is
// built (the page sets its own pointer and display size there). With `capture`, the window's pixels (RGBA, top
// row first) before the swap.
void run_frame(GLFWwindow* w, app::App& a, const std::function<void()>& input = {},
               std::vector<uint8_t>* capture = nullptr, int* capture_w = nullptr, int* capture_h = nullptr);
void close_window(GLFWwindow* w);
// The app's font atlas rebuilt (App::rebuild_fonts) and its GL texture made again.
void rebuild_fonts(app::App& a);
double now_ms();

}   // namespace platform
