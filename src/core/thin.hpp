// Thinning a growing time series for the views, so that views() only copies a bounded number of points
// however long the run is (the trace keeps every row for the CSV).
//
// ThinnedRows keeps rows of numbers (one per evaluation): every stride-th row, where the stride doubles
// (and every other kept row goes) whenever more than `cap` are kept. The latest row is always there, as
// the last row, so a plot ends at the current value.
// ThinnedLines is the same for line plots: one x and one y per series at each evaluation.
//
// For lab authors:
//   core::ThinnedLines acc_;                                   // a member
//   acc_.reset({series("MoE", 0), series("single", 1, true)}, 1000);   // in reset(): labels, colours, cap
//   const double y[2] = {acc_moe, acc_single};
//   acc_.push(t, y);                                           // at each evaluation, one y per series
//   acc_.append_to(view.lines);                                // in views(): bounded copies
//
//   core::ThinnedRows race_;  race_.reset(1000);               // whole rows, e.g. a copy of each trace row
//   race_.push(row);  race_.replace_last(row);                 // a revised latest row (same t) replaces it
//   for (size_t i = 0; i < race_.size(); ++i) use(race_.row(i)[k]);
#pragma once
#include "core/view.hpp"
#include <cstddef>
#include <vector>

namespace core {

class ThinnedRows {
public:
    void reset(size_t cap);                       // forget all rows; keep about `cap` (at least 2)
    void push(const double* row, size_t width);   // the next row (every row has the same width)
    void push(const std::vector<double>& row) { push(row.data(), row.size()); }
    void replace_last(const std::vector<double>& row);                   // the latest row, revised
    size_t size() const { return width_ ? data_.size() / width_ : 0; }   // kept rows + the latest
    size_t width() const { return width_; }
    const double* row(size_t i) const { return data_.data() + i * width_; }
    std::vector<double> column(size_t k) const;   // entry k of every row, in order

private:
    std::vector<double> data_;   // row-major, size() x width_
    size_t width_ = 0, cap_ = 1000, stride_ = 1, count_ = 0;
    bool tail_ = false;   // the last row is the latest one, not a kept one
};

class ThinnedLines {
public:
    // `series` gives labels, colours and dashes; their points are dropped.
    void reset(std::vector<LineSeries> series, size_t cap);
    void push(double x, const double* y);                 // one point for every series: y[q] belongs to series q
    void append_to(std::vector<LineSeries>& out) const;   // copies of the series, each ending at the latest point
    size_t points() const { return rows_.size(); }

private:
    std::vector<LineSeries> style_;
    ThinnedRows rows_;   // x, y_0, y_1, ...
    std::vector<double> scratch_;
};

}   // namespace core
