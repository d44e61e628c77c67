// A part of the page (a feature: a comparison, the tour, a clip, the QR code, …): it owns its state, declares its
// keys (app/controls/page_key.hpp: commands, link keys, state() fields, the HTML document's controls) and draws itself, and
// reaches the run through the small interface below, never through the App. The App is the frame loop and the list
// of its parts; a build may add parts of its own (a test's) with add_part.
#pragma once
#include "app/controls/page_key.hpp"
#include "core/runner.hpp"
#include "session/share_link.hpp"
#include <memory>
#include <string>
#include <vector>

namespace app {

// What a part may do to the run and the page (the App implements it).
class Stage {
public:
    virtual ~Stage() = default;
    virtual const core::Lab& lab() const = 0;         // the lab's declaration
    virtual const core::Runner& runner() const = 0;   // its run (run A)
    virtual const session::RunConfig& config() const = 0;
    virtual bool playing() const = 0;
    virtual bool finished() const = 0;   // the run (and run B, comparing) has ended
    virtual bool settled() const = 0;    // paused, with run B (comparing) caught up
    virtual void play() = 0;
    virtual void pause() = 0;                    // (where it was going is kept: play goes on to it)
    virtual void play_to(double progress) = 0;   // run until the run's progress reaches it, then pause
    virtual double going_to() const = 0;         // where play_to runs to (-1: nowhere)
    virtual void play_to_phase(int phase) = 0;   // run until that phase begins, then pause
    virtual void forget_target() = 0;            // play_to and play_to_phase forgotten (a playing run goes on)
    virtual void halt() = 0;                     // pause, and forget where the run was going (play_to, next phase)
    virtual void restart() = 0;                  // the same configuration from its start
    virtual void open(const session::RunConfig& c) = 0;   // another lab or configuration, from its start
    virtual const core::Params& edited() const = 0;       // the parameters the controls show (may not run yet)
    // Parameters for the controls, checked as a whole: "" and they run (when they differ), or why not and nothing
    // changes.
    virtual std::string edit(const core::Params& params) = 0;
    virtual std::string command(const std::string& text) = 0;   // a command of any part: "" or why not
    virtual void say(const std::string& message) = 0;           // state().messages and on screen
    virtual void write_url() = 0;                               // the page URL from the keys' state, now
    // The class's text for the lab to read (core::LabInfo::text), kept for the runs after this one and another lab's:
    // what is wrong with it ("": nothing).
    virtual std::string read_text(const std::string& text) = 0;
};

class Part {
public:
    virtual ~Part() = default;
    // Its keys, asked once when the App is made (their functions may hold `this`: a part stays where it was made).
    virtual std::vector<PageKey> keys() = 0;
    // state()'s fields beyond its keys' (",\"name\":value"…), appended to `json`.
    virtual void state(std::string& json) const { (void)json; }
};

// Parts beyond the App's own, made for every App after them (in the order added), each with the App's Stage.
using MakePart = std::unique_ptr<Part> (*)(Stage& stage);
bool add_part(MakePart make);   // static registration: `static const bool added = app::add_part(...);`
const std::vector<MakePart>& added_parts();

}   // namespace app
