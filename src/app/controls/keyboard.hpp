// The keyboard: the canvas's own keys, the keys pressed while the page's HTML document has the focus (key=K) and the
// help overlay (key ?). A control's shortcut is declared with it (page_key.hpp): its key presses it, doing what its
// button does now. The few keys that are no one control's are the table here; each gives a command that depends on
// what the page shows now (KeyContext, which the frame fills in).
#pragma once
#include "app/controls/control_map.hpp"
#include "app/frame/host.hpp"
#include "app/controls/part.hpp"
#include <functional>
#include <string>
#include <vector>

namespace app {

// What the keys' commands depend on.
struct KeyContext {
    bool touring = false, presenting = false;
    bool help_open = false;   // this list of keys
    int views = 0;            // how many views the page shows
    size_t moments = 0;       // moments kept for rewind
    bool rewound = false;     // a moment is shown, not the live run
};

class Keyboard : public Part {
public:
    Keyboard(Stage& stage, const Host& host, ControlMap& controls, std::function<KeyContext()> context)
        : stage_(stage), host_(host), controls_(controls), context_(std::move(context)) {}
    std::vector<PageKey> keys() override;   // key=K, help=0|1
    void handle();                          // the canvas's keys, as ImGui reads them this frame
    void draw_help();                       // the overlay of keys, while open
    std::string json() const;               // the HTML document's list: [{"keys", "label", "help"}]

private:
    struct Shortcut {        // a key that is no one control's
        const char* keys;    // KeyboardEvent.key names, separated by spaces ("1 2 3"); " " is Space
        const char* label;   // for the help: "→", "1–9"
        const char* help;
        std::string (*command)(const KeyContext& c, const std::string& key);   // "": nothing now
    };
    static const std::vector<Shortcut>& shortcuts();
    struct Listed {   // a line of the keys' help
        std::string keys, label, help;
        const PageKey* key;   // the declared control's key (nullptr: the table's)
        bool last_letter;     // (its letters are joined: "A–D")
    };
    std::vector<Listed> listed() const;          // the declared controls' shortcuts, then the table's
    std::string press(const std::string& key);   // "" or why not, like a command

    Stage& stage_;
    const Host& host_;
    ControlMap& controls_;
    std::function<KeyContext()> context_;
    bool help_ = false;   // the overlay of keys is open
};

}   // namespace app
