// The views of a comparison, built from A's and B's own views (matched by id): line plots show B over A
// in the same axes (B's lines dashed and lighter, in A's colours; the legend says which is which); bar
// charts pair each A bar with its B bar; heatmaps and scatter plots show A and B side by side on one scale. The app
// draws the result like any view list.
#pragma once
#include "core/view.hpp"
#include <string>
#include <vector>

namespace session {

// b_name: what B changes, for the legend and titles ("noise_width = 0").
std::vector<core::View> compare_views(const std::vector<core::View>& a, const std::vector<core::View>& b,
                                      const std::string& b_name);

// One view of each (same id): the merged view.
core::View compare_view(const core::View& a, const core::View& b, const std::string& b_name);

}   // namespace session
