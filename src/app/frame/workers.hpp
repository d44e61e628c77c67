// Sweep repetitions in the page's Web Workers (Host::workers): how many were asked for and are ready, the run they
// follow, whether they work now, and what happened to them. Workers join the run on the page wherever it is when they
// are ready (session/sweep_dispatch.hpp): each runs the same link, takes the sweeps already complete from the page and
// then only the repetitions it is handed; their results land in the same slots as the page's own, so the numbers
// are the same with and without them.
//
// workers=auto (the default) starts them only where they pay, as soon as such a run opens: its plan has at least
// kWorthSeconds of native work in sweep repetitions other processes may run (core::WorkPlan::elsewhere), or compare
// mode's run B has at least kWorthSecondsB of work (B then runs in a worker of its own), and the browser has a core
// to spare. Elsewhere the page never fetches the workers' module. Both thresholds are measured (docs/speed.md).
#pragma once
#include "app/frame/host.hpp"
#include "core/runner.hpp"
#include "session/share_link.hpp"
#include "session/sweep_dispatch.hpp"
#include <memory>
#include <string>

namespace app {

class Workers {
public:
    // Work that other processes could take, in native seconds (about twice that in the page), from which workers pay:
    // their module is fetched and compiled once (about 0.5 MB gzip), and a worker runs the run's own parts again.
    static constexpr double kWorthSeconds = 0.2;
    // Compare mode's B in a worker of its own pays for a longer run only: A and B keep within 2 % of each other
    // (session/paced_run.hpp) and their messages cross once a frame, so a short pair waits on them more than it gains
    // (latent-clusters' Lecture, 0.6 s: slower; gated-regression's, 1.9 s: 1.5x faster).
    static constexpr double kWorthSecondsB = 1.0;

    explicit Workers(const Host& host);
    bool available() const { return host_.workers != nullptr; }   // the page has workers (the desktop: threads)
    // workers=N (0 … 16) or auto (-1: where they pay, one per spare core): "" or why not.
    static std::string parse(const std::string& arg, int& n);
    bool asked_for(int n) const {
        return n == requested_ && (started_ || n < 0);
    }                                                // (workers=N after a failure: again)
    void start(int n);                               // n workers, ready later
    void ready(int ready, const std::string& why);   // `ready` of them started (0: why)
    int ready_count() const { return ready_; }
    int requested() const { return requested_; }    // -1: auto
    bool connected() const { return connected_; }   // the run's repetitions go to them
    // A new run: its sweeps record every result through the dispatcher, so that workers may join it at any point.
    void connect(core::Runner& run, const session::RunConfig& config);
    // The ready workers join the run where it is (not a run that has ended).
    void join(const core::Runner& run);
    // Once a frame (and when the page opens): with auto, the workers start when the run or compare mode's B (its work
    // in native seconds, 0: none) pays for them; they work only while the run plays.
    void sync(bool run_plays, double b_seconds);
    // Compare mode's B in a worker of its own: with workers=N whenever they are ready; with auto where that pays.
    bool take_b(double b_seconds) const { return ready_ > 0 && (requested_ > 0 || b_seconds >= kWorthSecondsB); }
    // A worker's finished jobs for run `run`: false when they are not what was asked for (the worker failed). An
    // earlier run's are dropped.
    bool deliver(int worker, int run, const std::string& text);
    // A worker stopped: all of them end, the page runs every sweep itself. Returns the note that says so.
    std::string fail(int worker, const std::string& why);
    std::string json() const;   // state().workers

private:
    const Host& host_;
    std::unique_ptr<session::SweepDispatcher> dispatcher_;   // with host_.workers only
    int requested_ = -1;
    int ready_ = 0;
    std::string note_;         // why none run, or what happened to them
    int run_ = 0;              // tags the workers' messages: an earlier run's are dropped
    double elsewhere_s_ = 0;   // the run's work in repetitions others may run, native seconds
    bool started_ = false, connected_ = false, playing_ = false;
    bool gave_up_ = false;   // none came, or one failed: auto starts none again (workers=N does)
};

}   // namespace app
