#include "core/keep_field.hpp"
#include "core/field.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>
#include <limits>

namespace core {

double lth_best(const double* g, int n, int l) {
    if (n <= 0) return std::numeric_limits<double>::quiet_NaN();
    std::vector<double> s(g, g + n);
    const int i = std::clamp(l, 1, n) - 1;
    std::nth_element(s.begin(), s.begin() + i, s.end(), std::greater<double>());
    return s[size_t(i)];
}

double median(std::vector<double> v) {
    if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
    const size_t h = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + long(h), v.end());
    if (v.size() % 2) return v[h];
    return 0.5 * (v[h] + *std::max_element(v.begin(), v.begin() + long(h)));
}

std::vector<double> keep_thresholds(int routers, int samples, int n, int l,
                                    const std::function<double(int s, int i, int j)>& score) {
    std::vector<double> tau, kept(static_cast<size_t>(std::max(0, samples))), g(static_cast<size_t>(std::max(0, n)));
    for (int s = 0; s < routers; ++s) {
        for (int i = 0; i < samples; ++i) {
            for (int j = 0; j < n; ++j) g[size_t(j)] = score(s, i, j);
            kept[size_t(i)] = lth_best(g.data(), n, l);
        }
        tau.push_back(median(kept));
    }
    return tau;
}

void fill_keep_field(View& v, int rows, int cols, const std::vector<double>& tau,
                     const std::vector<std::string>& router_names,
                     const std::function<void(double x, double y, double* g)>& scores) {
    const int k = int(tau.size());
    std::vector<double> g(tau.size());
    float widest = 0;
    fill_field(v, rows, cols, k + 1, [&](double x, double y, float* out) {
        scores(x, y, g.data());
        for (int s = 0; s < k; ++s) {
            out[s] = float(g[size_t(s)] - tau[size_t(s)]);
            widest = std::max(widest, out[s]);
        }
        out[k] = 0;
    });
    v.field.softmax = false;
    v.field.none = k;
    v.field.scale = widest > 0 ? widest : 1;
    v.legend = router_names;
    v.legend.resize(size_t(k));
    v.legend.push_back(later::tr("dropped by every router"));   // (cached: the page translates the views it shows)
}

View pending_field(const std::string& id, const std::string& title, const std::string& when) {
    View v;
    v.id = id;
    v.kind = ViewKind::Field;
    v.title = title;
    v.readouts = {when};
    return v;
}

LineSeries places(const std::string& label, int shape, std::vector<double> x, std::vector<double> y) {
    LineSeries s;
    s.label = label;
    s.color = shape;
    s.markers = true;
    s.width = 0;   // places, not a curve
    s.x = std::move(x);
    s.y = std::move(y);
    return s;
}

}   // namespace core
