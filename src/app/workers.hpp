// Sweep repetitions in the page's Web Workers (Host::workers): how many were asked for and are ready, the run they
// follow, whether they work now, and what happened to them. Each new run is opened in every ready worker, which runs
// the same link to the same sweep and then only the repetitions it is handed (core/sweep_dispatch.hpp); their
// results land in the same slots as the page's own, so the numbers are the same with and without them.
#pragma once
#include "app/host.hpp"
#include "core/lab.hpp"
#include "core/share_link.hpp"
#include "core/sweep_dispatch.hpp"
#include <memory>
#include <string>

namespace app {

class Workers {
public:
    explicit Workers(const Host& host);
    bool available() const { return host_.workers != nullptr; }   // the page has workers (the desktop: threads)
    // workers=N (0 … 16) or auto (-1: one per spare core): "" or why not.
    static std::string parse(const std::string& arg, int& n);
    bool asked_for(int n) const { return n == requested_ && started_; }   // (after a failure they start again)
    void start(int n);                                                    // n workers, ready later
    void ready(int ready, const std::string& why);                        // `ready` of them started (0: why)
    int ready_count() const { return ready_; }
    int requested() const { return requested_; }    // -1: auto
    bool connected() const { return connected_; }   // the run's repetitions go to them
    // A new run: the ready workers open it too, from its start (a sweep's number in the run must mean the same
    // sweep everywhere), and the lab hands them repetitions.
    void connect(core::Lab& lab, const core::RunConfig& config);
    void sync(bool run_plays);   // they work only while the run plays
    // A worker's finished jobs for run `run`: false when they are not what was asked for (the worker failed). An
    // earlier run's are dropped.
    bool deliver(int worker, int run, const std::string& text);
    // A worker stopped: all of them end, the page runs every sweep itself. Returns the note that says so.
    std::string fail(int worker, const std::string& why);
    std::string json() const;   // state().workers

private:
    const Host& host_;
    std::unique_ptr<core::SweepDispatcher> dispatcher_;   // with host_.workers only
    int requested_ = -1;
    int ready_ = 0;
    std::string note_;   // why none run, or what happened to them
    int run_ = 0;        // tags the workers' messages: an earlier run's are dropped
    bool started_ = false, connected_ = false, playing_ = false;
};

}   // namespace app
