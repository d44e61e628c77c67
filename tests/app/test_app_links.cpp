// The whole app::App headless (headless_page.hpp). Links open what they name and the URL written back is the same
// link (the keys of src/app/frame/app_keys.cpp); malformed links say why and leave a working page; a command acts or says
// why not. The tests' example lab (tests/labs/example) has a tour with a question and
// two named comparisons.
#include "headless_page.hpp"
#include "core/params.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <doctest/doctest.h>
#include <imgui.h>
#include <memory>
#include <string>
#include <vector>

using namespace headless;

// A link with every byte of its names and values percent-encoded (%XX), its & and = kept.
static std::string encoded_whole(const std::string& link) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (const char c : link) {
        const auto b = static_cast<unsigned char>(c);
        if (c == '&' || c == '=') out += c;
        else out += std::string("%") + hex[b >> 4] + hex[b & 15];
    }
    return out;
}

TEST_CASE("app links: a link opens what it names and the URL written back is the same link") {
    const char* links[] = {
        "lab=example&preset=fast&seed=3",
        "lab=example&preset=fast&seed=3&eta=0.01&gate=false",
        "lab=example&preset=fast&seed=2&compare=gate-off",   // a named comparison
        "lab=example&preset=fast&seed=2&b.eta=0.01&b.d=4",   // a hand-made B, in the link's order
        "lab=example&preset=fast&seed=1&present=1&scale=1.6&theme=dark",
        "lab=example&preset=fast&seed=1&embed=1&view=1",
        "lab=example&preset=fast&seed=1&view=2&theme=contrast&history=0",
        "lab=example&preset=default&seed=4&tour=2&scale=1.3",
        "lab=example&preset=default&seed=1&tour=3&answer=b",   // the step with a question, answered
        "lab=example&preset=fast&seed=5&hide=compare,params:eta&lock=seed,d",
        "lab=example&preset=fast&seed=5&compare=small-steps&present=1&hide=tour",
    };
    for (const char* link : links) {
        CAPTURE(link);
        Page p(link);
        CHECK(p.url() == link);
        CHECK(messages(p) == "\"messages\":[");   // a valid link leaves nothing to say
        Page again(p.url());                      // and the URL opens the same page
        CHECK(again.url() == p.url());
        CHECK(again.state() == p.state());
        Page encoded(encoded_whole(link));   // every name and value percent-encoded, as a mail client may send it
        CHECK(encoded.state() == p.state());
        CHECK(encoded.url() == link);   // (written back plain)
    }
}

TEST_CASE("app links: what each key opens") {
    Page p("lab=example&preset=fast&seed=3&eta=0.01&b.gate=0&present=1&scale=1.6");
    CHECK(p.has("\"lab\":\"example\",\"preset\":\"fast\",\"seed\":\"3\""));
    CHECK(p.has("\"query\":\"lab=example&preset=fast&seed=3&eta=0.01&compare=gate-off\""));   // B goes with the run
    CHECK(p.has("\"compare\":{\"title\":\"Gate off\",\"changes\":{\"gate\":\"0\"}"));         // a named one, by hand
    CHECK(p.has("\"present\":true"));
    CHECK(p.has("\"embed\":false"));
    CHECK(p.has("\"ui_scale\":1.6"));
    CHECK(p.has("\"eta\":\"0.01\""));
    // B = A with gate=0 is the comparison gate-off: the URL names it
    CHECK(p.url() == "lab=example&preset=fast&seed=3&eta=0.01&compare=gate-off&present=1&scale=1.6");

    Page tour("lab=example&preset=default&seed=1&tour=3&answer=a");
    CHECK(tour.has("\"tour\":{\"step\":3"));
    CHECK(tour.has("\"chosen\":0"));
    CHECK(tour.has("\"playing\":true"));   // the answer runs the step
    tour.frames(1);
    CHECK(tour.has("\"focused\":[\"gate\"]"));

    Page ex("lab=example&preset=fast&seed=1&hide=seed&lock=eta");
    CHECK(ex.has("\"exercise\":{\"hidden\":[\"seed\"],\"locked\":[\"eta\"]}"));
    CHECK(ex.app->command("seed=4").find("hidden in this exercise link") != std::string::npos);
    CHECK(ex.app->command("set=eta=0.02").find("locked") != std::string::npos);
    CHECK(ex.app->command("set=mu=1.5") == "");
    CHECK(ex.url() == "lab=example&preset=fast&seed=1&mu=1.5&hide=seed&lock=eta");
}

