// Export of one view as a PNG for slides and papers (png=N, the PNG button): which view waits for the platform, the
// picture's box (twice the view's box on screen, at twice the UI scale) and the last picture made. The App draws the
// picture (App::draw_export) and the platform, which owns GL, renders and encodes it (platform/png_export).
#pragma once
#include "app/view_report.hpp"
#include <imgui.h>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace app {

class Export {
public:
    // png=N with `views` views on the page: "" when view n waits for the platform, else why not.
    std::string request(long long n, int views);
    bool pending() const { return view_ >= 0; }
    int view() const { return view_; }   // the view waiting (-1: none)
    // The picture's box from the view's box on screen (its id's last report; a 16:10 box when it is not shown), and
    // the UI scale doubled, the density 1 (the picture's own pixels) until finish().
    void begin(const std::string& view_id, const std::vector<ViewReport>& reports, float font_size, float& ui_scale,
               float& density);
    ImVec2 size() const { return ImVec2(box_.x * 2, box_.y * 2); }   // pixels
    // The picture is made: the UI scale and density back; saved as `file` ("": the view is gone, nothing saved).
    using Save = std::function<void(const std::string& file, const std::vector<uint8_t>& png)>;
    void finish(const std::string& file, const std::vector<uint8_t>& png, int width, int height, float& ui_scale,
                float& density, const Save& save);
    std::string json() const;   // state().export

private:
    int view_ = -1;
    float restore_scale_ = 1.0f, restore_density_ = 1.0f;
    ImVec2 box_{0, 0};   // the view's box on screen (logical pixels)
    std::string file_;   // the last picture
    int width_ = 0, height_ = 0;
    size_t bytes_ = 0;
};

}   // namespace app
