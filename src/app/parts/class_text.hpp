// The class's own text (text=TEXT) for a lab that reads one (core::LabInfo::text: a language model's sentence): typed
// into a field, kept in the link with the run, and handed to the run (Stage::read_text), whose view "class-text"
// shows what the run makes of it; what is wrong with it is said. On the page it is typed into the HTML document's
// field beside that view (the phone's own keyboard and input methods, a screen reader: Host::edit_text), which a tap
// on the sidebar's button focuses; the desktop types it on the canvas.
#pragma once
#include "app/controls/control_map.hpp"
#include "app/controls/part.hpp"
#include "app/frame/host.hpp"
#include <string>
#include <vector>

namespace app {

class ClassText : public Part {
public:
    ClassText(Stage& stage, const Host& host, ControlMap& controls) : stage_(stage), host_(host), controls_(controls) {}
    std::vector<PageKey> keys() override;   // text=TEXT, state().class_text
    void draw();                            // the sidebar's field, for a lab that reads a text

private:
    std::string set(const std::string& text);
    bool reads() const { return stage_.lab().info().reads_text(); }
    // what the run found wrong with the text last given, or with its text at its reset (core::Runner::text_read)
    const std::string& problem() const { return stage_.runner().text_read().message; }
    Stage& stage_;
    const Host& host_;
    ControlMap& controls_;
    bool editing_ = false;   // the desktop's field on the canvas
    char typed_[512] = {};
};

}   // namespace app
