// The main panel: the lab's header, messages, the phase timeline and the grid of views.
#include "app/app.hpp"
#include "app/plot.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>

namespace app {

void App::draw_header() {
    const core::LabInfo& info = lab_->info();
    ImGui::TextColored(ImVec4(0.05f, 0.20f, 0.40f, 1), "%s", info.title.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("%s", info.citation.c_str());
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
        ImGui::TextUnformatted(info.summary.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

void App::draw_messages() {
    if (!link_messages_.empty()) {
        ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(1.0f, 0.95f, 0.75f, 1));
        const ImGuiStyle& st = ImGui::GetStyle();
        float wrap = ImGui::GetContentRegionAvail().x - 2 * st.WindowPadding.x - ImGui::GetFontSize() * 1.5f;
        float h = 2 * st.WindowPadding.y + ImGui::GetTextLineHeightWithSpacing();
        for (const auto& m : link_messages_) h += ImGui::CalcTextSize(m.c_str(), nullptr, false, wrap).y + st.ItemSpacing.y;
        ImGui::BeginChild("linkmsg", ImVec2(0, std::min(h, ImGui::GetFontSize() * 12)), true);
        ImGui::TextUnformatted("Not applied (newest first):");
        for (auto m = link_messages_.rbegin(); m != link_messages_.rend(); ++m) {   // the newest stays in sight
            ImGui::Bullet();
            ImGui::TextWrapped("%s", m->c_str());
        }
        ImGui::EndChild();
        ImGui::PopStyleColor();
        if (ImGui::IsItemClicked()) link_messages_.clear();
        if (ImGui::SmallButton("Dismiss")) link_messages_.clear();
    }
    std::string failure = lab_->failure();
    if (!failure.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.75f, 0.05f, 0.05f, 1));
        ImGui::TextWrapped("Run stopped: %s", failure.c_str());
        ImGui::PopStyleColor();
    }
}

void App::draw_timeline() {
    const auto& phases = lab_->phases();
    if (phases.empty()) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    ImVec2 a = ImGui::GetCursorScreenPos();
    float w = ImGui::GetContentRegionAvail().x, h = fh * 1.7f, gap = fh * 0.3f;
    float bw = (w - gap * (phases.size() - 1)) / phases.size();
    int cur = lab_->phase();
    bool finished = lab_->done();
    for (size_t k = 0; k < phases.size(); ++k) {
        ImVec2 p(a.x + k * (bw + gap), a.y), q(p.x + bw, p.y + h);
        bool past = int(k) < cur || (finished && int(k) <= cur), now = int(k) == cur && !finished;
        ImU32 fill = now ? IM_COL32(0, 114, 178, 255) : past ? IM_COL32(170, 205, 230, 255) : IM_COL32(232, 232, 236, 255);
        dl->AddRectFilled(p, q, fill, fh * 0.3f);
        // an arrow head links the phases
        if (k + 1 < phases.size())
            dl->AddTriangleFilled(ImVec2(q.x, p.y + h * 0.25f), ImVec2(q.x, p.y + h * 0.75f), ImVec2(q.x + gap, p.y + h * 0.5f), fill);
        // a title that does not fit is shortened with an ellipsis; the tooltip has it in full
        std::string t = std::to_string(k + 1) + ". " + phases[k].title;
        while (t.size() > 4 && ImGui::CalcTextSize(t.c_str()).x > bw - fh * 0.6f) {
            t.resize(t.size() - 4);
            while (!t.empty() && (static_cast<unsigned char>(t.back()) & 0xC0) == 0x80) t.pop_back();   // UTF-8
            if (!t.empty()) t.pop_back();
            t += "...";
        }
        ImVec2 sz = ImGui::CalcTextSize(t.c_str());
        dl->PushClipRect(p, q, true);
        dl->AddText(ImVec2(p.x + std::max(fh * 0.3f, (bw - sz.x) * 0.5f), p.y + (h - sz.y) * 0.5f),
                    now ? IM_COL32(255, 255, 255, 255) : IM_COL32(30, 30, 40, 255), t.c_str());
        dl->PopClipRect();
        ImGui::SetCursorScreenPos(p);
        ImGui::InvisibleButton(("phase" + std::to_string(k)).c_str(), ImVec2(bw, h));
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(fh * 28);
            ImGui::Text("%s", phases[k].title.c_str());
            ImGui::TextWrapped("Look for: %s", phases[k].look_for.c_str());
            ImGui::TextWrapped("Paper: %s", phases[k].claim.c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }
    ImGui::SetCursorScreenPos(ImVec2(a.x, a.y + h + fh * 0.25f));
    int shown = std::clamp(cur, 0, int(phases.size()) - 1);
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImVec4(0.0f, 0.30f, 0.55f, 1), "%s", finished ? "Finished." : "Look for:");
    ImGui::SameLine();
    ImGui::TextWrapped("%s", phases[size_t(shown)].look_for.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.38f, 0.38f, 0.45f, 1));
    ImGui::TextWrapped("Paper: %s", phases[size_t(shown)].claim.c_str());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
}

void App::draw_views() {
    const float fh = ImGui::GetFontSize();
    if (focused_view_ >= int(views_.size())) focused_view_ = -1;
    ImGui::BeginChild("views", ImVec2(0, 0), false);
    float avail_w = ImGui::GetContentRegionAvail().x, avail_h = ImGui::GetContentRegionAvail().y;
    if (focused_view_ >= 0) {
        if (ImGui::Button("Back to all views")) focused_view_ = -1;
        else {
            ImGui::SameLine();
            ImGui::TextUnformatted(views_[size_t(focused_view_)].title.c_str());
            draw_view(views_[size_t(focused_view_)], ImVec2(avail_w, ImGui::GetContentRegionAvail().y - fh * 0.3f), false);
        }
        ImGui::EndChild();
        return;
    }
    int cols = avail_w > fh * 44 ? 2 : 1;
    float cell_w = (avail_w - fh * 0.5f * (cols - 1)) / cols;
    float cell_h = std::max(fh * 21.0f, (avail_h - fh) / 2.0f);
    for (size_t k = 0; k < views_.size(); ++k) {
        if (k % cols) ImGui::SameLine(0, fh * 0.5f);
        ImGui::PushID(int(k));
        ImGui::BeginChild("view", ImVec2(cell_w, cell_h), true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
        ImVec2 cp = ImGui::GetCursorScreenPos();
        float bw = ImGui::CalcTextSize("Enlarge").x + fh;
        ImGui::SetCursorScreenPos(ImVec2(cp.x + ImGui::GetContentRegionAvail().x - bw, cp.y));
        if (ImGui::SmallButton("Enlarge")) focused_view_ = int(k);
        ImGui::SetCursorScreenPos(cp);
        draw_view(views_[k], ImGui::GetContentRegionAvail(), true);
        ImGui::EndChild();
        ImGui::PopID();
    }
    ImGui::EndChild();
}

} // namespace app
