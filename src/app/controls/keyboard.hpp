// The keyboard: one table of keys behind the canvas's own keys, the keys pressed while the page's HTML document has
// the focus (key=K) and the help overlay (key ?); each key gives a command, so a key does exactly what its button
// does. A key's command depends on what the page shows now (KeyContext, which the frame fills in).
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
    bool playing = false, touring = false, presenting = false, qr = false, recording = false;
    bool question_open = false;   // the tour step's question waits for its answer
    int views = 0;                // how many views the page shows
    size_t moments = 0;           // moments kept for rewind
    bool rewound = false;         // a moment is shown, not the live run
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
    struct Shortcut {
        const char* keys;    // KeyboardEvent.key names, separated by spaces ("n N"); " " is Space
        const char* label;   // for the help: "N", "→", "1–9"
        const char* help;
        std::string (*command)(const KeyContext& c, bool help_open, const std::string& key);   // "": nothing now
    };
    static const std::vector<Shortcut>& shortcuts();
    static const Shortcut* shortcut_for(const std::string& key);   // nullptr: no such key
    std::string press(const std::string& key);                     // "" or why not, like a command

    Stage& stage_;
    const Host& host_;
    ControlMap& controls_;
    std::function<KeyContext()> context_;
    bool help_ = false;   // the overlay of keys is open
};

}   // namespace app
