// A run as the page shows it: where it is, its metrics, its trace and its views, as one value. The page's run B
// in compare mode runs in a Web Worker and arrives as snapshots (session/paced_run.hpp); the same codec serves any
// copy of a run's state kept or sent elsewhere. encode/decode give the same bits back: numbers travel as their
// bytes (session/bytes.hpp).
#pragma once
#include "core/runner.hpp"
#include <string>
#include <vector>

namespace session {

struct RunSnapshot {
    bool done = false;
    std::string failure;   // non-empty: the run stopped
    int phase = 0;
    double progress = 0;
    std::string clock;
    std::vector<core::Metric> metrics;
    core::Table trace;
    std::vector<core::View> views;

    bool finished() const { return done || !failure.empty(); }
};

// with_trace false: the trace left empty (the page's own B, taken every frame, keeps its trace in its runner).
RunSnapshot snapshot_of(const core::Runner& run, bool with_trace = true);

std::string encode_snapshot(const RunSnapshot& s);
// "" or why the bytes are not a snapshot of this build (then `out` is left as it was).
std::string decode_snapshot(const std::string& bytes, RunSnapshot& out);

// The views alone, in the same format.
void encode_views(const std::vector<core::View>& views, std::string& out);
std::string decode_views(const std::string& bytes, std::vector<core::View>& out);

}   // namespace session
