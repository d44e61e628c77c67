// Compare mode's run B: run A with one or more parameters changed, on the same seed, in lockstep with A (on this
// page, session::step_lockstep) or in a Web Worker of its own, paced by A (session/paced_run.hpp). This part owns B: its
// changes and the named comparison they are, its run here, its worker, and the snapshot of it the page shows. The
// App opens A and decides when B is rebuilt (B follows A: a new configuration of A, the same changes). Its keys
// (compare=, vs=, b=, csv-b), the sidebar's panel and the strip of A/B metrics are this part's (compare_panel.cpp).
#pragma once
#include "app/controls/control_map.hpp"
#include "app/parts/exercise.hpp"
#include "app/frame/host.hpp"
#include "app/controls/part.hpp"
#include "session/compare.hpp"
#include "core/runner.hpp"
#include "session/run_snapshot.hpp"
#include "session/share_link.hpp"
#include <memory>
#include <functional>
#include <string>
#include <vector>

namespace app {

class Compare : public Part {
public:
    Compare(Stage& stage, const Host& host, ControlMap& controls, const Exercise& exercise)
        : stage_(stage), host_(host), controls_(controls), exercise_(exercise) {}
    std::vector<PageKey> keys() override;            // compare=ID|off, b.NAME=VALUE, vs=NAME, csv-b, state().compare
    void draw_panel();                               // the sidebar's: choose and edit B
    void draw_strip();                               // above the views: the headline metrics of A, B and B − A
    bool on() const { return runner_ != nullptr; }   // a run B exists
    const core::Changes& changes() const { return changes_; }
    const std::string& title() const { return title_; }                  // a named comparison's ("": hand-made)
    const std::vector<std::string>& watch() const { return watch_; }     // the metrics it is about
    const session::RunSnapshot& b() const { return b_; }                 // what the page shows of B
    bool remote() const { return remote_; }                              // B runs in its own worker
    core::Runner* here() { return remote_ ? nullptr : runner_.get(); }   // B when it steps on this page
    core::Table trace() const { return remote_ ? b_.trace : runner_->trace(); }          // B's time series (on())
    bool fresh() const { return runner_ && !remote_ && runner_->work_charged() == 0; }   // B here, not begun
    // B = A (its lab and parameters) with these changes, named when they are one of the lab's comparisons: "" or
    // why not (the comparison stays as it was). B is made by reset().
    std::string set(const core::Lab& a, const core::Params& params, const core::Changes& changes,
                    const std::string& title);
    void end();    // no comparison
    void drop();   // no run B (its worker closed); the changes stay
    // A's new run (its configuration): B from it with the same changes, in a worker of its own when worker(B's work
    // in native seconds) says so. "" or why the comparison ended (A's configuration leaves no valid B: A runs alone).
    std::string reset(const core::Lab& a, const session::RunConfig& config, const std::function<bool(double)>& worker);
    double b_seconds() const;                         // B's planned work in native seconds (0: no B)
    void sync(const core::Runner& a, bool playing);   // once a frame after training: B's state, its worker's pace
    bool finished() const;                            // B has ended (false: no B)
    bool catching_up(const core::Runner& a, bool playing) const;   // B's worker is behind paused A
    void snapshot(int run, const std::string& bytes);              // B's worker: B now
    // The class's text (Stage::read_text) read by B too, where it is (its progress kept); B's reset() reads A's.
    void read_text(const std::string& text);
    void failed(const std::string& why);   // B's worker stopped: B runs here from its start and catches up
    std::string id(const core::Lab& a, const std::string& preset) const;   // compare=ID for the link ("": b. keys)
    std::string json(const core::Runner& a) const;                         // state().compare

    // What B is, as the page shows it: a named comparison's title, else its changes ("η_r = 0,5, Routing = Token
    // choice": the parameters' names and the values as the page shows them).
    std::string shown_b() const;

private:
    std::string choose(const std::string& id);   // compare=ID (a named comparison), compare=off
    std::string vary(const std::string& name);   // vs=NAME: B = A with NAME changed (again: not)
    std::string change(const core::Changes& changes, const std::string& title);   // "" or why not
    void leave();                                                                 // no comparison, and the link says so

    Stage& stage_;
    const Host& host_;
    ControlMap& controls_;
    const Exercise& exercise_;
    std::unique_ptr<core::Runner> runner_;   // run B (null: no comparison); at its start while remote_
    bool remote_ = false;                    // B runs in its own Web Worker (runner_ is the fallback)
    int run_ = 0;                            // tags B's worker's snapshots: an earlier B's are dropped
    double limit_sent_ = -1;                 // the pace last sent to B's worker
    session::RunSnapshot b_;
    core::Changes changes_;            // B = A with these
    std::string title_;                // the named comparison's title ("" for a hand-made one)
    std::vector<std::string> watch_;   // and the metrics it is about (core::Comparison::watch)
};

}   // namespace app
