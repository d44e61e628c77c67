// Export of one view as a PNG for slides and papers (png=N, the PNG button): which view waits for the platform, the
// picture's box (twice the view's box on screen, at twice the UI scale), the picture drawn (the view with its title,
// a footer naming the run) and the last picture made. The platform, which owns GL, asks whether one is pending, calls
// begin() (fonts at twice the UI scale: it rebuilds them), renders one ImGui frame of draw() offscreen at size(),
// encodes the pixels and hands the file to finish(), which gives the screen its scale back and saves it.
#pragma once
#include "app/frame/host.hpp"
#include "app/parts/look.hpp"
#include "app/controls/part.hpp"
#include "app/parts/views.hpp"
#include <imgui.h>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace app {

class Export : public Part {
public:
    Export(Stage& run, Views& views, Look& look, const Host& host)
        : stage_(run), views_(views), look_(look), host_(host) {}
    std::vector<PageKey> keys() override;   // png=N, state().export
    bool pending() const { return view_ >= 0; }
    void begin();                                                          // at twice the UI scale, density 1
    ImVec2 size() const { return ImVec2(box_.x * 2, box_.y * 2); }         // pixels
    void draw();                                                           // the picture, as one ImGui frame
    void finish(const std::vector<uint8_t>& png, int width, int height);   // saved (none: nothing), scale back

private:
    std::string request(long long n);   // png=N: "" when view n waits for the platform, else why not
    std::string json() const;

    Stage& stage_;
    Views& views_;
    Look& look_;
    const Host& host_;
    int view_ = -1;   // the view waiting (-1: none)
    float restore_scale_ = 1.0f, restore_density_ = 1.0f;
    ImVec2 box_{0, 0};   // the view's box on screen (logical pixels)
    std::string file_;   // the last picture
    int width_ = 0, height_ = 0;
    size_t bytes_ = 0;
};

}   // namespace app
