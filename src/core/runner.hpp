// Runner: one run of a lab. It is made from the lab's declaration (core/lab.hpp, one for the program's life:
// core::find_lab), which it keeps, and reset(params, seed) starts the run, as Box2D makes a b2Body from a b2BodyDef.
// It slices the run into steps of the lab's one unit of work, hands each step its budget (core/work_budget.hpp),
// the threads and the other processes its sweeps may use, and derives from the run's plan and where() what the page,
// the desktop app and the CLI show: the phase on the timeline, the progress bar, the clock. Checking a link or the
// CLI's arguments reads the declaration and makes no Runner.
//   core::Runner run(*core::find_lab("cluster-experts"));
//   run.reset(params, seed);   // requires core::validate(run.lab(), params).ok()
//   while (!run.done()) run.step();
#pragma once
#include "core/lab.hpp"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace core {

class Workers;
class SweepRemote;

class Runner {
public:
    // One step() of the page, the desktop app and the CLI: this many seconds of native work at the lab's
    // units_per_second(), about 1 ms natively and 2–5 ms in WebAssembly, inside the page's ~12 ms frame.
    static constexpr double kSliceSeconds = 1e-3;

    explicit Runner(const Lab& lab);   // no run until reset()
    ~Runner();
    Runner(const Runner&) = delete;
    Runner& operator=(const Runner&) = delete;

    const Lab& lab() const { return lab_; }   // the declaration it runs

    void reset(const Params& p, uint64_t seed);   // requires validate(lab(), p).ok()
    void step();                                  // one slice of kSliceSeconds
    void step_units(double units);                // one slice of `units` (tests: other slicings)
    void serve_sweeps();                          // after reset: LabRun::serve_sweeps (a worker's run)
    // The class's text for this run and every run reset() starts after it (LabRun::read_text), unless refused.
    TextRead read_text(const std::string& text);
    const std::string& text() const { return text_; }
    // What this run made of it: read again by each reset(), whose parameters may refuse a text read before (a
    // sentence too long for a shorter context), which the run then does not show.
    const TextRead& text_read() const { return read_; }
    // Threads for the run's independent sweep jobs (natively; the CLI's --jobs): core/workers.hpp. The
    // numbers are the same for every count; shuffle ≠ 0 (tests) makes the jobs start and finish in other orders.
    void set_threads(int threads, uint64_t shuffle = 0);
    // Other processes for whole sweep repetitions (the page's Web Workers): core/sweep_remote.hpp. Not owned.
    void set_remote(SweepRemote* remote) { remote_ = remote; }
    // The last step ended because nothing is left to do here until results arrive from elsewhere.
    bool waiting() const { return waiting_; }
    bool done() const;   // the run's: finished or failed (LabRun::done)
    std::string failure() const;
    int phase() const;           // index into lab().phases()
    double progress() const;     // 0..1 of the whole run
    std::string clock() const;   // "phase I: t = 240 / 600" for the timeline
    std::vector<Metric> metrics() const;
    const Table& trace() const;
    void views(std::vector<View>& out) const;
    Where where() const { return run_ ? run_->where() : Where{}; }
    double work_charged() const { return charged_; }   // units spent since reset (bench, calibration test)
    const WorkPlan& current_plan() const { return plan_; }
    template <class R>
    const R& run_as() const {
        return dynamic_cast<const R&>(*run_);
    }   // for tests

private:
    const Lab& lab_;
    WorkPlan plan_;
    std::unique_ptr<LabRun> run_;
    std::unique_ptr<Workers> workers_;   // nullptr: one thread
    SweepRemote* remote_ = nullptr;
    bool waiting_ = false;
    double charged_ = 0;
    std::string text_;
    TextRead read_;
};

// Runs step() until done or failed. Returns the failure message ("" when it finished).
std::string run_to_end(Runner& run);

}   // namespace core
