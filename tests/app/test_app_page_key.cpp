// A page key declared once, in a part of this test build alone (src/app/controls/part.hpp's add_part), with nothing else
// edited: the link reads and writes it, it is a command, state() has its field, the keys' help and the HTML
// document's declarations (commands, link keys, page controls) have it; its button is drawn on the canvas through the
// control widget (the sidebar's share group), its shortcut presses it, and the keys' help lists the shortcut.
#include "headless_page.hpp"
#include "app/controls/part.hpp"
#include "app/plot/screen_text.hpp"
#include <imgui.h>
#include <doctest/doctest.h>
#include <memory>
#include <string>

using namespace headless;

namespace {

// A dial from 0 to 9 that a link may carry: the smallest feature there is.
class Dial : public app::Part {
public:
    explicit Dial(app::Stage& stage) : stage_(stage) {}
    std::vector<app::PageKey> keys() override {
        app::PageKey k;
        k.syntax = {"test-dial", session::ArgKind::Whole, 0, 9, "N", "the test's dial, 0 to 9"};
        k.act = [this](const session::CommandArg& v) {
            value_ = int(v.whole);
            stage_.write_url();
            return std::string();
        };
        k.link = app::InLink::Page;
        k.write = [this] {
            return value_ ? std::vector<std::string>{std::to_string(value_)} : std::vector<std::string>{};
        };
        k.state_name = "test_dial";
        k.state = [this] { return std::to_string(value_); };
        k.control(app::Control::Number, "Dial", "page");
        app::PageControl& reset = k.control(app::Control::Button, "Dial to 0", "share", "button:test-dial-reset");
        reset.arg = "0";
        reset.shortcut = "X";
        reset.key_help = "the test's dial to 0";
        reset.now = [this] {
            app::ControlNow n;
            n.label = "Dial to 0 (now " + std::to_string(value_) + ")";
            n.shown = value_ != 0;
            return n;
        };
        return {k};
    }

private:
    app::Stage& stage_;
    int value_ = 0;
};

const bool added = app::add_part([](app::Stage& s) -> std::unique_ptr<app::Part> { return std::make_unique<Dial>(s); });

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}   // namespace

TEST_CASE("app page keys: one key declared in a part is in the link, the commands, state(), the help and the "
          "HTML document") {
    REQUIRE(added);
    Page p("lab=example&preset=fast&seed=1&test-dial=7");   // read from a link
    CHECK(p.has("\"test_dial\":7"));
    CHECK(p.url() == "lab=example&preset=fast&seed=1&test-dial=7");   // and written back
    CHECK(messages(p) == "\"messages\":[");                           // not an unknown parameter

    CHECK(p.app->command("test-dial=3") == "");   // a command
    CHECK(p.has("\"test_dial\":3"));
    CHECK(p.url() == "lab=example&preset=fast&seed=1&test-dial=3");
    CHECK(has(p.app->command("test-dial=12"), "12"));   // its grammar, refused with why
    CHECK(p.has("\"test_dial\":3"));

    Page bad("lab=example&test-dial=x");   // a malformed link's value: said, and the page opens
    CHECK(has(messages(bad), "test-dial="));
    CHECK(bad.has("\"test_dial\":0"));

    const std::string doc = p.app->document_json();
    const size_t commands = doc.find("\"commands\":"), link = doc.find("\"link_keys\":"),
                 controls = doc.find("\"page_controls\":");
    REQUIRE(commands != std::string::npos);
    REQUIRE(link != std::string::npos);
    REQUIRE(controls != std::string::npos);
    const std::string entry = "{\"name\":\"test-dial\",\"arg\":\"N\",\"help\":\"the test's dial, 0 to 9\"}";
    CHECK(has(doc.substr(commands, link - commands), entry));   // the commands' help
    CHECK(has(doc.substr(link, controls - link), entry));       // the link keys' help
    CHECK(has(doc.substr(controls),
              "{\"name\":\"test-dial\",\"id\":\"test-dial\",\"kind\":\"number\",\"label\":\"Dial\""));
    // a control that follows the state: what it says, whether it shows, in state().page_controls
    CHECK(
        p.has("\"test-dial-reset\":{\"label\":\"Dial to 0 (now 3)\",\"command\":\"\",\"canvas\":\"\",\"value\":\"\","));
    CHECK(has(doc.substr(controls), "\"command\":\"test-dial=0\""));   // the button sends its argument

    // the canvas: drawn by the control widget in the sidebar's share group, as it is now
    p.frames(2);
    CHECK(p.has("{\"id\":\"button:test-dial-reset\",\"role\":\"button\",\"label\":\"Dial to 0 (now 3)\""));
    // the keys' help lists its shortcut, in the document and in the overlay
    CHECK(has(doc, "{\"keys\":\"x X\",\"label\":\"X\",\"help\":\"the test's dial to 0\"}"));
    {
        auto s = served_page("lab=example&preset=fast&seed=1&test-dial=2");   // (read as a person reads it)
        CHECK(s->app->command("help=1") == "");
        s->frames(2);
        std::string shown;
        for (const app::ScreenRun& r : app::screen_text(*ImGui::GetDrawData(), *ImGui::GetIO().Fonts))
            shown += r.text + "\n";
        CHECK(has(shown, "the test's dial to 0"));
    }
    // the keyboard presses it: what its button sends now
    CHECK(p.app->command("key=x") == "");
    CHECK(p.has("\"test_dial\":0"));
    CHECK(p.url() == "lab=example&preset=fast&seed=1");
    p.frames(2);   // not shown at 0: not drawn, and its key does nothing
    CHECK(!p.has("\"button:test-dial-reset\""));
    CHECK(p.app->command("test-dial=4") == "");
    CHECK(p.app->command("key=X") == "");
    CHECK(p.has("\"test_dial\":0"));
}
