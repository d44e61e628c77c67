// Compare mode: run B is run A with one or more parameters changed, on the same seed, so the data stream
// is the same wherever the change allows. The page steps both in lockstep (step_lockstep) inside its frame
// budget; the CLI's `compare` pairs A and B seed by seed (paired_diff). Labs only declare named
// comparisons (core/comparison.hpp); everything else is here and in app/.
#pragma once
#include "core/comparison.hpp"
#include "core/runner.hpp"
#include "session/share_link.hpp"   // RunConfig
#include "core/stats.hpp"
#include <memory>
#include <string>
#include <vector>

namespace session {

// "name=value" → a change; "" or why not (no '=', unknown name, a value the parameter refuses).
std::string parse_change(const core::Schema& schema, const std::string& text, std::pair<std::string, std::string>& out);

// B's parameters: A's with the changes applied and checked like any configuration (ranges and the lab's
// cross-parameter checks), A and B each within half the memory and work of a single run (SharedLimits).
// Returns "" or every reason, joined, each naming A or B.
std::string apply_changes(const core::Lab& lab, const core::Params& a, const core::Changes& changes, core::Params& b);

// "noise_width = 0, M = 4" (the changes as a lecturer reads them).
std::string describe(const core::Changes& changes);

// A lab's named comparison, or nullptr.
const core::Comparison* find_comparison(const std::vector<core::Comparison>& list, const std::string& id);
std::string comparison_ids(const core::Lab& lab);   // "noise-off, large-init" for messages

// A run has ended: done, or stopped with a failure.
inline bool finished(const core::Runner& run) { return run.done() || !run.failure().empty(); }

// One slice of the pair: the run that is behind (by progress(); A on a tie) takes a step, so A and B
// move through their phases together even when B's change makes its steps cheaper or dearer. A run
// that has ended waits for the other. b may be null (no comparison): then it is A's step.
void step_lockstep(core::Runner& a, core::Runner* b);

// Two runs of a lab on one seed: B = A with changes. Used by the CLI and the tests; the app holds its own pair.
struct PairedRun {
    std::unique_ptr<core::Runner> a, b;
    // "" or why B cannot run (see apply_changes); A's configuration must be valid.
    std::string reset(const RunConfig& config, const core::Changes& changes);
    // A from config, B from b_params (apply_changes' result, already validated): no check, no shared state, so
    // that seeds can start on several threads at once.
    void start(const RunConfig& config, const core::Params& b_params);
    void step() { session::step_lockstep(*a, b.get()); }
    bool done() const { return finished(*a) && finished(*b); }
};

// The difference one headline metric makes, A and B seed by seed.
struct PairedDiff {
    core::MeanSd a, b, diff;   // diff: B − A over the seeds where both are finite
    int b_higher = 0, b_lower = 0, ties = 0;
    int missing = 0;   // seeds where A or B is NaN (not reached, not defined)
};
PairedDiff paired_diff(const std::vector<double>& a, const std::vector<double>& b);

// A metric of A and B now, for the page's strip and the CLI: the comparison's `watch` keys (if any), then
// the lab's headlines.
struct MetricPair {
    std::string key, label, format;
    double a = 0, b = 0;
    std::string a_missing, b_missing;   // core::missing_reason of each ("" when finite)
};
std::vector<MetricPair> headline_pairs(const core::Runner& a, const core::Runner& b,
                                       const std::vector<std::string>& watch = {});
// The same with B's metrics as a snapshot holds them (B in another process).
std::vector<MetricPair> headline_pairs(const core::Runner& a, const std::vector<core::Metric>& b,
                                       const std::vector<std::string>& watch = {});

// The named comparison whose changes these are (nullptr for a hand-made B).
const core::Comparison* named_as(const std::vector<core::Comparison>& list, const core::Changes& changes);

}   // namespace session
