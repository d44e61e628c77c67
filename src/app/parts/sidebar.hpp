// The sidebar: the lab, its presets and seed, the run's buttons, the parameters made from the lab's schema (each
// with its B button), compare mode's panel, sharing and export, the look and the language, the current metrics. It
// draws the parts that own these and acts through commands, like every control of the page.
#pragma once
#include "app/parts/class_text.hpp"
#include "app/parts/compare.hpp"
#include "app/controls/control_map.hpp"
#include "app/parts/exercise.hpp"
#include "app/parts/language.hpp"
#include "app/parts/look.hpp"
#include "app/controls/part.hpp"
#include "app/parts/point_editor.hpp"
#include "app/frame/run.hpp"
#include <functional>
#include <imgui.h>
#include <string>
#include <vector>

namespace app {

class Sidebar : public Part {
public:
    struct Parts {   // what it draws
        Compare& compare;
        PointEditor& points;
        ClassText& text;
        Look& look;
        PageLanguage& language;
    };
    Sidebar(Run& run, ControlMap& controls, const Exercise& exercise, Parts parts)
        : run_(run), controls_(controls), exercise_(exercise), parts_(parts) {}
    std::vector<PageKey> keys() override { return {}; }
    void state(std::string& json) const override;   // play_button: where Play is (for the browser test)
    void draw(ImVec2 size);                         // height 0: to the bottom
    void draw_play_button(ImVec2 size);             // Play / Pause, coloured

private:
    void draw_lab_preset_seed();
    void draw_lab_picker();
    void draw_preset_picker();
    void draw_seed_input();
    void draw_run_buttons();
    void draw_params();
    void draw_share_and_export();
    void draw_metrics_table();
    std::string command(const std::string& c) { return run_.command(c); }

    Run& run_;
    ControlMap& controls_;
    const Exercise& exercise_;
    Parts parts_;
    float play_button_[4] = {0, 0, 0, 0};   // its rectangle in the last frame
};

}   // namespace app
