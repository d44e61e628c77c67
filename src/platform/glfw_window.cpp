#include "platform/glfw_window.hpp"
#include "platform/png_export.hpp"
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
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
    const char* glsl = "#version 300 es";   // words: not shown
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
#else
    const char* glsl = "#version 330";   // words: not shown
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
    ImGui_ImplOpenGL3_Init(glsl);
    return w;
}

void run_frame(GLFWwindow* w, app::App& a, const std::function<void()>& input, std::vector<uint8_t>* capture,
               int* capture_w, int* capture_h) {
    glfwPollEvents();
    if (a.fonts_need_rebuild()) rebuild_fonts(a);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    if (input) input();
    ImGui::NewFrame();
    a.frame();
    ImGui::Render();
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(w, &fw, &fh);
    glViewport(0, 0, fw, fh);
    glClearColor(0.96f, 0.96f, 0.97f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
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
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
}

void close_window(GLFWwindow* w) {
    ImGui_ImplOpenGL3_Shutdown();
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
