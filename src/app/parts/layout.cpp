// The page's layout (layout.hpp).
#include "app/parts/layout.hpp"
#include "core/words.hpp"
#include <imgui.h>

namespace app {

namespace {

std::string jbool(bool b) { return b ? "true" : "false"; }

}   // namespace

std::vector<PageKey> Layout::keys() {
    using K = session::ArgKind;
    using Arg = const session::CommandArg&;
    std::vector<PageKey> keys;
    {
        PageKey& k =
            declare(keys, {"present", K::Whole, 0, 1, "0|1", core::later::tr("presentation layout on (1) or off (0)")},
                    [this](Arg v) { return set_present(v.text); });
        k.link = InLink::Page;
        k.to_phone = false;   // the lecturer's display
        k.link_help = core::later::tr("presentation layout");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            present_ = switch_in_link("present", v, msgs);
        };
        k.write = [this] { return written_if(present_, "1"); };
        k.state = [this] { return jbool(present_); };
        k.control(Control::Toggle, core::later::tr("Present"), "lecture").now = [this] {
            ControlNow n =
                toggled("present", present_, core::later::tr("Present"), core::later::tr("Leave the presentation"));
            n.canvas = present_ ? "button:exit" : "button:present";
            if (present_) {
                n.short_label = core::tr("Exit");
                n.tip =
                    core::tr("Leave the presentation (key P). Keys: space play, right arrow step, N next phase, V / "
                             "1-9 views, T tour");
            }
            return n;
        };
        k.controls.back().shortcut = "P";
        k.controls.back().key_help = core::later::tr("presentation layout on or off");
        k.controls.back().tip = core::later::tr(
            "Presentation layout for a projector: no sidebar, the timeline and one or two views large. Key: P. Link: "
            "present=1. Keys there: space play, right arrow step, N next phase, V or 1-9 views.");
    }
    {
        PageKey& k =
            declare(keys, {"embed", K::Whole, 0, 1, "0|1", core::later::tr("one view, minimal chrome, for an iframe")},
                    [this](Arg v) { return set_embed(v.text); });
        k.link = InLink::Page;
        k.link_help = core::later::tr("one view, minimal chrome, for an iframe (not with present=1)");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            embed_ = switch_in_link("embed", v, msgs) && !present_;
        };
        k.write = [this] { return written_if(embed_, "1"); };
        k.state = [this] { return jbool(embed_); };
    }
    {
        PageKey& k = declare(keys,
                             {"drawer", K::Whole, 0, 1, "0|1",
                              core::later::tr("the phone layout's controls drawer open (1) or closed (0)")},
                             [this](Arg v) {
                                 drawer_ = v.whole == 1;
                                 return std::string();
                             });
        k.state = [this] { return jbool(drawer_); };
        PageControl& c = k.control(Control::Toggle, core::later::tr("Controls drawer"), "lecture", "button:controls");
        c.id = "drawer";
        c.now = [this] {
            ControlNow n = toggled("drawer", drawer_, core::later::tr("Open the controls drawer"),
                                   core::later::tr("Close the controls drawer"));
            n.shown = phone() && !present_ && !embed_;   // (the phone layout's own)
            n.short_label = drawer_ ? core::tr("Close controls") : core::tr("Controls");
            n.value = drawer_ ? "open" : "";
            return n;
        };
        c.tip = core::later::tr("The lab, presets, seed, parameters, compare, link and export.");
    }
    return keys;
}

bool Layout::phone() const {
    const ImVec2 size = ImGui::GetMainViewport()->WorkSize;
    return size.x < kPhoneWidth * ui_scale_() || size.y < kPhoneHeight;   // (a projector's 720 rows at any scale: not)
}

std::string Layout::set_present(const std::string& arg) {
    if (std::string why = switch_arg("present", arg, present_); !why.empty()) return why;
    if (present_) embed_ = false;
    stage_.write_url();
    return "";
}

std::string Layout::set_embed(const std::string& arg) {
    if (std::string why = switch_arg("embed", arg, embed_); !why.empty()) return why;
    if (embed_) present_ = false;
    stage_.write_url();
    return "";
}

}   // namespace app
