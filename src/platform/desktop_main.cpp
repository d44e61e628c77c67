// The desktop app: the same UI as the page in a GLFW window, for debugging and for pictures.
//   moe-lab-desktop ["lab=cluster-experts&preset=lecture&seed=3"] [--play] [--frames N]
//                   [--command CMD ...] [--screenshot FILE] [--record DIR]
// An unknown flag is an error (exit 2), never taken for the link.
#include "platform/frame_recorder.hpp"
#include "platform/glfw_window.hpp"
#include "platform/png_export.hpp"
#include <GLFW/glfw3.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

static const char* kUsage =
    "usage: moe-lab-desktop "   // words: terminal
    "[QUERY] [--play] [--frames N] [--command CMD ...] [--screenshot FILE] [--record DIR]\n"
    "  QUERY         a shared link's query, e.g. \"lab=cluster-experts&preset=lecture&seed=3\"\n"
    "                (lecture keys too: present=1, embed=1, view=N, tour=N, scale=1.6)\n"
    "  --play        start training at once\n"
    "  --frames N    quit after N frames, printing the app's state as JSON\n"
    "  --command CMD as window.moeLab.command in the page: play, step, next-phase, view=2, scale=1.5,\n"
    "                present, tour=2, png=0 (writes the view's PNG into the current folder), ...\n"
    "  --screenshot FILE  write a PNG of the window after the last frame (needs no --frames: then when\n"
    "                the window is closed)\n"
    "  --record DIR  record from the start, as numbered PNG frames at 30 per second of wall time in DIR (the\n"
    "                Record button and record=1 also write there, or in moe-lab-clip without --record)\n";

static bool write_file(const std::string& file, const std::vector<uint8_t>& bytes) {
    std::ofstream f(file, std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return bool(f);
}

static int usage_error(const std::string& what) {
    std::fprintf(stderr, "moe-lab-desktop: %s\n%s", what.c_str(), kUsage);
    return 2;
}

int main(int argc, char** argv) {
    std::string query, screenshot, record_dir;
    bool play = false, have_query = false;
    std::vector<std::string> commands;
    long max_frames = -1;
    for (int k = 1; k < argc; ++k) {
        std::string a = argv[k];
        bool has_value = k + 1 < argc;
        if (a == "--play") play = true;
        else if (a == "--frames") {
            char* end = nullptr;
            if (!has_value || (max_frames = std::strtol(argv[k + 1], &end, 10), *end != 0 || max_frames < 1))
                return usage_error("--frames needs a whole number of frames ≥ 1");   // words: terminal
            ++k;
        } else if (a == "--command") {
            if (!has_value) return usage_error("--command needs a command, e.g. --command play");   // words: terminal
            commands.push_back(argv[++k]);
        } else if (a == "--screenshot") {
            if (!has_value || argv[k + 1][0] == '-')
                return usage_error("--screenshot needs a file name, e.g. --screenshot window.png");   // words: terminal
            screenshot = argv[++k];
        } else if (a == "--record") {
            if (!has_value || argv[k + 1][0] == '-')
                return usage_error("--record needs a folder for the frames, e.g. --record clip");   // words: terminal
            record_dir = argv[++k];
        } else if (a == "--help" || a == "-h") {
            std::printf("%s", kUsage);
            return 0;
        } else if (a.size() > 1 && a[0] == '-') {
            return usage_error("unknown option '" + a + "'");   // words: terminal
        } else if (have_query) {
            return usage_error("more than one link query: '" + query + "' and '" + a + "'");   // words: terminal
        } else {
            query = a;
            have_query = true;
        }
    }
    GLFWwindow* w = platform::open_window("MoE Lab", 1280, 720);   // words: not shown (the window title)
    if (!w) {
        std::fprintf(stderr, "moe-lab-desktop: could not open a GL 3.3 window\n");
        return 1;
    }
    app::Host host;
    host.platform_name = "desktop";
    host.threads =
        int(std::max(1u, std::thread::hardware_concurrency()));   // the sweep jobs the page gives its workers
    host.font_file = MOE_FONT_FILE;
    host.words_dir = MOE_WORDS_DIR;   // the build's merged translations and the fonts they need
    host.fonts_dir = MOE_FONTS_DIR;
    host.now_ms = platform::now_ms;
    host.set_query = [](const std::string& q) { std::printf("link: ?%s\n", q.c_str()); };   // words: terminal
    host.copy_text = [w](const std::string& t) { glfwSetClipboardString(w, ("?" + t).c_str()); };
    host.copy_plain = [w](const std::string& t) { glfwSetClipboardString(w, t.c_str()); };
    host.download = [](const std::string& file, const std::string& text) {
        std::ofstream(file) << text;
        std::printf("wrote %s\n", file.c_str());   // words: terminal
    };
    host.open_page = host.download;   // a worksheet: the file, to open in a browser and print
    host.save_png = [](const std::string& file, const std::vector<uint8_t>& png) {
        if (write_file(file, png)) std::printf("wrote %s\n", file.c_str());   // words: terminal
        else std::fprintf(stderr, "moe-lab-desktop: could not write %s\n", file.c_str());
    };
    platform::FrameRecorder recorder(record_dir.empty() ? "moe-lab-clip" : record_dir);
    host.record_start = [&recorder](int cw, int ch) { return recorder.start(cw, ch); };
    host.record_frame = [&recorder, w](int x, int y, int cw, int ch) {
        int fw = 0, fh = 0;
        glfwGetFramebufferSize(w, &fw, &fh);
        recorder.frame(x, y, cw, ch, fh);
    };
    host.record_stop = [&recorder] { recorder.stop(); };
    app::App a(host, query);
    if (!record_dir.empty()) commands.insert(commands.begin(), "record=1");
    for (const auto& c : commands)
        if (std::string why = a.command(c); !why.empty()) std::fprintf(stderr, "moe-lab-desktop: %s\n", why.c_str());
    if (play) a.command("play");
    std::vector<uint8_t> pixels;
    int pw = 0, ph = 0;
    for (long f = 0; !glfwWindowShouldClose(w) && f != max_frames; ++f) {
        // capture the last frame (or every frame when the window may be closed at any time)
        bool capture = !screenshot.empty() && (max_frames < 0 || f == max_frames - 1);
        platform::run_frame(w, a, {}, capture ? &pixels : nullptr, &pw, &ph);
    }
    a.command("record=0");   // a recording ends with the app: its frames are all written
    std::printf("%s\n", a.state_json().c_str());
    platform::close_window(w);
    if (!screenshot.empty()) {
        std::vector<uint8_t> png = platform::encode_png(pixels, pw, ph);
        if (png.empty() || !write_file(screenshot, png)) {
            std::fprintf(stderr, "moe-lab-desktop: could not write the screenshot %s\n", screenshot.c_str());
            return 1;
        }
        std::printf("wrote %s (%d×%d)\n", screenshot.c_str(), pw, ph);   // words: terminal
    }
    return 0;
}
