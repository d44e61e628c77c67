// Every view of every lab reads on a projector: the default preset played to its end on seed 3 in a page as the
// browser serves it (headless_page.hpp's served_page: the page's font, 1280×720), and every view, in the grid and
// enlarged, at UI scale 1.0 and 1.6, gets room for its plot, a legend entry for every line series, and no label
// across a curve, on another label or cut (view_room.hpp). The layout is the app's own, measured with the page's
// font: the browser's finished-runs.test.mjs checks only what a browser draws (the numbers, the pixels).
#include "headless_page.hpp"
#include "json_value.hpp"
#include "view_room.hpp"
#include "core/registry.hpp"
#include <doctest/doctest.h>
#include <string>

using namespace headless;

namespace {

Json reports_after(Page& p, const std::string& cmd) {
    REQUIRE(p.app->command(cmd) == "");
    p.frames(3);
    return read_json(p.state());
}

}   // namespace

TEST_CASE("app room: every lab's views, finished, in the grid and enlarged, at UI scale 1.0 and 1.6") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        const auto page = served_page("lab=" + e.id + "&seed=3");
        Page& p = *page;
        REQUIRE(p.app->command("play") == "");
        p.play_to_end();
        for (const char* scale : {"1", "1.6"}) {
            reports_after(p, std::string("scale=") + scale);
            Json s = reports_after(p, "view=-1");
            const double canvas_h = s["canvas"][1].number;
            const size_t n = size_t(s["views"].number);
            REQUIRE(s["view_reports"].size() == n);   // the grid draws every view
            for (const Json& r : s["view_reports"].items)
                check_view_room(r, canvas_h, false, "grid@" + std::string(scale));
            for (size_t k = 0; k < n; ++k) {
                s = reports_after(p, "view=" + std::to_string(k));
                REQUIRE(s["view_reports"].size() == 1);
                check_view_room(s["view_reports"][0], canvas_h, true, "enlarged@" + std::string(scale));
            }
        }
    }
}
