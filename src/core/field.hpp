// Filling and reading a Field view (core/view.hpp): the lab hands a function that computes every channel at a
// point of the plane (its own routing code, not a second formula), fill_field samples it at the cell centres.
#pragma once
#include "core/view.hpp"
#include <functional>
#include <vector>

namespace core {

// The plane is the View's x_min … x_max × y_min … y_max (set them first); out has `channels` entries.
void fill_field(View& v, int rows, int cols, int channels,
                const std::function<void(double x, double y, float* out)>& at);

// The same in parts, so that a run's slice may end between rows: allocate once, then fill rows r0 … r1 − 1.
void allocate_field(View& v, int rows, int cols, int channels);
void fill_field_rows(View& v, int r0, int r1, const std::function<void(double x, double y, float* out)>& at);

int field_winner(const Field& f, int row, int col);               // the channel with the largest value
std::vector<int> field_territories(const Field& f);               // cells won, per channel
std::vector<float> field_at(const View& v, double x, double y);   // bilinear between cell centres, clamped

}   // namespace core
