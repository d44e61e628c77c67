// The page: the app in a WebGL2 canvas, driven by the browser's animation frames.
//
// Size and density: the canvas fills the viewport (CSS), its backing store has the viewport's size times the
// device pixel ratio (at most kMaxDensity), and the layout stays in CSS pixels (App::set_density). The
// canvas is sized with Module.setCanvasSize, never with glfwSetWindowSize: Emscripten 3.1.6's GLFW takes a
// window the size of the screen for a request to go full screen and wraps the canvas in a new element.
// Input: the page's pointer events (web/moe-lab-api.js) go through platform::PointerGestures; GLFW still
// reads the keyboard and the wheel.
// Idle: when nothing plays, changes or is touched for kAwakeMs, the main loop pauses; input to the canvas or a
// resize wakes it for that long (moe_wake). The page opens with kStartFrames frames, then sleeps until touched. A command from JavaScript (a test, the HTML document) draws a frame
// before it returns and a few after it, for ImGui to settle a new layout, and lets the loop sleep again then.
#include "core/words.hpp"
#include "platform/browser.hpp"
#include "platform/glfw_window.hpp"
#include "platform/pointer_gestures.hpp"
#include "platform/web_workers.hpp"
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <imgui.h>
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

namespace {

constexpr double kMaxDensity = 3;    // phones go to 3.5: 3 keeps a 4K canvas's memory and fill rate in reach
constexpr double kAwakeMs = 400;     // frames drawn after the last input (hover, a click's after-effects)
constexpr double kWaitingMs = 100;   // the frame interval while the run waits for its Web Workers
constexpr int kSettleFrames = 3;     // frames drawn after a command (ImGui sizes a new window in its second)
constexpr int kStartFrames = 8;      // frames drawn when the page opens, before it sleeps until it is touched

GLFWwindow* g_window = nullptr;
app::App* g_app = nullptr;
platform::PointerGestures g_pointer;
double g_awake_until = 0;
int g_settle_frames = 0;   // frames still to draw after a command or a worker's message
bool g_sleeping = false;
bool g_slow_frames = false;   // frames every kWaitingMs instead of every animation frame
long g_frames = 0;
platform::PointerFrame g_last_pointer;   // what ImGui read in the last frame

// The viewport in CSS pixels and the backing store that matches it at the device's density.
struct Size {
    double css_w, css_h;
    int w, h;
};

Size current_size() {
    const browser::Viewport v = browser::viewport();
    const double density = std::clamp(v.density, 1.0, kMaxDensity);
    return {v.width, v.height, std::max(1, int(std::lround(v.width * density))),
            std::max(1, int(std::lround(v.height * density)))};
}

void frame() {
    const Size s = current_size();
    int cw = 0, ch = 0;
    glfwGetWindowSize(g_window, &cw, &ch);
    if (s.w != cw || s.h != ch) browser::set_canvas_size(s.w, s.h);
    const double now = browser::now_ms();
    platform::run_frame(g_window, *g_app, [&] {
        ImGuiIO& io = ImGui::GetIO();
        int fw = 0, fh = 0;
        glfwGetWindowSize(g_window, &fw, &fh);
        io.DisplaySize = ImVec2(float(s.css_w), float(s.css_h));
        io.DisplayFramebufferScale = ImVec2(float(fw / s.css_w), float(fh / s.css_h));
        g_app->set_density(float(fw / s.css_w));
        const float notch = 5 * io.Fonts->Fonts[0]->FontSize * io.FontGlobalScale;   // ImGui's wheel step
        const platform::PointerFrame p = g_pointer.frame(now, notch);
        g_last_pointer = p;
        io.MousePos = p.present ? ImVec2(p.x, p.y) : ImVec2(-FLT_MAX, -FLT_MAX);
        io.MouseDown[0] = p.down;
        io.MouseDown[1] = p.secondary;
        io.MouseWheel += p.wheel;
    });
    ++g_frames;
    // While the run waits for its Web Workers, a frame every kWaitingMs: the processor goes to them.
    const bool slow = g_app->waiting_for_workers() && !g_pointer.busy() && now > g_awake_until;   // not under a hand
    if (slow != g_slow_frames) {
        g_slow_frames = slow;
        if (slow) emscripten_set_main_loop_timing(EM_TIMING_SETTIMEOUT, int(kWaitingMs));
        else emscripten_set_main_loop_timing(EM_TIMING_RAF, 1);
    }
    if (g_settle_frames > 0) --g_settle_frames;
    if (!g_app->wants_frames() && !g_pointer.busy() && now > g_awake_until && g_settle_frames == 0) {
        g_sleeping = true;
        emscripten_pause_main_loop();
    }
}

// Resumes the main loop (it slept: true).
bool resume() {
    if (!g_sleeping) return false;
    g_sleeping = false;
    emscripten_resume_main_loop();
    return true;
}

// Input: the loop draws for kAwakeMs from now (it slept: true).
bool wake() {
    g_awake_until = browser::now_ms() + kAwakeMs;
    return resume();
}

// Something changed by itself (a Web Worker's message): a frame draws it, and the few after it, if the loop slept.
// (Not wake(): 400 ms of frames at each worker's result would take the processor from the workers.)
void changed() {
    g_settle_frames = std::max(g_settle_frames, kSettleFrames);
    resume();
}

// After a command from JavaScript: a frame at once, so that its result is on screen and in state() when
// moeLab.command() returns, whether the loop slept or not, and kSettleFrames more.
void after_command() {
    g_settle_frames = kSettleFrames;
    resume();
    frame();
}

// state()'s fields from the main loop: whether it sleeps, the frames drawn so far, and the pointer ImGui read
// last ([x, y, down], CSS pixels; null: no pointer).
std::string loop_state() {
    char b[160];
    const platform::PointerFrame& p = g_last_pointer;
    char ptr[64] = "null";
    if (p.present) std::snprintf(ptr, sizeof ptr, "[%.1f,%.1f,%d]", double(p.x), double(p.y), p.down ? 1 : 0);
    std::snprintf(b, sizeof b, "\"sleeping\":%s,\"frames\":%ld,\"pointer\":%s", g_sleeping ? "true" : "false", g_frames,
                  ptr);
    return b;
}

// Called from web/moe-lab-api.js.
}   // namespace