TEST_CASE("app links: rewind=F plays the run to its end and shows that moment; its URL opens the same") {
    Page p("lab=example&seed=2&T=20000&rewind=0.5");   // a run of several slices (fast: one)
    CHECK(p.has("\"playing\":true"));
    p.play_to_end();
    p.frames(2);
    const std::string url = p.url();
    const std::string key = "&rewind=";
    REQUIRE(url.find(key) != std::string::npos);
    const double shown = std::stod(url.substr(url.find(key) + key.size()));
    CHECK(shown == doctest::Approx(0.5).epsilon(0.05));   // the moment kept where the run stopped, at 0.5 or just past
    CHECK(url.rfind("lab=example&preset=default&seed=2&T=20000&rewind=", 0) == 0);
    CHECK(p.has("\"rewind\":{\"moments\":"));
    CHECK(!p.has("\"shown\":null"));
    Page again(url);
    again.play_to_end();
    again.frames(2);
    CHECK(again.url() == url);
    CHECK(p.app->command("rewind=off") == "");
    CHECK(p.url() == "lab=example&preset=default&seed=2&T=20000");
    // the moments kept: back and forward step between them, past the last is live again
    CHECK(number(p, "moments") == 2);          // where the run stopped for the link's moment, and its end
    CHECK(p.app->command("rewind=0") == "");   // the nearest moment: the first
    CHECK(number(p, "shown") == doctest::Approx(shown));
    CHECK(p.app->command("rewind=back").find("first moment") != std::string::npos);
    CHECK(p.app->command("rewind=forward") == "");
    CHECK(number(p, "shown") == 1);
    CHECK(p.app->command("rewind=back") == "");
    CHECK(number(p, "shown") == doctest::Approx(shown));
    CHECK(p.app->command("rewind=1") == "");
    CHECK(p.app->command("rewind=forward") == "");
    CHECK(p.has("\"shown\":null"));
    CHECK(p.app->command("rewind=1.5").find("give the run's progress from 0 to 1") != std::string::npos);
    CHECK(p.app->command("history=0") == "");
    CHECK(number(p, "moments") == 0);
}

TEST_CASE("app links: a malformed link says why and leaves a working page") {
    Page p("lab=example&preset=fast&seed=x&present=2&scale=9&theme=pink&view=99&tour=zz&rewind=2&history=5&"
           "b.nothing=1&hide=knobs&nonsense=1");
    const std::string m = messages(p);
    for (const char* part : {"seed", "present=", "scale=", "theme=pink", "view=99", "tour=zz",
                             "rewind=", "history=", "nothing", "hide=", "nonsense"}) {
        CAPTURE(part);
        CHECK(m.find(part) != std::string::npos);
    }
    CHECK(p.has("\"lab\":\"example\""));
    CHECK(p.has("\"present\":false"));
    CHECK(p.has("\"compare\":null"));
    CHECK(p.url() == "lab=example&preset=fast&seed=1");   // what runs: the defaults where the link was wrong
    CHECK(p.app->command("play") == "");
    p.frames(3);
    CHECK(number(p, "progress") > 0);

    // a page key given twice is ignored, like a configuration key given twice
    Page twice("lab=example&present=1&present=0&theme=dark");
    CHECK(messages(twice).find("'present' appears 2 times in the link ('1', '0')") != std::string::npos);
    CHECK(twice.has("\"present\":false"));
    CHECK(twice.url() == "lab=example&preset=default&seed=1&theme=dark");
    twice.frames(1);                             // (the views are known once drawn)
    CHECK(twice.app->command("view=1") == "");   // the view shown large goes into the URL at once
    CHECK(twice.url() == "lab=example&preset=default&seed=1&view=1&theme=dark");
    CHECK(twice.app->command("next-view") == "");
    CHECK(twice.url() == "lab=example&preset=default&seed=1&view=2&theme=dark");

    Page unknown("lab=no-such-lab");
    CHECK(messages(unknown).find("no-such-lab") != std::string::npos);
    CHECK(unknown.state().find("\"lab\":\"") != std::string::npos);
    CHECK(unknown.app->command("play") == "");
}

