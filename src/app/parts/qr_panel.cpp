// The class's QR code (qr_panel.hpp).
#include "app/parts/qr_panel.hpp"
#include "app/plot/colors.hpp"
#include "app/plot/ink.hpp"
#include "session/share_link.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include <algorithm>
#include <cmath>

namespace app {

std::vector<PageKey> QrPanel::keys() {
    using K = session::ArgKind;
    using Arg = const session::CommandArg&;
    std::vector<PageKey> keys;
    {
        PageKey& k = declare(keys,
                             {"qr", K::Whole, 0, 1, "0|1",
                              core::later::tr("the QR code of this run's link beside the views (presentation mode)")},
                             [this](Arg v) {
                                 const std::string why = show(v.whole != 0);
                                 stage_.write_url();
                                 return why;
                             });
        k.link = InLink::Page;
        k.to_phone = false;
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            if (std::string why = show(switch_in_link("qr", v, msgs)); !why.empty()) msgs.push_back(why);
        };
        k.write = [this] { return written_if(on_, "1"); };
        PageControl& c = k.control(Control::Toggle, core::later::tr("QR code of this run's link"), "lecture");
        c.shortcut = "q";
        c.key_help = core::later::tr("the QR code of this run's link (presentation), on or off");
        c.now = [this] {
            ControlNow n =
                toggled("qr", on_, core::later::tr("QR code of this run's link"), core::later::tr("Hide the QR code"));
            n.shown = !host_.page_address.empty();   // (a page's link: none on the desktop)
            n.short_label = on_ ? core::tr("Hide code") : core::tr("QR code");
            return n;
        };
        c.tip = core::later::tr("A QR code of this run's link beside the views, for the class's phones (key Q)");
        k.state = [this] {
            return "{\"on\":" + std::string(on_ ? "true" : "false") + ",\"text\":" + session::json_string(code_.text) +
                ",\"why\":" + session::json_string(why_) + "}";
        };
    }
    return keys;
}

std::string QrPanel::show(bool on) {
    on_ = on && !host_.page_address.empty();
    if (on_ && !stage_.command("present=1").empty()) on_ = false;   // the code is for the projector
    return on && !on_ ? core::tr("there is no page address here to make a code of: open the page") : "";
}

// The run as the class opens it on a phone: the keys that follow the link there (not the lecturer's display).
std::string QrPanel::link() const {
    return host_.page_address + "?" + session::encode_query(stage_.config()) + keys_.write(true, true) +
        keys_.write(false, true);
}

void QrPanel::draw(ImVec2 size) {
    const std::string link = this->link();
    if (link != code_.text) code_ = session::make_qr(link, why_);
    const float fh = ImGui::GetFontSize();
    ImGui::BeginChild("qr", size, false, ImGuiWindowFlags_NoScrollbar);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    if (code_.width > 0) {
        const int modules = code_.width + 8;
        const float text_h = fh * 3.2f, room = std::min(size.x, size.y - text_h);
        const float m = std::max(1.0f, std::floor(room / modules));   // whole pixels: sharp edges for the camera
        const float side = m * modules;
        const ImVec2 o(at.x + (size.x - side) / 2, at.y);
        dl->AddRectFilled(o, ImVec2(o.x + side, o.y + side), ink(colors().qr_light));
        for (int r = 0; r < code_.width; ++r)
            for (int c = 0; c < code_.width; ++c)
                if (code_.on[size_t(r) * size_t(code_.width) + size_t(c)])
                    dl->AddRectFilled(ImVec2(o.x + (c + 4) * m, o.y + (r + 4) * m),
                                      ImVec2(o.x + (c + 5) * m, o.y + (r + 5) * m), ink(colors().qr_dark));
        // the link under it, broken anywhere (a link has no spaces), in at most three lines
        ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + side + fh * 0.2f));
        ImGui::SetWindowFontScale(0.75f);
        size_t from = 0;
        for (int line = 0; line < 3 && from < link.size(); ++line) {
            size_t n = 1;
            while (from + n < link.size() &&
                   ImGui::CalcTextSize(link.c_str() + from, link.c_str() + from + n + 1).x <= size.x)
                ++n;
            std::string part = link.substr(from, n);
            if (line == 2 && from + n < link.size()) part = part.substr(0, part.size() > 1 ? part.size() - 1 : 0) + "…";
            ImGui::TextUnformatted(part.c_str());
            from += n;
        }
        ImGui::SetWindowFontScale(1.0f);
    } else {
        ImGui::PushTextWrapPos(at.x + size.x);
        ImGui::TextColored(ink4(colors().warning), "%s", why_.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::EndChild();
}

}   // namespace app
