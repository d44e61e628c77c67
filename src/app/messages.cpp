// The page's messages (messages.hpp).
#include "app/text_fit.hpp"
#include "app/messages.hpp"
#include "app/colors.hpp"
#include "app/ink.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include <imgui.h>
#include <algorithm>

namespace app {

namespace {
constexpr size_t kMost = 8;   // the oldest go first; "Dismiss" clears them
}

std::vector<PageKey> PageMessages::keys() {
    std::vector<PageKey> keys(1);
    keys[0].syntax = {"dismiss", core::ArgKind::None, 0, 0, "", core::later::tr("clear the messages")};
    keys[0].act = [this](const core::CommandArg&) {
        list_.clear();
        return std::string();
    };
    keys[0].control(Control::Button, core::later::tr("Dismiss the messages"), "messages").now = [this] {
        ControlNow n;
        n.shown = !list_.empty();
        return n;
    };
    keys[0].state_name = "messages";
    keys[0].state = [this] { return core::json_strings(list_); };
    return keys;
}

void PageMessages::say(const std::string& m) {
    if (!list_.empty() && list_.back() == m) return;
    list_.push_back(m);
    if (list_.size() > kMost) list_.erase(list_.begin());
}

void PageMessages::draw() {
    if (!list_.empty()) {
        ImGui::PushStyleColor(ImGuiCol_ChildBg, ink4(colors().message_bg));
        const ImGuiStyle& st = ImGui::GetStyle();
        float wrap = ImGui::GetContentRegionAvail().x - 2 * st.WindowPadding.x - ImGui::GetFontSize() * 1.5f;
        float h = 2 * st.WindowPadding.y + ImGui::GetTextLineHeightWithSpacing();
        for (const auto& m : list_) h += ImGui::CalcTextSize(m.c_str(), nullptr, false, wrap).y + st.ItemSpacing.y;
        ImGui::BeginChild("linkmsg", ImVec2(0, std::min(h, ImGui::GetFontSize() * 12)), true);
        ImGui::TextUnformatted(core::tr("Not applied (newest first):"));
        for (auto m = list_.rbegin(); m != list_.rend(); ++m) {   // the newest stays in sight
            ImGui::Bullet();
            wrapped_text(m->c_str());
        }
        ImGui::EndChild();
        ImGui::PopStyleColor();
        if (ImGui::IsItemClicked()) list_.clear();
        if (ImGui::SmallButton(core::tr("Dismiss"))) list_.clear();
        controls_.note("button:dismiss", "button", core::tr("Dismiss"));
    }
    std::string failure = run_.lab().failure();
    if (!failure.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().error));
        wrapped_text(core::trf("Run stopped: %s", core::tr(failure).c_str()));
        ImGui::PopStyleColor();
    }
    if (compare_.on() && !compare_.b().failure.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().error));
        wrapped_text(core::trf("Run B stopped: %s", core::tr(compare_.b().failure).c_str()));
        ImGui::PopStyleColor();
    }
}

}   // namespace app
