#include "core/thin.hpp"
#include <algorithm>

namespace core {

void ThinnedRows::reset(size_t cap) {
    data_.clear();
    width_ = 0;
    cap_ = std::max<size_t>(cap, 2);
    stride_ = 1;
    count_ = 0;
    tail_ = false;
}

void ThinnedRows::push(const double* row, size_t width) {
    if (width_ == 0) width_ = width;
    if (width != width_ || width_ == 0) return;   // a caller's bug: rows must keep their width
    if (tail_) {
        data_.resize(data_.size() - width_);
        tail_ = false;
    }
    const bool keep = count_ % stride_ == 0;
    ++count_;
    data_.insert(data_.end(), row, row + width_);
    if (!keep) {
        tail_ = true;
        return;
    }
    if (size() <= cap_) return;
    // Too many: keep the rows at even positions (the pushed row is the last one) and double the stride.
    const size_t n = size();
    const bool newest_dropped = (n - 1) % 2 == 1;
    size_t w = 0;
    for (size_t i = 0; i < n; i += 2, ++w)
        if (w != i)
            std::copy(data_.begin() + long(i * width_), data_.begin() + long((i + 1) * width_),
                      data_.begin() + long(w * width_));
    data_.resize(w * width_);
    stride_ *= 2;
    if (newest_dropped) {
        data_.insert(data_.end(), row, row + width_);
        tail_ = true;
    }
}

void ThinnedRows::replace_last(const std::vector<double>& row) {
    if (size() == 0 || row.size() != width_) {
        push(row);
        return;
    }
    std::copy(row.begin(), row.end(), data_.end() - long(width_));
}

std::vector<double> ThinnedRows::column(size_t k) const {
    std::vector<double> out(size());
    for (size_t i = 0; i < out.size(); ++i) out[i] = row(i)[k];
    return out;
}

void ThinnedLines::reset(std::vector<LineSeries> series, size_t cap) {
    style_ = std::move(series);
    for (auto& s : style_) {
        s.x.clear();
        s.y.clear();
    }
    rows_.reset(cap);
    scratch_.assign(style_.size() + 1, 0.0);
}

void ThinnedLines::push(double x, const double* y) {
    scratch_[0] = x;
    std::copy(y, y + style_.size(), scratch_.begin() + 1);
    rows_.push(scratch_);
}

void ThinnedLines::append_to(std::vector<LineSeries>& out) const {
    const std::vector<double> x = rows_.column(0);
    for (size_t q = 0; q < style_.size(); ++q) {
        out.push_back(style_[q]);
        out.back().x = x;
        out.back().y = rows_.column(q + 1);
    }
}

}   // namespace core
