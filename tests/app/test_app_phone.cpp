// A student's phone during an exercise class, in a page as the browser serves it (headless_page.hpp's
// served_page) at a Pixel 7's 412×839 CSS pixels: a refused tap leaves a message of one or two lines and the views
// in one column with plots that can be read; the bottom bar's progress text is never cut at the bar's side. The
// browser's worksheet.test.mjs and devices.test.mjs check what only a browser shows (touch, the screenshots).
#include "app/plot/screen_text.hpp"
#include "headless_page.hpp"
#include "json_value.hpp"
#include <doctest/doctest.h>
#include <imgui.h>
#include <string>

using namespace headless;

namespace {

constexpr float kPhoneW = 412, kPhoneH = 839;   // a Pixel 7 in Chromium, CSS pixels

std::unique_ptr<Page> phone_page(const std::string& link) {
    auto p = served_page(link);
    ImGui::GetIO().DisplaySize = ImVec2(kPhoneW, kPhoneH);
    p->frames(4);
    return p;
}

const Json* control(const Json& s, const std::string& id) {
    for (const Json& c : s["controls"].items)
        if (c["id"].text == id) return &c;
    return nullptr;
}

}   // namespace

TEST_CASE("app phone: a refused tap leaves a message of one or two lines, the views in one column, readable") {
    auto page = phone_page("lab=cluster-experts&seed=1&tour=6&lock=lab,preset,seed");
    Page& p = *page;
    const Json before = read_json(p.state());
    const Json* back0 = control(before, "button:tour-back");
    REQUIRE(back0);
    // taps on locked controls: the seed, the preset, the lab
    CHECK(p.app->command("seed=2").find("locked") != std::string::npos);
    CHECK(p.app->command("preset=setting2").find("locked") != std::string::npos);
    CHECK(p.app->command("lab=playground").find("locked") != std::string::npos);
    p.frames(3);
    const Json s = read_json(p.state());
    const double fh = ImGui::GetFontSize();   // (the last frame's)
    // the message: at most two lines of text above the tour's panel, with a button a finger can hit
    const Json* dismiss = control(s, "button:dismiss");
    REQUIRE(dismiss);
    CHECK((*dismiss)["rect"][3].number >= 24);
    const Json* back = control(s, "button:tour-back");
    REQUIRE(back);
    const double pushed = (*back)["rect"][1].number - (*back0)["rect"][1].number;
    CHECK_MESSAGE(pushed <= fh * 3.2, "the message takes " << pushed << " px");
    // the views: one above the other, each its plot wide and tall enough to read
    const Json& reports = s["view_reports"];
    REQUIRE(reports.size() == 2);
    for (const Json& r : reports.items) {
        CAPTURE(r["id"].text);
        CHECK(r["plot"][2].number >= kPhoneW * 0.5);
        CHECK(r["plot"][3].number >= fh * 7);
    }
    CHECK(reports[1]["plot"][1].number > reports[0]["plot"][1].number + reports[0]["plot"][3].number);
    CHECK(p.app->command("dismiss") == "");
}

TEST_CASE("app phone: the bottom bar's progress text fits inside its bar, however long") {
    // the pseudo-language (every text 40 % longer) in patch-routing's sweep, whose progress names the run it is at
    auto page = phone_page("lab=patch-routing&lang=en-XA");
    Page& p = *page;
    std::string clock;
    for (int k = 0; k < 6 && clock.find("N = ") == std::string::npos; ++k) {
        REQUIRE(p.app->command("skip=phase") == "");
        for (int f = 0; f < 400 && p.has("\"playing\":true"); ++f) p.frames(1);
        p.frames(2);
        clock = read_json(p.state())["clock"].text;
    }
    REQUIRE_MESSAGE(clock.find("N = ") != std::string::npos, clock);
    // (ImGui draws a text wider than its bar from left of the bar, and trims the glyphs there: its start is lost)
    const double bar_top = kPhoneH - ImGui::GetFontSize() * 2.5;
    const std::string first_word = clock.substr(0, clock.find(' '));
    bool whole_start = false;
    for (const app::ScreenRun& r : app::screen_text(*ImGui::GetDrawData(), *ImGui::GetIO().Fonts)) {
        if (r.min.y < bar_top) continue;
        CHECK_MESSAGE(!r.cut, "\"" << r.text << "\" is cut at its bar's side");
        whole_start = whole_start || r.text.rfind(first_word, 0) == 0;
    }
    CHECK_MESSAGE(whole_start, "the progress text does not begin as \"" << clock << "\" does");
}

TEST_CASE("app phone: the student's name, given once on an exercise page, is kept, summed up and copied in the line") {
    auto page = phone_page("lab=cluster-experts&seed=1&tour=6&lock=lab,preset,seed");
    Page& p = *page;
    const std::string name = "Zoë \"Z\" O'Neil,\t李雷";
    CHECK(p.app->command("name=" + name) == "");
    CHECK(p.app->command("answer=c") == "");
    CHECK(p.app->command("my-answers=1") == "");   // (its button's longest label)
    p.frames(3);
    Json s = read_json(p.state());
    CHECK(s["my_name"].text == name);
    CHECK(s["my_answers"]["name"].text == name);
    CHECK(s["my_answers"]["line"].text ==
          "moe-lab-answers\tcluster-experts\t1\tname=Zoë %22Z%22 O'Neil%2C%09李雷\t6=c");
    CHECK(s["my_answers"]["summary"].text.rfind("Name: " + name + "\n", 0) == 0);
    // on the canvas beside My answers and Copy: a field a finger can hit, inside the screen
    const Json* field = control(s, "input:name");
    REQUIRE(field);
    CHECK((*field)["rect"][3].number >= 24);
    CHECK((*field)["rect"][0].number >= 0);
    CHECK((*field)["rect"][0].number + (*field)["rect"][2].number <= kPhoneW);
    CHECK(control(s, "button:copy-answers"));
    // a name too long is refused, an empty one forgets it; and off an exercise page no name is kept
    CHECK(p.app->command("name=" + std::string(61, 'x')).find("at most 60") != std::string::npos);
    CHECK(p.app->command("name=  ") == "");
    CHECK(read_json(p.state())["my_answers"]["line"].text == "moe-lab-answers\tcluster-experts\t1\t6=c");
    Page plain("lab=cluster-experts");
    CHECK(plain.app->command("name=Ana").find("exercise") != std::string::npos);
}
