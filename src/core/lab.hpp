// Lab: the one seam every paper plugs into. A lab is a declaration (const data, the same for every run, made once
// for the program's life: core::find_lab, core/registry.hpp): its info, parameters, phases, metrics' headlines,
// checks, the plan of a run's parts (core/work_plan.hpp) with its one unit of work, a tour and its comparisons; and
// a factory start(params, seed) that makes the live run (a LabRun), the way Box2D makes a b2Body from a b2BodyDef.
// Checking a link, the CLI's arguments and the page's document read the declaration only; a core::Runner
// (core/runner.hpp) runs one run of it: the run advances by step(budget) and reports where it is, and the Runner
// derives everything else (the phase on the timeline, the progress bar, the clock, slicing into the frame budget),
// the same way for every lab. The app, the CLI and the URL codec derive the rest from the declaration.
// src/labs/README.md is the anatomy of a lab folder.
#pragma once
#include "core/bind.hpp"
#include "core/comparison.hpp"
#include "core/limits.hpp"   // check_memory: for check()
#include "core/outcome.hpp"
#include "core/params.hpp"
#include "core/table.hpp"
#include "core/tour.hpp"
#include "core/view.hpp"
#include "core/work_budget.hpp"
#include "core/work_plan.hpp"
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace core {

// A text the class types for a lab to read (a language model's own sentence): the field's name and help, none when
// `label` is empty. The page keeps it in its link (text=) and hands it to the run (LabRun::read_text), which shows
// what it makes of it in its view "class-text".
struct TextInput {
    std::string label;   // "Your sentence"
    std::string help;    // what to type, and what the view shows of it
};

// What a run made of a class's text (LabRun::read_text): what is wrong with it, in a sentence for the page ("":
// nothing), and whether it was refused (nothing to show: empty, too long, not UTF-8), which changes nothing.
struct TextRead {
    std::string message;
    bool refused = false;
};

struct LabInfo {
    std::string id;          // "cluster-experts"
    std::string title;       // "Cluster experts"
    std::string citation;    // "Chen, Deng, Wu, Gu, Li (2022): Towards Understanding MoE in Deep Learning"
    std::string seed_file;   // "001_4f45c01ee3e27338.txt"
    std::string summary;     // one paragraph for the page
    TextInput text;          // a text the class types (none: the lab reads none)
    bool reads_text() const { return !text.label.empty(); }
};

struct Phase {
    std::string id, title;
    std::string look_for;   // what to watch on the plots during this phase
    std::string claim;      // the paper's statement for it, with its reference
};

struct Metric {
    std::string key;     // "acc_moe_cubic": CLI/JSON/CSV name
    std::string label;   // "Nonlinear MoE test accuracy"
    double value = 0;
    std::string format = "%.4f";
    // Why the value may be NaN by design ("not reached within the sweep", "not defined for c = 0").
    // Output writes NaN as null and says which: this reason, or "NaN" for a value that went wrong.
    std::string when_nan;
};

// "" for a finite value; otherwise what a null in the output means: the metric's reason or "NaN"/"inf".
std::string missing_reason(const Metric& m);

// The numbers a reproduction reports over seeds, each next to the paper's.
struct Headline {
    std::string key;     // a Metric key
    std::string paper;   // the paper's number as text, e.g. "99.46 (Table 1)"
};

struct Validation {
    std::vector<std::string> errors;     // the run cannot start: each says what to change
    std::vector<std::string> warnings;   // it can, but the user should know (slow, off-theory)
    bool ok() const { return errors.empty(); }
};

using Overrides = std::vector<std::pair<std::string, double>>;

// Sizes the generic tests run a lab at (tests/labs/test_all_labs.cpp, tests/core/test_compare.cpp, ...),
// declared by the lab so that a new lab needs no test edited: overrides of the default preset.
struct TestSizes {
    Overrides quick;        // the smallest run that still passes through every part: seconds at most
    Overrides large_data;   // a data set large enough that drawing it takes many steps
    Overrides sweeps;       // quick, with two or more repetitions in every sweep (the threads test); none: quick
};

// The live state of one run, made by Lab::start(params, seed) for a core::Runner. It owns everything that changes.
// Its plan's parts are an enum of the lab's (run.hpp: enum Part { kDraw, kTrain, kDone }) that plan() adds in order
// and where() reports; past the last part, where() says kDone (one past the last enumerator; a plan may leave out
// optional last parts, such as a sweep of zero seeds), and done() follows from that.
class LabRun {
public:
    virtual ~LabRun() = default;
    // Advances by about budget's work, spent from the one budget by everything it calls (data generation,
    // training, evaluation, sweep jobs); the last item may overrun by less than one item. The numbers must
    // not depend on where slices end (tests run every lab at two budgets and compare bits).
    virtual void step(WorkBudget& budget) = 0;
    virtual Where where() const = 0;   // the part of the plan, how far into it; past the last part: finished
    virtual std::vector<Metric> metrics() const = 0;          // current scalar metrics
    virtual void views(std::vector<View>& out) const = 0;     // plots, filled from cached data
    const std::string& failure() const { return failure_; }   // non-empty: stopped (NaN, ...), why
    const Table& trace() const { return trace_; }             // time series (CSV)
    // Finished (where() is past the plan's last part) or failed.
    bool done() const { return !failure_.empty() || where().part >= done_part_; }
    // This run only serves whole sweep repetitions to another process (the page's Web Worker,
    // session/sweep_dispatch.hpp): its metrics and views are never read, so it may go straight to its sweeps past the
    // parts whose results no sweep job reads (a lab overrides this where that pays). Called before the first step.
    virtual void serve_sweeps() {}
    // The class's text (LabInfo::text; "": the lab's own example), read now and kept: the views show what the run
    // makes of it, as soon as there is something to read it with. A refused text changes nothing.
    virtual TextRead read_text(const std::string& text) {
        (void)text;
        return {};
    }

protected:
    // done_part: the part where() reports once the run has finished, one past the last of its Part enum (kDone).
    explicit LabRun(int done_part) : done_part_(done_part) {}
    std::string failure_;   // set once, with what to change; the run then stops
    Table trace_;           // columns set by the run's constructor, a row per evaluation

private:
    int done_part_;
};

// The usual shape of a run: made by LabOf from its lab's Config (the parameters read once, core/bind.hpp) and a
// seed, both kept. done_part: as LabRun's.
template <class C>
class RunOf : public LabRun {
public:
    using Config = C;
    const C& config() const { return cfg_; }

protected:
    RunOf(const C& c, uint64_t seed, int done_part) : LabRun(done_part), cfg_(c), seed_(seed) {}
    C cfg_;
    uint64_t seed_;
};

// The declaration of a lab: const data, made once (core::find_lab) and read from any thread.
class Lab {
public:
    virtual ~Lab() = default;

    virtual const LabInfo& info() const = 0;
    virtual const Schema& schema() const = 0;
    virtual const std::vector<Phase>& phases() const = 0;
    virtual std::vector<Headline> headlines() const = 0;
    // Cross-parameter checks (l <= n, d >= 2K, memory), and in `plan` the run's parts with their phases and
    // estimated work (core/work_plan.hpp): both from one reading of the parameters. Ranges and the work limit are
    // checked by validate().
    virtual Validation check(const Params& p, WorkPlan& plan) const = 0;
    // The one calibration of the lab's unit of work: units per second natively (-O3), measured and stated
    // once. It sizes Runner::step()'s slice and converts plan() to seconds for the work limit; `moe-lab bench`
    // prints the measured rate next to it, and a test checks that plan() and the work charged agree.
    virtual double units_per_second() const = 0;
    // The live run for these parameters (validate(p).ok()) and seed, and in `plan` its plan: both from one
    // reading of the parameters. A core::Runner calls it.
    virtual std::unique_ptr<LabRun> start(const Params& p, uint64_t seed, WorkPlan& plan) const = 0;
    // The sizes the generic tests run it at (TestSizes above).
    virtual TestSizes test_sizes() const = 0;
    // A guided tour for lectures (4–8 steps, core/tour.hpp).
    virtual std::vector<TourStep> tour() const { return {}; }
    // The A/B contrasts the paper argues by (core/comparison.hpp): the page's compare menu and the
    // CLI's --comparison. Any parameter can still be compared by hand.
    virtual std::vector<Comparison> comparisons() const { return {}; }
    // What a finished run showed, decided by its metrics (core/outcome.hpp): the page's end-of-run line and
    // announcement, the CLI's run and reproduce. Every lab says at least one (a test fails otherwise).
    virtual std::vector<Outcome> outcomes() const { return {}; }
};

// The usual shape of a lab: its declaration as data, filled in by its constructor (info, schema and presets,
// phases, headlines, the sizes for the generic tests, the one calibration), its parameters bound to its Config
// (core/bind.hpp), and the run it starts, R(config, seed), a RunOf<Config>. The parameters are read into a Config
// once per check and once per run; what stays code is what depends on the Config (check, plan) and the tour and
// comparisons:
//   class MyLab : public core::LabOf<MyRun> {
//   public:
//       MyLab();   // : LabOf(units_per_second, binding()) { info_ = {...}; schema_ = ...; phases_ = {...}; ... }
//       core::Validation check(const MyConfig& c) const override;   // when the lab has cross-parameter checks
//       core::WorkPlan plan(const MyConfig& c) const override;
//   };
template <class R, class C = typename R::Config>
class LabOf : public Lab {
public:
    LabOf(double units_per_second, const Bound<C>& bound) : units_per_second_(units_per_second), bound_(bound) {}
    const LabInfo& info() const override { return info_; }
    const Schema& schema() const override { return schema_; }
    const std::vector<Phase>& phases() const override { return phases_; }
    std::vector<Headline> headlines() const override { return headlines_; }
    double units_per_second() const override { return units_per_second_; }
    TestSizes test_sizes() const override { return test_sizes_; }
    Validation check(const Params& p, WorkPlan& plan) const final {
        const C c = bound_.config(p);
        plan = this->plan(c);
        return check(c);
    }
    std::unique_ptr<LabRun> start(const Params& p, uint64_t seed, WorkPlan& plan) const final {
        const C c = bound_.config(p);
        plan = this->plan(c);
        return std::make_unique<R>(c, seed);
    }

protected:
    virtual Validation check(const C&) const { return {}; }   // the lab's cross-parameter checks
    virtual WorkPlan plan(const C& c) const = 0;              // the run's parts (core/work_plan.hpp)
    LabInfo info_;
    Schema schema_;
    std::vector<Phase> phases_;
    std::vector<Headline> headlines_;
    TestSizes test_sizes_;

private:
    double units_per_second_;
    const Bound<C>& bound_;
};

// Range errors from the schema, the lab's own cross-parameter checks, and the work limit of its plan.
Validation validate(const Lab& lab, const Params& p);

}   // namespace core
