// Fonts and colours: ImGui's style from the theme's colour table (app/colors.hpp) and a TTF font with Greek letters and math signs, rebuilt at the
// chosen UI scale so text stays sharp on a projector (ImGui's built-in font has no Greek).
#include "app/app.hpp"
#include "app/glyph_ranges.hpp"
#include "app/ink.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <fstream>
#include <imgui_impl_opengl3.h>
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

std::string App::theme_id() const { return theme_choice_ == "auto" ? system_theme_ : theme_choice_; }

std::string App::cmd_theme(const std::string& id, bool system) {
    if (theme_index(id) < 0 && (system || id != "auto")) {
        std::string ids = system ? "" : "auto";
        for (const Colors& c : themes()) ids += (ids.empty() ? "" : ", ") + std::string(c.id);
        return core::trf("%s=%s: give one of %s", system ? "system-theme" : "theme", id.c_str(), ids.c_str());
    }
    (system ? system_theme_ : theme_choice_) = id;
    set_theme(Theme(theme_index(theme_id())));
    fonts_dirty_ = true;   // the style is rebuilt with the fonts, between frames
    if (!system) sync_url();
    return "";
}

void App::set_density(float d) {
    d = std::clamp(d, 0.5f, 4.0f);
    if (d == density_ || export_pending()) return;
    density_ = d;
    fonts_dirty_ = true;
}

void App::rebuild_fonts() {
    if (!(ui_scale_ >= 0.75f && ui_scale_ <= 2.5f)) ui_scale_ = 1.0f;   // commands and the slider keep it in range
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig cfg;
    cfg.OversampleH = 2;
    ImFont* f = nullptr;
    if (!host_.font_file.empty())
        f = io.Fonts->AddFontFromFileTTF(host_.font_file.c_str(), 17.0f * ui_scale_ * density_, &cfg, kGlyphs);
    language_.merge_font(17.0f * ui_scale_ * density_);
    if (!f) {
        std::fprintf(stderr, "MoE Lab: font %s not found, using ImGui's built-in font\n", host_.font_file.c_str());
        ImFontConfig d;
        d.SizePixels = 13.0f * ui_scale_ * density_;
        io.Fonts->AddFontDefault(&d);
    }
    io.FontGlobalScale = 1.0f / density_;   // glyphs in device pixels, laid out in CSS pixels
    io.Fonts->Build();
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    apply_style(ui_scale_);
    fonts_dirty_ = false;
}

}   // namespace app
