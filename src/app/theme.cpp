// Fonts and colours: a light theme and a TTF font with Greek letters and math signs, rebuilt at the
// chosen UI scale so text stays sharp on a projector (ImGui's built-in font has no Greek).
#include "app/app.hpp"
#include "app/glyph_ranges.hpp"
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <algorithm>
#include <cstdio>

namespace app {

static_assert(sizeof(ImWchar) == sizeof(app::kGlyphRanges[0]), "ImWchar is 16 bits (ImGui's default)");
static const ImWchar* const kGlyphs = app::kGlyphRanges;

static void apply_style(float scale) {
    ImGuiStyle style;
    ImGui::StyleColorsLight(&style);
    style.WindowRounding = 0;
    style.FrameRounding = 4;
    style.ChildRounding = 4;
    style.GrabRounding = 4;
    style.FramePadding = ImVec2(6, 4);
    style.ItemSpacing = ImVec2(8, 6);
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.965f, 0.965f, 0.975f, 1);
    style.Colors[ImGuiCol_ChildBg] = ImVec4(1, 1, 1, 1);
    style.Colors[ImGuiCol_Header] = ImVec4(0.80f, 0.87f, 0.95f, 1);
    style.Colors[ImGuiCol_Text] = ImVec4(0.08f, 0.08f, 0.10f, 1);
    style.Colors[ImGuiCol_FrameBg] = ImVec4(0.87f, 0.89f, 0.93f, 1);
    style.Colors[ImGuiCol_FrameBgHovered] = ImVec4(0.80f, 0.85f, 0.93f, 1);
    style.Colors[ImGuiCol_SliderGrab] = ImVec4(0.20f, 0.45f, 0.80f, 1);
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
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
