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

}   // namespace app