TEST_CASE("app commands: the command table acts, and a bad command says why not") {
    Page p("lab=example&preset=fast&seed=1");
    CHECK(p.app->command("seed=7") == "");
    CHECK(p.url() == "lab=example&preset=fast&seed=7");
    CHECK(p.app->command("set=eta=0.02") == "");
    CHECK(p.url() == "lab=example&preset=fast&seed=7&eta=0.02");
    CHECK(p.app->command("preset=default") == "");
    CHECK(p.url() == "lab=example&preset=default&seed=7");
    CHECK(p.app->command("compare=gate-off") == "");
    CHECK(p.url() == "lab=example&preset=default&seed=7&compare=gate-off");
    CHECK(p.app->command("vs=eta") == "");   // B = A with gate off and another η: no longer the named one
    CHECK(p.url().rfind("lab=example&preset=default&seed=7&b.gate=0&b.eta=", 0) == 0);
    CHECK(p.app->command("compare=off") == "");
    CHECK(p.app->command("present=1") == "");
    CHECK(p.app->command("scale=2") == "");
    CHECK(p.url() == "lab=example&preset=default&seed=7&present=1&scale=2");   // (scale is written with present=1)
    CHECK(p.app->command("present=0") == "");
    CHECK(p.app->command("tour=2") == "");
    CHECK(p.url() == "lab=example&preset=default&seed=7&tour=2&scale=2");
    CHECK(p.app->command("tour=0") == "");
    CHECK(p.url() == "lab=example&preset=default&seed=7&view=0");   // the last step's view stays large
    CHECK(p.app->command("view=-1") == "");
    CHECK(p.app->command("history=0") == "");
    CHECK(p.url() == "lab=example&preset=default&seed=7&history=0");
    CHECK(p.app->command("query=lab=example&preset=fast&seed=9") == "");
    CHECK(p.url() == "lab=example&preset=fast&seed=9&history=0");   // a link without history= keeps the choice

    CHECK(p.app->command("play") == "");
    p.frames(2);
    CHECK(number(p, "steps") > 0);
    p.play_to_end();
    CHECK(p.app->command("play").find("finished") != std::string::npos);
    CHECK(p.app->command("reset") == "");
    CHECK(number(p, "progress") == 0);

    // refusals, each with its reason, also in the page's messages
    const std::string bad = p.app->command("bogus");
    CHECK(bad.find("bogus") != std::string::npos);
    CHECK(p.app->command("lab=nowhere").find("unknown lab 'nowhere'") != std::string::npos);
    CHECK(p.app->command("seed=-1") != "");
    CHECK(p.app->command("set=eta=9").find("eta") != std::string::npos);   // out of its range
    CHECK(p.app->command("set=nothing=1").find("unknown parameter 'nothing'") != std::string::npos);
    CHECK(p.app->command("compare=nope").find("no comparison 'nope'") != std::string::npos);
    CHECK(p.app->command("tour=99").find("steps") != std::string::npos);
    CHECK(p.app->command("answer=a").find("no question is asked now") != std::string::npos);
    CHECK(p.app->command("rewind=0.5").find("history=0: this page keeps no moments") != std::string::npos);
    CHECK(p.app->command("record=1").find("this platform cannot record a clip") != std::string::npos);
    CHECK(messages(p).find("cannot record") != std::string::npos);
    CHECK(p.url() == "lab=example&preset=fast&seed=9&history=0");   // a refusal changes nothing
}

