// The run on the page: run A (a lab at a configuration, and the parameters the controls show), where it is going
// and how fast, run B when comparing (compare.hpp), and the page's Web Workers that take its sweep repetitions
// (workers.hpp). It is the Stage every part reaches the run through; the frame advances it in slices that fit the
// frame budget (advance), so the page never freezes.
#pragma once
#include "app/parts/compare.hpp"
#include "app/controls/control_map.hpp"
#include "app/parts/exercise.hpp"
#include "app/frame/host.hpp"
#include "app/controls/part.hpp"
#include "app/frame/workers.hpp"
#include "core/runner.hpp"
#include "core/words.hpp"
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace app {

// Compute budget per frame (ms) for each speed setting; the rest of the ~16 ms frame is drawing.
inline constexpr double kBudgetMs[] = {0.5, 1.5, 4, 8, 12};
// (translated where they are shown: core::tr(kSpeedNames[k]))
inline constexpr const char* kSpeedNames[] = {core::later::tr("slow motion"), core::later::tr("slow"),
                                              core::later::tr("medium"), core::later::tr("fast"),
                                              core::later::tr("full speed")};
inline constexpr int kFullSpeed = 4;
// Skip (skip=end|phase): training in slices this long, a frame drawn between them, so that a class waits seconds
// for the end of a run instead of watching it (the page still answers: Pause stops it within a slice).
inline constexpr double kSkipSliceMs = 400;

class Run : public Stage, public Part {
public:
    // What the run asks of the page.
    struct Page {
        std::function<std::string(const std::string&)> command;   // any part's command
        Say say;                                                  // a message
        std::function<void()> write_url;                          // the page URL from the keys' state
        std::function<void()> new_lab;   // another lab opens (before its run): its tour and views large end
        std::function<void()> new_run;   // a run begins (its moments are forgotten; the URL follows)
        // Why the run may not be played on now ("" : it may): a tour's question waiting for its answer. Commands
        // (play, step, next-phase, skip, to) are refused with it; a part's own run to a target is not.
        std::function<std::string()> held;
    };
    Run(const Host& host, ControlMap& controls, const Exercise& exercise, Page page)
        : host_(host), page_(std::move(page)), compare_(*this, host, controls, exercise), workers_(host) {}
    Run(const Run&) = delete;   // its parts hold `this`
    Run& operator=(const Run&) = delete;

    // play, pause, step, next-phase, skip, to, reset, lab, preset, seed, set, revert, speed, workers
    std::vector<PageKey> keys() override;
    // lab, preset, seed, playing, skipping, done, failure, phase, phase_title, progress, clock, steps, metrics, errors,
    // params
    void state(std::string& json) const override;
    bool open_yet() const { return runner_ != nullptr; }   // a configuration was opened

    // Stage
    const core::Lab& lab() const override { return *lab_; }
    const core::Runner& runner() const override { return *runner_; }
    const session::RunConfig& config() const override { return config_; }
    bool playing() const override { return playing_; }
    bool finished() const override;
    bool settled() const override { return !playing_ && !compare_.catching_up(*runner_, playing_); }
    void play() override { playing_ = true; }
    void pause() override { playing_ = false; }
    void play_to(double progress) override;
    double going_to() const override { return target_progress_; }
    void play_to_phase(int phase) override;
    void forget_target() override { target_phase_ = -1, target_progress_ = -1; }
    void halt() override;
    void restart() override;
    void open(const session::RunConfig& c) override;
    void open(const session::RunConfig& c, const core::Validation& checked);   // c.params checked already (a link)
    const core::Params& edited() const override { return edit_; }
    std::string edit(const core::Params& params) override;
    std::string command(const std::string& text) override { return page_.command(text); }
    void say(const std::string& message) override { page_.say(message); }
    void write_url() override { page_.write_url(); }
    std::string read_text(const std::string& text) override;   // A's, and B's when comparing

    // The sidebar's controls edit the parameters in place, then apply them (they run when they are valid).
    core::Params& editing() { return edit_; }
    void apply_edit();
    const core::Validation& check() const { return edit_check_; }   // of the edited parameters
    int speed() const { return speed_; }
    // The frame: training gets the speed's budget (at full speed three times what drawing took, within bounds),
    // B and the workers follow, the sweeps go to the workers while the run plays.
    void advance(double draw_ms);
    bool waiting_for_workers() const { return playing_ && waiting_; }   // the rest runs in the page's workers
    long steps() const { return steps_; }
    // Wall time while playing, from Play (or the run's start), and the frames drawn meanwhile.
    struct Played {
        double ms = 0, longest_ms = 0;
        long frames = 0;
    };
    const Played& played() const { return played_; }
    void count_frame(double ms);   // a frame drawn while the run played
    Compare& b() { return compare_; }
    const Compare& b() const { return compare_; }
    const Workers& workers() const { return workers_; }
    void start_workers() { workers_.sync(false, compare_.b_seconds()); }   // workers=auto: loading, if they pay

    // The page's Web Workers report (platform/web_workers.cpp)
    void workers_ready(int ready, const std::string& why);
    void worker_results(int worker, int run, const std::string& text);
    void worker_failed(int worker, const std::string& why);

private:
    void open(const session::RunConfig& c, const core::Validation& checked, bool known);
    void step_slice(double budget_ms);
    std::string set_param(const std::string& change);   // set=NAME=VALUE
    std::string use_workers(const std::string& arg);    // workers=N|auto
    void reset_b();

    const Host& host_;
    Page page_;
    const core::Lab* lab_ = nullptr;         // the lab's declaration (core::find_lab)
    std::unique_ptr<core::Runner> runner_;   // its run
    session::RunConfig config_;              // what is running
    core::Params edit_;                      // what the controls show
    core::Validation edit_check_;
    bool playing_ = false;
    bool skipping_ = false;         // skip: kSkipSliceMs a slice, until the run pauses
    int target_phase_ = -1;         // "next phase": run until phase() reaches it
    double target_progress_ = -1;   // a tour step: run until progress() reaches it
    int speed_ = kFullSpeed;        // index into kBudgetMs
    long steps_ = 0;
    Played played_;
    bool waiting_ = false;   // the last slice found nothing to do: the rest of the sweep runs in the workers
    Compare compare_;        // run B (compare.hpp)
    Workers workers_;        // the page's Web Workers (workers.hpp)
};

}   // namespace app
