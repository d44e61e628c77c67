// The page's layout: the presentation layout for a projector (present=1: no sidebar, the timeline and one or two views
// large), one view with minimal chrome for an iframe (embed=1), and the phone layout, on a narrow or low screen, with
// its controls drawer (drawer=1). The frame draws the layout these say (app.cpp, app_present.cpp, app_phone.cpp).
#pragma once
#include "app/controls/part.hpp"
#include <functional>
#include <string>
#include <vector>

namespace app {

class Layout : public Part {
public:
    Layout(Stage& stage, std::function<float()> ui_scale) : stage_(stage), ui_scale_(std::move(ui_scale)) {}
    std::vector<PageKey> keys() override;   // present=0|1, embed=0|1, drawer=0|1
    bool presenting() const { return present_; }
    bool embedded() const { return embed_; }
    bool drawer_open() const { return drawer_; }
    // The phone layout (app_phone.cpp): below kPhoneWidth CSS pixels times the UI scale, or kPhoneHeight rows.
    bool phone() const;
    static constexpr float kPhoneWidth = 700;    // CSS pixels at UI scale 1: narrower is a phone (app_phone.cpp),
    static constexpr float kPhoneHeight = 480;   // and so is lower (CSS pixels at any UI scale)

private:
    std::string set_present(const std::string& arg);
    std::string set_embed(const std::string& arg);

    Stage& stage_;
    std::function<float()> ui_scale_;
    bool present_ = false, embed_ = false;
    bool drawer_ = false;   // the phone layout shows the sidebar instead of the views
};

}   // namespace app
