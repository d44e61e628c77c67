// App: configuration, the run loop in frame-budget slices, and the page layout.
#include "app/frame/app.hpp"
#include "session/compare.hpp"
#include "session/compare_views.hpp"
#include "session/paced_run.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include "app/plot/gpu_draw.hpp"
#include "app/controls/hover_help.hpp"
#include <imgui.h>
#include <algorithm>
#include <cstdio>

namespace app {

// The parts that ask the frame something are wired here: what the page shows as a whole (presenting, embedded,
// a tour, a phone), and where a command, a message or a new run goes.
App::App(Host host, const std::string& initial_query)
    : host_(std::move(host)),
      run_(host_, controls_, exercise_,
           Run::Page{[this](const std::string& c) { return command(c); },
                     [this](const std::string& m) { messages_.say(m); }, [this] { sync_url(); }, [this] { new_lab(); },
                     [this] { new_run(); }, [this] { return tour_.held(run_.runner()); }}),
      views_(
          run_, controls_, compare_, [this] { return layout_.presenting() || layout_.embedded(); },
          [this] { return tour_.on(); }),
      look_(run_, host_, controls_, [this] { return layout_.presenting() || layout_.embedded() || tour_.on(); }),
      language_(run_, host_, controls_, [this] { look_.fonts_changed(); }),
      record_(run_, host_, controls_, [this] { return !views_.shown().empty(); }),
      keyboard_(run_, host_, controls_, [this] { return key_context(); }),
      tour_(run_, controls_, [this](const std::vector<std::string>& ids) { views_.focus(ids); }),
      header_(run_, controls_, rewind_, [this] { return layout_.phone() && !layout_.presenting(); }) {
    // The parts, in the link's order (the language first: a link's language is read before the rest of it), then
    // the frame's own keys, then those a build adds (a test's).
    parts_ = {&language_, &run_,    &layout_,   &messages_, &views_,   &export_,    &tour_,
              &look_,     &rewind_, &exercise_, &compare_,  &qr_,      &record_,    &keyboard_,
              &controls_, &points_, &text_,     &header_,   &sidebar_, &worksheet_, &answers_};
    // the tour's panel: a lecturer's worksheet button; on a student's exercise, the answers kept on the device
    tour_.set_more([this] { exercise_.active() ? answers_.draw_buttons() : worksheet_.draw_button(); },
                   [this] { return exercise_.active() ? answers_.buttons_width() : worksheet_.button_width(); });
    tour_.set_note([this] { return answers_.shown_text(); });
    tour_.on_answer([this](int step, int answer) {
        if (exercise_.active()) answers_.keep(step, answer);
    });
    tour_.set_personal([this] { return exercise_.active(); });   // a student's own phone: "my answer"
    tour_.set_refuses([this](const session::RunConfig& c) { return exercise_.refuses(c); });
    for (Part* p : parts_) keys_.add(p->keys());
    keys_.add(declare_keys());
    for (MakePart make : added_parts()) {
        added_.push_back(make(run_));
        parts_.push_back(added_.back().get());
        keys_.add(added_.back()->keys());
    }
    controls_.use_keys(
        &keys_, [this](const std::string& c) { return command(c); },
        [this](const std::string& hide_as) { return exercise_.hides(hide_as); },
        [this](const std::string& lock_as) { return exercise_.locks(lock_as); });
    open_link(initial_query);
    run_.start_workers();   // workers=auto: they start loading now if the run pays for them
}

void App::new_lab() {
    views_.unfocus();
    tour_.end();   // a tour belongs to its lab
}

void App::new_run() {
    rewind_.clear();
    sync_url();
}

void App::run_b_snapshot(int run, const std::string& bytes) {
    compare_.snapshot(run, bytes);
    // B's last snapshot: moeLab.table() and the document show the finished B at once (before it, the next frame
    // rebuilds the views; rebuilding at every snapshot, ~40 a second, would cost the main thread)
    if (rewind_.live() && compare_.finished()) views_.build();
}

void App::frame() {
    gpu_frame();          // the last frame's GPU views were drawn
    keyboard_.handle();   // space, arrows, N, P, V, T, number keys, ? (keyboard.hpp)
    double t0 = host_.now_ms();
    bool running = run_.playing();
    double draw_ms = last_frame_start_ > 0 ? (t0 - last_frame_start_) - train_ms_ : 0;
    last_frame_start_ = t0;
    if (run_.playing() && !run_.finished()) rewind_.back_to_live();   // training goes on from the live run
    run_.advance(draw_ms);
    // a teacher's key in the making: its runs, as a paused run at full speed would run (three times the drawing's
    // time), a few milliseconds while the run plays
    worksheet_.work(running ? 8.0 : std::clamp(3 * draw_ms, 8.0, 100.0));
    double t1 = host_.now_ms();
    views_.build();
    rewind_.after_views(views_.all());
    views_.begin_frame();
    tour_.show_caption("");
    controls_.begin_frame();
    help_shown().clear();

    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    // (its background is the frame's clear, in the same colour: platform/glfw_window.cpp; one layer fewer a pixel)
    ImGui::Begin("MoE Lab", nullptr,   // words: not shown (no title bar)
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoBringToFrontOnFocus |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBackground);
    if (layout_.embedded()) draw_embed();
    else if (layout_.presenting()) draw_presentation();
    else if (layout_.phone()) draw_phone();
    else {
        float sidebar = std::min(vp->WorkSize.x * 0.34f, 340.0f * look_.scale());
        sidebar_.draw(ImVec2(sidebar, 0));
        ImGui::SameLine();
        ImGui::BeginChild("main", ImVec2(0, 0), false);
        header_.draw_title();
        messages_.draw();
        header_.draw_timeline();
        compare_.draw_strip();
        if (tour_.on()) tour_.draw_panel();
        else
            header_.draw_look_for(
                compare_.on());   // comparing: the A/B strip takes the claim's room (it stays on hover)
        views_.draw_grid();
        ImGui::EndChild();
    }
    ImGui::End();
    points_.apply_plane_edit();   // a tap on the data view, once its plot has seen it
    keyboard_.draw_help();
    controls_.end_frame();

    train_ms_ = t1 - t0;
    ui_ms_ = host_.now_ms() - t1;
    if (running) {   // (the first frame after Play: its own time, not the pause before it since the last frame)
        const double ms = ran_last_frame_ ? ImGui::GetIO().DeltaTime * 1000.0 : host_.now_ms() - t0;
        run_.count_frame(ms);
    }
    ran_last_frame_ = running;
}

KeyContext App::key_context() const {
    KeyContext c;
    c.touring = tour_.on();
    c.presenting = layout_.presenting();
    c.views = int(views_.all().size());
    c.moments = rewind_.moments();
    c.rewound = !rewind_.live();
    return c;
}

}   // namespace app