TEST_CASE("app parts: a view as a PNG (png=N) waits for the platform, at twice the scale, and is saved by name") {
    Page p("lab=example&preset=fast&seed=3&scale=1.25");
    std::string saved;
    p.frames(1);
    CHECK(p.app->command("png=99").find("give a view number from 0 to 2") != std::string::npos);
    CHECK(!p.app->exporter().pending());
    CHECK(p.app->command("png=1") == "");
    CHECK(p.app->exporter().pending());
    CHECK(p.has("\"export\":{\"pending\":true,\"file\":\"\""));
    p.app->exporter().begin();
    CHECK(p.app->ui_scale() == 2.5f);
    const ImVec2 size = p.app->exporter().size();
    CHECK(size.x >= 400);
    CHECK(size.y >= 300);
    p.app->exporter().finish({1, 2, 3, 4, 5}, int(size.x), int(size.y));
    CHECK(p.app->ui_scale() == 1.25f);
    CHECK(!p.app->exporter().pending());
    CHECK(p.has("\"export\":{\"pending\":false,\"file\":\"example-"));
    CHECK(p.has("-seed3.png\",\"width\":" + std::to_string(int(size.x)) + ",\"height\":" + std::to_string(int(size.y)) +
                ",\"bytes\":5}"));
}

TEST_CASE("app parts: a clip (record=1|view|0) starts at the next frame drawn, takes each frame and is saved") {
    Page p("lab=example&preset=fast&seed=1");
    CHECK(p.app->command("record=1").find("this platform cannot record a clip") != std::string::npos);
    std::vector<std::string> calls;
    app::Host host;
    host.now_ms = [] { return 0.0; };
    host.record_start = [&calls](int w, int h) {
        calls.push_back("start " + std::to_string(w) + "x" + std::to_string(h));
        return std::string();
    };
    host.record_frame = [&calls](int x, int y, int w, int h) { calls.push_back("frame"); };
    host.record_stop = [&calls] { calls.push_back("stop"); };
    ImGuiContext* before = ImGui::GetCurrentContext();
    {
        app::App a(host, "lab=example&preset=fast&seed=1");
        CHECK(a.command("record=view").find("show a view large first") != std::string::npos);
        CHECK(a.command("record=2").find("give 1 (the canvas), view") != std::string::npos);
        CHECK(a.command("record=1") == "");
        CHECK(a.wants_frames());
        CHECK(a.command("record=1").find("being recorded already") != std::string::npos);
        CHECK(a.state_json().find("\"record\":{\"mode\":\"canvas\",\"frames\":0") != std::string::npos);
        a.frame_drawn();
        a.frame_drawn();
        CHECK(a.state_json().find("\"record\":{\"mode\":\"canvas\",\"frames\":2") != std::string::npos);
        CHECK(a.command("record=0") == "");
        CHECK(a.state_json().find("\"record\":{\"mode\":\"off\"") != std::string::npos);
        CHECK(a.state_json().find("Recorded 0.0 s (2 frames drawn): the clip is saved.") != std::string::npos);
    }
    CHECK(ImGui::GetCurrentContext() == before);
    REQUIRE(calls.size() == 4);
    CHECK(calls[0] == "start 1280x720");   // the canvas, in device pixels (density 1)
    CHECK(calls[3] == "stop");
}

TEST_CASE("app parts: workers=N starts the page's workers at once; they join each run with sweeps, play with it, "
          "and hand back on failure") {
    FakePool pool;
    Page p("lab=patch-routing&seed=2&workers=2&compare=confusers", &pool);
    app::App& a = *p.app;
    CHECK(p.url() == "lab=patch-routing&preset=lecture&seed=2&compare=confusers&workers=2");
    REQUIRE(!pool.calls.empty());
    CHECK(pool.calls[0] == "start 2");   // the link's count, and nothing before it
    CHECK(a.command("workers=x").find("or auto") != std::string::npos);
    pool.calls.clear();
    a.run().workers_ready(2, "");   // the run has not begun: they open it, and B gets a worker of its own
    REQUIRE(pool.calls.size() == 2);
    const std::string open = pool.calls[0];   // "open RUN QUERY"
    CHECK(open.rfind("open ", 0) == 0);
    CHECK(open.substr(open.find(' ', 5)) == " lab=patch-routing&preset=lecture&seed=2");
    const int run = std::stoi(open.substr(5));
    CHECK(pool.calls[1].rfind("open_b 1 lab=patch-routing&preset=lecture&seed=2&", 0) == 0);
    CHECK(p.has("\"workers\":{\"requested\":2,\"available\":true,\"ready\":2,\"connected\":true"));
    CHECK(p.has("\"worker\":true"));   // B runs in its worker
    pool.calls.clear();
    a.run().worker_results(0, run, "not results");   // results nobody asked for: that worker failed
    REQUIRE(!pool.calls.empty());
    CHECK(pool.calls.front() == "start 0");
    CHECK(p.has("worker 1 stopped (it sent results the page did not ask for)"));
    CHECK(p.has("\"connected\":false"));
    CHECK(p.has("\"worker\":false"));   // B back on the page
    pool.calls.clear();
    a.run().worker_results(0, run - 1, "late");   // an earlier run's: dropped
    CHECK(pool.calls.empty());
    CHECK(a.command("workers=0") == "");
    CHECK(p.url() == "lab=patch-routing&preset=lecture&seed=2&compare=confusers&workers=0");
}

