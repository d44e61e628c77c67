// The page's messages: what a link or a command could not do (newest last, the oldest dropped past a few), shown
// above the views until dismissed, with the run's failure (and run B's) under them. On a phone (compact) only the
// newest, in one or two lines beside its Dismiss button, so that the views keep their room.
#pragma once
#include "app/parts/compare.hpp"
#include "app/controls/control_map.hpp"
#include "app/controls/part.hpp"
#include <string>
#include <vector>

namespace app {

class PageMessages : public Part {
public:
    PageMessages(const Stage& run, const Compare& compare, ControlMap& controls)
        : stage_(run), compare_(compare), controls_(controls) {}
    std::vector<PageKey> keys() override;                // dismiss, state().messages
    void say(const std::string& m);                      // (the same as the newest is said once)
    std::vector<std::string>& list() { return list_; }   // a link's, as it opens
    void clear() { list_.clear(); }
    void draw(bool compact = false);

private:
    void draw_newest();   // compact
    const Stage& stage_;
    const Compare& compare_;
    ControlMap& controls_;
    std::vector<std::string> list_;
};

}   // namespace app
