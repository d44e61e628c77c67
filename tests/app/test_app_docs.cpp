// The references the docs hold, made from the declarations and the registry, so that they cannot go stale: the
// page's commands and link keys (docs/using.md, from the page keys' table: src/app/controls/page_keys.cpp) and the labs with
// their papers (src/labs/README.md, from the registry). Each stands between two markers in its file; the test fails
// when the text there is not what the declarations say now, and MOE_WRITE_DOCS=1 writes it:
//   MOE_WRITE_DOCS=1 build/native/moe-tests --test-case="docs*"
#include "headless_page.hpp"
#include "json_value.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include <cstdlib>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace headless;

namespace {

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A table cell's text: a '|' would end the cell.
std::string cell(const std::string& text) {
    std::string out;
    for (const char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

// The generated block named `name` in the file (between its two markers) is `made`; MOE_WRITE_DOCS=1 writes it.
void check_generated(const std::string& relative, const std::string& name, const std::string& made) {
    const std::filesystem::path path = std::filesystem::path(MOE_SOURCE_DIR) / relative;
    std::string text = read_file(path);
    const std::string begin = "<!-- generated: " + name + " -->\n", end = "<!-- end of generated: " + name + " -->";
    const size_t from = text.find(begin), to = text.find(end);
    REQUIRE_MESSAGE(from != std::string::npos, relative << " has no marker " << begin);
    REQUIRE_MESSAGE(to != std::string::npos, relative << " has no marker " << end);
    REQUIRE(to > from);
    const std::string now = text.substr(from + begin.size(), to - from - begin.size());
    const char* write = std::getenv("MOE_WRITE_DOCS");
    if (write && std::string(write) == "1" && now != made) {
        text.replace(from + begin.size(), now.size(), made);
        std::ofstream(path, std::ios::binary) << text;
        MESSAGE(relative << ": " << name << " written");
        return;
    }
    CHECK_MESSAGE(now == made,
                  relative << ": " << name
                           << " is stale: MOE_WRITE_DOCS=1 build/native/moe-tests --test-case=\"docs*\"");
}

// A key the tests add to every page (tests/app/test_app_page_key.cpp's test-dial), not the page's.
bool tests_own(const Json& entry) { return entry["name"].text.rfind("test-", 0) == 0; }

std::string written(const Json& entry) {
    const std::string arg = entry["arg"].text;
    const std::string name = entry["name"].text;   // (a prefix, "b.", takes every key that starts with it)
    return "`" + cell(name + (arg.empty() ? "" : name.back() == '.' ? arg : "=" + arg)) + "`";
}

}   // namespace

TEST_CASE("docs: the page's commands and link keys in docs/using.md are the page keys' table") {
    core::use_language("en", "");
    Page p("lab=playground");   // (a lab of the page's, with a point set: the tests' own lab adds a test's command)
    const Json doc = read_json(p.app->document_json());
    std::string made = "| command | what it does |\n|---|---|\n";
    for (const Json& c : doc["commands"].items)
        if (!tests_own(c)) made += "| " + written(c) + " | " + cell(c["help"].text) + " |\n";
    made += "\n| link key | what it opens |\n|---|---|\n";
    for (const Json& k : doc["link_keys"].items)
        if (!tests_own(k)) made += "| " + written(k) + " | " + cell(k["help"].text) + " |\n";
    CHECK(doc["commands"].size() > 40);
    check_generated("docs/using.md", "the page's commands", made);
}

TEST_CASE("docs: the labs' table in src/labs/README.md is the registry's, each with its paper and its document") {
    core::use_language("en", "");
    std::string made = "| lab | paper | document |\n|---|---|---|\n";
    int labs = 0;
    for (const core::LabEntry& e : core::all_labs()) {
        if (e.id == "example") continue;   // (the tests' own lab: tests/labs/example)
        ++labs;
        const std::string doc = "docs/labs/" + e.id + ".md";
        CHECK_MESSAGE(std::filesystem::exists(std::filesystem::path(MOE_SOURCE_DIR) / doc), doc << " is missing");
        made += "| `" + e.id + "` | " + cell(e.lab->info().citation) + " | [" + doc + "](../../" + doc + ") |\n";
    }
    CHECK(labs >= 6);
    check_generated("src/labs/README.md", "the labs", made);
}