TEST_CASE("app parts: workers=auto starts the workers only for a run where they pay, and they join it midway") {
    FakePool pool;
    {
        Page none("lab=example&preset=fast", &pool);   // no sweep: no workers, their module never fetched
        none.frames(2);
        CHECK(pool.calls.empty());
        CHECK(none.has("\"elsewhere_s\":0,"));
    }
    {
        Page off("lab=patch-routing&seed=2&workers=0", &pool);   // the link's keys first: none start
        off.frames(1);
        CHECK(pool.calls == std::vector<std::string>{"start 0"});
        pool.calls.clear();
    }
    {   // compare mode: B in a worker pays for a long pair only (a short one waits on its messages)
        Page shortB("lab=latent-clusters&preset=lecture&compare=router-off", &pool);
        shortB.frames(1);
        CHECK(pool.calls.empty());
        Page longB("lab=gated-regression&preset=three&compare=overlap", &pool);
        CHECK(number(longB, "elsewhere_s") == 0);   // (no sweep)
        CHECK(pool.calls == std::vector<std::string>{"start -1"});
        pool.calls.clear();
        longB.app->run().workers_ready(1, "1 worker");
        REQUIRE(!pool.calls.empty());
        CHECK(pool.calls.back().rfind("open_b ", 0) == 0);
        pool.calls.clear();
    }
    Page p("lab=patch-routing&seed=2", &pool);
    CHECK(number(p, "elsewhere_s") >= app::Workers::kWorthSeconds);
    REQUIRE(!pool.calls.empty());
    CHECK(pool.calls[0] == "start -1");   // as the page opens, before the first frame
    p.app->command("play");
    p.frames(1);
    const double before = number(p, "progress");
    CHECK(before > 0);
    pool.calls.clear();
    p.app->run().workers_ready(1, "1 worker");   // ready while the run plays: they join it where it is
    REQUIRE(!pool.calls.empty());
    CHECK(pool.calls[0].rfind("open ", 0) == 0);
    CHECK(p.has("\"connected\":true"));
    p.frames(1);
    CHECK(std::find(pool.calls.begin(), pool.calls.end(), "play") != pool.calls.end());
    pool.calls.clear();
    p.app->run().worker_failed(0, "gone");   // after a failure auto starts none again
    p.frames(2);
    CHECK(std::find(pool.calls.begin(), pool.calls.end(), "start -1") == pool.calls.end());
    CHECK(p.has("\"connected\":false"));
}

