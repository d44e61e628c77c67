// The canvas's control widget (control_map.hpp): a declared control (page_key.hpp) drawn from its declaration, as
// web/pdom.js makes the HTML document's. The page's buttons, toggles and choices are drawn here; the places that
// still call ImGui's widgets themselves say why.
#include "app/controls/control_map.hpp"
#include "app/controls/flow.hpp"
#include "app/controls/hover_help.hpp"
#include "core/words.hpp"

namespace app {

void ControlMap::use_keys(const PageKeys* keys, std::function<std::string(const std::string&)> command,
                          std::function<bool(const std::string&)> hidden,
                          std::function<bool(const std::string&)> locked) {
    keys_ = keys;
    command_ = std::move(command);
    hidden_ = std::move(hidden);
    locked_ = std::move(locked);
}

bool ControlMap::hidden(const PageControl& c, const ControlNow& now) const {
    return !now.shown || (hidden_ && !c.hide_as.empty() && hidden_(c.hide_as));
}

bool ControlMap::locked(const PageControl& c) const { return locked_ && !c.lock_as.empty() && locked_(c.lock_as); }

namespace {

ControlNow now_of(const PageControl& c) { return c.now ? c.now() : ControlNow{}; }

// What a control says now on the canvas: its own words now, else as declared; the shorter words where the canvas
// has them.
std::string said(const PageControl& c, const ControlNow& now, bool full) {
    if (!full && !now.short_label.empty()) return now.short_label;
    if (!now.label.empty()) return now.label;
    if (!full && !c.short_label.empty()) return core::tr(c.short_label);
    return core::tr(c.label);
}

// A Choice's value now: the control's own, else its key's state() field (a JSON string's text).
std::string value_now(const PageKey& k, const ControlNow& now) {
    if (!now.value.empty() || !k.state) return now.value;
    const std::string s = k.state();
    return s.size() >= 2 && s.front() == '"' && s.back() == '"' ? s.substr(1, s.size() - 2) : s;
}

std::string option_text(const Choice& o) { return o.lang.empty() ? core::tr(o.text) : o.text; }

}   // namespace

const PageKey* ControlMap::declared(const std::string& id, PageControl& c) const {
    const PageKey* k = keys_ ? keys_->find_control(id, c) : nullptr;
    IM_ASSERT(k && "a control drawn on the canvas is declared (page_key.hpp)");   // words: not shown
    return k;
}

std::string ControlMap::label(const std::string& id, bool full) const {
    PageControl c;
    if (!declared(id, c)) return "";
    const ControlNow now = now_of(c);
    return hidden(c, now) ? "" : said(c, now, full);
}

std::string ControlMap::command_now(const PageKey& k, const PageControl& c) const {
    const ControlNow now = now_of(c);
    return hidden(c, now) || !now.enabled || locked(c) ? "" : command_of(k, c, now);
}

bool ControlMap::draw(const std::string& id, const ControlStyle& style) {
    PageControl c;
    const PageKey* k = declared(id, c);
    return k && draw_now(*k, c, style).pressed;
}

ControlMap::Drawn ControlMap::draw_now(const PageKey& k, const PageControl& c, const ControlStyle& style) {
    const ControlNow now = now_of(c);
    if (hidden(c, now)) return {};
    const std::string text = said(c, now, style.full_label), name = said(c, now, true);
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
    ImGui::BeginDisabled(!now.enabled || locked(c));
    const std::string imgui_id = text + "###" + canvas;   // one id, whatever it says now
    bool pressed = false;
    if (c.kind == Control::Switch) {
        bool on = now.pressed;
        pressed = ImGui::Checkbox(imgui_id.c_str(), &on);
    } else if (style.invisible) pressed = ImGui::InvisibleButton(("###" + canvas).c_str(), style.size);
    else if (style.menu_item) pressed = ImGui::Selectable(imgui_id.c_str());
    else if (style.small) pressed = ImGui::SmallButton(imgui_id.c_str());
    else pressed = ImGui::Button(imgui_id.c_str(), style.size);
    ImGui::EndDisabled();
    if (colours) ImGui::PopStyleColor(colours);
    // (the map says its whole name, as the document does)
    if (c.kind == Control::Switch) note(canvas, "checkbox", name, now.pressed ? "on" : "off");
    else note(canvas, "button", name, c.kind == Control::Toggle ? now.value : "");
    hover_help(now.tip.empty() ? core::tr(c.tip) : now.tip);
    if (pressed && command_) command_(command_of(k, c, now));
    return {true, pressed};
}

void ControlMap::draw_group(const std::string& group) {
    if (!keys_) return;
    ControlStyle s;
    for (const PageKey& k : keys_->all())
        for (const PageControl& c : k.controls)
            if (c.group == group &&
                (c.kind == Control::Button || c.kind == Control::Toggle || c.kind == Control::Switch) &&
                draw_now(k, c, s).shown)
                s.flow = true;   // (the next beside it)
}

void ControlMap::draw_row(const std::vector<std::string>& ids, const ControlStyle& style) {
    bool first = true;
    for (const std::string& id : ids) {
        PageControl c;
        const PageKey* k = declared(id, c);
        if (!k || hidden(c, now_of(c))) continue;
        if (!first) ImGui::SameLine();
        first = false;
        draw_now(*k, c, style);
    }
}

void ControlMap::draw_choice(const std::string& id, const ControlStyle& style) {
    PageControl c;
    const PageKey* k = declared(id, c);
    if (!k || !c.choices) return;
    const ControlNow now = now_of(c);
    if (hidden(c, now)) return;
    const std::string value = value_now(*k, now), label = said(c, now, style.full_label);
    const std::vector<Choice> options = c.choices();
    std::string shown = style.preview.empty() ? now.value_text : style.preview;
    for (const Choice& o : options)
        if (shown.empty() && o.value == value) shown = option_text(o);
    const std::string canvas = now.canvas.empty() ? canvas_id(*k, c) : now.canvas;
    ImGui::BeginDisabled(!now.enabled || locked(c));
    if (style.size.x != 0) ImGui::SetNextItemWidth(style.size.x);
    else ImGui::SetNextItemWidth(style.labelled ? width_before_label(label.c_str(), 4.5f) : -1);
    const std::string imgui_label = (style.labelled ? label : std::string()) + "###" + canvas;
    const bool open = ImGui::BeginCombo(imgui_label.c_str(), shown.c_str());
    note(canvas, "combo", said(c, now, true), shown);
    if (open) {
        for (const Choice& o : options) {
            if (o.value.empty()) continue;   // (a placeholder: "custom", "choose a parameter")
            const std::string text = option_text(o);
            const bool picked = ImGui::Selectable((text + "###" + o.value).c_str(), o.value == value);
            note(o.canvas.empty() ? "option:" + control_id(*k, c) + ":" + o.value : o.canvas, "option", text,
                 o.value == value ? "selected" : "");
            hover_help(o.tip);
            if (picked && o.value != value && command_) command_(k->syntax.name + "=" + o.value);
        }
        ImGui::EndCombo();
    }
    hover_help(core::tr(c.tip));
    ImGui::EndDisabled();
}

void ControlMap::draw_option(const std::string& id, const std::string& value, const ControlStyle& style) {
    PageControl c;
    const PageKey* k = declared(id, c);
    if (!k || !c.choices || hidden(c, now_of(c))) return;
    for (const Choice& o : c.choices()) {
        if (o.value != value) continue;
        const std::string text = style.sign.empty() ? option_text(o) : style.sign;
        if (style.fill.w > 0) ImGui::PushStyleColor(ImGuiCol_Button, style.fill);
        ImGui::BeginDisabled(locked(c));
        const bool pressed = ImGui::SmallButton((text + "###" + o.canvas).c_str());
        ImGui::EndDisabled();
        if (style.fill.w > 0) ImGui::PopStyleColor();
        note(o.canvas.empty() ? "option:" + control_id(*k, c) + ":" + o.value : o.canvas, "button", option_text(o));
        hover_help(o.tip);
        if (pressed && command_) command_(k->syntax.name + "=" + o.value);
    }
}

}   // namespace app
