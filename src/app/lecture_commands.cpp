// Lecture-mode commands (window.moeLab.command and the keys): present=1, embed=1, tour=N, next-view. Each
// is a small function hooked into the command table (commands.cpp); the link keys that go with them are declared in
// link_keys.cpp.
#include "app/app.hpp"
#include "core/compare.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace app {

std::string App::cmd_present(const std::string& arg) {
    if (std::string why = switch_arg("present", arg, present_); !why.empty()) return why;
    if (present_) embed_ = false;
    sync_url();
    return "";
}

std::string App::cmd_embed(const std::string& arg) {
    if (std::string why = switch_arg("embed", arg, embed_); !why.empty()) return why;
    if (embed_) present_ = false;
    sync_url();
    return "";
}

std::string App::cmd_tour(const std::string& arg) {
    int n = 0;
    if (arg == "next") {
        if (tour_.on()) tour_go(tour_.step() + 1);
    } else if (arg == "back") {
        if (tour_.on()) tour_go(std::max(0, tour_.step() - 1));
    } else if (!whole_number(arg, n))
        return core::trf("tour=%s: give a step number from 1 (0 ends the tour), next or back", arg.c_str());
    else if (n == 0) tour_end();
    else if (lab_->tour().empty()) return core::trf("the lab %s has no tour yet", config_.lab.c_str());
    else if (n > int(lab_->tour().size()))
        return core::trf("tour=%s: this lab's tour has %d steps", arg.c_str(), int(lab_->tour().size()));
    else tour_go(n - 1);
    return "";
}

std::string App::cmd_next_view() {
    std::vector<core::View> vs;
    if (views_.empty()) lab_->views(vs);
    int n = int(views_.empty() ? vs.size() : views_.size());
    if (n == 0) return core::tr("this lab shows no views");
    int cur =
        focused_view_ >= 0 ? focused_view_ : (present_ || embed_ ? 0 : -1);   // those layouts show view 0 by default
    focused_view_ = (cur + 1) % n;
    focused_view2_ = -1;
    sync_url();
    return "";
}

}   // namespace app
