#include "platform/glfw_window.hpp"
#include "platform/imgui_renderer.hpp"
#include "platform/png_export.hpp"
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <chrono>
#include <cstdio>
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <GL/gl.h>
#endif

namespace platform {

static void on_glfw_error(int code, const char* msg) { std::fprintf(stderr, "GLFW error %d: %s\n", code, msg); }

GLFWwindow* open_window(const char* title, int width, int height) {
    glfwSetErrorCallback(on_glfw_error);
    if (!glfwInit()) return nullptr;
#ifdef __EMSCRIPTEN__
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    // the canvas's WebGL context: the UI needs no depth, stencil or alpha, which software WebGL clears every frame
    glfwWindowHint(GLFW_DEPTH_BITS, 0);
    glfwWindowHint(GLFW_STENCIL_BITS, 0);
    glfwWindowHint(GLFW_ALPHA_BITS, 0);
#else
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
#endif
    GLFWwindow* w = glfwCreateWindow(width, height, title, nullptr, nullptr);
    if (!w) return nullptr;
    glfwMakeContextCurrent(w);
    glfwSwapInterval(1);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;   // the layout is fixed; nothing to save
    ImGui_ImplGlfw_InitForOpenGL(w, true);
    if (!renderer_init()) return nullptr;
    return w;
}

void run_frame(GLFWwindow* w, app::App& a, const std::function<void()>& input, std::vector<uint8_t>* capture,
               int* capture_w, int* capture_h) {
    glfwPollEvents();
    if (a.fonts_need_rebuild()) rebuild_fonts(a);
    renderer_begin_frame();
    ImGui_ImplGlfw_NewFrame();
    if (input) input();
    ImGui::NewFrame();
    a.frame();
    ImGui::Render();
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(w, &fw, &fh);
    glViewport(0, 0, fw, fh);
    // the app's window has no background of its own (App::frame): the clear paints it, once, in its colour
    const ImU32 bg = ImGui::GetColorU32(ImGuiCol_WindowBg);
    glClearColor(float(bg & 255) / 255, float((bg >> 8) & 255) / 255, float((bg >> 16) & 255) / 255, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    renderer_draw(ImGui::GetDrawData());
    if (capture) {   // the window as drawn, before the swap leaves the back buffer undefined
        *capture = read_pixels(fw, fh);
        *capture_w = fw;
        *capture_h = fh;
    }
    a.frame_drawn();   // a recording takes this frame (before the PNG export draws offscreen)
    if (a.exporter().pending()) export_view(a);
    glfwSwapBuffers(w);
}

void rebuild_fonts(app::App& a) {
    a.rebuild_fonts();
    renderer_fonts();
}

void close_window(GLFWwindow* w) {
    renderer_shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(w);
    glfwTerminate();
}

double now_ms() {
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

}   // namespace platform
