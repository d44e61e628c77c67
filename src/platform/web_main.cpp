// The page: the app in a WebGL2 canvas, driven by the browser's animation frames.
#include "platform/browser.hpp"
#include "platform/glfw_window.hpp"
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <cstdio>

static GLFWwindow* g_window = nullptr;
static app::App* g_app = nullptr;

// Follow the browser window's size (GLFW in Emscripten sizes the canvas from glfwSetWindowSize).
static void frame() {
    int w = browser::window_width(), h = browser::window_height(), cw = 0, ch = 0;
    glfwGetWindowSize(g_window, &cw, &ch);
    if (w > 0 && h > 0 && (w != cw || h != ch)) glfwSetWindowSize(g_window, w, h);
    platform::run_frame(g_window, *g_app);
}

int main() {
    g_window = platform::open_window("MoE Lab", 1280, 720);
    if (!g_window) {
        browser::show_fatal("WebGL2 is not available in this browser.");
        return 1;
    }
    app::Host host;
    host.platform_name = "browser";
    host.font_file = "/fonts/DejaVuSans.ttf";
    host.now_ms = browser::now_ms;
    host.set_query = browser::set_query;
    host.copy_text = browser::copy_link;
    host.download = browser::download;
    host.save_png = browser::save_png;
    static app::App a(host, browser::query());
    g_app = &a;
    browser::expose(&a);
    emscripten_set_main_loop(frame, 0, false);
    return 0;
}
