// Export of one view as a PNG for slides and papers: the view with its title and legend (no
// caption), drawn at twice the UI scale into a box twice its size on screen, with a footer naming
// the run. The platform renders the frame offscreen and encodes the pixels (platform/png_export).
#include "app/parts/export.hpp"
#include "app/plot/colors.hpp"
#include "session/json_text.hpp"
#include "app/plot/ink.hpp"
#include "app/plot/plot.hpp"
#include "app/plot/text_fit.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>

namespace app {

std::vector<PageKey> Export::keys() {
    std::vector<PageKey> keys(1);
    keys[0].syntax = {"png", session::ArgKind::Whole,
                      0,     999,
                      "N",   core::later::tr("save view N as a PNG at twice the screen resolution")};
    keys[0].act = [this](const session::CommandArg& v) { return request(v.whole); };
    keys[0].state_name = "export";
    keys[0].state = [this] { return json(); };
    keys[0].more_controls = [this] {   // each view's
        return views_.per_view([](int n, const core::View& v) {
            PageControl c{Control::Button, core::trf("Save %s as PNG", v.title.c_str()), "view:" + v.id,
                          "button:png:" + v.id};
            c.arg = std::to_string(n);
            c.id = "png-" + std::to_string(n);
            c.short_label = "PNG";   // words: not shown (a file type's name)
            c.tip = core::later::tr("Save this view as a PNG at twice the screen resolution");
            return c;
        });
    };
    return keys;
}

std::string Export::request(long long n) {
    std::vector<core::View> vs;
    stage_.runner().views(vs);
    const int views = int(vs.size());
    if (n >= views) return core::trf("png=%lld: give a view number from 0 to %d", n, views - 1);
    view_ = int(n);
    return "";
}

// The picture's box from the view's box on screen (its last report; a 16:10 box when it is not shown), and the UI
// scale doubled, the density 1 (the picture's own pixels, whatever the screen's) until finish().
void Export::begin() {
    const std::vector<core::View>& vs = views_.all();
    const std::string view_id = view_ >= 0 && view_ < int(vs.size()) ? vs[size_t(view_)].id : "";
    const float font_size = ImGui::GetFontSize();
    restore_scale_ = look_.scale();
    restore_density_ = look_.density();
    box_ = ImVec2(0, 0);
    if (!view_id.empty())
        for (const ViewReport& r : views_.reports())
            if (r.id == view_id && r.plot_b.x > r.plot_a.x)
                box_ = ImVec2(r.plot_b.x - r.plot_a.x, r.plot_b.y - r.plot_a.y + font_size * 2.7f);
    if (box_.x < 200 || box_.y < 150) box_ = ImVec2(800 * restore_scale_, 500 * restore_scale_);
    box_.x = std::floor(box_.x);
    box_.y = std::floor(box_.y);
    look_.set_for_export(restore_scale_ * 2, 1);
}

void Export::finish(const std::vector<uint8_t>& png, int width, int height) {
    const std::vector<core::View>& vs = views_.all();
    const session::RunConfig& c = stage_.config();
    const std::string file = view_ >= 0 && view_ < int(vs.size())
        ? c.lab + "-" + vs[size_t(view_)].id + "-seed" + std::to_string(c.seed) + ".png"
        : "";   // the view is gone: nothing saved
    look_.set_for_export(restore_scale_, restore_density_);
    if (!file.empty() && !png.empty()) {
        file_ = file;
        width_ = width;
        height_ = height;
        bytes_ = png.size();
        if (host_.save_png) host_.save_png(file_, png);
    }
    view_ = -1;
}

std::string Export::json() const {
    return "{\"pending\":" + session::json_bool(pending()) + ",\"file\":" + session::json_string(file_) +
        ",\"width\":" + std::to_string(width_) + ",\"height\":" + std::to_string(height_) +
        ",\"bytes\":" + std::to_string(bytes_) + "}";
}

void Export::draw() {
    const ImVec2 size = this->size();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(size);
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ink(colors().plot_bg));
    ImGui::Begin("##export", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs);
    const int shown = view_;
    if (shown >= 0 && shown < int(views_.all().size())) {
        const core::View& v = views_.all()[size_t(shown)];
        const float fh = ImGui::GetFontSize();
        float w = ImGui::GetContentRegionAvail().x;
        ImGui::TextColored(ink4(colors().title), "%s", fit_text(v.title, w).c_str());
        ImVec2 avail = ImGui::GetContentRegionAvail();
        ViewReport r;
        views_.draw_one(shown, ImVec2(avail.x, avail.y - fh * 1.2f), false, &r);   // a table when shown as one
        std::string foot = core::trf("MoE Lab: %s, preset %s, seed %llu", stage_.config().lab.c_str(),
                                     stage_.config().preset.c_str(), (unsigned long long)stage_.config().seed) +
            (stage_.runner().clock().empty() ? "" : ", " + stage_.runner().clock());
        ImGui::SetCursorScreenPos(
            ImVec2(ImGui::GetWindowPos().x + ImGui::GetStyle().WindowPadding.x,
                   ImGui::GetWindowPos().y + size.y - ImGui::GetStyle().WindowPadding.y - fh * 1.1f));
        ImGui::TextDisabled("%s", fit_text(foot, w).c_str());
    }
    ImGui::End();
    ImGui::PopStyleColor();
}

}   // namespace app
