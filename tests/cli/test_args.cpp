// The CLI's --jobs flag: a whole number from 1 to 256, refused with a message otherwise; and the limits it
// shares between the runs it runs at once; --text, an option of run only.
#include "cli/args.hpp"
#include "core/registry.hpp"
#include <doctest/doctest.h>
#include <string>
#include <vector>

namespace {

cli::Args parse(std::vector<std::string> words) {
    std::vector<char*> argv;
    static std::string prog = "moe-lab";
    argv.push_back(prog.data());
    for (std::string& w : words) argv.push_back(w.data());
    return cli::parse_args(int(argv.size()), argv.data());
}

std::string parse_refusal(std::vector<std::string> words) {
    try {
        parse(std::move(words));
    } catch (const cli::UsageError& e) { return e.what(); }
    return "";
}

}   // namespace

TEST_CASE("--jobs: a whole number of threads from 1 to 256, else a message") {
    CHECK(parse({"reproduce", "--lab", "cluster-experts", "--jobs", "1"}).jobs == 1);
    CHECK(parse({"reproduce", "--lab", "cluster-experts"}).jobs == 0);   // not given: the machine's cores
    for (const char* bad : {"0", "-2", "1.5", "abc", "257"})
        CHECK(parse_refusal({"reproduce", "--lab", "cluster-experts", "--jobs", bad}).find("--jobs") == 0);
    CHECK(parse_refusal({"reproduce", "--lab", "cluster-experts", "--jobs", "1", "--jobs", "1"}).find("given twice") !=
          std::string::npos);
#ifdef __EMSCRIPTEN__
    CHECK(parse_refusal({"reproduce", "--lab", "cluster-experts", "--jobs", "2"}).find("no threads") !=
          std::string::npos);
#else
    CHECK(parse({"reproduce", "--lab", "cluster-experts", "--jobs", "2"}).jobs == 2);
#endif
}

TEST_CASE("runs at once share the limits: a configuration that fits once is refused for 64 at once") {
    const core::Lab* lab = core::find_lab("cluster-experts");
    core::Params p(lab->schema());
    p.set("n", 32000);
    p.set("n_test", 32000);
    p.set("d", 256);
    p.set("T", 10);
    const core::Validation alone = core::validate(*lab, p);
    for (const auto& e : alone.errors) INFO(e);
    CHECK(alone.ok());
    core::SharedLimits share(64);
    const core::Validation many = core::validate(*lab, p);
    REQUIRE_FALSE(many.ok());
    CHECK(many.errors[0].find("for each of 64 runs at once") != std::string::npos);
}

TEST_CASE("--text: an option of run only, with a value") {
    CHECK(parse({"run", "--lab", "cluster-experts", "--text", "the cat"}).text == "the cat");
    CHECK(parse_refusal({"reproduce", "--lab", "cluster-experts", "--text", "the cat"}).find("run only") !=
          std::string::npos);
    CHECK(parse_refusal({"run", "--lab", "cluster-experts", "--text", ""}).find("needs a value") != std::string::npos);
}
