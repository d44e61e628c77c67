// Symbols read aloud (session/spoken.hpp), and every registered lab's parameters: accessible names in plain words.
#include "core/lab.hpp"
#include "core/registry.hpp"
#include "session/spoken.hpp"
#include "core/words.hpp"
#include <doctest/doctest.h>

TEST_CASE("paper symbols are read as words") {
    CHECK(session::spoken_symbol("η_r") == "eta r");
    CHECK(session::spoken_symbol("σ0") == "sigma 0");
    CHECK(session::spoken_symbol("B₂") == "B 2");
    CHECK(session::spoken_symbol("T′") == "T prime");
    CHECK(session::spoken_symbol("λ̄") == "lambda bar");
    CHECK(session::spoken_symbol("‖w*‖") == "norm of w star");
    CHECK(session::spoken_symbol("f*, g*") == "f star, g star");
    CHECK(session::spoken_symbol("m/k") == "m over k");
    CHECK(session::spoken_symbol("Δ") == "capital delta");
    CHECK(session::spoken_label("η", "eta", "Step size (Algorithm 1). Paper: 0.01.") == "eta, Step size (Algorithm 1)");
    CHECK(session::spoken_label("", "n_test", "") == "n test");
    // without a symbol the help's words name it: a link's name is no word to hear
    CHECK(session::spoken_label("", "setting", "The data (Sec. 6.1, App. A.2). More.") ==
          "The data (Sec. 6.1, App. A.2)");
}

TEST_CASE("symbols are read in the page's language: the signs' words come from the table") {
    REQUIRE(core::use_language("en-XA", "").empty());   // the pseudo-language: every word of the table accented
    const std::string eta = core::tr("eta"), star = core::tr("star");
    CHECK(eta != "eta");
    CHECK(session::spoken_symbol("η_r") == eta + " r");
    CHECK(session::spoken_symbol("w*") == "w " + star);
    REQUIRE(core::use_language("en", "").empty());
    CHECK(session::spoken_symbol("η_r") == "eta r");
}

TEST_CASE("every lab: each parameter's accessible name is plain ASCII words, without underscores") {
    for (const core::LabEntry& e : core::all_labs()) {
        const core::Lab* lab = e.lab;
        for (const core::ParamSpec& s : lab->schema().params) {
            const std::string spoken = session::spoken_symbol(s.symbol.empty() ? s.name : s.symbol);
            CAPTURE(lab->info().id);
            CAPTURE(s.symbol);
            CHECK(!spoken.empty());
            CHECK(spoken.find('_') == std::string::npos);
            bool ascii = true;
            for (unsigned char c : spoken) ascii = ascii && c < 0x80;
            CHECK(ascii);
        }
    }
}
