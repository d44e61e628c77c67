// A whole app::App headless (no GL, no window), for the app's tests (tests/app/test_app_*.cpp): an ImGui context
// with its default font, a stub Host that keeps the URLs the app writes, and frames drawn into nothing.
#pragma once
#include "app/frame/app.hpp"
#include <doctest/doctest.h>
#include <imgui.h>
#include <memory>
#include <string>
#include <vector>

namespace headless {

// An ImGui context with a 1280×720 canvas and the default font (the atlas built; no texture made: no GL).
struct Imgui {
    ImGuiContext* context = ImGui::CreateContext();
    Imgui() {
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1280, 720);
        io.Fonts->AddFontDefault();
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    }
    ~Imgui() { ImGui::DestroyContext(context); }
};

struct Page {
    std::vector<std::string> urls;   // every URL the app wrote (Host::set_query)
    double clock = 0;
    double tick_ms = 0.01;   // the clock's advance per reading: a slice of training gets about a thousand steps
    Imgui imgui;
    std::unique_ptr<app::App> app;
    std::string app_font_file;

    // font_file: ImGui's default font when empty; else that font (and fonts_dir's for the languages), rebuilt at
    // the UI scale between frames as the page does (served_page).
    explicit Page(const std::string& link, app::WorkerPool* workers = nullptr, const std::string& words_dir = "",
                  const std::string& page_address = "", const std::string& font_file = "",
                  const std::string& fonts_dir = "") {
        app::Host host;
        host.words_dir = words_dir;
        host.font_file = font_file;
        host.fonts_dir = fonts_dir;
        host.page_address = page_address;
        host.platform_name = "test";
        host.workers = workers;
        host.set_query = [this](const std::string& q) { urls.push_back(q); };
        host.now_ms = [this] { return clock += tick_ms; };
        app_font_file = font_file;
        app = std::make_unique<app::App>(host, link);
    }
    ~Page() { app.reset(); }
    std::string url() const { return urls.empty() ? "" : urls.back(); }
    std::string state() const { return app->state_json(); }
    bool has(const std::string& json_part) const { return state().find(json_part) != std::string::npos; }
    void frames(int n) {
        for (int k = 0; k < n; ++k) {
            if (!app_font_file.empty() && app->fonts_need_rebuild()) app->rebuild_fonts();
            ImGui::GetIO().DeltaTime = 1.0f / 60;
            ImGui::NewFrame();
            app->frame();
            ImGui::Render();
            app->frame_drawn();
        }
    }
    // Frames until the run (and B) has ended.
    void play_to_end() {
        for (int k = 0; k < 2000 && !has("\"done\":true"); ++k) frames(1);
        REQUIRE(has("\"done\":true"));
    }
};

// A page as the browser serves it: its font (DejaVu Sans cut as the page embeds it), the languages' fonts and
// word tables, at 1280×720 CSS pixels and density 1, so that its text is measured and laid out as on the page.
inline std::unique_ptr<Page> served_page(const std::string& link) {
#if defined(MOE_FONT_FILE) && defined(MOE_FONTS_DIR) && defined(MOE_WORDS_DIR)
    return std::make_unique<Page>(link, nullptr, MOE_WORDS_DIR, "", MOE_FONT_FILE, MOE_FONTS_DIR);
#else
    FAIL("MOE_FONT_FILE, MOE_FONTS_DIR or MOE_WORDS_DIR is not defined");
    return nullptr;
#endif
}

// The page's Web Workers as a list of what the app asked of them (Page's `workers`).
struct FakePool : app::WorkerPool {
    std::vector<std::string> calls;
    void start(int count) override { calls.push_back("start " + std::to_string(count)); }
    void open(int run, const std::string& query) override {
        calls.push_back("open " + std::to_string(run) + " " + query);
    }
    void play(bool on) override { calls.push_back(on ? "play" : "pause"); }
    void open_b(int run, const std::string& query, const std::string& text) override {
        calls.push_back("open_b " + std::to_string(run) + " " + query + (text.empty() ? "" : " text " + text));
    }
    void pace_b(int, double) override {}
    void text_b(int run, const std::string& text) override {
        calls.push_back("text_b " + std::to_string(run) + " " + text);
    }
    void close_b() override { calls.push_back("close_b"); }
    void assign(int, int, int, int) override {}
    void fill(int, int, const std::vector<core::SweepResult>&) override {}
};

// The first number under this key in state() (the run's own come before the tour's and B's).
inline double number(const Page& p, const std::string& key) {
    const std::string s = p.state(), k = "\"" + key + "\":";
    const size_t at = s.find(k);
    REQUIRE(at != std::string::npos);
    return std::stod(s.substr(at + k.size()));
}

// The messages in state(), as one string.
inline std::string messages(const Page& p) {
    const std::string s = p.state();
    const size_t a = s.find("\"messages\":[");
    REQUIRE(a != std::string::npos);
    bool in_string = false;
    for (size_t k = a + 12; k < s.size(); ++k) {   // to the array's end (a ']' outside the strings)
        if (in_string && s[k] == '\\') ++k;
        else if (s[k] == '"') in_string = !in_string;
        else if (!in_string && s[k] == ']') return s.substr(a, k - a);
    }
    return s.substr(a);
}

}   // namespace headless