TEST_CASE("app parts: a tour step's question is asked, answered, run and revealed; next and back move the tour") {
    Page p("lab=example&preset=default&seed=1&tour=3");
    CHECK(p.has("\"tour\":{\"step\":3"));
    CHECK(p.has("\"question\":{\"prompt\":\"Will the gate send most test points by their cluster?\""));
    CHECK(p.has("\"playing\":false"));   // the class answers first
    CHECK(p.app->command("answer=c").find("give a letter from a to b (or 1 to 2)") != std::string::npos);
    CHECK(p.app->command("answer=2") == "");
    CHECK(p.url() == "lab=example&preset=default&seed=1&tour=3&answer=b");
    CHECK(p.has("\"chosen\":1,\"revealed\":false"));
    for (int k = 0; k < 200 && p.has("\"playing\":true"); ++k) p.frames(1);
    CHECK(number(p, "progress") >= 0.6);   // the step's target
    CHECK(p.has("\"revealed\":true,\"supported\":0,\"key\":0"));
    CHECK(p.has("\"reveal\":\"The run answers (a) Yes, most of them. This run: "));
    CHECK(p.has("The class said (b)."));
    CHECK(p.app->command("answer=a").find("already answered") != std::string::npos);
    CHECK(p.app->command("tour=next") == "");
    CHECK(p.has("\"tour\":{\"step\":4"));
    CHECK(p.app->command("tour=back") == "");
    CHECK(p.has("\"tour\":{\"step\":3"));
    CHECK(p.has("\"chosen\":-1"));   // asked again
    CHECK(p.app->command("tour=0") == "");
    CHECK(p.has("\"tour\":{\"step\":0"));
    CHECK(p.app->command("answer=a").find("no question is asked now") != std::string::npos);
}

TEST_CASE("app parts: run B steps with A to the end, and follows A's new configuration with the same changes") {
    Page p("lab=example&preset=fast&seed=2&b.eta=0.01");
    CHECK(p.has("\"compare\":{\"title\":\"\",\"changes\":{\"eta\":\"0.01\"},\"done\":false"));
    CHECK(p.app->command("csv-b").find("there are no downloads here") != std::string::npos);
    CHECK(p.app->command("play") == "");
    p.play_to_end();   // A's end and B's
    CHECK(p.has("\"worker\":false,\"run\":0,\"a_done\":true,\"metrics\":{\""));
    CHECK(p.has("\"compare\":{\"title\":\"\",\"changes\":{\"eta\":\"0.01\"},\"done\":true"));
    CHECK(p.app->command("seed=5") == "");   // B = A's new run with the same change
    CHECK(p.url() == "lab=example&preset=fast&seed=5&b.eta=0.01");
    CHECK(p.has("\"changes\":{\"eta\":\"0.01\"},\"done\":false"));
    CHECK(p.app->command("b=eta=7").find("eta") != std::string::npos);   // out of range: B stays as it was
    CHECK(p.url() == "lab=example&preset=fast&seed=5&b.eta=0.01");
    CHECK(p.app->command("lab=example") == "");   // the same lab at its default preset: B follows
    CHECK(p.url() == "lab=example&preset=default&seed=1&b.eta=0.01");
    CHECK(p.app->command("compare=off") == "");
    CHECK(p.has("\"compare\":null"));
    CHECK(p.app->command("vs=gate") == "");   // B = A with the other state of the switch: the named gate-off
    CHECK(p.has("\"compare\":{\"title\":\"Gate off\""));
    CHECK(p.app->command("vs=gate") == "");   // again: dropped
    CHECK(p.has("\"compare\":null"));
}

