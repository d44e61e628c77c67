// Rewind: a run's past, kept as snapshots of the views it showed (session/run_snapshot.hpp's codec) at
// moments along its progress, within a memory budget, and shown again as they were. Built once, from the views
// every lab already declares, not lab by lab.
//
// Moments are taken every `spacing` of progress (1/400 of the run at first) and whenever the run stops (a pause,
// a tour step, the end: the moments a lecturer returns to, kept when thinning). When the snapshots outgrow the
// budget, every other moment that is not kept is dropped and the spacing doubles, so a long run keeps moments
// evenly along its whole length. The budget holds unless a single snapshot is larger than it (then only the last
// moment is kept).
#pragma once
#include "core/view.hpp"
#include <cstddef>
#include <string>
#include <vector>

namespace session {

inline constexpr size_t kRewindBudget = size_t(32) << 20;   // 32 MiB of snapshots per run (A and B together)

struct Moment {
    double progress = 0;
    int phase = 0;
    bool done = false;
    std::string clock;       // "phase II: t = 240 / 600"
    size_t trace_rows = 0;   // the run's time series had this many rows (its CSV, cut to the moment)
    bool kept = false;       // the run stopped here: thinning leaves it
    std::string views;       // the views as shown, encoded (session::encode_views)
};

class History {
public:
    explicit History(size_t budget = kRewindBudget) : budget_(budget) {}
    void clear();
    // Is a moment due at this progress (the first, or `spacing` past the last)?
    bool due(double progress) const;
    // Records the views shown now (a moment at the same progress as the last replaces it).
    void record(Moment m, const std::vector<core::View>& views);   // (m.views is filled here)
    size_t size() const { return moments_.size(); }
    size_t bytes() const { return bytes_; }
    size_t budget() const { return budget_; }
    double spacing() const { return spacing_; }
    const Moment& moment(size_t k) const { return moments_[k]; }
    // The moment nearest to `progress` (the earlier of two as near); -1 when there is none.
    int at(double progress) const;
    std::vector<core::View> views(size_t k) const;

private:
    void thin();
    std::vector<Moment> moments_;
    size_t budget_, bytes_ = 0;
    double spacing_ = 1.0 / 400;
};

// What a rewound page shows: the views as they were (`then`), except that line plots keep the whole curve (`now`)
// with a cursor at the moment: at the last x their lines had reached then. Views are matched by id; a line plot
// that shows other series now (a later phase's), or had no point yet, is shown as it was.
std::vector<core::View> rewound_views(const std::vector<core::View>& then, const std::vector<core::View>& now,
                                      const std::string& moment_label);

}   // namespace session
