// How the page looks (look.hpp): ImGui's style from the theme's colour table (app/plot/colors.hpp) and a TTF font with
// Greek letters and math signs, rebuilt at the chosen UI scale so text stays sharp on a projector.
#include "app/parts/look.hpp"
#include "app/controls/slider_text.hpp"
#include "app/plot/colors.hpp"
#include "app/controls/flow.hpp"
#include "app/controls/hover_help.hpp"
#include "core/parse.hpp"
#include "session/json_text.hpp"
#include "app/plot/glyph_ranges.hpp"
#include "app/plot/ink.hpp"
#include "core/words.hpp"
#include <cmath>
#include <imgui.h>
#include <fstream>
#include <algorithm>
#include <cstdio>
#include <string>

namespace app {

static_assert(sizeof(ImWchar) == sizeof(app::kGlyphRanges[0]),
              "ImWchar is 16 bits (ImGui's default)");   // words: not shown
static const ImWchar* const kGlyphs = app::kGlyphRanges;

// ImGui's style from the theme's colour table: every colour ImGui draws text on or with comes from there.
static void apply_style(float scale) {
    const Colors& c = colors();
    ImGuiStyle style;
    if (luminance(c.window) < 0.2) ImGui::StyleColorsDark(&style);
    else ImGui::StyleColorsLight(&style);
    style.WindowRounding = 0;
    style.FrameRounding = 4;
    style.ChildRounding = 4;
    style.GrabRounding = 4;
    style.FramePadding = ImVec2(6, 4);
    style.ItemSpacing = ImVec2(8, 6);
    const bool outlined = std::string(c.id) == "contrast";   // high contrast: every control outlined
    style.FrameBorderSize = outlined ? 1.0f : 0.0f;
    ImVec4* k = style.Colors;
    k[ImGuiCol_Text] = ink4(c.text);
    k[ImGuiCol_TextDisabled] = ink4(c.text_dim);
    k[ImGuiCol_WindowBg] = ink4(c.window);
    k[ImGuiCol_ChildBg] = ink4(c.panel);
    k[ImGuiCol_PopupBg] = ink4(c.popup);
    k[ImGuiCol_Border] = ink4(c.border);
    k[ImGuiCol_FrameBg] = ink4(c.frame);
    k[ImGuiCol_FrameBgHovered] = ink4(c.frame_hover);
    k[ImGuiCol_FrameBgActive] = ink4(c.frame_active);
    k[ImGuiCol_TitleBg] = k[ImGuiCol_TitleBgActive] = k[ImGuiCol_TitleBgCollapsed] = ink4(c.header);
    k[ImGuiCol_MenuBarBg] = ink4(c.window);
    k[ImGuiCol_ScrollbarBg] = ink4(c.window);
    k[ImGuiCol_ScrollbarGrab] = k[ImGuiCol_ScrollbarGrabHovered] = k[ImGuiCol_ScrollbarGrabActive] = ink4(c.scrollbar);
    k[ImGuiCol_CheckMark] = k[ImGuiCol_SliderGrab] = k[ImGuiCol_SliderGrabActive] = ink4(c.grab);
    k[ImGuiCol_Button] = ink4(c.button);
    k[ImGuiCol_ButtonHovered] = ink4(c.button_hover);
    k[ImGuiCol_ButtonActive] = ink4(c.button_active);
    k[ImGuiCol_Header] = ink4(c.header);
    k[ImGuiCol_HeaderHovered] = k[ImGuiCol_HeaderActive] = ink4(c.header_hover);
    k[ImGuiCol_Separator] = k[ImGuiCol_SeparatorHovered] = k[ImGuiCol_SeparatorActive] = ink4(c.border);
    k[ImGuiCol_Tab] = ink4(c.header);
    k[ImGuiCol_TabHovered] = k[ImGuiCol_TabActive] = ink4(c.header_hover);
    k[ImGuiCol_PlotHistogram] = k[ImGuiCol_PlotHistogramHovered] = ink4(c.phase_past);   // the progress bar
    k[ImGuiCol_TableHeaderBg] = ink4(c.header);
    k[ImGuiCol_TableBorderStrong] = k[ImGuiCol_TableBorderLight] = ink4(c.border);
    k[ImGuiCol_TableRowBg] = ink4(c.panel);
    k[ImGuiCol_TableRowBgAlt] = ink4(c.frame, 0.45f);
    k[ImGuiCol_TextSelectedBg] = ink4(c.focus, 0.35f);
    k[ImGuiCol_NavHighlight] = ink4(c.focus);
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
}

std::string Look::theme() const { return choice_ == "auto" ? system_ : choice_; }

std::string Look::choose_theme(const std::string& id, bool system) {
    if (theme_index(id) < 0 && (system || id != "auto")) {
        std::string ids = system ? "" : "auto";
        for (const Colors& c : themes()) ids += (ids.empty() ? "" : ", ") + std::string(c.id);
        return core::trf("%s=%s: give one of %s", system ? "system-theme" : "theme", id.c_str(), ids.c_str());
    }
    (system ? system_ : choice_) = id;
    set_theme(Theme(theme_index(theme())));
    fonts_dirty_ = true;   // the style is rebuilt with the fonts, between frames
    if (!system) stage_.write_url();
    return "";
}

void Look::set_density(float d) {
    d = std::clamp(d, 0.5f, 4.0f);
    if (d == density_) return;
    density_ = d;
    fonts_dirty_ = true;
}

void Look::set_for_export(float scale, float density) {
    scale_ = scale;
    density_ = density;
    fonts_dirty_ = true;
}

void Look::rebuild_fonts(const std::function<void(float size)>& merge) {
    if (!(scale_ >= 0.75f && scale_ <= 2.5f)) scale_ = 1.0f;   // commands and the slider keep it in range
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig cfg;
    cfg.OversampleH = 2;
    ImFont* f = nullptr;
    if (!host_.font_file.empty())
        f = io.Fonts->AddFontFromFileTTF(host_.font_file.c_str(), 17.0f * scale_ * density_, &cfg, kGlyphs);
    merge(17.0f * scale_ * density_);
    if (!f) {
        std::fprintf(stderr, "MoE Lab: font %s not found, using ImGui's built-in font\n", host_.font_file.c_str());
        ImFontConfig d;
        d.SizePixels = 13.0f * scale_ * density_;
        io.Fonts->AddFontDefault(&d);
    }
    io.FontGlobalScale = 1.0f / density_;   // glyphs in device pixels, laid out in CSS pixels
    io.Fonts->Build();                      // the platform makes its texture (platform::rebuild_fonts)
    apply_style(scale_);
    fonts_dirty_ = false;
}

std::vector<PageKey> Look::keys() {
    using K = session::ArgKind;
    using Arg = const session::CommandArg&;
    std::vector<PageKey> keys;
    {
        PageKey& k = declare(
            keys, {"scale", K::Number, 0.75, 2.5, "F", core::later::tr("text and control size (projectors: {=1.6})")},
            [this](Arg v) {
                scale_ = float(v.number);
                fonts_dirty_ = true;
                stage_.write_url();   // (the link holds the scale with present, embed or a tour)
                return std::string();
            });
        k.link = InLink::Page;
        k.to_phone = false;
        k.link_help =
            core::later::tr("text and control size, {=0.75} to {=2.5} (written with present, embed or a tour)");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            if (!v.given) return;
            double s = 0;
            std::string why = core::parse_number(v.value, s);
            if (!why.empty() || s < 0.75 || s > 2.5) {
                const std::string q = core::quote(v.value);
                msgs.push_back(
                    why.empty() ? core::trf("scale=%s: give a UI scale from 0.75 to 2.5", q.c_str())
                                : core::trf("scale=%s: give a UI scale from 0.75 to 2.5: %s", q.c_str(), why.c_str()));
                return;
            }
            if (float(s) != scale_) {
                scale_ = float(s);
                fonts_dirty_ = true;
            }
        };
        k.control(Control::Number, core::later::tr("UI scale"), "share", "slider:ui-scale").step = 0.05;
        k.state_name = "ui_scale";
        k.state = [this] { return session::json_number(std::round(double(scale_) * 1000) / 1000); };   // (as set)
        k.write = [this] {
            char b[16];
            std::snprintf(b, sizeof b, "%.3g", double(scale_));
            return written_if(scale_ != 1.0f && scale_in_link_(), b);
        };
    }
    {
        PageKey& k = declare(
            keys,
            {"theme", K::Word, 0, 0, "ID", core::later::tr("colours: auto (the system's), light, dark or contrast")},
            [this](Arg v) { return choose_theme(v.text, false); });
        k.link = InLink::Page;
        k.link_help = core::later::tr("colours: light, dark or contrast (absent: the system's)");
        in_link_or_auto(
            k, [this](const std::string& id) { return choose_theme(id, false); }, [this] { return choice_; });
        k.control(Control::Choice, core::later::tr("Theme"), "share", "combo:theme").choices = [] {
            std::vector<Choice> c = {{"auto", core::later::tr("as the system"), ""}};
            for (const Colors& t : themes()) c.push_back({t.id, t.name, ""});
            return c;
        };
        k.controls.back().tip = core::later::tr(
            "Colours: light, dark for a dark lecture hall, or high contrast; auto follows the system. Link: theme=dark.");
        k.controls.back().now = [this] {   // closed, "as the system" says which the system's is
            ControlNow n;
            for (const Colors& c : themes())
                if (c.id == system_ && choice_ == "auto")
                    n.value_text = core::trf("as the system (%s)", core::tr(c.name));
            return n;
        };
        k.state_name = "theme_choice";
        k.state = [this] { return session::json_string(choice_); };
    }
    declare(keys,
            {"system-theme", K::Word, 0, 0, "ID",
             core::later::tr("the system's theme (light, dark, contrast), for theme=auto")},
            [this](Arg v) { return choose_theme(v.text, true); });

