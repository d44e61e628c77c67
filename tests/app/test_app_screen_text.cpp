// app::screen_text reads the canvas's texts back from the glyph quads ImGui drew: words joined by their advances,
// a space where the font's space was skipped, a new run for another line or another place.
#include "app/plot/screen_text.hpp"
#include "headless_page.hpp"
#include <algorithm>

namespace {

// The second frame's texts (ImGui hides a window that sizes itself on its first frame).
std::vector<app::ScreenRun> drawn_runs(void (*draw)()) {
    for (int frame = 0; frame < 2; ++frame) {
        ImGui::GetIO().DeltaTime = 1.0f / 60;
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(10, 10));
        ImGui::Begin("##screen", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_AlwaysAutoResize);
        draw();
        ImGui::End();
        ImGui::Render();
    }
    return app::screen_text(*ImGui::GetDrawData(), *ImGui::GetIO().Fonts);
}

std::vector<std::string> drawn(void (*draw)()) {
    std::vector<std::string> texts;
    for (const app::ScreenRun& r : drawn_runs(draw)) texts.push_back(r.text);
    return texts;
}

bool has(const std::vector<std::string>& runs, const std::string& s) {
    return std::find(runs.begin(), runs.end(), s) != runs.end();
}

}   // namespace

TEST_CASE("screen_text: the texts a frame drew, whole, line by line") {
    headless::Imgui imgui;
    const auto runs = drawn([] {
        ImGui::TextUnformatted("Hello wide world");
        ImGui::TextUnformatted("E_reg = 0.5");
        ImGui::GetForegroundDrawList()->AddText(ImVec2(600, 400), IM_COL32_WHITE, "Legend");
        ImGui::GetForegroundDrawList()->AddText(nullptr, 26.0f, ImVec2(600, 500), IM_COL32_WHITE, "twice as tall");
    });
    CHECK(has(runs, "Hello wide world"));
    CHECK(has(runs, "E_reg = 0.5"));
    CHECK(has(runs, "Legend"));
    CHECK(has(runs, "twice as tall"));
    CHECK(runs.size() == 4);
}

TEST_CASE("screen_text: texts side by side on one line stay apart; a hidden frame shows nothing") {
    headless::Imgui imgui;
    const auto runs = drawn([] {
        ImGui::TextUnformatted("left");
        ImGui::SameLine(300);
        ImGui::TextUnformatted("right");
    });
    CHECK(has(runs, "left"));
    CHECK(has(runs, "right"));
    CHECK(drawn([] {}).empty());
}

TEST_CASE("screen_text: a text drawn across its clip rectangle's side is cut; one inside is not") {
    headless::Imgui imgui;
    const auto runs = drawn_runs([] {
        ImGui::TextUnformatted("whole");
        ImDrawList* dl = ImGui::GetForegroundDrawList();
        dl->PushClipRect(ImVec2(600, 400), ImVec2(643, 430));   // (its side across the sixth glyph)
        dl->AddText(ImVec2(605, 405), IM_COL32_WHITE, "far too long for its box");
        dl->PopClipRect();
    });
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].text == "whole");
    CHECK(!runs[0].cut);
    CHECK(runs[1].cut);
}
