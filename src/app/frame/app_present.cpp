// Lecture layouts: presentation (no sidebar; timeline, tour caption and one or two views large, a
// small line with the lab, seed and phase) and embed (one view, minimal chrome, for an iframe).
#include "app/frame/app.hpp"
#include "app/plot/colors.hpp"
#include "app/controls/hover_help.hpp"
#include "app/plot/ink.hpp"
#include "app/plot/plot.hpp"
#include "app/plot/text_fit.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <algorithm>

namespace app {

// Lab · seed · phase k/n: title · clock, shortened to `width`.
static std::string run_line(const core::Runner& run, uint64_t seed, float width) {
    const core::Lab& lab = run.lab();
    const int n = int(lab.phases().size()), ph = std::clamp(run.phase(), 0, std::max(0, n - 1));
    const std::string title = core::tr(lab.info().title);
    const auto s_seed = (unsigned long long)seed;
    std::string s = n > 0 ? core::trf("%s  ·  seed %llu  ·  phase %d/%d: %s", title.c_str(), s_seed, ph + 1, n,
                                      core::tr(lab.phases()[size_t(ph)].title).c_str())
                          : core::trf("%s  ·  seed %llu", title.c_str(), s_seed);
    if (!run.clock().empty()) s += "  ·  " + run.clock();
    return fit_text(s, width);
}

void App::draw_presentation() {
    const float fh = ImGui::GetFontSize();
    const ImGuiStyle& st = ImGui::GetStyle();
    auto bw = [&](const char* t) { return ImGui::CalcTextSize(t).x + st.FramePadding.x * 2 + st.ItemSpacing.x; };
    const bool rewound = !rewind_.live();
    // the lecture's buttons, right-aligned; Live while a moment is rewound to (key End)
    std::vector<std::string> row = {"play", "step", "next-phase", "next-view", "record", "tour", "qr", "present"};
    if (rewound) row.insert(row.begin(), "live");
    float buttons = 0;
    for (const std::string& id : row) buttons += bw(controls_.label(id).c_str());
    float w = ImGui::GetContentRegionAvail().x;
    ImVec2 p = ImGui::GetCursorScreenPos();
    const bool own_row = w - buttons < fh * 12;   // narrow (a phone): the run's line above the buttons
    ImGui::AlignTextToFramePadding();
    const float line_w = own_row ? w : w - buttons - fh;
    if (rewound) ImGui::TextColored(ink4(colors().warning), "%s", fit_text(rewind_.line(), line_w).c_str());
    else ImGui::TextColored(ink4(colors().title), "%s", run_line(run_.runner(), run_.config().seed, line_w).c_str());
    if (own_row) p = ImGui::GetCursorScreenPos();
    ImGui::SetCursorScreenPos(ImVec2(own_row ? p.x : p.x + w - buttons + st.ItemSpacing.x, p.y));
    controls_.draw_row(row);
    messages_.draw();
    header_.draw_timeline();
    compare_.draw_strip();
    if (tour_.on()) tour_.draw_panel();
    else header_.draw_look_for(true);
    std::vector<int> large = views_.shown();
    if (large.empty() && !views_.all().empty()) large.push_back(0);
    ImVec2 avail = ImGui::GetContentRegionAvail();
    if (qr_.on()) {   // the code on the right, as tall as the views' room allows, beside one view (never squeezed)
        if (large.size() > 1) large.resize(1);
        const float side = std::min(avail.y - fh * 0.2f, avail.x * 0.42f);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::SetCursorScreenPos(ImVec2(at.x + avail.x - side, at.y));
        qr_.draw(ImVec2(side, avail.y - fh * 0.2f));
        ImGui::SetCursorScreenPos(at);
        avail.x -= side + fh * 0.5f;
    }
    if (!large.empty()) views_.draw_large(large, ImVec2(avail.x, avail.y - fh * 0.2f));
}

void App::draw_embed() {
    if (views_.all().empty()) return;
    const float fh = ImGui::GetFontSize();
    int k = views_.focused() >= 0 && views_.focused() < int(views_.all().size()) ? views_.focused() : 0;
    const ImGuiStyle& st = ImGui::GetStyle();
    float bw = ImGui::CalcTextSize(controls_.label("play").c_str()).x + st.FramePadding.x * 2;
    ImVec2 p = ImGui::GetCursorScreenPos();
    float w = ImGui::GetContentRegionAvail().x;
    views_.draw_title(views_.all()[size_t(k)], k, w - bw - st.ItemSpacing.x, false);
    ImVec2 after = ImGui::GetCursorScreenPos();
    ImGui::SetCursorScreenPos(ImVec2(p.x + w - bw, p.y));
    controls_.draw("play", small_button());
    ImGui::SetCursorScreenPos(after);
    ImVec2 avail = ImGui::GetContentRegionAvail();
    views_.draw_one(k, ImVec2(avail.x, avail.y - fh * 0.2f), false);
}

}   // namespace app
