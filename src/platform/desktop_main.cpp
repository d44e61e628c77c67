// The desktop app: the same UI as the page in a GLFW window, for debugging.
//   moe-lab-desktop ["lab=cluster-experts&preset=lecture&seed=3"] [--play] [--frames N --screenshot-after]
#include "platform/glfw_window.hpp"
#include <GLFW/glfw3.h>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    std::string query;
    bool play = false;
    std::vector<std::string> commands;
    long max_frames = -1;
    for (int k = 1; k < argc; ++k) {
        if (!std::strcmp(argv[k], "--play")) play = true;
        else if (!std::strcmp(argv[k], "--frames") && k + 1 < argc) max_frames = std::atol(argv[++k]);
        else if (!std::strcmp(argv[k], "--command") && k + 1 < argc) commands.push_back(argv[++k]);
        else if (!std::strcmp(argv[k], "--help")) {
            std::printf("usage: moe-lab-desktop [QUERY] [--play] [--frames N] [--command CMD ...]\n"
                        "  QUERY    a shared link's query, e.g. \"lab=cluster-experts&preset=lecture&seed=3\"\n"
                        "  --frames quit after N frames, printing the app's state as JSON\n"
                        "  CMD      as window.moeLab.command in the page: play, step, next-phase, view=2, scale=1.5, ...\n");
            return 0;
        } else query = argv[k];
    }
    GLFWwindow* w = platform::open_window("MoE Lab", 1280, 720);
    if (!w) { std::fprintf(stderr, "moe-lab-desktop: could not open a GL 3.3 window\n"); return 1; }
    app::Host host;
    host.platform_name = "desktop";
    host.font_file = MOE_FONT_FILE;
    host.now_ms = platform::now_ms;
    host.set_query = [](const std::string& q) { std::printf("link: ?%s\n", q.c_str()); };
    host.copy_text = [w](const std::string& t) { glfwSetClipboardString(w, ("?" + t).c_str()); };
    host.download = [](const std::string& file, const std::string& text) {
        std::ofstream(file) << text;
        std::printf("wrote %s\n", file.c_str());
    };
    app::App a(host, query);
    for (const auto& c : commands)
        if (std::string why = a.command(c); !why.empty()) std::fprintf(stderr, "moe-lab-desktop: %s\n", why.c_str());
    if (play) a.command("play");
    for (long f = 0; !glfwWindowShouldClose(w) && f != max_frames; ++f) platform::run_frame(w, a);
    std::printf("%s\n", a.state_json().c_str());
    platform::close_window(w);
    return 0;
}
