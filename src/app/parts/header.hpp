// Above the views: the lab's title and citation (or which moment is shown, rewound), the phase timeline (the scrubber
// while paused), and what to look for in the phase shown with the paper's claim; at the end, what this run showed,
// in the words its own metrics decide.
#pragma once
#include "app/controls/control_map.hpp"
#include "app/controls/part.hpp"
#include "app/parts/rewind.hpp"
#include <functional>
#include <string>
#include <vector>

namespace app {

class Header : public Part {
public:
    // `phone_line`: a phone's layout, where the current phase's title gets a line of its own when cut.
    Header(Stage& run, ControlMap& controls, Rewind& rewind, std::function<bool()> phone_line)
        : stage_(run), controls_(controls), rewind_(rewind), phone_line_(std::move(phone_line)) {}
    std::vector<PageKey> keys() override { return {}; }
    void state(std::string& json) const override;   // status: the look-for line, or what the finished run showed
    void draw_title();
    void draw_timeline();
    void draw_look_for(bool compact);   // compact (presentation, compare): the look-for line only, the claim on hover
    std::string status() const;

private:
    Stage& stage_;
    ControlMap& controls_;
    Rewind& rewind_;
    std::function<bool()> phone_line_;
};

}   // namespace app
