// The views of a comparison, built from A's and B's own views (matched by id): line plots show B over A
// in the same axes (B's lines dashed and lighter, in A's colours; the legend says which is which); bar
// charts pair each A bar with its B bar; heatmaps and scatter plots show A and B side by side on one scale. The app
// draws the result like any view list.
#pragma once
#include "core/view.hpp"
#include <string>
#include <vector>

namespace core {

// b_name: what B changes, for the legend and titles ("noise_width = 0").
std::vector<View> compare_views(const std::vector<View>& a, const std::vector<View>& b, const std::string& b_name);

// One view of each (same id): the merged view.
View compare_view(const View& a, const View& b, const std::string& b_name);

}   // namespace core
