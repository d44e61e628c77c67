// Export of one view as a PNG for slides and papers: the view with its title and legend (no
// caption), drawn at twice the UI scale into a box twice its size on screen, with a footer naming
// the run. The platform renders the frame offscreen and encodes the pixels (platform/png_export).
#include "app/app.hpp"
#include "app/export.hpp"
#include "session/json_text.hpp"
#include "app/ink.hpp"
#include "app/plot.hpp"
#include "app/text_fit.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>

namespace app {

std::string Export::request(long long n, int views) {
    if (n >= views) return core::trf("png=%lld: give a view number from 0 to %d", n, views - 1);
    view_ = int(n);
    return "";
}

void Export::begin(const std::string& view_id, const std::vector<ViewReport>& reports, float font_size, float& ui_scale,
                   float& density) {
    restore_scale_ = ui_scale;
    box_ = ImVec2(0, 0);
    if (!view_id.empty())
        for (const ViewReport& r : reports)
            if (r.id == view_id && r.plot_b.x > r.plot_a.x)
                box_ = ImVec2(r.plot_b.x - r.plot_a.x, r.plot_b.y - r.plot_a.y + font_size * 2.7f);
    if (box_.x < 200 || box_.y < 150) box_ = ImVec2(800 * ui_scale, 500 * ui_scale);
    box_.x = std::floor(box_.x);
    box_.y = std::floor(box_.y);
    ui_scale = restore_scale_ * 2;
    restore_density_ = density;   // the picture's own pixels: twice the box, whatever the screen's density
    density = 1;
}

void Export::finish(const std::string& file, const std::vector<uint8_t>& png, int width, int height, float& ui_scale,
                    float& density, const Save& save) {
    ui_scale = restore_scale_;
    density = restore_density_;
    if (!file.empty() && !png.empty()) {
        file_ = file;
        width_ = width;
        height_ = height;
        bytes_ = png.size();
        if (save) save(file_, png);
    }
    view_ = -1;
}

std::string Export::json() const {
    return "{\"pending\":" + core::json_bool(pending()) + ",\"file\":" + core::json_string(file_) +
        ",\"width\":" + std::to_string(width_) + ",\"height\":" + std::to_string(height_) +
        ",\"bytes\":" + std::to_string(bytes_) + "}";
}

// The view shown (-1: none now) and its id.
void App::begin_export() {
    const int v = export_.view();
    float scale = look_.scale(), density = look_.density();
    export_.begin(v >= 0 && v < int(views_.all().size()) ? views_.all()[size_t(v)].id : "", views_.reports(),
                  ImGui::GetFontSize(), scale, density);
    look_.set_for_export(scale, density);
}

ImVec2 App::export_size() const { return export_.size(); }

void App::draw_export() {
    ImVec2 size = export_size();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(size);
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ink(colors().plot_bg));
    ImGui::Begin("##export", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs);
    const int shown = export_.view();
    if (shown >= 0 && shown < int(views_.all().size())) {
        const core::View& v = views_.all()[size_t(shown)];
        const float fh = ImGui::GetFontSize();
        float w = ImGui::GetContentRegionAvail().x;
        ImGui::TextColored(ink4(colors().title), "%s", fit_text(v.title, w).c_str());
        ImVec2 avail = ImGui::GetContentRegionAvail();
        ViewReport r;
        views_.draw_one(shown, ImVec2(avail.x, avail.y - fh * 1.2f), false, &r);   // a table when shown as one
        std::string foot = core::trf("MoE Lab: %s, preset %s, seed %llu", run_.config().lab.c_str(),
                                     run_.config().preset.c_str(), (unsigned long long)run_.config().seed) +
            (run_.lab().clock().empty() ? "" : ", " + run_.lab().clock());
        ImGui::SetCursorScreenPos(
            ImVec2(ImGui::GetWindowPos().x + ImGui::GetStyle().WindowPadding.x,
                   ImGui::GetWindowPos().y + size.y - ImGui::GetStyle().WindowPadding.y - fh * 1.1f));
        ImGui::TextDisabled("%s", fit_text(foot, w).c_str());
    }
    ImGui::End();
    ImGui::PopStyleColor();
}

void App::finish_export(const std::vector<uint8_t>& png, int width, int height) {
    const int v = export_.view();
    const std::string file = v >= 0 && v < int(views_.all().size())
        ? run_.config().lab + "-" + views_.all()[size_t(v)].id + "-seed" + std::to_string(run_.config().seed) + ".png"
        : "";
    float scale = look_.scale(), density = look_.density();
    export_.finish(file, png, width, height, scale, density, host_.save_png);
    look_.set_for_export(scale, density);
}

}   // namespace app
