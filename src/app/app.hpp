// App: the whole UI of MoE Lab, for any lab, built from what the lab declares (DESIGN.md).
// The platform main loop (browser or desktop) calls frame() once per ImGui frame; training runs
// inside frame() in slices that fit the frame budget, so the page never freezes.
#pragma once
#include "core/lab.hpp"
#include "core/share_link.hpp"
#include <functional>
#include <memory>
#include <string>
#include <vector>

// Compute budget per frame (ms) for each speed setting; the rest of the ~16 ms frame is drawing.
inline constexpr double kBudgetMs[] = {0.5, 1.5, 4, 8, 12};
inline constexpr const char* kSpeedNames[] = {"slow motion", "slow", "medium", "fast", "full speed"};
inline constexpr int kFullSpeed = 4;

namespace app {

// What the platform provides: the URL, the clipboard, downloads, a clock.
struct Host {
    std::function<void(const std::string& query)> set_query;      // replace the page URL's query
    std::function<void(const std::string& text)> copy_text;        // clipboard
    std::function<void(const std::string& file, const std::string& text)> download;
    std::function<double()> now_ms;
    std::string platform_name;                                       // "browser" / "desktop"
    std::string font_file;                                           // a TTF with Greek and math signs
};

class App {
public:
    App(Host host, const std::string& initial_query);
    void frame();                                  // draw the UI and advance training
    bool fonts_need_rebuild() const { return fonts_dirty_; }
    void rebuild_fonts();                          // call between frames (platform owns GL)
    std::string state_json() const;                // everything the page exposes to tests
    // "play", "lab=ID", "seed=N", ... (the table in commands.cpp). Returns "" when it acted, otherwise
    // why not; a refusal is also added to the page's messages.
    std::string command(const std::string& cmd);
    float ui_scale() const { return ui_scale_; }

private:
    struct Command;
    static const std::vector<Command>& commands();   // commands.cpp
    // configuration
    void open(const core::RunConfig& c);           // switch lab and/or parameters, then reset
    void apply_edit();                             // edited parameters → config (when valid)
    void reset_run();
    void advance(double budget_ms);
    // drawing
    void draw_sidebar(float width);
    void draw_controls();
    void draw_run_buttons();
    void draw_share_and_export();
    void draw_metrics_table();
    void draw_header();
    void draw_timeline();
    void draw_views();
    void draw_messages();

    Host host_;
    std::unique_ptr<core::Lab> lab_;
    core::RunConfig config_;                       // what is running
    core::Params edit_;                            // what the controls show
    core::Validation edit_check_;
    std::vector<std::string> link_messages_;       // from a malformed shared link or a refused command
    std::string last_query_;

    bool playing_ = false;
    int target_phase_ = -1;                        // "next phase": run until phase() reaches it
    int speed_ = 4;                                // index into the frame-budget table
    double run_ms_ = 0, longest_frame_ms_ = 0;
    double train_ms_ = 0, ui_ms_ = 0;               // last frame: training, and building the UI
    double last_frame_start_ = 0;
    long frames_while_running_ = 0, steps_ = 0;
    bool finished_reported_ = false;

    std::vector<core::View> views_;
    int focused_view_ = -1;
    float ui_scale_ = 1.0f;
    bool fonts_dirty_ = true;
    float play_button_[4] = {0, 0, 0, 0};          // screen rect, exposed for the browser test
};

} // namespace app
