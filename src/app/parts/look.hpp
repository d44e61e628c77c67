// How the page looks: the UI scale (for projectors), the device's pixel density, the colour theme (app/plot/colors.hpp),
// and the fonts, rebuilt at their product so that text stays sharp (ImGui's built-in font has no Greek). The theme
// is the user's or the link's choice, or the system's (the page's CSS media queries report it: system-theme=ID).
#pragma once
#include "app/controls/control_map.hpp"
#include "app/frame/host.hpp"
#include "app/controls/part.hpp"
#include <functional>
#include <string>
#include <vector>

namespace app {

class Look : public Part {
public:
    // `scale_in_link`: the scale goes into the page's link now (with present, embed or a tour).
    Look(Stage& stage, const Host& host, ControlMap& controls, std::function<bool()> scale_in_link)
        : stage_(stage), host_(host), controls_(controls), scale_in_link_(std::move(scale_in_link)) {}
    std::vector<PageKey> keys() override;           // scale, theme, system-theme
    void state(std::string& json) const override;   // ui_scale, density, theme (in use)
    float scale() const { return scale_; }
    float density() const { return density_; }
    void set_density(float d);   // the page's devicePixelRatio (kept within 0.5 … 4)
    // A PNG's export (export.hpp) draws at its own scale and density, then gives the screen's back.
    void set_for_export(float scale, float density);
    bool fonts_dirty() const { return fonts_dirty_; }
    void fonts_changed() { fonts_dirty_ = true; }   // rebuilt between frames
    // The fonts at the scale and density, `merge` adding a language's own (language.hpp), and the theme's style.
    void rebuild_fonts(const std::function<void(float size)>& merge);
    std::string theme() const;   // the theme in use
    void draw_controls();        // the sidebar's UI scale and theme

private:
    std::string choose_theme(const std::string& id, bool system);   // theme=, system-theme=: "" or why not

    Stage& stage_;
    const Host& host_;
    ControlMap& controls_;
    std::function<bool()> scale_in_link_;
    float scale_ = 1.0f;
    float density_ = 1.0f;
    bool fonts_dirty_ = true;
    std::string choice_ = "auto", system_ = "light";
};

}   // namespace app
