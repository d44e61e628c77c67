// Line series that grow at evaluation time, so that views() only copies them. Long histories are
// thinned: every kept point is evaluation number q·stride, and when more than `cap` are kept the
// stride doubles and every other point goes. The latest point is always shown.
#pragma once
#include "core/view.hpp"
#include <cstddef>
#include <vector>

namespace cluster_experts {

class History {
public:
    // `series` gives labels, colours and dashes; their points are dropped.
    void reset(std::vector<core::LineSeries> series, size_t cap) {
        s_ = std::move(series);
        for (auto& s : s_) { s.x.clear(); s.y.clear(); }
        cap_ = cap < 2 ? 2 : cap;
        stride_ = 1; count_ = 0; last_kept_ = true;
        last_y_.assign(s_.size(), 0.0);
    }
    // One point for every series: y[q] belongs to series q.
    void push(double x, const double* y) {
        const size_t idx = count_++;
        last_x_ = x;
        for (size_t q = 0; q < s_.size(); ++q) last_y_[q] = y[q];
        last_kept_ = idx % stride_ == 0;
        if (!last_kept_) return;
        for (size_t q = 0; q < s_.size(); ++q) { s_[q].x.push_back(x); s_[q].y.push_back(y[q]); }
        if (s_.empty() || s_[0].x.size() <= cap_) return;
        stride_ *= 2;
        for (auto& s : s_) {
            size_t w = 0;
            for (size_t r = 0; r < s.x.size(); r += 2, ++w) { s.x[w] = s.x[r]; s.y[w] = s.y[r]; }
            s.x.resize(w); s.y.resize(w);
        }
        last_kept_ = idx % stride_ == 0;
    }
    // Appends copies of the series, each ending at the latest point.
    void append_to(std::vector<core::LineSeries>& out) const {
        for (size_t q = 0; q < s_.size(); ++q) {
            out.push_back(s_[q]);
            if (!last_kept_) { out.back().x.push_back(last_x_); out.back().y.push_back(last_y_[q]); }
        }
    }
    size_t points() const { return s_.empty() ? 0 : s_[0].x.size() + (last_kept_ ? 0 : 1); }

private:
    std::vector<core::LineSeries> s_;
    size_t cap_ = 1000, stride_ = 1, count_ = 0;
    double last_x_ = 0;
    std::vector<double> last_y_;
    bool last_kept_ = true;
};

} // namespace cluster_experts