    return keys;
}

void Look::state(std::string& json) const {
    std::vector<std::string> ids;
    for (const Colors& c : themes()) ids.push_back(c.id);
    json += ",\"density\":" + session::json_number(density_) + ",\"theme\":" + session::json_string(theme()) +
        ",\"themes\":" + session::json_strings(ids);
}

// The sidebar's part: the UI scale and the theme.
void Look::draw_controls() {
    ImGui::SetNextItemWidth(width_before_label(core::tr("UI"), 2.2f));
    float scale = scale_;
    const std::string label = std::string(core::tr("UI")) + "###ui-scale",
                      text = slider_text(label.c_str(), "%.2fx", scale);
    if (ImGui::SliderFloat(label.c_str(), &scale, 0.75f, 2.5f, text.c_str(), ImGuiSliderFlags_AlwaysClamp))
        scale_ = slider_rounded("%.2f", scale);
    controls_.note("slider:ui-scale", "slider", core::tr("UI scale"), core::format_number(scale_));
    if (ImGui::IsItemDeactivatedAfterEdit()) fonts_dirty_ = true;
    hover_help(core::tr("Text and control size, for projectors."));
    ControlStyle theme;
    theme.size.x = ImGui::GetFontSize() * 7;
    controls_.draw_choice("theme", theme);
}

}   // namespace app
