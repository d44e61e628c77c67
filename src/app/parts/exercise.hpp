// Exercise links: a lecturer hides or locks parts of the page for students, by link, as TensorFlow
// Playground's hide flags do, so that a link is an exercise ("find the smallest n at which L₄ recovers the
// experts"):
//   hide=compare,presets,seed,lab,tour,params,params:NAME   those controls are not shown
//   lock=NAME,seed,preset,lab                               the value is shown but cannot change
// A hidden or locked control refuses its commands with a message (App::command asks refuses() first), and the
// page's HTML document leaves it out or disables it too. The link the page writes keeps both keys.
#pragma once
#include "app/controls/part.hpp"
#include "core/params.hpp"
#include <string>
#include <vector>

namespace app {

class Exercise : public Part {
public:
    explicit Exercise(const Stage* stage = nullptr) : stage_(stage) {}
    std::vector<PageKey> keys() override;   // hide=, lock= (in links only), state().exercise
    // Replaces the restrictions with a link's keys; the parts it does not know become messages.
    std::vector<std::string> open(const std::string& hide, const std::string& lock, const core::Schema& schema);
    // The same for one of the two keys (a link's hide= or lock=, "": none): the other stays as it is.
    std::vector<std::string> hide(const std::string& list, const core::Schema& schema);
    std::vector<std::string> lock(const std::string& list, const core::Schema& schema);
    bool hides(const std::string& part) const;   // "params:eta" is hidden by "params" too
    bool locks(const std::string& name) const;   // a parameter (or seed, preset, lab) that cannot change
    bool fixes_param(const std::string& name) const { return locks(name) || hides("params:" + name); }
    // "" when command NAME with this argument may act; else why not.
    std::string refuses(const std::string& command, const std::string& arg) const;
    // "" when a configuration keeps what is locked (a tour step's, from Next or Back); else why not.
    std::string refuses(const session::RunConfig& c) const;
    std::string query() const;    // "&hide=…&lock=…" for the link
    std::string hidden() const;   // hide='s value ("compare,params:eta"), lock='s
    std::string locked() const;
    std::string json() const;   // {"hidden":[…],"locked":[…]}
    bool active() const { return !hidden_.empty() || !locked_.empty(); }

private:
    const Stage* stage_;   // the run whose parameters it names (nullptr: no keys)
    std::vector<std::string> hidden_, locked_;
};

}   // namespace app
