// Compare mode's run B in another process (the page's Web Worker), paced by run A. Compare mode steps A and B in
// lockstep (session::step_lockstep) so that they move through their phases together; across processes each side
// steps while it is less than a window ahead of the other's last known progress:
//   - the page steps A while A's progress ≤ B's (its last snapshot) + kLockstepWindow, or once B has ended;
//   - the worker steps B while B's progress < the limit the page sends: A's progress + kLockstepWindow while A
//     plays, A's progress when A is paused (B catches up and stops), no limit once A has ended.
// B's numbers do not depend on where its slices end, so they equal those of B run on the page.
// The page sees B as snapshots (session/run_snapshot.hpp), sent after each slice of work.
#pragma once
#include "core/runner.hpp"
#include "session/run_snapshot.hpp"
#include <memory>
#include <string>

namespace session {

inline constexpr double kLockstepWindow = 0.02;   // of a run's progress: A and B stay within 2 % of each other

// The page's side: the limit to send, from A's state.
double pace_limit(const core::Runner& a, bool playing);
// May A step, given B's last snapshot?
bool may_step_ahead(const core::Runner& a, const RunSnapshot& b);

// The worker's side.
class PacedRun {
public:
    // B's run from its link query, reading the class's text (core::Runner::read_text; "": the lab's example): "" or
    // why not. (What is wrong with the text is the page's to say, from run A.)
    std::string open(const std::string& query, const std::string& text = "");
    void read_text(const std::string& text);   // a text typed later: read where the run is, a new snapshot
    void set_limit(double progress) { limit_ = progress; }
    bool idle() const;   // no run, ended, or at its limit
    void step();         // one slice (Runner::step) unless idle
    // A snapshot when the run changed since the last one (or was just opened); false when nothing changed.
    bool take_snapshot(std::string& bytes);
    const core::Runner* run() const { return run_.get(); }

private:
    std::unique_ptr<core::Runner> run_;
    double limit_ = 0;
    bool changed_ = false;
};

}   // namespace session
