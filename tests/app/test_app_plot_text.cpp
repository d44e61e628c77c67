// Painted text (app/plot/plot_text.cpp) in boxes of every size: when lines are left out, the note that says so sits
// below the last row of tokens and inside the box, never over a token or past the box's side; and the characters the
// canvas's font lacks, written as their code points (app::drawable_text).
#include "app/plot/plot.hpp"
#include "app/plot/text_fit.hpp"
#include "app/plot/view_report.hpp"
#include "headless_page.hpp"
#include "core/view.hpp"
#include <string>

namespace {

// Three lines of twenty tokens each, on four colours, underlined every third.
core::View three_painted_lines() {
    core::View v;
    v.kind = core::ViewKind::Text;
    v.legend = {"expert 1", "expert 2", "expert 3", "expert 4"};
    const char* words[] = {"the", "cat", "sees", "3", "+", "let", "x", "=", ";", "river"};
    for (int l = 0; l < 3; ++l) {
        core::TextLine line;
        line.label = "line " + std::to_string(l + 1);
        for (int k = 0; k < 20; ++k) {
            core::TextToken t;
            t.text = words[(k * 7 + l) % 10];
            t.color = k == 5 ? -1 : (k + l) % 4;
            t.underline = k % 3 == 0 ? (k + 1) % 4 : -1;
            line.tokens.push_back(t);
        }
        v.text.lines.push_back(line);
    }
    return v;
}

// The report of one frame's drawing of v in the box at (20, 20) of the given size.
app::ViewReport drawn_report(const core::View& v, float w, float h) {
    app::ViewReport r;
    ImGui::GetIO().DeltaTime = 1.0f / 60;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(1280, 720));
    ImGui::Begin("##plot-text", nullptr, ImGuiWindowFlags_NoTitleBar);
    r.plot_a = ImVec2(20, 20);
    r.plot_b = ImVec2(20 + w, 20 + h);
    app::set_current_report(&r);
    app::plot_text(v, r.plot_a, r.plot_b);
    app::set_current_report(nullptr);
    ImGui::End();
    ImGui::Render();
    return r;
}

}   // namespace

TEST_CASE("painted text: the note of lines left out is below the tokens and inside the box, at every size") {
    headless::Imgui imgui;
    ImGui::GetIO().FontGlobalScale = 1.6f;   // (a projector's UI scale)
    const core::View v = three_painted_lines();
    int noted = 0;
    for (float w : {260.0f, 400.0f, 640.0f}) {
        bool whole = false;                       // a smaller box of this width drew every line
        for (float h = 110; h <= 300; h += 2) {   // (from the smallest box that holds the legend and a row)
            CAPTURE(w);
            CAPTURE(h);
            const app::ViewReport r = drawn_report(v, w, h);
            CHECK_FALSE((whole && !r.labels.empty()));   // a larger box leaves out no line a smaller one drew
            whole = whole || r.labels.empty();
            CHECK(r.overlaps == 0);   // (the note over a row of tokens)
            CHECK(r.clipped == 0);    // (the note past the box)
            CHECK(r.tokens_total == 60);
            CHECK(r.tokens_drawn > 0);
            if (!r.labels.empty()) ++noted;
            else CHECK(r.tokens_drawn == r.tokens_total);   // nothing said: everything drawn
        }
    }
    CHECK(noted > 10);   // (the sizes leave lines out)
}

// app::drawable_text with the default font (Basic Latin and Latin-1 only): what it has as it is, the rest as code
// points spaced from a letter or digit beside them, joiners and variation selectors left out, stray bytes kept.
TEST_CASE("drawable_text: a character the font lacks as its code point, readable beside its neighbours") {
    headless::Imgui imgui;
    ImGui::NewFrame();   // (the current font)
    CHECK(app::drawable_text("the cat = 3;") == "the cat = 3;");
    CHECK(app::drawable_text("café") == "café");
    CHECK(app::drawable_text("\xF0\x9F\x99\x82") == "U+1F642");   // 🙂
    CHECK(app::drawable_text("\xF0\x9F\x99\x82"
                             "a") == "U+1F642 a");   // not the hex digit of U+1F642A
    CHECK(app::drawable_text("a\xF0\x9F\x99\x82") == "a U+1F642");
    CHECK(app::drawable_text("'\xF0\x9F\x99\x82'") == "'U+1F642'");
    CHECK(app::drawable_text("\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD") == "U+1F44D U+1F3FD");   // 👍 and its skin tone
    CHECK(app::drawable_text("\xE2\x9D\xA4\xEF\xB8\x8F") == "U+2764");                    // ❤ and its selector
    CHECK(app::drawable_text("\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9") == "U+1F468 U+1F469");   // with a joiner
    CHECK(app::drawable_text("\xD0\xBA\xD0\xBE\xD1\x82") == "U+043A U+043E U+0442");                  // кот
    CHECK(app::drawable_text("a\xC3") == "a\xC3");   // not UTF-8: as it is
    ImGui::EndFrame();
}
