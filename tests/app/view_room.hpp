// What the page drew reads whole, checked as the browser files check it (tests/e2e/harness.mjs): a view
// (state().view_reports: checkReport) has a plot with room (large: at least 40 % of the canvas's height), a legend
// entry for every named series, no label across a curve, on another label or cut by the view's box, every token of
// a painted text drawn when it is large; the controls
// (state().controls: checkControls) are not cut by their window's side nor on each other.
#pragma once
#include "json_value.hpp"
#include <algorithm>
#include <doctest/doctest.h>
#include <string>

namespace headless {

inline void check_view_room(const Json& r, double canvas_h, bool large, const std::string& where) {
    const std::string at = where + " " + r["id"].text;
    const double w = r["plot"][2].number, h = r["plot"][3].number;
    CHECK_MESSAGE((w > 0 && h > 0), at << ": an empty plot " << w << "×" << h);
    if (large) CHECK_MESSAGE(h >= 0.4 * canvas_h, at << ": plot height " << h << " < 40 % of " << canvas_h);
    const std::vector<std::string> legend = r["legend"].strings();
    for (const std::string& s : r["series"].strings())
        CHECK_MESSAGE(std::find(legend.begin(), legend.end(), s) != legend.end(),
                      at << ": series '" << s << "' has no legend entry");
    CHECK_MESSAGE(r["crossings"].number == 0, at << ": a label crosses a curve");
    CHECK_MESSAGE(r["overlaps"].number == 0, at << ": overlapping labels");
    CHECK_MESSAGE(r["clipped"].number == 0, at << ": a label is cut by the view's box");
    if (large && r.has("tokens"))   // painted text, enlarged: every token drawn
        CHECK_MESSAGE(r["tokens"][0].number == r["tokens"][1].number,
                      at << ": " << r["tokens"][0].number << " of " << r["tokens"][1].number << " tokens drawn");
}

inline void check_controls(const Json& s, const std::string& where) {
    const std::vector<Json>& cs = s["controls"].items;
    for (const Json& c : cs) {
        const double x = c["rect"][0].number, w = c["rect"][2].number;
        const double wx = c["window"][0].number, ww = c["window"][2].number;
        CHECK_MESSAGE((x >= wx - 1 && x + w <= wx + ww + 1),
                      where << ": " << c["id"].text << " ('" << c["label"].text << "') is cut by its window");
    }
    for (size_t i = 0; i < cs.size(); ++i)
        for (size_t j = i + 1; j < cs.size(); ++j) {
            const Json &a = cs[i]["rect"], &b = cs[j]["rect"];
            const double ox =
                std::min(a[0].number + a[2].number, b[0].number + b[2].number) - std::max(a[0].number, b[0].number);
            const double oy =
                std::min(a[1].number + a[3].number, b[1].number + b[3].number) - std::max(a[1].number, b[1].number);
            CHECK_MESSAGE((ox <= 1 || oy <= 1),
                          where << ": " << cs[i]["id"].text << " and " << cs[j]["id"].text << " overlap");
        }
}

}   // namespace headless
