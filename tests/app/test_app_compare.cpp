// Compare mode in a page as the browser serves it (headless_page.hpp's served_page), for every paper's lab of the
// registry at its quick size against its first named comparison that needs no preset of its own: the link opens the
// comparison and the link the page writes names it (reopened, it restores A and B); A and B played in lockstep to
// the end equal pages that ran A alone and B's configuration alone; the line views carry the A/B key in their
// legends, and every merged view, enlarged beside the A/B strip at UI scale 1.6, reads on a projector
// (view_room.hpp). The browser's compare.test.mjs plays the first lab's against the CLIs, with its screenshots.
#include "headless_page.hpp"
#include "json_value.hpp"
#include "view_room.hpp"
#include "core/registry.hpp"
#include "session/json_text.hpp"
#include <doctest/doctest.h>
#include <map>
#include <string>

using namespace headless;

namespace {

Json finished(Page& p) {
    REQUIRE(p.app->command("skip=end") == "");
    for (int k = 0; k < 4000 && !p.has("\"done\":true"); ++k) p.frames(1);
    p.frames(2);
    return read_json(p.state());
}

// A link of the lab at its quick size on `seed`, with `values` (B's changes, for B alone) over them.
std::string link_of(const core::LabEntry& e, const std::string& preset,
                    const std::map<std::string, std::string>& values, int seed) {
    std::string link = "lab=" + e.id + "&preset=" + preset;
    for (const auto& [name, value] : values) link += "&" + name + "=" + value;
    return link + "&seed=" + std::to_string(seed);
}

}   // namespace

TEST_CASE("app compare: every lab's A and B in lockstep equal A and B alone, and every merged view has room") {
    const int seed = 4;
    for (const auto& e : core::all_labs()) {
        const core::Lab* lab = e.lab;
        if (lab->info().seed_file.empty() || lab->comparisons().empty()) continue;   // (the tests' example lab)
        CAPTURE(e.id);
        core::Comparison named = lab->comparisons()[0];
        for (const core::Comparison& c : lab->comparisons())
            if (c.preset.empty()) {
                named = c;
                break;
            }
        const std::string preset = named.preset.empty() ? lab->schema().presets[0].id : named.preset;
        std::map<std::string, std::string> a_values, b_values;
        for (const auto& [name, value] : lab->test_sizes().quick)
            a_values[name] = b_values[name] = session::json_number(value);
        std::string b_keys;
        for (const auto& [name, value] : named.b) {
            b_keys += "&b." + name + "=" + value;
            b_values[name] = value;
        }
        const std::string link = link_of(e, preset, a_values, seed) + b_keys + "&scale=1.6";
        const auto page = served_page(link);
        Page& p = *page;
        p.frames(2);
        Json s = read_json(p.state());
        CHECK(s["messages"].size() == 0);
        REQUIRE(s["compare"].kind == Json::Object);
        for (const auto& [name, value] : named.b) CHECK(s["compare"]["changes"][name].text == value);
        // B equals a named comparison, so the link the page writes names it, and reopening it restores B
        CHECK(p.url().find("compare=" + named.id) != std::string::npos);
        {
            Page again(p.url());
            const Json r = read_json(again.state());
            CHECK(r["messages"].size() == 0);
            for (const auto& [name, value] : named.b) CHECK(r["compare"]["changes"][name].text == value);
            for (const auto& [name, value] : s["params"].fields)
                CHECK_MESSAGE(r["params"][name].text == value.text, name);
        }
        s = finished(p);
        CHECK(s["failure"].text == "");
        CHECK(s["compare"]["failure"].text == "");
        CHECK_MESSAGE(s["compare"]["a_done"].boolean, "A finished too");
        Page a_alone(link_of(e, preset, a_values, seed)), b_alone(link_of(e, preset, b_values, seed));
        const Json a = finished(a_alone), b = finished(b_alone);
        for (const auto& [name, value] : a["metrics"].fields) {
            CHECK_MESSAGE(s["metrics"][name].number == value.number, "A " << name);
            CHECK_MESSAGE(s["compare"]["metrics"][name].number == b["metrics"][name].number, "B " << name);
        }
        CHECK_MESSAGE(s["compare"]["headlines"].size() >= 2, "the strip shows the headline metrics");
        int lines = 0;
        for (const Json& r : s["view_reports"].items) {
            bool keyed = false;
            for (const std::string& l : r["legend"].strings()) keyed = keyed || l.rfind("B: dashed", 0) == 0;
            if (!keyed) continue;
            ++lines;
            CHECK_MESSAGE(r["series"].size() >= 2, r["id"].text);
        }
        CHECK_MESSAGE(lines >= 1, "a line view overlays B with the A/B key in its legend");
        // every merged view, enlarged beside the A/B strip, reads on a projector like any other view
        const int views = int(s["views"].number);
        for (int k = 0; k < views; ++k) {
            REQUIRE(p.app->command("view=" + std::to_string(k)) == "");
            p.frames(3);
            const Json v = read_json(p.state());
            REQUIRE(v["view_reports"].size() == 1);
            check_view_room(v["view_reports"][0], v["canvas"][1].number, true, "compare enlarged@1.6");
        }
    }
}
