// The layout map and the focus ring (control_map.hpp).
#include "app/controls/control_map.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include <cstdio>

namespace app {

std::string json_rect(ImVec2 a, ImVec2 b) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "[%.1f,%.1f,%.1f,%.1f]", a.x, a.y, b.x - a.x, b.y - a.y);
    return buf;
}

void ControlMap::begin_frame() {
    drawing_.clear();
    focus_seen_ = false;
}

void ControlMap::note(const std::string& id, const char* role, const std::string& label, const std::string& value) {
    if (!ImGui::IsItemVisible()) return;
    const ImVec2 w = ImGui::GetWindowPos(), s = ImGui::GetWindowSize();
    const float scrollbar = ImGui::GetScrollMaxY() > 0 ? ImGui::GetStyle().ScrollbarSize : 0;
    drawing_.push_back({id, role, label, value, ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), w,
                        ImVec2(w.x + s.x - scrollbar, w.y + s.y)});
    if (id == focus_id_) {   // the HTML document's focus: the ring goes here
        focus_seen_ = true;
        focus_a_ = ImGui::GetItemRectMin();
        focus_b_ = ImGui::GetItemRectMax();
    }
}

// The ring: two pixels of the theme's focus colour inside one of the window's background, so it shows on any fill
// (WCAG 2.1 SC 2.4.7: focus visible).
bool ControlMap::drawn(const std::string& id) const {
    for (const Placed& c : drawn_)
        if (c.id == id) return true;
    return false;
}

void ControlMap::end_frame() {
    focus_drawn_ = focus_seen_;
    drawn_.swap(drawing_);
    if (!focus_drawn_) return;
    const float t = 2.0f;
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    const ImVec2 a(focus_a_.x - t - 1, focus_a_.y - t - 1), b(focus_b_.x + t + 1, focus_b_.y + t + 1);
    dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), ImGui::GetColorU32(ImGuiCol_WindowBg), 4, 0, 1.5f);
    dl->AddRect(a, b, ImGui::GetColorU32(ImGuiCol_NavHighlight), 4, 0, t * 1.5f);
}

std::vector<PageKey> ControlMap::keys() {
    PageKey k;
    k.syntax = {"focus", session::ArgKind::Text,
                0,       0,
                "ID",    core::later::tr("the keyboard focus is on control ID of state().controls (empty: none)")};
    k.act = [this](const session::CommandArg& v) {
        focus_id_ = v.text;
        return std::string();
    };
    k.state = [this] { return session::json_string(focus_id_); };
    return {k};
}

void ControlMap::state(std::string& json) const {
    std::string s = "[";
    for (size_t k = 0; k < drawn_.size(); ++k) {
        const Placed& c = drawn_[k];
        s += (k ? ",{" : "{") + std::string("\"id\":") + session::json_string(c.id) +
            ",\"role\":" + session::json_string(c.role) + ",\"label\":" + session::json_string(c.label) +
            ",\"value\":" + session::json_string(c.value) + ",\"rect\":" + json_rect(c.a, c.b) +
            ",\"window\":" + json_rect(c.window_a, c.window_b) + "}";
    }
    json += ",\"controls\":" + s + "],\"focus_drawn\":" + (focus_drawn_ ? "true" : "false");
}

}   // namespace app
