// Territories of top-l patch routing (patch-routing, expert-pruning): router s keeps the l patches of a sample
// with the largest scores g_s(x^(j)). For a patch x on a plane, channel s of the field holds the margin
// g_s(x) − τ_s, where τ_s is the smallest score router s keeps in a typical sample (the median over samples of
// its l-th best score); the last channel is 0 and means "dropped by every router". A pixel's colour says which
// router keeps such a patch by the widest margin; the background says that none would.
#pragma once
#include "core/view.hpp"
#include <functional>
#include <string>
#include <vector>

namespace core {

// The l-th largest of g[0..n) (l clamped to 1 … n).
double lth_best(const double* g, int n, int l);
// The median of v (the mean of the middle two for an even count; NaN when empty).
double median(std::vector<double> v);

// Fills v.field over its plane (set x_min … y_max first) with one channel per router from scores(x, y, g), which
// writes every router's score of the patch at (x, y) with the lab's own routing code, then the "dropped" channel;
// names the channels in v.legend. softmax off, saturation full at the largest margin on the plane.
void fill_keep_field(View& v, int rows, int cols, const std::vector<double>& tau,
                     const std::vector<std::string>& router_names,
                     const std::function<void(double x, double y, double* g)>& scores);

// Marked places on a plane (cluster centres, the patterns): markers without a line, in palette colour `color`.
LineSeries places(const std::string& label, int color, std::vector<double> x, std::vector<double> y);

}   // namespace core
