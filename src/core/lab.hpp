// Lab: the one seam every paper plugs into (DESIGN.md). A lab declares its info, parameters,
// phases, metrics and views; it implements reset(params, seed) and step(), where step() advances
// training by one small, bounded unit of work (about a millisecond or two) so that the page can
// call it inside its frame budget. The app, the CLI and the URL codec derive everything else.
#pragma once
#include "core/comparison.hpp"
#include "core/limits.hpp"   // check_memory, check_work: for check()
#include "core/params.hpp"
#include "core/table.hpp"
#include "core/tour.hpp"
#include "core/view.hpp"
#include <cstdint>
#include <string>
#include <vector>

namespace core {

struct LabInfo {
    std::string id;          // "cluster-experts"
    std::string title;       // "Cluster experts"
    std::string citation;    // "Chen, Deng, Wu, Gu, Li (2022): Towards Understanding MoE in Deep Learning"
    std::string seed_file;   // "001_4f45c01ee3e27338.txt"
    std::string summary;     // one paragraph for the page
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

class Lab {
public:
    virtual ~Lab() = default;

    virtual const LabInfo& info() const = 0;
    virtual const Schema& schema() const = 0;
    virtual const std::vector<Phase>& phases() const = 0;
    virtual std::vector<Headline> headlines() const = 0;

    // Cross-parameter checks (l <= n, d >= 2K, memory); ranges are checked by validate() below.
    virtual Validation check(const Params& p) const = 0;

    virtual void reset(const Params& p, uint64_t seed) = 0;   // requires validate(p).ok()
    virtual void step() = 0;                                  // one bounded slice of work
    virtual bool done() const = 0;
    virtual std::string failure() const { return ""; }   // non-empty: stopped (NaN, ...), why
    virtual int phase() const = 0;                       // index into phases()
    virtual double progress() const = 0;                 // 0..1 of the whole run
    virtual std::string clock() const { return ""; }     // "t = 240 / 600" for the timeline

    virtual std::vector<Metric> metrics() const = 0;        // current scalar metrics
    virtual const Table& trace() const = 0;                 // time series (CSV)
    virtual void views(std::vector<View>& out) const = 0;   // plots, filled from cached data

    // A guided tour for lectures (4–8 steps, core/tour.hpp); none by default.
    virtual std::vector<TourStep> tour() const { return {}; }

    // The A/B contrasts the paper argues by (core/comparison.hpp): the page's compare menu and the
    // CLI's --comparison. None by default; any parameter can still be compared by hand.
    virtual std::vector<Comparison> comparisons() const { return {}; }
};

// Range errors from the schema plus the lab's own cross-parameter checks.
Validation validate(const Lab& lab, const Params& p);

// Runs step() until done or failed. Returns the failure message ("" when it finished).
std::string run_to_end(Lab& lab);

}   // namespace core
