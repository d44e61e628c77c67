// The page's layout: the presentation layout for a projector (present=1: no sidebar, the timeline and one or two views
// large), one view with minimal chrome for an iframe (embed=1), and on a phone the controls drawer (drawer=1). The
// frame draws the layout these say (app.cpp, app_present.cpp, app_phone.cpp).
#pragma once
#include "app/controls/control_map.hpp"
#include "app/controls/part.hpp"
#include <string>
#include <vector>

namespace app {

class Layout : public Part {
public:
    Layout(Stage& stage, const ControlMap& controls) : stage_(stage), controls_(controls) {}
    std::vector<PageKey> keys() override;   // present=0|1, embed=0|1, drawer=0|1
    bool presenting() const { return present_; }
    bool embedded() const { return embed_; }
    bool drawer_open() const { return drawer_; }

private:
    std::string set_present(const std::string& arg);
    std::string set_embed(const std::string& arg);

    Stage& stage_;
    const ControlMap& controls_;   // the canvas's controls: a phone's has the drawer's button
    bool present_ = false, embed_ = false;
    bool drawer_ = false;   // the phone layout shows the sidebar instead of the views
};

}   // namespace app
