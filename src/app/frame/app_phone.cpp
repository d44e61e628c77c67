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

void App::draw_phone() {
    const float fh = ImGui::GetFontSize();
    const ImGuiStyle& st = ImGui::GetStyle();
    // the bottom bar: the buttons, and the progress beside them when there is room (held sideways), else below
    const bool one_row = ImGui::GetContentRegionAvail().x > fh * 25;
    const float bar = (ImGui::GetFrameHeight() + st.ItemSpacing.y) * (one_row ? 1 : 2);
    // top bar
    controls_.draw("drawer");
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
    sidebar_.draw_play_button(ImVec2(fh * 5, 0));
    ImGui::SameLine();
    controls_.draw_row({"step", "reset"});
    if (one_row) ImGui::SameLine();
    progress_bar(float(run_.runner().progress()), run_.runner().clock());
}

}   // namespace app
