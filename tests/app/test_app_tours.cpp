// Every lab's guided tour, as a lecturer gives it: opened from its link in presentation mode at UI scale 1.6 in a
// page as the browser serves it (headless_page.hpp's served_page), driven by the keys (key=K: the keyboard's own
// command), from its first step to its last. A step that asks waits for the class's answer before it runs, then
// reveals the run's answer; each step reaches its point of the run, focuses its views, shows its caption, cites the
// paper (a lab from a paper), and writes tour=K in the link; every view it shows has room (view_room.hpp). The last step's link opens
// the same step; ArrowLeft goes back one step and Escape ends the tour. The browser's lecture.test.mjs plays one
// lab's tour with real key presses and screenshots; the answer keys on the tour's seed: tests/core/test_tours.cpp.
#include "headless_page.hpp"
#include "json_value.hpp"
#include "view_room.hpp"
#include "core/registry.hpp"
#include <doctest/doctest.h>
#include <regex>
#include <string>

using namespace headless;

namespace {

// Frames until the tour is at step k and nothing plays (a step's run, or the answer's).
Json settle(Page& p, int k, bool revealed = false) {
    for (int n = 0; n < 4000; ++n) {
        Json s = read_json(p.state());
        const Json& t = s["tour"];
        const bool answered = !revealed || (t["question"].kind == Json::Object && t["question"]["revealed"].boolean);
        if (int(t["step"].number) == k && !s["playing"].boolean && answered) {
            p.frames(3);
            return read_json(p.state());
        }
        p.frames(1);
    }
    FAIL("the tour never settled at step " << k);
    return {};
}

bool reached(const Json& s, const Json& step) {
    const std::string until = step["until"].text;
    const bool done = s["done"].boolean;
    if (until == "phase") return done || s["phase"].number >= step["phase"].number;
    if (until == "progress") return done || s["progress"].number >= step["progress"].number;
    if (until == "end") return done;
    return true;
}

void check_rooms(const Json& s, const std::string& where) {
    const Json& reports = s["view_reports"];
    for (const Json& r : reports.items) check_view_room(r, s["canvas"][1].number, reports.size() == 1, where);
}

bool has_control(const Json& s, const std::string& id) {
    for (const Json& c : s["controls"].items)
        if (c["id"].text == id) return true;
    return false;
}

}   // namespace

TEST_CASE("app tours: every lab's tour runs from its link to its last step with the keys") {
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        const bool from_a_paper = !e.lab->info().seed_file.empty();   // (not the tests' example lab)
        const auto page = served_page("lab=" + e.id + "&present=1&scale=1.6&tour=1");
        Page& p = *page;
        p.frames(2);
        Json s = read_json(p.state());
        const Json steps = s["tour"]["steps"];
        CHECK((steps.size() >= 4 && steps.size() <= 8));
        bool asks = false;
        for (const Json& t : steps.items) asks = asks || !t["question"].text.empty();
        CHECK_MESSAGE(asks, "the tour asks at least one question");
        for (int k = 1; k <= int(steps.size()); ++k) {
            CAPTURE(k);
            if (k > 1) REQUIRE(p.app->command("key=ArrowRight") == "");
            s = settle(p, k);
            const Json& step = steps[size_t(k - 1)];
            if (!step["question"].text.empty()) {   // predict, then reveal: the tour waits for the class's answer
                const Json& q = s["tour"]["question"];
                CHECK(q["prompt"].text == step["question"].text);
                CHECK_MESSAGE((!q["revealed"].boolean && q["chosen"].number == -1 && q["key"].number == -1),
                              "the step asks before it runs");
                CHECK(s["tour"]["shown_caption"].text == q["prompt"].text);
                for (size_t i = 0; i < q["answers"].size(); ++i)
                    CHECK(has_control(s, std::string("button:answer-") + "abcd"[i]));
                check_rooms(s, "question of step " + std::to_string(k));
                REQUIRE(p.app->command("key=a") == "");   // the key a answers (a); the step then runs
                s = settle(p, k, true);
                const Json& r = s["tour"]["question"];
                CHECK(r["chosen"].number == 0);
                CHECK_MESSAGE(r["key"].number >= 0, "the key is shown once the run has answered");
                CHECK_MESSAGE(r["supported"].number == r["key"].number,
                              "the run supports the paper's answer: " << r["reveal"].text);
                const std::string letter(1, "abcd"[std::max(0, int(r["key"].number))]);
                CHECK(r["reveal"].text.rfind("The run answers (" + letter + ") ", 0) == 0);
                CHECK(r["reveal"].text.find("The class said (a)") != std::string::npos);
                CHECK(std::regex_search(p.url(), std::regex("answer=a(&|$)")));
            }
            CHECK_MESSAGE(reached(s, step),
                          "step " << k << " not reached (phase " << s["phase"].number << ", progress "
                                  << s["progress"].number << ")");
            CHECK(s["focused"].strings() == step["views"].strings());
            CHECK(s["tour"]["shown_caption"].text == step["caption"].text);
            if (from_a_paper)
                CHECK(std::regex_search(step["claim"].text,
                                        std::regex("(Theorem|Lemma|Table|Fig|Def|Remark|Prop|Algorithm|eq\\.|§)")));
            CHECK(std::regex_search(p.url(), std::regex("tour=" + std::to_string(k) + "(&|$)")));
            check_rooms(s, "tour step " + std::to_string(k));
        }
        // a lecturer's link opens exactly at a step: the same focus, caption and run state
        const auto copy_page = served_page(p.url());
        Page& copy = *copy_page;
        const Json c = settle(copy, int(steps.size()));
        CHECK(c["focused"].strings() == s["focused"].strings());
        CHECK(c["tour"]["shown_caption"].text == s["tour"]["shown_caption"].text);
        CHECK(c["preset"].text == s["preset"].text);
        CHECK(p.url() == copy.url());
        for (const auto& [name, value] : s["metrics"].fields)
            CHECK_MESSAGE(c["metrics"][name].number == value.number, name);
        // back one step with the left arrow; Escape ends the tour
        REQUIRE(p.app->command("key=ArrowLeft") == "");
        s = settle(p, int(steps.size()) - 1);
        CHECK(s["focused"].strings() == steps[steps.size() - 2]["views"].strings());
        REQUIRE(p.app->command("key=Escape") == "");
        p.frames(2);
        CHECK(read_json(p.state())["tour"]["step"].number == 0);
    }
}
