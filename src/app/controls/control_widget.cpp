// The canvas's control widget (control_map.hpp): a declared control (page_key.hpp) drawn from its declaration, as
// web/pdom.js makes the HTML document's. Every button, toggle and switch of the page is drawn here; the places that
// still call ImGui's widgets themselves say why.
#include "app/controls/control_map.hpp"
#include "app/controls/flow.hpp"
#include "app/controls/hover_help.hpp"
#include "core/words.hpp"

namespace app {

void ControlMap::use_keys(const PageKeys* keys, std::function<std::string(const std::string&)> command,
                          std::function<bool(const std::string&)> hidden) {
    keys_ = keys;
    command_ = std::move(command);
    hidden_ = std::move(hidden);
}

namespace {

// What a control says now on the canvas: its own words now, else as declared; the shorter words where the canvas
// has them.
std::string said(const PageControl& c, const ControlNow& now, bool full) {
    if (!full && !now.short_label.empty()) return now.short_label;
    if (!now.label.empty()) return now.label;
    if (!full && !c.short_label.empty()) return core::tr(c.short_label);
    return core::tr(c.label);
}

}   // namespace

std::string ControlMap::label(const std::string& id, bool full) const {
    PageControl c;
    const PageKey* k = keys_ ? keys_->find_control(id, c) : nullptr;
    if (!k) return "";
    const ControlNow now = c.now ? c.now() : ControlNow{};
    if (!now.shown || (hidden_ && !c.hide_as.empty() && hidden_(c.hide_as))) return "";
    return said(c, now, full);
}

bool ControlMap::draw(const std::string& id, const ControlStyle& style) {
    PageControl c;
    const PageKey* k = keys_ ? keys_->find_control(id, c) : nullptr;
    IM_ASSERT(k && "a control drawn on the canvas is declared (page_key.hpp)");   // words: not shown
    return k && draw_now(*k, c, style).pressed;
}

ControlMap::Drawn ControlMap::draw_now(const PageKey& k, const PageControl& c, const ControlStyle& style) {
    const ControlNow now = c.now ? c.now() : ControlNow{};
    if (!now.shown || (hidden_ && !c.hide_as.empty() && hidden_(c.hide_as))) return {};
    const std::string text = said(c, now, style.full_label);
    const std::string canvas = now.canvas.empty() ? canvas_id(k, c) : now.canvas;
    if (style.flow) same_line_if_fits(text.c_str());
    int colours = 0;
    if (style.fill.w > 0) {
        ImGui::PushStyleColor(ImGuiCol_Button, style.fill);
        ++colours;
    }
    if (style.text.w > 0) {
        ImGui::PushStyleColor(ImGuiCol_Text, style.text);
        ++colours;
    }
    ImGui::BeginDisabled(!now.enabled);
    const std::string imgui_id = text + "###" + canvas;   // one id, whatever it says now
    bool pressed = false;
    if (c.kind == Control::Switch) {
        bool on = now.pressed;
        pressed = ImGui::Checkbox(imgui_id.c_str(), &on);
    } else if (style.small) pressed = ImGui::SmallButton(imgui_id.c_str());
    else pressed = ImGui::Button(imgui_id.c_str(), style.size);
    ImGui::EndDisabled();
    if (colours) ImGui::PopStyleColor(colours);
    const std::string name = said(c, now, true);   // (the map says its whole name, as the document does)
    if (c.kind == Control::Switch) note(canvas, "checkbox", name, now.pressed ? "on" : "off");
    else note(canvas, "button", name, c.kind == Control::Toggle ? now.value : "");
    const std::string tip = now.tip.empty() ? core::tr(c.tip) : now.tip;
    hover_help(tip);
    if (pressed && command_) command_(command_of(k, c, now));
    return {true, pressed};
}

void ControlMap::draw_group(const std::string& group) {
    if (!keys_) return;
    bool first = true;
    for (const PageKey& k : keys_->all())
        for (const PageControl& c : k.controls)
            if (c.group == group &&
                (c.kind == Control::Button || c.kind == Control::Toggle || c.kind == Control::Switch)) {
                ControlStyle s;
                s.flow = !first;
                if (draw_now(k, c, s).shown) first = false;
            }
}

void ControlMap::draw_row(const std::vector<std::string>& ids, const ControlStyle& style) {
    bool first = true;
    for (const std::string& id : ids) {
        PageControl c;
        const PageKey* k = keys_ ? keys_->find_control(id, c) : nullptr;
        IM_ASSERT(k && "a control drawn on the canvas is declared (page_key.hpp)");   // words: not shown
        if (!k) continue;
        const ControlNow now = c.now ? c.now() : ControlNow{};
        if (!now.shown || (hidden_ && !c.hide_as.empty() && hidden_(c.hide_as))) continue;
        if (!first) ImGui::SameLine();
        first = false;
        draw_now(*k, c, style);
    }
}

std::string ControlMap::command_now(const PageKey& k, const PageControl& c) const {
    const ControlNow now = c.now ? c.now() : ControlNow{};
    if (!now.shown || !now.enabled || (hidden_ && !c.hide_as.empty() && hidden_(c.hide_as))) return "";
    return command_of(k, c, now);
}

}   // namespace app
