// Export of one view as a PNG for slides and papers: the view with its title and legend (no
// caption), drawn at twice the UI scale into a box twice its size on screen, with a footer naming
// the run. The platform renders the frame offscreen and encodes the pixels (platform/png_export).
#include "app/app.hpp"
#include "app/ink.hpp"
#include "app/plot.hpp"
#include "app/text_fit.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>

namespace app {

void App::begin_export() {
    export_restore_scale_ = ui_scale_;
    // the view's box on screen (from the last frame's report), or a 16:10 box if it is not shown
    export_box_ = ImVec2(0, 0);
    if (export_view_ >= 0 && export_view_ < int(views_.size()))
        for (const ViewReport& r : reports_)
            if (r.id == views_[size_t(export_view_)].id && r.plot_b.x > r.plot_a.x)
                export_box_ = ImVec2(r.plot_b.x - r.plot_a.x, r.plot_b.y - r.plot_a.y + ImGui::GetFontSize() * 2.7f);
    if (export_box_.x < 200 || export_box_.y < 150) export_box_ = ImVec2(800 * ui_scale_, 500 * ui_scale_);
    export_box_.x = std::floor(export_box_.x);
    export_box_.y = std::floor(export_box_.y);
    ui_scale_ = export_restore_scale_ * 2;
    export_restore_density_ = density_;   // the picture's own pixels: twice the box, whatever the screen's density
    density_ = 1;
    fonts_dirty_ = true;
}

ImVec2 App::export_size() const { return ImVec2(export_box_.x * 2, export_box_.y * 2); }

void App::draw_export() {
    ImVec2 size = export_size();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(size);
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ink(colors().plot_bg));
    ImGui::Begin("##export", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs);
    if (export_view_ >= 0 && export_view_ < int(views_.size())) {
        const core::View& v = views_[size_t(export_view_)];
        const float fh = ImGui::GetFontSize();
        float w = ImGui::GetContentRegionAvail().x;
        ImGui::TextColored(ink4(colors().title), "%s", fit_text(v.title, w).c_str());
        ImVec2 avail = ImGui::GetContentRegionAvail();
        ViewReport r;
        show_view(export_view_, ImVec2(avail.x, avail.y - fh * 1.2f), false, &r);   // a table when shown as one
        std::string foot = "MoE Lab: " + config_.lab + ", preset " + config_.preset + ", seed " +
            std::to_string(config_.seed) + (lab_->clock().empty() ? "" : ", " + lab_->clock());
        ImGui::SetCursorScreenPos(
            ImVec2(ImGui::GetWindowPos().x + ImGui::GetStyle().WindowPadding.x,
                   ImGui::GetWindowPos().y + size.y - ImGui::GetStyle().WindowPadding.y - fh * 1.1f));
        ImGui::TextDisabled("%s", fit_text(foot, w).c_str());
    }
    ImGui::End();
    ImGui::PopStyleColor();
}

void App::finish_export(const std::vector<uint8_t>& png, int width, int height) {
    ui_scale_ = export_restore_scale_;
    density_ = export_restore_density_;
    fonts_dirty_ = true;
    if (export_view_ >= 0 && export_view_ < int(views_.size()) && !png.empty()) {
        export_file_ =
            config_.lab + "-" + views_[size_t(export_view_)].id + "-seed" + std::to_string(config_.seed) + ".png";
        exported_w_ = width;
        exported_h_ = height;
        exported_bytes_ = png.size();
        if (host_.save_png) host_.save_png(export_file_, png);
    }
    export_view_ = -1;
}

}   // namespace app
