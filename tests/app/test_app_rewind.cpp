// Rewind (app/parts/rewind.hpp), for every paper's lab of the registry at its quick size: a run paused at two moments, played to
// its end and rewound to each shows every view as it was then (a line plot shows its whole curve with a "moment"
// cursor), within the moments' memory budget; key=[ goes a moment back, rewind=off shows the end again, and the
// link of a rewound page plays its run to the end and opens at that moment. The browser's rewind.test.mjs rewinds
// the first lab in Chromium, with its screenshot, and measures the page's memory.
#include "headless_page.hpp"
#include "json_value.hpp"
#include "core/registry.hpp"
#include "session/json_text.hpp"
#include <cmath>
#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace headless;

namespace {

double shown(const Page& p) { return read_json(p.state())["rewind"]["shown"].number; }

struct Moment {
    double progress = 0;
    std::vector<std::string> tables;   // each view's tables as JSON text
};

// Every view's data tables as the HTML document shows them (App::view_table_json), each view's as JSON text.
std::vector<std::string> table_texts(const Page& p) {
    std::vector<std::string> all;
    const int views = int(number(p, "views"));
    for (int n = 0; n < views; ++n) all.push_back(p.app->view_table_json(n));
    return all;
}

// A command, then a frame drawn with it (as moeLab.command() on the page).
std::string act(Page& p, const std::string& cmd) {
    const std::string why = p.app->command(cmd);
    p.frames(1);
    return why;
}

// Plays until progress reaches `at` and pauses there (to=F): that moment's progress and tables.
Moment pause_after(Page& p, double at) {
    REQUIRE(act(p, "to=" + session::json_number(at)) == "");
    for (int k = 0; k < 4000 && p.has("\"playing\":true"); ++k) p.frames(1);
    REQUIRE(p.has("\"playing\":false"));
    p.frames(2);   // the views drawn as paused
    return {number(p, "progress"), table_texts(p)};
}

// A rewound view's tables: a line plot (a "moment" cursor among its notes) shows its whole curve, as at the end;
// every other table is what the views showed at that moment. Returns the views with a cursor.
int check_rewound(const Page& p, const Moment& then, const std::vector<std::string>& end, const std::string& where) {
    const std::vector<std::string> shown = table_texts(p);
    REQUIRE(shown.size() == then.tables.size());
    int lines = 0;
    for (size_t n = 0; n < shown.size(); ++n) {
        const Json now = read_json(shown[n]), was = read_json(then.tables[n]), last = read_json(end[n]);
        bool cursor = false;
        for (const Json& t : now.items)
            for (const std::string& note : t["notes"].strings())
                cursor = cursor || note.find("moment (") != std::string::npos;
        if (!cursor) {
            CHECK_MESSAGE(shown[n] == then.tables[n], where << ": view " << n << " as it was");
            continue;
        }
        ++lines;
        REQUIRE(now.size() == was.size());
        for (size_t t = 0; t < now.size(); ++t) {
            const bool whole_curve = t < last.size() && now[t]["rows"].size() == last[t]["rows"].size();
            bool same_rows = whole_curve;
            for (size_t r = 0; same_rows && r < now[t]["rows"].size(); ++r)
                same_rows = now[t]["rows"][r].strings() == last[t]["rows"][r].strings();
            bool as_it_was = now[t]["rows"].size() == was[t]["rows"].size();
            for (size_t r = 0; as_it_was && r < now[t]["rows"].size(); ++r)
                as_it_was = now[t]["rows"][r].strings() == was[t]["rows"][r].strings();
            CHECK_MESSAGE((same_rows || as_it_was),
                          where << ": view " << n << " table " << t << ": the whole curve or as it was");
        }
    }
    return lines;
}

std::string quick_link(const core::LabEntry& e, int seed) {
    const core::Lab* lab = e.lab;
    std::string link = "lab=" + e.id + "&preset=" + lab->schema().presets[0].id;
    for (const auto& [name, value] : lab->test_sizes().quick) link += "&" + name + "=" + session::json_number(value);
    return link + "&seed=" + std::to_string(seed);
}

}   // namespace

TEST_CASE("app rewind: every lab's finished run rewound shows each moment as it was, and the link reopens it") {
    for (const auto& e : core::all_labs()) {
        // (the tests' example lab trains its whole quick run in one step of its budget: nothing to pause between)
        if (e.lab->info().seed_file.empty()) continue;
        CAPTURE(e.id);
        Page p(quick_link(e, 3));
        p.tick_ms = 1;   // slices of a few steps each, as the page's frames cut a run: moments to rewind to
        p.frames(1);
        const Moment first = pause_after(p, 0.35), second = pause_after(p, 0.7);
        CHECK(second.progress > first.progress);
        if (!p.has("\"done\":true")) REQUIRE(act(p, "play") == "");   // (a quick run's slice may end it)
        p.play_to_end();
        const std::vector<std::string> end = table_texts(p);
        Json s = read_json(p.state());
        CHECK(s["rewind"]["moments"].number >= 3);
        CHECK(s["rewind"]["bytes"].number <= s["rewind"]["budget"].number);

        const std::string at_first = "rewind=" + session::json_number(first.progress);
        REQUIRE(act(p, at_first) == "");
        CHECK(shown(p) == first.progress);
        check_rewound(p, first, end, "at the first moment");
        CHECK(p.url().find(at_first) != std::string::npos);
        const std::vector<std::string> shown_first = table_texts(p);

        REQUIRE(act(p, "rewind=" + session::json_number(second.progress)) == "");
        check_rewound(p, second, end, "at the second moment");
        CHECK_MESSAGE(table_texts(p) != shown_first, "two moments show different data");
        REQUIRE(act(p, "key=[") == "");   // a moment back
        CHECK(shown(p) < second.progress);

        REQUIRE(act(p, "rewind=off") == "");
        CHECK(read_json(p.state())["rewind"]["shown"].kind == Json::Null);
        CHECK_MESSAGE(table_texts(p) == end, "rewind=off: the end again");
        CHECK(p.url().find("rewind=") == std::string::npos);

        // the link of a rewound page: the run plays to its end and shows that moment
        REQUIRE(act(p, at_first) == "");
        Page again(p.url());
        again.tick_ms = p.tick_ms;
        for (int k = 0; k < 4000 && read_json(again.state())["rewind"]["shown"].kind == Json::Null; ++k)
            again.frames(1);
        const Json r = read_json(again.state());
        REQUIRE(r["rewind"]["shown"].kind == Json::Number);
        CHECK(std::abs(r["rewind"]["shown"].number - first.progress) < 0.02);
        CHECK(r["messages"].size() == 0);
        for (const char* bad : {"rewind=2", "rewind=soon"})
            CHECK(act(p, bad).find("progress from 0 to 1") != std::string::npos);
    }
}
