// The token-routing lab's text painted by expert: the held-out sequences, the class's sentence (read, refused, routed
// live), each expert's most frequent tokens and what the model writes; and the painted text's table and snapshot.
#include "quick_run.hpp"
#include "core/runner.hpp"
#include "session/run_snapshot.hpp"
#include "session/view_table.hpp"
#include <doctest/doctest.h>
#include <cmath>

using namespace token_routing;

namespace {

std::vector<core::View> views_of(const Run& r) {
    std::vector<core::View> v;
    r.views(v);
    return v;
}

// Every token of a line: a colour of the K experts (or none: a piece the model cannot read), and when k = 1 no
// underline.
void check_colours(const core::TextLine& line, int K, int k) {
    for (const core::TextToken& t : line.tokens) {
        CHECK(t.color >= -1);
        CHECK(t.color < K);
        if (k == 1) CHECK(t.underline == -1);
        if (t.color >= 0 && k >= 2) CHECK((t.underline >= 0 && t.underline < K && t.underline != t.color));
    }
}

}   // namespace

TEST_CASE("token-routing: the held-out text is painted by the final routing, a line per domain and layer") {
    for (int k : {1, 2}) {
        const Config c = quick_config({{"k", k}});
        Run r(c, 3);
        to_end(r);
        const std::vector<core::View> views = views_of(r);
        const core::View* v = find_view(views, "painted");
        REQUIRE(v != nullptr);
        CHECK(v->kind == core::ViewKind::Text);
        CHECK(v->legend.size() == size_t(c.model.K));
        const RoutingTable& f = r.final_routing();
        const Summary& S = r.summary();
        size_t line = 0;
        for (int d = 0; d < kDomains; ++d) {
            const int q = S.first_of_domain[size_t(d)];
            if (q < 0) continue;
            for (int l = 0; l < c.model.blocks; ++l, ++line) {
                REQUIRE(line < v->text.lines.size());
                const core::TextLine& x = v->text.lines[line];
                REQUIRE(x.tokens.size() == size_t(std::min(c.model.T, 16)));
                CHECK(f.domain[size_t(q * c.model.T)] == d);
                check_colours(x, c.model.K, k);
                for (size_t t = 0; t < x.tokens.size(); ++t) {   // the token and its choices as the final routing
                    const size_t j = size_t(l) * size_t(f.N) + size_t(q * c.model.T) + t;
                    CHECK(x.tokens[t].text == vocab().text[size_t(f.id[size_t(q * c.model.T) + t])]);
                    CHECK(x.tokens[t].color == f.top[j * size_t(k)]);
                    CHECK(x.tokens[t].value == doctest::Approx(f.p[j * size_t(c.model.K) + size_t(x.tokens[t].color)]));
                }
            }
        }
        CHECK(line == v->text.lines.size());
        CHECK(line >= size_t(c.model.blocks));   // at least one domain among the held-out sequences
    }
}

