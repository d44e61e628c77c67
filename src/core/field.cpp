#include "core/field.hpp"
#include <algorithm>
#include <cmath>

namespace core {

void allocate_field(View& v, int rows, int cols, int channels) {
    Field& f = v.field;
    f.rows = std::max(0, rows);
    f.cols = std::max(0, cols);
    f.channels = std::max(0, channels);
    f.v.assign(size_t(f.rows) * size_t(f.cols) * size_t(f.channels), 0.f);
}

void fill_field_rows(View& v, int r0, int r1, const std::function<void(double x, double y, float* out)>& at) {
    Field& f = v.field;
    const double dx = (v.x_max - v.x_min) / std::max(1, f.cols), dy = (v.y_max - v.y_min) / std::max(1, f.rows);
    for (int r = std::max(0, r0); r < std::min(r1, f.rows); ++r)
        for (int c = 0; c < f.cols; ++c)
            at(v.x_min + (c + 0.5) * dx, v.y_min + (r + 0.5) * dy,
               &f.v[(size_t(r) * size_t(f.cols) + size_t(c)) * size_t(f.channels)]);
}

void fill_field(View& v, int rows, int cols, int channels,
                const std::function<void(double x, double y, float* out)>& at) {
    allocate_field(v, rows, cols, channels);
    fill_field_rows(v, 0, v.field.rows, at);
}

int field_winner(const Field& f, int row, int col) {
    const float* x = &f.v[(size_t(row) * size_t(f.cols) + size_t(col)) * size_t(f.channels)];
    return int(std::max_element(x, x + f.channels) - x);
}

std::vector<int> field_territories(const Field& f) {
    std::vector<int> won(size_t(std::max(0, f.channels)), 0);
    if (f.channels <= 0) return won;
    for (int r = 0; r < f.rows; ++r)
        for (int c = 0; c < f.cols; ++c) ++won[size_t(field_winner(f, r, c))];
    return won;
}

std::vector<float> field_at(const View& v, double x, double y) {
    const Field& f = v.field;
    std::vector<float> out(size_t(std::max(0, f.channels)), 0.f);
    if (f.rows <= 0 || f.cols <= 0 || f.channels <= 0 || v.x_max <= v.x_min || v.y_max <= v.y_min) return out;
    const double gx = std::clamp((x - v.x_min) / (v.x_max - v.x_min) * f.cols - 0.5, 0.0, f.cols - 1.0),
                 gy = std::clamp((y - v.y_min) / (v.y_max - v.y_min) * f.rows - 0.5, 0.0, f.rows - 1.0);
    const int c0 = int(gx), r0 = int(gy), c1 = std::min(c0 + 1, f.cols - 1), r1 = std::min(r0 + 1, f.rows - 1);
    const double tx = gx - c0, ty = gy - r0;
    auto cell = [&](int r, int c, int k) {
        return f.v[(size_t(r) * size_t(f.cols) + size_t(c)) * size_t(f.channels) + size_t(k)];
    };
    for (int k = 0; k < f.channels; ++k)
        out[size_t(k)] = float((1 - ty) * ((1 - tx) * cell(r0, c0, k) + tx * cell(r0, c1, k)) +
                               ty * ((1 - tx) * cell(r1, c0, k) + tx * cell(r1, c1, k)));
    return out;
}

}   // namespace core
