// The worksheet and the teacher's key of the lab's tour (session/worksheet.hpp), from the page: worksheet=sheet|key,
// the "Worksheet…" button in the tour's panel (and so in presentation mode). The key runs the tour's steps on the
// run's seed in slices of the frame (work()), then the platform opens the sheet as a page to print (Host::open_page).
#pragma once
#include "app/controls/control_map.hpp"
#include "app/frame/host.hpp"
#include "app/controls/part.hpp"
#include "session/worksheet.hpp"
#include <memory>
#include <string>
#include <vector>

namespace app {

class Worksheet : public Part {
public:
    Worksheet(Stage& stage, const Host& host, ControlMap& controls) : stage_(stage), host_(host), controls_(controls) {}
    std::vector<PageKey> keys() override;   // worksheet=sheet|key, state().worksheet
    void work(double ms);                   // the key's runs, for about ms of this frame
    bool busy() const { return maker_ != nullptr; }
    void draw_button();   // "Worksheet…": a menu of the two sheets
    float button_width() const;
    static constexpr const char* kDefaultAddress = "http://127.0.0.1:8080/";   // no page (desktop): scripts/serve.sh's

private:
    std::string make(const std::string& kind);   // "" or why not
    void finish();
    Stage& stage_;
    const Host& host_;
    ControlMap& controls_;
    std::unique_ptr<session::SheetMaker> maker_;
    int made_ = 0;            // sheets opened so far
    std::string last_file_;   // the last one's file name
};

}   // namespace app