TEST_CASE("token-routing: the class's sentence is read, its problems named, and routed by the model as it is now") {
    const Config c = quick_config({{"k", 2}});
    Run r(c, 1);
    auto class_view = [&] {
        const std::vector<core::View> v = views_of(r);
        const core::View* x = find_view(v, "class-text");
        REQUIRE(x != nullptr);
        return *x;
    };
    // before anything is typed: the example, routed by the untrained model already
    core::View v = class_view();
    REQUIRE(v.text.lines.size() == size_t(c.model.blocks));
    const Tokenized example = token_routing::example(c.model.T);
    REQUIRE(example.ok());
    CHECK(example.pieces.size() == size_t(std::min(c.model.T, 15)));
    CHECK(v.text.lines[0].tokens.size() == example.pieces.size());
    CHECK(v.readouts.empty());
    // a word outside the vocabulary, an emoji and another script: outlined, named, the rest routed
    const core::TextRead typed_read = r.read_text("the zebra sees 😀 and кот");
    CHECK(typed_read.message == "'zebra' is not one of the 140 tokens the model knows.");
    CHECK(!typed_read.refused);   // read, its unknown pieces outlined
    v = class_view();
    REQUIRE(v.text.lines.size() == size_t(c.model.blocks));
    const std::vector<core::TextToken>& t = v.text.lines.back().tokens;
    REQUIRE(t.size() == 6);
    CHECK(t[1].text == "zebra");
    CHECK(t[1].color == -1);
    CHECK(t[3].color == -1);
    CHECK(t[5].color == -1);
    CHECK(t[0].color >= 0);
    CHECK(t[2].color >= 0);
    check_colours(v.text.lines.back(), c.model.K, 2);
    REQUIRE(v.readouts.size() == 3);
    CHECK(v.readouts[1] == "'😀' is an emoji: the vocabulary has none.");
    // routed as route_text routes the known tokens, and again once the model has trained
    const Tokenized typed = tokenize("the zebra sees 😀 and кот", c.model.T);
    TextRouting now = route_text(r.trainer().moe, typed.ids);
    CHECK(t[0].color == now.top.back()[0]);
    CHECK(t[2].color == now.top.back()[2]);
    to_end(r);
    v = class_view();
    now = route_text(r.trainer().moe, typed.ids);
    CHECK(v.text.lines.back().tokens[4].color == now.top.back()[2 * 2]);
    CHECK(v.text.lines.back().tokens[4].value == doctest::Approx(now.w.back()[2 * 2]));
    // a text that cannot be read changes nothing; an empty one brings the example back
    const std::string too_long(size_t(c.model.T) * 2, 'a');
    std::string words;
    for (int i = 0; i <= c.model.T; ++i) words += "the ";
    CHECK(r.read_text(words).message.find("more than") != std::string::npos);
    CHECK(r.read_text(words).refused);
    CHECK(r.read_text("\xC3").message == "The text is not valid UTF-8 (it may have been cut inside a character).");
    CHECK(r.read_text("\xC3").refused);
    CHECK(r.read_text("   ").message == "Type a sentence: the text is empty.");
    CHECK(r.read_text("   ").refused);
    CHECK(class_view().text.lines.back().tokens.size() == 6);
    CHECK(r.read_text("😀 кот").message ==
          "None of these tokens is in the model's vocabulary: try words from the stories, sums or code.");
    CHECK(class_view().text.lines.empty());   // nothing to route: the readouts say why
    CHECK(r.read_text("").message.empty());
    CHECK(class_view().text.lines[0].tokens.size() == example.pieces.size());
}

TEST_CASE("token-routing: a Runner keeps the class's text for the runs it starts after it") {
    const core::Lab* lab = core::find_lab("token-routing");
    REQUIRE(lab != nullptr);
    core::Params p(lab->schema());
    for (const auto& [k, v] : lab->test_sizes().quick) p.set(k, v);
    core::Runner run(*lab);
    CHECK(run.read_text("the cat sees the dog .").message.empty());   // no run yet: kept
    run.reset(p, 2);
    std::vector<core::View> v;
    run.views(v);
    const core::View* x = find_view(v, "class-text");
    REQUIRE(x != nullptr);
    REQUIRE(!x->text.lines.empty());
    CHECK(x->text.lines[0].tokens.size() == 6);
    CHECK(x->text.lines[0].tokens[1].text == "cat");
    // a refused text is not kept: the next run routes the last one read
    CHECK(run.read_text("   ").refused);
    CHECK(run.text() == "the cat sees the dog .");
    run.reset(p, 3);
    v.clear();
    run.views(v);
    x = find_view(v, "class-text");
    REQUIRE(x != nullptr);
    REQUIRE(!x->text.lines.empty());
    CHECK(x->text.lines[0].tokens[1].text == "cat");
    CHECK(!run.text_read().refused);
    // a text the next run's parameters refuse (longer than its context) is said so by that run (text_read), and
    // kept for a run that can read it
    core::Params wide = p;
    wide.set("T", 16);
    REQUIRE(core::validate(*lab, wide).ok());
    run.reset(wide, 2);
    CHECK(run.read_text("the cat sees the dog . the dog sees the cat .").message.empty());   // 12 tokens
    run.reset(p, 2);                                                                         // T = 8
    CHECK(run.text_read().refused);
    CHECK(run.text_read().message.find("more than") != std::string::npos);
    CHECK(run.text() == "the cat sees the dog . the dog sees the cat .");
    run.reset(wide, 3);
    CHECK(!run.text_read().refused);
    CHECK(run.text_read().message.empty());
    // a lab that reads no text takes it and says nothing
    core::Runner other(*core::find_lab("cluster-experts"));
    CHECK(other.read_text("the cat").message.empty());
    CHECK(!core::find_lab("cluster-experts")->info().reads_text());
    CHECK(lab->info().reads_text());
}