// Every lab with a point set (a Points parameter), from the registry: points added, removed, cleared and loaded by
// commands, each checked as a whole (a refused change leaves the points and the link as they were); the link carries
// the points, and a page opened from it has the same points and, played to the end, the same metrics.
TEST_CASE("app points: a lab's point set edited by commands, refused whole, and carried by the link") {
    int labs = 0;
    for (const auto& e : core::all_labs()) {
        const core::Params defaults(e.lab->schema());
        const int k = defaults.points_index();
        if (k < 0) continue;
        ++labs;
        CAPTURE(e.id);
        const std::string name = defaults.schema().params[size_t(k)].name;
        Page p("lab=" + e.id + "&seed=3");
        const std::string before = p.url();
        CHECK(p.app->command("add-point=0.5,0.25,1") == "");
        CHECK(p.app->command("pen=0") == "");
        CHECK(p.app->command("add-point=-0.5,-0.25") == "");
        CHECK(p.has("\"" + name + "\":\"2\""));
        CHECK(p.url().find("&" + name + "=") != std::string::npos);
        CHECK(p.app->command("add-point=0.5,7,1").find("outside the square") != std::string::npos);
        CHECK(p.app->command("add-point=0.5").find("expected X,Y") != std::string::npos);
        CHECK(p.app->command("remove-point=0.9,-0.9").find("none of your points") != std::string::npos);
        CHECK(p.app->command("vs=" + name).find("not one click away") != std::string::npos);
        const std::string two = p.url();
        CHECK(p.app->command("points-csv=x,y,class\n0.1,0.1,0\n0.2,oops,1\n").find("line 3") != std::string::npos);
        CHECK(p.url() == two);   // nothing changed
        CHECK(p.has("\"" + name + "\":\"2\""));
        CHECK(p.app->command("remove-point=0.52,0.24") == "");   // the nearest goes
        CHECK(p.has("\"" + name + "\":\"1\""));
        CHECK(p.app->command("points-csv=0.1,0.1,0\n0.2,-0.3,1\n-0.7,0.6,1\n") == "");
        CHECK(p.has("\"" + name + "\":\"3\""));
        const std::string three = p.url();
        CHECK(p.app->command("play") == "");
        p.play_to_end();
        const double acc = number(p, "acc");
        Page again(three);   // the shared link: the same points, the same run
        CHECK(again.url() == three);
        CHECK(again.has("\"" + name + "\":\"3\""));
        CHECK(again.app->command("play") == "");
        again.play_to_end();
        CHECK(number(again, "acc") == acc);
        CHECK(again.app->command("clear-points") == "");
        CHECK(again.url() == before);
        Page locked(three + "&lock=" + name);   // an exercise: the points are fixed
        CHECK(locked.app->command("add-point=0,0,0").find("fixed in this exercise") != std::string::npos);
        CHECK(locked.app->command("clear-points").find("fixed in this exercise") != std::string::npos);
        CHECK(locked.url() == three + "&lock=" + name);
    }
    CHECK(labs > 0);
}

// A folder with a German table of three texts (the app's, the example lab's view title, a template).
std::string german_words() {
    const std::string dir = (std::filesystem::temp_directory_path() / "moe-lab-test-words-de").string();
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/de.json")
        << R"j({"Language": "Sprache", "Test MSE": "Test-MSE (mittlerer quadratischer Fehler)",
"lang=%s: give one of %s": "lang=%s: eine von %s angeben", "%s: used seed 1": "%s: Seed 1 verwendet"})j";
    std::ofstream(dir + "/en-XA.json") << R"j({"Language": ""})j";   // the pseudo-language's table: its keys
    return dir;
}

struct EnglishAfter {   // the table is the process's: every test leaves it English
    ~EnglishAfter() { core::use_language("en", ""); }
};

TEST_CASE("app languages: lang= in the link chooses the table, the link keeps it, the views are translated") {
    EnglishAfter restore;
    Page p("lab=example&preset=fast&seed=1&lang=de", nullptr, german_words());
    CHECK(messages(p) == "\"messages\":[");
    CHECK(p.has("\"lang\":\"de\""));
    CHECK(p.url() == "lab=example&preset=fast&seed=1&lang=de");
    CHECK(std::string(core::tr("Language")) == "Sprache");
    p.frames(2);
    CHECK(p.app->command("view=1") == "");
    CHECK(p.app->document_json().find("Test-MSE (mittlerer quadratischer Fehler)") != std::string::npos);
    // a link's other mistakes are said in its language, whatever their order in the link
    Page bad("lab=example&seed=x&lang=de", nullptr, german_words());
    CHECK(messages(bad).find("Seed 1 verwendet") != std::string::npos);
    CHECK(bad.has("\"lang\":\"de\""));
    // an unknown language: a message in the language shown, the rest of the link works
    CHECK(p.app->command("lang=xx").find("lang=xx: eine von auto, en, es, pt-BR, de, zh-Hans, en-XA angeben") !=
          std::string::npos);
    CHECK(p.has("\"lang\":\"de\""));
    // the pseudo-language accents the table's keys, and only them: a text that is no key shows up plain; English again
    CHECK(p.app->command("lang=en-XA") == "");
    CHECK(std::string(core::tr("Language")).find("Ĺá") != std::string::npos);
    CHECK(std::string(core::tr("glued from pieces")) == "glued from pieces");
    CHECK(p.url().find("lang=en-XA") != std::string::npos);
    CHECK(p.app->command("lang=auto") == "");
    CHECK(p.has("\"lang\":\"en\""));
    CHECK(p.url() == "lab=example&preset=fast&seed=1&view=1");
}

