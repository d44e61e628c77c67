// App: configuration, the run loop in frame-budget slices, and the page layout.
#include "app/app.hpp"
#include "core/compare.hpp"
#include "session/compare_views.hpp"
#include "session/paced_run.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include "app/gpu_draw.hpp"
#include "app/hover_help.hpp"
#include <imgui.h>
#include <algorithm>
#include <cstdio>

namespace app {

App::App(Host host, const std::string& initial_query) : host_(std::move(host)) {
    keys_.add(language_.keys());   // (first: a link's language is read before the rest of it)
    keys_.add(declare_keys());
    keys_.add(tour_.keys());
    keys_.add(look_.keys());
    keys_.add(rewind_.keys());
    keys_.add(exercise_.keys());
    keys_.add(compare_.keys());
    keys_.add(qr_.keys());
    keys_.add(record_.keys());
    keys_.add(keyboard_.keys());
    keys_.add(controls_.keys());
    keys_.add(points_.keys());
    for (MakePart make : added_parts()) {
        parts_.push_back(make(*this));
        keys_.add(parts_.back()->keys());
    }
    open_link(initial_query);
    workers_.sync(false, compare_.b_seconds());   // workers=auto: they start loading now if the run pays for them
}

void App::open(const core::RunConfig& c) {
    if (!lab_ || lab_->info().id != c.lab) {
        lab_ = core::make_lab(c.lab);
        lab_->set_threads(host_.threads);
        compare_.end();   // a comparison belongs to its lab
        focused_view_ = focused_view2_ = -1;
        tour_.end();   // a tour belongs to its lab
    }
    config_ = c;
    edit_ = c.params;
    edit_check_ = core::validate(*lab_, edit_);
    reset_run();
}

void App::reset_run() {
    playing_ = false;
    target_phase_ = -1;
    target_progress_ = -1;
    run_ms_ = longest_frame_ms_ = 0;
    frames_while_running_ = steps_ = 0;
    finished_reported_ = false;
    lab_->reset(config_.params, config_.seed);
    rewind_.clear();
    workers_.connect(*lab_, config_);   // a new run: the ready workers open it too
    reset_b();
    sync_url();
}

void App::apply_edit() {
    edit_check_ = core::validate(*lab_, edit_);
    if (!edit_check_.ok() || edit_ == config_.params) return;
    config_.params = edit_;
    reset_run();
}

// One parameter from text, checked as a whole before it replaces the edit: a refusal leaves everything as it was.
std::string App::cmd_set(const std::string& change) {
    const size_t eq = change.find('=');
    const std::string name = change.substr(0, eq);
    if (eq == std::string::npos || eq == 0) return core::tr("expected NAME=VALUE (for example set=seed_count=3)");
    if (lab_->schema().index_of(name) < 0)
        return core::trf("unknown parameter %s for %s", core::quote(name).c_str(), config_.lab.c_str());
    core::Params probe = edit_;
    std::string why = probe.set_from_text(name, change.substr(eq + 1));
    return why.empty() ? edit(probe) : why;
}

std::string App::edit(const core::Params& params) {
    core::Validation check = core::validate(*lab_, params);
    if (!check.ok()) {
        std::string why;
        for (const std::string& e : check.errors) why += (why.empty() ? "" : "; ") + core::tr(e);
        return why;
    }
    edit_ = params;
    edit_check_ = check;
    if (edit_ == config_.params) return "";
    config_.params = edit_;
    reset_run();
    return "";
}

void App::advance(double budget_ms) {
    if (!playing_ || finished()) {
        playing_ = false;
        return;
    }
    waiting_for_workers_ = false;
    rewind_.back_to_live();   // training goes on from the live run
    double t0 = host_.now_ms();
    bool a_waits = false;   // the rest of A's sweep runs in the page's workers: nothing to do for A this frame
    core::Lab* b_here = compare_.here();   // B in its own worker: paced in Compare::sync
    do {
        if (compare_.remote() &&
            !core::may_step_ahead(*lab_, compare_.b())) {   // A is ahead of B's worker, or has ended
            waiting_for_workers_ = true;
            break;
        }
        const bool b_on = b_here && !core::finished(*b_here);
        if (a_waits && b_on) b_here->step();
        else {
            core::step_lockstep(*lab_, b_here);   // B, when comparing, keeps pace with A
            a_waits = lab_->waiting();
        }
        ++steps_;
        waiting_for_workers_ = a_waits && !b_on;
        if (waiting_for_workers_) break;
        if (target_phase_ >= 0 && lab_->phase() >= target_phase_) {
            playing_ = false;
            target_phase_ = -1;
            break;
        }
        if (target_progress_ >= 0 && lab_->progress() >= target_progress_) {
            playing_ = false;
            target_progress_ = -1;
            break;
        }
    } while (!finished() && host_.now_ms() - t0 < budget_ms);
    if (finished()) playing_ = false;
}

void App::build_views() {
    views_.clear();
    lab_->views(views_);
    if (compare_.on()) views_ = core::compare_views(views_, compare_.b().views, core::describe(compare_.changes()));
    // the views' texts in the page's language (core/words.hpp); a run's cached texts made before it was chosen too
    for (core::View& v : views_) core::for_each_text(v, [](std::string& s) { s = core::retranslate(s); });
}

void App::frame() {
    gpu_frame();                          // the last frame's GPU views were drawn
    keyboard_.handle();                   // space, arrows, N, P, V, T, number keys, ? (keyboard.hpp)
    large_a_ = large_b_ = ImVec2(0, 0);   // (draw_large_views marks where the views drawn large are)
    double t0 = host_.now_ms();
    bool running = playing_;
    // Full speed gives training three times what drawing took, between 12 and 100 ms: with a GPU
    // (drawing ~3 ms) that is 60 frames a second; with software rendering (drawing ~40 ms, as in
    // headless Chromium) the run still gets 3/4 of the time at ~8-12 frames a second.
    double draw_ms = last_frame_start_ > 0 ? (t0 - last_frame_start_) - train_ms_ : 0;
    last_frame_start_ = t0;
    double budget = kBudgetMs[speed_];
    if (speed_ == kFullSpeed) budget = std::clamp(3 * draw_ms, budget, workers_.connected() ? 200.0 : 100.0);
    workers_.sync(playing_ && !lab_->done(), compare_.b_seconds());   // they play only while the run plays
    advance(budget);
    workers_.sync(playing_ && !lab_->done(), compare_.b_seconds());
    compare_.sync(*lab_, playing_);
    double t1 = host_.now_ms();
    build_views();
    rewind_.after_views(views_);
    reports_.clear();
    tour_.show_caption("");
    controls_.begin_frame();
    help_shown().clear();

    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    ImGui::Begin("MoE Lab", nullptr,   // words: not shown (no title bar)
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoBringToFrontOnFocus |
                     ImGuiWindowFlags_NoSavedSettings);
    if (embed_) draw_embed();
    else if (present_) draw_presentation();
    else if (phone_layout()) draw_phone();
    else {
        float sidebar = std::min(vp->WorkSize.x * 0.34f, 340.0f * look_.scale());
        draw_sidebar(ImVec2(sidebar, 0));
        ImGui::SameLine();
        ImGui::BeginChild("main", ImVec2(0, 0), false);
        draw_header();
        draw_messages();
        draw_timeline();
        compare_.draw_strip();
        if (tour_.on()) tour_.draw_panel();
        else draw_look_for(compare_.on());   // comparing: the A/B strip takes the claim's room (it stays on hover)
        draw_views();
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
        run_ms_ += ms;
        longest_frame_ms_ = std::max(longest_frame_ms_, ms);
        ++frames_while_running_;
    }
    ran_last_frame_ = running;
}

KeyContext App::key_context() const {
    KeyContext c;
    c.playing = playing_;
    c.touring = tour_.on();
    c.presenting = present_;
    c.qr = qr_.on();
    c.recording = record_.on();
    c.question_open = !tour_.question(*lab_).prompt.empty() && !tour_.revealed(*lab_) && tour_.answer() < 0;
    c.views = int(views_.size());
    c.moments = rewind_.moments();
    c.rewound = !rewind_.live();
    return c;
}

bool App::finished() const { return core::finished(*lab_) && (!compare_.on() || compare_.finished()); }

void App::reset_b() {
    const std::string why = compare_.reset(*lab_, config_, [this](double b) { return workers_.take_b(b); });
    if (!why.empty()) add_message(core::trf("comparison ended: %s", why.c_str()));
}

void App::focus_views(const std::vector<std::string>& ids) {
    std::vector<core::View> vs;
    lab_->views(vs);
    std::vector<int> idx;
    for (const std::string& id : ids)
        for (size_t k = 0; k < vs.size(); ++k)
            if (vs[k].id == id) idx.push_back(int(k));
    focused_view_ = idx.empty() ? -1 : idx[0];
    focused_view2_ = idx.size() > 1 ? idx[1] : -1;
}

}   // namespace app