TEST_CASE("token-routing: each expert's most frequent tokens, and what the model writes, from the final routing") {
    const Config c = quick_config();
    Run r(c, 4);
    to_end(r);
    const std::vector<core::View> views = views_of(r);
    const core::View* top = find_view(views, "expert-tokens");
    REQUIRE(top != nullptr);
    REQUIRE(top->text.lines.size() == size_t(c.model.K));
    const RoutingTable& f = r.final_routing();
    const int* last = &f.first[size_t(c.model.blocks - 1) * size_t(f.N)];
    for (int e = 0; e < c.model.K; ++e) {
        int on_e = 0;
        for (int j = 0; j < f.N; ++j) on_e += last[j] == e;
        const std::vector<core::TextToken>& t = top->text.lines[size_t(e)].tokens;
        CHECK(t.size() <= 8);
        for (size_t i = 0; i < t.size(); ++i) {
            CHECK(t[i].color == e);
            if (i > 0) CHECK(t[i].value <= t[i - 1].value);
            int n = 0;   // the share is the token's count among the expert's tokens
            for (int j = 0; j < f.N; ++j) n += last[j] == e && vocab().text[size_t(f.id[size_t(j)])] == t[i].text;
            CHECK(t[i].value == doctest::Approx(double(n) / on_e));
        }
    }
    const core::View* w = find_view(views, "written");
    REQUIRE(w != nullptr);
    REQUIRE(!w->text.lines.empty());
    for (size_t d = 0; d < r.summary().written.size(); ++d) {
        const std::vector<int>& ids = r.summary().written[d];
        CHECK(ids.size() == size_t(c.model.T));
        const int q = r.summary().first_of_domain[d];
        for (int t = 0; t < 3; ++t) CHECK(ids[size_t(t)] == f.id[size_t(q * c.model.T + t)]);   // the prompt
    }
    // the same seed writes the same text
    Run again(c, 4);
    to_end(again);
    CHECK(again.summary().written == r.summary().written);
}

TEST_CASE("painted text: a table per line in the document, and the same view after a snapshot") {
    core::View v;
    v.kind = core::ViewKind::Text;
    v.title = "Painted";
    v.legend = {"expert 1", "expert 2"};
    v.text.color_title = "first expert";
    v.text.value_title = "router weight";
    v.text.lines = {{"layer 0", {{"the", 0, -1, 0.75f}, {"zebra", -1, -1, NAN}}}, {"layer 1", {{"the", 1, -1, 0.5f}}}};
    const std::vector<session::DataTable> t = session::view_tables(v, 20);
    REQUIRE(t.size() == 2);
    CHECK(t[0].caption == "Painted: layer 0");
    CHECK(t[0].columns == std::vector<std::string>{"token", "first expert", "router weight"});
    REQUIRE(t[0].rows.size() == 2);
    CHECK(t[0].rows[0] == std::vector<std::string>{"the", "expert 1", "0.75"});
    CHECK(t[0].rows[1] == std::vector<std::string>{"zebra", "none", "no value"});
    CHECK(t[1].rows[0][1] == "expert 2");
    v.text.lines[1].tokens = {{"a", 0}, {"b", 1}, {"c", 0}};
    const session::DataTable first = session::view_tables(v, 2)[1];   // the first tokens, in order
    REQUIRE(first.rows.size() == 2);
    CHECK(first.rows[1][0] == "b");
    CHECK(first.total_rows == 3);
    std::string bytes;
    session::encode_views({v}, bytes);
    std::vector<core::View> back;
    REQUIRE(session::decode_views(bytes, back).empty());
    REQUIRE(back.size() == 1);
    CHECK(back[0].kind == core::ViewKind::Text);
    REQUIRE(back[0].text.lines.size() == 2);
    CHECK(back[0].text.lines[0].tokens[1].text == "zebra");
    CHECK(back[0].text.lines[0].tokens[0].value == 0.75f);
    CHECK(back[0].text.value_title == "router weight");
}
