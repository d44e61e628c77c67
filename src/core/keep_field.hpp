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

// τ_s for each of `routers` routers: the median over `samples` samples of the l-th best score(s, i, j) among the n
// patches j of sample i (score: the lab's routing value of patch j of sample i for router s).
std::vector<double> keep_thresholds(int routers, int samples, int n, int l,
                                    const std::function<double(int s, int i, int j)>& score);

// Fills v.field over its plane (set x_min … y_max first) with one channel per router from scores(x, y, g), which
// writes every router's score of the patch at (x, y) with the lab's own routing code, then the "dropped" channel;
// names the channels in v.legend. softmax off, saturation full at the largest margin on the plane.
void fill_keep_field(View& v, int rows, int cols, const std::vector<double>& tau,
                     const std::vector<std::string>& router_names,
                     const std::function<void(double x, double y, double* g)>& scores);

// A field view that is not drawn yet (its model not evaluated): declared from the start, so that a link's view=ID
// finds it, with `when` saying when it will be.
View pending_field(const std::string& id, const std::string& title, const std::string& when);

// Marked places on a plane (cluster centres, the patterns): markers without a line, drawn in the axes' ink and
// told apart by their shape (palette entry `shape`'s), so that they never share a territory's colour.
LineSeries places(const std::string& label, int shape, std::vector<double> x, std::vector<double> y);

}   // namespace core
