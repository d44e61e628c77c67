// A worksheet's codes open their steps (session/worksheet.hpp's step_link), for every lab of the registry: each step's
// link, opened as a page (headless_page.hpp), is at that step of the tour with the link's locks (app/parts/exercise.hpp).
// The browser's worksheet.test.mjs decodes the printed codes and opens the first lab's links in Chromium.
#include "headless_page.hpp"
#include "json_value.hpp"
#include "core/registry.hpp"
#include "session/worksheet.hpp"
#include <algorithm>
#include <doctest/doctest.h>
#include <sstream>
#include <string>
#include <vector>

using namespace headless;

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts;
    std::stringstream in(s);
    for (std::string part; std::getline(in, part, sep);) parts.push_back(part);
    return parts;
}

// The value of key `name` in the link's query ("" if none).
std::string query_value(const std::string& link, const std::string& name) {
    for (const std::string& kv : split(link.substr(link.find('?') + 1), '&'))
        if (kv.rfind(name + "=", 0) == 0) return kv.substr(name.size() + 1);
    return "";
}

}   // namespace

TEST_CASE("app sheet links: every step's code opens its step as an exercise with the step's locks") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        const core::Lab* lab = e.lab;
        session::SheetRequest r;
        r.lab = e.id;
        r.address = "https://example.org/moe/";
        const int steps = int(lab->tour().size());
        REQUIRE(steps > 0);
        for (int k = 0; k < steps; ++k) {
            const std::string link = session::step_link(*lab, r, k);
            CAPTURE(link);
            REQUIRE(link.rfind(r.address + "?", 0) == 0);
            Page p(link.substr(r.address.size() + 1));
            p.frames(2);
            const Json s = read_json(p.state());
            CHECK(s["tour"]["step"].number == k + 1);
            std::vector<std::string> locked = s["exercise"]["locked"].strings(),
                                     want = split(query_value(link, "lock"), ',');
            std::sort(locked.begin(), locked.end());
            std::sort(want.begin(), want.end());
            CHECK(locked == want);
            CHECK(s["messages"].size() == 0);
        }
    }
}
