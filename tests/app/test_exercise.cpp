// Exercise links (src/app/parts/exercise.hpp): hide= and lock= parsed against a lab's schema (from the registry), parts
// it does not know reported, hidden and locked controls refusing their commands, and the keys written back.
#include "app/parts/exercise.hpp"
#include "core/registry.hpp"
#include <doctest/doctest.h>

TEST_CASE("exercise links: hide and lock, refusals with reasons, unknown parts reported, the keys written back") {
    const core::Lab* lab = core::all_labs().front().lab;
    const core::Schema& schema = lab->schema();
    REQUIRE(schema.params.size() >= 2);
    const std::string p0 = schema.params[0].name, p1 = schema.params[1].name;
    app::Exercise ex;
    CHECK(ex.refuses("set", p0 + "=1") == "");   // no exercise: everything may act
    const auto msgs = ex.open("compare,presets,params:" + p0 + ",nothing", "seed," + p1 + ",nobody", schema);
    REQUIRE(msgs.size() == 2);
    CHECK(msgs[0].find("hide='nothing'") == 0);
    CHECK(msgs[1].find("lock='nobody'") == 0);
    CHECK(ex.hides("compare"));
    CHECK(ex.hides("params:" + p0));
    CHECK(!ex.hides("params:" + p1));
    CHECK(ex.locks(p1));
    CHECK(ex.fixes_param(p0));
    CHECK(ex.fixes_param(p1));
    CHECK(ex.refuses("set", p0 + "=1").find("hidden") != std::string::npos);
    CHECK(ex.refuses("set", p1 + "=1").find("locked") != std::string::npos);
    CHECK(ex.refuses("seed", "4").find("locked") != std::string::npos);
    CHECK(ex.refuses("compare", "x") != "");
    CHECK(ex.refuses("vs", p1) != "");
    CHECK(ex.refuses("preset", "lecture") != "");
    CHECK(ex.refuses("query", "lab=x") != "");
    CHECK(ex.refuses("play", "") == "");
    CHECK(ex.refuses("lab", "x") == "");   // the lab is neither hidden nor locked here
    CHECK(ex.query() == "&hide=compare,presets,params:" + p0 + "&lock=seed," + p1);
    app::Exercise again;   // the written keys open the same exercise
    CHECK(again.open("compare,presets,params:" + p0, "seed," + p1, schema).empty());
    CHECK(again.query() == ex.query());
    CHECK(again.open("params", "", schema).empty());   // every parameter
    CHECK(again.hides("params:" + p1));
    CHECK(again.open("", "", schema).empty());
    CHECK(!again.active());
}
