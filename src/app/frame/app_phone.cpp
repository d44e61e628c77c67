// The phone layout: one column. Below kPhoneWidth CSS pixels (times the UI scale) the sidebar, at most 340 px,
// would leave the views under 360 px, too narrow for a plot beside its legend and axis labels; below
// kPhoneHeight (a phone held sideways) the sidebar's run buttons scroll out of reach and a view never fits. A top bar holds
// the lab's title and the Controls button, which opens the sidebar as a full-screen drawer; a bottom bar keeps
// Play, Step and Reset and the progress in thumb reach; between them the timeline, what to look for and the
// views, full width, one above the other.
#include "app/frame/app.hpp"
#include "app/plot/ink.hpp"
#include "app/controls/hover_help.hpp"
#include "app/plot/text_fit.hpp"
#include "core/words.hpp"
#include <imgui.h>

namespace app {

bool App::phone_layout() const {
    const ImVec2 size = ImGui::GetMainViewport()->WorkSize;
    return size.x < kPhoneWidth * look_.scale() ||
        size.y < kPhoneHeight;   // (a projector's 720 rows at any scale: not)
}

void App::draw_phone() {
    const float fh = ImGui::GetFontSize();
    const ImGuiStyle& st = ImGui::GetStyle();
    // the bottom bar: the buttons, and the progress beside them when there is room (held sideways), else below
    const bool one_row = ImGui::GetContentRegionAvail().x > fh * 25;
    const float bar = (ImGui::GetFrameHeight() + st.ItemSpacing.y) * (one_row ? 1 : 2);
    // top bar
    const char* controls = layout_.drawer_open() ? core::tr("Close controls") : core::tr("Controls");
    if (ImGui::Button(controls)) command(layout_.drawer_open() ? "drawer=0" : "drawer=1");
    controls_.note("button:controls", "button", controls, layout_.drawer_open() ? "open" : "");
    hover_help(core::tr("The lab, presets, seed, parameters, compare, link and export."));
    ImGui::SameLine();
    if (!rewind_.live()) rewind_.draw_status();   // which moment is shown, and Live
    else
        ImGui::TextColored(ink4(colors().title), "%s",
                           fit_text(core::tr(run_.lab().info().title), ImGui::GetContentRegionAvail().x).c_str());
    const ImVec2 body(ImGui::GetContentRegionAvail().x, ImGui::GetContentRegionAvail().y - bar);
    if (layout_.drawer_open()) sidebar_.draw(body);
    else {
        ImGui::BeginChild("main", body, false);
        messages_.draw(true);   // one or two lines: the views keep their room
        header_.draw_timeline();
        compare_.draw_strip();
        if (tour_.on()) tour_.draw_panel();
        else header_.draw_look_for(true);
        views_.draw_grid(true);
        ImGui::EndChild();
    }
    // bottom bar
    const bool done = run_.finished();
    ImGui::BeginDisabled(done);
    sidebar_.draw_play_button(ImVec2(fh * 5, 0));
    ImGui::SameLine();
    if (ImGui::Button(core::tr("Step"))) command("step");
    controls_.note("button:step", "button", core::tr("Step"));
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(core::tr("Reset"))) command("reset");
    controls_.note("button:reset", "button", core::tr("Reset"));
    if (one_row) ImGui::SameLine();
    progress_bar(float(run_.runner().progress()), run_.runner().clock());
}

}   // namespace app
