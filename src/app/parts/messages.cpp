// The page's messages (messages.hpp).
#include "app/plot/text_fit.hpp"
#include "app/parts/messages.hpp"
#include "app/plot/colors.hpp"
#include "app/plot/ink.hpp"
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
    keys[0].syntax = {"dismiss", session::ArgKind::None, 0, 0, "", core::later::tr("clear the messages")};
    keys[0].act = [this](const session::CommandArg&) {
        list_.clear();
        return std::string();
    };
    keys[0].control(Control::Button, core::later::tr("Dismiss the messages"), "messages").now = [this] {
        ControlNow n;
        n.shown = !list_.empty();
        return n;
    };
    keys[0].controls.back().short_label = core::later::tr("Dismiss");
    keys[0].state_name = "messages";
    keys[0].state = [this] { return session::json_strings(list_); };
    return keys;
}

void PageMessages::say(const std::string& m) {
    if (!list_.empty() && list_.back() == m) return;
    list_.push_back(m);
    if (list_.size() > kMost) list_.erase(list_.begin());
}

// The newest message in at most two lines, shortened to fit, and Dismiss (a full-height button: a finger's target)
// beside it.
void PageMessages::draw_newest() {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float fh = ImGui::GetFontSize(), pad = fh * 0.3f, w = ImGui::GetContentRegionAvail().x;
    const float bw = ImGui::CalcTextSize(controls_.label("dismiss").c_str()).x + st.FramePadding.x * 2,
                tw = w - bw - pad * 3;
    std::vector<std::string> lines = wrap_words(core::trf("Not applied: %s", list_.back().c_str()), tw, fh);
    if (lines.size() > 2) {
        std::string rest = lines[1];
        for (size_t k = 2; k < lines.size(); ++k) rest += " " + lines[k];
        lines.resize(2);
        lines[1] = fit_text(rest, tw);
    }
    const float lh = ImGui::GetTextLineHeight();
    const float h = std::max(ImGui::GetFrameHeight(), float(lines.size()) * lh) + pad * 2;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(at, ImVec2(at.x + w, at.y + h), ink(colors().message_bg), pad);
    float y = at.y + (h - float(lines.size()) * lh) / 2;
    for (const std::string& line : lines) {
        add_text(dl, ImVec2(at.x + pad, y), ink(colors().text), line, fh);
        y += lh;
    }
    ImGui::SetCursorScreenPos(ImVec2(at.x + w - bw - pad, at.y + (h - ImGui::GetFrameHeight()) / 2));
    controls_.draw("dismiss");
    ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + h + st.ItemSpacing.y));
}

void PageMessages::draw(bool compact) {
    if (!list_.empty() && compact) draw_newest();
    else if (!list_.empty()) {
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
        controls_.draw("dismiss", small_button());
    }
    std::string failure = stage_.runner().failure();
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