extern "C" {
// A pointer event in CSS pixels relative to the canvas: kind 0 down, 1 move, 2 up, 3 cancel, 4 leave; touch: a
// finger or a pen.
// device: 0 a mouse's left button (or none), 1 a finger or a pen, 2 a mouse's right button
EMSCRIPTEN_KEEPALIVE void moe_pointer(int kind, float x, float y, double t_ms, int device) {
    g_pointer.push({platform::PointerEvent::Kind(std::clamp(kind, 0, 4)), x, y, t_ms, device == 1, device == 2});
    if (wake()) frame();   // the first event after a sleep starts the queue at once
}
EMSCRIPTEN_KEEPALIVE void moe_wake() { wake(); }   // a key, the wheel, a resize, a change of density
}

int main() {
    g_window = platform::open_window("MoE Lab", 1280, 720);   // words: not shown (the window title)
    if (!g_window) {
        browser::show_fatal(core::tr("WebGL2 is not available in this browser."));
        return 1;
    }
    app::Host host;
    host.platform_name = "browser";
    host.page_address = browser::page_address();
    host.font_file = "/fonts/DejaVuSans.ttf";
    host.now_ms = browser::now_ms;
    host.set_query = browser::set_query;
    host.copy_text = browser::copy_link;
    host.download = browser::download;
    host.open_page = browser::open_page;
    host.copy_plain = browser::copy_plain;
    host.edit_text = browser::edit_text;
    host.load_kept = browser::load_kept;
    host.save_kept = browser::save_kept;
    host.open_file = browser::open_file;
    host.load_words = browser::load_words;
    host.set_language = browser::set_language;
    host.fonts_dir = "/fonts";
    host.words_dir = "/words";   // a link's lang=: its table, written there before main() (web/moe-lab-api.js)
    host.save_png = browser::save_png;
    host.record_start = browser::record_start;
    host.record_frame = browser::record_frame;
    host.record_stop = browser::record_stop;
    host.workers = platform::web_workers();
    static app::App a(host, browser::query());
    g_app = &a;
    platform::connect_web_workers(&a, changed);
    browser::expose(&a, loop_state, after_command);
    // a few frames to lay the page out, then sleep until the page is touched: nobody is looking at a hover yet, and
    // a second of frames at every opening was half the CPU a page's opening took in software WebGL
    g_settle_frames = kStartFrames;
    emscripten_set_main_loop(frame, 0, false);
    return 0;
}
