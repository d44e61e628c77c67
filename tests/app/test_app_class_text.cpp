// The class's own text (app/parts/class_text.hpp), in a lab that reads one and one that does not, both taken from
// the registry: read from a link and written back, typed as a command, routed in the lab's view "class-text",
// refused when too long or given to a lab that reads none, kept when another lab opens, and its field in the HTML
// document beside that view and on the canvas; in compare mode run B reads it too, on the page and in its worker.
#include "headless_page.hpp"
#include "app/plot/screen_text.hpp"
#include "core/registry.hpp"
#include <algorithm>
#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace headless;

namespace {

bool in_text(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The first registered lab that reads a text (reads) or that does not.
std::string lab_that(bool reads) {
    for (const auto& e : core::all_labs())
        if (core::find_lab(e.id)->info().reads_text() == reads) return e.id;
    return "";
}

}   // namespace

TEST_CASE("app class text: kept in the link, routed in the lab's view, refused with why, kept across labs") {
    const std::string reads = lab_that(true), other = lab_that(false);
    REQUIRE(!reads.empty());
    REQUIRE(!other.empty());
    Page p("lab=" + reads + "&seed=1&text=the%20zebra%20sees");
    CHECK(p.has("\"class_text\":{\"text\":\"the zebra sees\""));
    INFO(p.url());
    CHECK(in_text(p.url(), "text=the%20zebra%20sees"));
    p.frames(2);
    CHECK(p.has("\"data_texts\":["));
    CHECK(p.has("\"zebra\""));   // routed in the view (outlined: the lab cannot read it)
    CHECK(p.has("{\"id\":\"input:text\",\"role\":\"textbox\""));   // the canvas's field
    const std::string doc = p.app->document_json();
    CHECK(in_text(doc, "{\"name\":\"text\",\"id\":\"text\",\"kind\":\"text\""));
    CHECK(in_text(doc, "\"group\":\"view:class-text\""));   // the document's field, beside the view it fills

    CHECK(in_text(p.app->command("text=" + std::string(600, 'a')), "500"));   // too long for a link: refused, kept
    CHECK(p.has("\"class_text\":{\"text\":\"the zebra sees\""));
    CHECK(p.app->command("text=the cat & the dog = 3 ;") == "");   // any sign, as typed
    CHECK(in_text(p.url(), "text=the%20cat%20%26%20the%20dog%20%3D%203%20%3B"));
    CHECK(p.app->command("text=   ") == "");   // refused by the lab (empty): said under the field, the last one kept
    CHECK(p.has("\"problem\":\"Type a sentence: the text is empty.\""));
    CHECK(in_text(p.url(), "text=the%20cat%20%26%20the%20dog%20%3D%203%20%3B"));
    CHECK(p.app->command("lab=" + other) == "");   // another lab: not in its link, and kept for the lab's return
    CHECK(!in_text(p.url(), "text="));
    CHECK(p.app->command("lab=" + reads) == "");
    CHECK(p.has("\"class_text\":{\"text\":\"the cat & the dog = 3 ;\""));
    CHECK(p.app->command("text=") == "");   // empty: the lab's example, and out of the link
    CHECK(!in_text(p.url(), "text="));

    Page q("lab=" + other + "&text=abc");   // a lab that reads none: said, and the page opens
    CHECK(in_text(messages(q), "text="));
    CHECK(in_text(q.app->command("text=abc"), "reads no text"));
}

namespace {

// The tokens of run B's view "class-text" as the page has them (B here, or B's worker's last snapshot), one string.
std::string b_class_tokens(const Page& p) {
    std::string out;
    for (const core::View& v : p.app->run().b().b().views)
        if (v.id == "class-text")
            for (const core::TextLine& l : v.text.lines)
                for (const core::TextToken& t : l.tokens) out += t.text + " ";
    return out;
}

// The lab that reads a text, comparing with its first named comparison, on this text.
std::string compare_link(const std::string& lab, const std::string& text) {
    return "lab=" + lab + "&seed=1&compare=" + core::find_lab(lab)->comparisons().at(0).id + "&text=" + text;
}

}   // namespace

TEST_CASE("app class text: compare mode's run B reads the class's text, on the page and in its worker") {
    const std::string reads = lab_that(true);
    REQUIRE(!reads.empty());
    {   // B on the page: it reads A's text when it is made, and a text typed later where it is
        Page p(compare_link(reads, "the%20zebra%20sees"));
        p.tick_ms = 1;   // a few steps a frame
        REQUIRE(p.app->run().b().on());
        CHECK(!p.app->run().b().remote());
        CHECK(in_text(b_class_tokens(p), "zebra"));
        CHECK(p.app->command("play") == "");
        p.frames(2);
        CHECK(p.app->command("pause") == "");
        const double progress = p.app->run().b().b().progress;
        CHECK(progress > 0);
        CHECK(p.app->command("text=the dog runs") == "");
        CHECK(in_text(b_class_tokens(p), "dog"));
        CHECK(!in_text(b_class_tokens(p), "zebra"));
        p.frames(1);
        CHECK(in_text(b_class_tokens(p), "dog"));
        CHECK(p.app->run().b().b().progress == progress);   // B kept its progress
        CHECK(p.app->command("reset") == "");               // a new run: B reads the text again
        CHECK(in_text(b_class_tokens(p), "dog"));
    }
    {   // B in its worker: opened with the text, and a text typed later follows it there
        FakePool pool;
        Page p(compare_link(reads, "the%20zebra%20sees") + "&workers=1", &pool);
        pool.calls.clear();
        p.app->run().workers_ready(1, "");
        REQUIRE(p.app->run().b().remote());
        const auto opened = std::find_if(pool.calls.begin(), pool.calls.end(),
                                         [](const std::string& c) { return c.rfind("open_b ", 0) == 0; });
        REQUIRE(opened != pool.calls.end());
        CHECK(in_text(*opened, " text the zebra sees"));
        const std::string run = opened->substr(7, opened->find(' ', 7) - 7);
        pool.calls.clear();
        CHECK(p.app->command("text=the dog runs") == "");
        CHECK(pool.calls == std::vector<std::string>{"text_b " + run + " the dog runs"});
    }
}

// An emoji is a token the vocabulary lacks, and a character the page's fonts lack: the canvas draws it as its code
// point (app::drawable_text), in the painted token and in the message under the view, never as ImGui's '?'.
TEST_CASE("app class text: a character the page's font has no glyph for is drawn as its code point, not '?'") {
    auto s = served_page("lab=" + lab_that(true) + "&seed=1&text=the%20%F0%9F%99%82%20cat");   // "the 🙂 cat"
    s->frames(2);
    std::string shown;
    for (const app::ScreenRun& r : app::screen_text(*ImGui::GetDrawData(), *ImGui::GetIO().Fonts))
        shown += r.text + "\n";
    INFO(shown);
    CHECK(in_text(shown, "\nU+1F642\n"));                                       // the token
    CHECK(in_text(shown, "'U+1F642' is an emoji: the vocabulary has none."));   // the message under the view
    CHECK(!in_text(shown, "\n?\n"));                                            // no token of '?' alone
    CHECK(!in_text(shown, "'?'"));
}
