// run --text (cli/class_text.hpp), in a lab that reads a text and one that does not, both taken from the registry: the
// run reads the text, its view "class-text" routes it as tables (plain and JSON); a word the model does not know is
// said and kept; a lab that reads none, an empty text, one too long or one that is not UTF-8 is refused (exit 2); and
// --text is an option of run only.
#include "cli/args.hpp"
#include "cli/class_text.hpp"
#include "core/registry.hpp"
#include "session/share_link.hpp"
#include <doctest/doctest.h>
#include <string>
#include <vector>

namespace {

// The first registered lab that reads a text (reads) or that does not.
std::string cli_lab_that(bool reads) {
    for (const auto& e : core::all_labs())
        if (e.lab->info().reads_text() == reads) return e.id;
    return "";
}

// The run --text refuses this text with: "" when it reads it.
std::string text_refusal(core::Runner& run, const std::string& text) {
    try {
        cli::read_class_text(run, text);
    } catch (const cli::UsageError& e) { return e.what(); }
    return "";
}

bool cli_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}   // namespace

TEST_CASE("run --text: the run reads the class's text and prints its routing; refused with why") {
    const std::string reads = cli_lab_that(true), other = cli_lab_that(false);
    REQUIRE(!reads.empty());
    REQUIRE(!other.empty());
    const core::Lab& lab = *core::find_lab(reads);
    const session::RunConfig c = session::default_config(lab);
    core::Runner run(lab);
    run.reset(c.params, c.seed);
    CHECK(cli::read_class_text(run, "the zebra sees") != "");   // a word the model does not know: said, and read
    CHECK(run.text() == "the zebra sees");
    for (int k = 0; k < 5; ++k) run.step();
    const std::vector<session::DataTable> tables = cli::class_text_tables(run);
    REQUIRE(!tables.empty());
    REQUIRE(tables[0].rows.size() == 3);   // a row a token
    CHECK(tables[0].rows[1][0] == "zebra");
    CHECK(tables[0].columns.size() >= 2);
    const std::string plain = cli::class_text_plain(tables);
    CHECK(cli_has(plain, tables[0].caption + "\n"));
    CHECK(cli_has(plain, "  zebra "));
    const std::string json = cli::class_text_json("the zebra sees", "why", tables);
    CHECK(json.rfind("{\"text\": \"the zebra sees\", \"problem\": \"why\", \"tables\": [", 0) == 0);
    CHECK(cli_has(json, "[\"zebra\","));

    for (const std::string& bad : {std::string(" "), std::string(3000, 'a'), std::string("the \xff cat")}) {
        CAPTURE(bad.size());
        CHECK(text_refusal(run, bad).rfind("--text: ", 0) == 0);   // refused: the run keeps the text it read
        CHECK(cli::class_text_tables(run)[0].rows[1][0] == "zebra");
    }

    const core::Lab& none = *core::find_lab(other);
    core::Runner quiet(none);
    quiet.reset(session::default_config(none).params, 1);
    CHECK(cli_has(text_refusal(quiet, "the cat"), "reads no text"));
    CHECK(cli_has(text_refusal(quiet, "the cat"), reads));   // (and names the labs that read one)
}
