// The page in every language but English (the other tests' language), the pseudo-language among them (every text
// accented and 40 % longer), in a page as the browser serves it (headless_page.hpp's served_page: the page's fonts,
// the languages' word tables and fonts), at 1280×720 and UI scale 1.6: every lab's default views, then presentation
// mode at a tour step. No control is cut by its window or lies on another, no view lacks room or has a label cut,
// crossed or overlapping (view_room.hpp), and no text runs past its panel's side (the glyphs drawn:
// app/plot/screen_text.hpp). The browser's languages.test.mjs checks what only a browser shows: axe-core, the HTML
// document's lang, the screenshots and a phone.
#include "app/plot/screen_text.hpp"
#include "headless_page.hpp"
#include "json_value.hpp"
#include "view_room.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include <doctest/doctest.h>
#include <imgui.h>
#include <string>

using namespace headless;

namespace {

void check_read_whole(Page& p, bool large_if_one, const std::string& where) {
    const Json s = read_json(p.state());
    check_controls(s, where);
    const Json& reports = s["view_reports"];
    for (const Json& r : reports.items)
        check_view_room(r, s["canvas"][1].number, large_if_one && reports.size() == 1, where);
    for (const app::ScreenRun& r : app::screen_text(*ImGui::GetDrawData(), *ImGui::GetIO().Fonts))
        CHECK_MESSAGE(!r.cut, where << ": \"" << r.text << "\" is cut at its panel's side");
}

}   // namespace

TEST_CASE("app languages: every lab, presentation and a tour step at 1280×720 and UI scale 1.6 read whole") {
    for (const core::Language& l : core::languages()) {
        const std::string lang = l.code;
        if (lang == "en") continue;
        CAPTURE(lang);
        const auto page = served_page("lab=cluster-experts&lang=" + lang + "&scale=1.6");
        Page& p = *page;
        p.frames(5);
        Json s = read_json(p.state());
        CHECK(s["lang"].text == lang);
        CHECK_MESSAGE(s["messages"].size() == 0, "a clean link leaves nothing to say: " << messages(p));
        CHECK(p.url().find("lang=" + lang) != std::string::npos);
        for (const std::string& lab : s["labs"].strings()) {
            if (core::find_lab(lab)->info().seed_file.empty()) continue;   // the tests' example lab: not translated
            REQUIRE(p.app->command("lab=" + lab) == "");
            p.frames(3);
            CHECK_MESSAGE(read_json(p.state())["lang"].text == lang, "the language stays when the lab changes");
            check_read_whole(p, false, lang + " " + lab);
        }
        REQUIRE(p.app->command("present=1") == "");
        REQUIRE(p.app->command("tour=2") == "");
        p.frames(5);
        check_read_whole(p, true, lang + " presentation, tour step 2");
    }
    core::use_language("en", "");
}
