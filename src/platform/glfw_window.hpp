// The GLFW window with an OpenGL (desktop GL 3.3 / WebGL2) context and Dear ImGui's backends:
// the part both main loops share.
#pragma once
#include "app/app.hpp"

struct GLFWwindow;

namespace platform {

// Creates the window and ImGui context; nullptr (with a message on stderr) if that fails.
GLFWwindow* open_window(const char* title, int width, int height);
// One frame: poll events, rebuild fonts if asked, draw the app, swap.
void run_frame(GLFWwindow* w, app::App& a);
void close_window(GLFWwindow* w);
double now_ms();

} // namespace platform