TEST_CASE(
    "app languages: a link's tag in any case, or by its primary subtag, names the language; the link keeps its code") {
    EnglishAfter restore;
    Page p("lab=example&preset=fast&seed=1&lang=DE", nullptr, german_words());
    CHECK(messages(p) == "\"messages\":[");
    CHECK(p.has("\"lang\":\"de\""));
    CHECK(p.url() == "lab=example&preset=fast&seed=1&lang=de");
    CHECK(p.app->command("lang=zh") == "");   // (no table here: the words stay until it arrives)
    CHECK(p.url().find("lang=zh-Hans") != std::string::npos);
    CHECK(core::match_language("pt")->code == std::string("pt-BR"));
    CHECK(core::match_language("PT-pt")->code == std::string("pt-BR"));
    CHECK(core::match_language("en-xa")->code == std::string("en-XA"));
    CHECK(core::match_language("en-GB")->code == std::string("en"));
    CHECK(core::match_language("xx") == nullptr);
    CHECK(core::match_language("") == nullptr);
}

TEST_CASE("app QR code: qr=1 is a link key as well as a command; the code's link leaves it out") {
    Page p("lab=example&preset=fast&seed=1&qr=1&present=1", nullptr, "", "https://example.org/moe-lab/");
    CHECK(messages(p) == "\"messages\":[");
    CHECK(p.has("\"qr\":{\"on\":true"));
    CHECK(p.url().find("qr=1") != std::string::npos);
    CHECK(p.url().find("present=1") != std::string::npos);
    p.frames(2);   // the code is made when drawn
    CHECK(p.has("\"text\":\"https://example.org/moe-lab/?lab=example&preset=fast&seed=1\""));
    CHECK(p.app->command("qr=0") == "");
    CHECK(p.url().find("qr=") == std::string::npos);
    Page desktop("lab=example&seed=1&qr=1");   // no page address: no code, and a message
    CHECK(desktop.state().find("no page address") != std::string::npos);
    CHECK(desktop.has("\"qr\":{\"on\":false"));
}

TEST_CASE("app languages: the browser's languages, a missing or damaged table, a table for another language") {
    EnglishAfter restore;
    Page p("lab=example&preset=fast&seed=1", nullptr, german_words());
    CHECK(p.app->command("system-lang=fr,de-AT;q=0.8,en") == "");
    CHECK(p.has("\"lang\":\"de\""));
    CHECK(p.url() == "lab=example&preset=fast&seed=1");   // the browser's choice is not the link's
    CHECK(p.app->command("system-lang=pt-PT") == "");     // pt-BR: no table in this folder
    CHECK(messages(p).find("lang=pt-BR: the translations are not here") != std::string::npos);
    CHECK(p.has("\"lang\":\"de\""));   // the words shown stay
    CHECK(p.app->command("words=es\n{}").find("not the language being loaded") != std::string::npos);
    CHECK(p.app->command("system-lang=de") == "");
    CHECK(p.app->command("words=de\n{}") == "");   // the table in use, arriving again: nothing to say or do
    CHECK(p.has("\"lang\":\"de\""));
    core::use_language("en", "");   // (the table is the process's: a page of its own starts in English)
    Page q("lab=example&preset=fast&seed=1&lang=xx");
    CHECK(messages(q).find("lang=xx: give one of") != std::string::npos);
    CHECK(q.url() == "lab=example&preset=fast&seed=1");
}

TEST_CASE("app languages: numbered labels are translated by their template (core::numbered, scripts/words.py)") {
    EnglishAfter restore;
    Page p("lab=latent-clusters&preset=lecture&seed=1&lang=de", nullptr, MOE_WORDS_DIR);
    REQUIRE(p.has("\"lang\":\"de\""));
    p.frames(3);
    const std::string s = p.state();
    CHECK(s.find("Cluster 1 (Router noch nicht gelernt)") != std::string::npos);   // "cluster %d (router …)"
    CHECK(s.find("cluster 1 (router not learned yet)") == std::string::npos);
}
