#include "session/rewind.hpp"
#include "session/run_snapshot.hpp"
#include <algorithm>
#include <cmath>

namespace session {

void History::clear() {
    moments_.clear();
    bytes_ = 0;
    spacing_ = 1.0 / 400;
}

bool History::due(double progress) const { return moments_.empty() || progress >= moments_.back().progress + spacing_; }

void History::record(Moment m, const std::vector<core::View>& views) {
    encode_views(views, m.views);
    if (!moments_.empty() && moments_.back().progress == m.progress) {   // the same moment, shown again
        m.kept = m.kept || moments_.back().kept;
        bytes_ -= moments_.back().views.size();
        moments_.pop_back();
    }
    bytes_ += m.views.size();
    moments_.push_back(std::move(m));
    thin();
}

void History::thin() {
    while (bytes_ > budget_ && moments_.size() > 1) {
        const size_t before = moments_.size();
        std::vector<Moment> keep;
        bool drop = false;   // every other moment that is not kept, never the first or the last
        for (size_t k = 0; k < moments_.size(); ++k) {
            Moment& m = moments_[k];
            const bool pinned = k == 0 || k + 1 == moments_.size() || m.kept;
            if (!pinned && (drop = !drop)) {
                bytes_ -= m.views.size();
                continue;
            }
            keep.push_back(std::move(m));
        }
        moments_.swap(keep);
        spacing_ *= 2;
        if (moments_.size() == before) {   // only kept moments left: the oldest go first
            bytes_ -= moments_.front().views.size();
            moments_.erase(moments_.begin());
        }
    }
}

int History::at(double progress) const {
    if (moments_.empty()) return -1;
    size_t k = 0;
    for (size_t j = 1; j < moments_.size(); ++j)
        if (std::fabs(moments_[j].progress - progress) < std::fabs(moments_[k].progress - progress)) k = j;
    return int(k);
}

std::vector<core::View> History::views(size_t k) const {
    std::vector<core::View> out;
    if (k < moments_.size()) decode_views(moments_[k].views, out);   // (our own bytes: they decode)
    return out;
}

namespace {

// The last x a view's lines had reached (NaN: none).
double last_x(const core::View& v) {
    double x = NAN;
    for (const core::LineSeries& s : v.lines)
        for (double t : s.x)
            if (std::isfinite(t) && !(t <= x)) x = t;
    return x;
}

// The same curves (by their labels): a view may show other series in a later phase (a loss curve, then a sweep).
bool same_series(const core::View& a, const core::View& b) {
    if (a.lines.size() != b.lines.size()) return false;
    for (size_t k = 0; k < a.lines.size(); ++k)
        if (a.lines[k].label != b.lines[k].label) return false;
    return true;
}

core::View rewound(const core::View& then, const core::View* now, const std::string& label) {
    core::View v = then;
    const double x = last_x(then);   // NaN: no curve had begun then (nothing to complete)
    if (then.kind == core::ViewKind::Lines && now && now->kind == core::ViewKind::Lines && same_series(then, *now) &&
        std::isfinite(x)) {
        v.lines = now->lines;
        v.x_min = now->x_min, v.x_max = now->x_max, v.y_min = now->y_min, v.y_max = now->y_max;
        v.overlays.push_back({core::Overlay::VLine, x, x, label, -1});
    }
    for (size_t k = 0; k < v.children.size(); ++k) {
        const core::View* child = nullptr;
        if (now)
            for (const core::View& c : now->children)
                if (c.id == then.children[k].id) child = &c;
        v.children[k] = rewound(then.children[k], child, label);
    }
    return v;
}

}   // namespace

std::vector<core::View> rewound_views(const std::vector<core::View>& then, const std::vector<core::View>& now,
                                      const std::string& moment_label) {
    std::vector<core::View> out;
    for (const core::View& v : then) {
        auto it = std::find_if(now.begin(), now.end(), [&](const core::View& n) { return n.id == v.id; });
        out.push_back(rewound(v, it == now.end() ? nullptr : &*it, moment_label));
    }
    return out;
}

}   // namespace session
