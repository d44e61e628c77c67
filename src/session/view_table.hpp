// A view's data as tables of text: what the page's HTML document gives a screen reader, and what "Show as table"
// shows in place of the plot. Built from the declared View alone, the same way for every lab: line series
// (thinned to a readable number of rows, always with their first and last points), heatmap cells, bars,
// scatter points, and a Grid's small multiples one table each. Reference lines and bands become notes.
#pragma once
#include "core/view.hpp"
#include <cstddef>
#include <string>
#include <vector>

namespace session {

struct DataTable {
    std::string caption;                          // the view's (or the small multiple's) title
    std::vector<std::string> columns;             // column headers; the first column heads the rows
    std::vector<std::vector<std::string>> rows;   // each as wide as columns
    size_t total_rows = 0;                        // before thinning (rows.size() when nothing was left out)
    std::vector<std::string> notes;               // "reference line: 87.5 % ceiling at 0.875"
    bool data_first = false;   // the first column is the model's data (a painted text's tokens): never translated
};

std::vector<DataTable> view_tables(const core::View& v, size_t max_rows = 20);

// Up to `keep` indices of 0 … n−1, evenly spread, the first and the last among them.
std::vector<size_t> spread_indices(size_t n, size_t keep);

}   // namespace session
