#include "core/registry.hpp"
#include "session/share_link.hpp"
#include <doctest/doctest.h>
#include <algorithm>

// These run against every registered lab: the link codec only knows the schema.
TEST_CASE("a shared link restores lab, preset, seed and every changed parameter") {
    REQUIRE_FALSE(core::all_labs().empty());
    for (const auto& entry : core::all_labs()) {
        CAPTURE(entry.id);
        const core::Lab* lab = entry.lab;
        for (const auto& preset : lab->schema().presets) {
            session::RunConfig c = session::default_config(*lab);
            c.params.apply_preset(preset.id);
            c.preset = preset.id;
            c.seed = 12345;
            // change the first real parameter to a different valid value
            for (const auto& s : lab->schema().params) {
                if (s.type != core::ParamType::Real) continue;
                double v = c.params[s.name];
                double w = v * 0.5 + s.min * 0.5;
                if (w == v) w = v * 0.25 + s.max * 0.75;
                c.params.set(s.name, w);
                if (!core::validate(*lab, c.params).ok()) c.params.set(s.name, v);
                break;
            }
            std::string q = session::encode_query(c);
            session::Decoded d = session::decode_query("?" + q);
            CHECK(d.messages.empty());
            CHECK(d.config.lab == c.lab);
            CHECK(d.config.preset == c.preset);
            CHECK(d.config.seed == c.seed);
            CHECK(d.config.params == c.params);
            CHECK(session::encode_query(d.config) == q);
        }
    }
}

TEST_CASE("malformed links open with defaults and say why") {
    const core::Lab* lab = core::all_labs()[0].lab;
    const std::string id = lab->info().id;
    session::RunConfig def = session::default_config(*lab);
    const std::string p0 = lab->schema().params[0].name;

    SUBCASE("unknown lab") {
        session::Decoded d = session::decode_query("lab=no-such-lab&seed=3");
        CHECK(d.config.lab == id);
        REQUIRE_FALSE(d.messages.empty());
        CHECK(d.messages[0].find("unknown lab 'no-such-lab'") != std::string::npos);
    }
    SUBCASE("bad number") {
        session::Decoded d = session::decode_query("lab=" + id + "&" + p0 + "=banana");
        CHECK(d.config.params == def.params);
        CHECK(d.messages.size() >= 2);
    }
    SUBCASE("out of range") {
        session::Decoded d = session::decode_query("lab=" + id + "&" + p0 + "=1e30");
        CHECK(d.config.params == def.params);
        CHECK_FALSE(d.messages.empty());
    }
    SUBCASE("bad seed, unknown preset, unknown key, garbage item") {
        session::Decoded d = session::decode_query("lab=" + id + "&seed=-4&preset=zzz&frobnicate=1&%%%");
        CHECK(d.config.seed == 1);
        CHECK(d.config.preset == def.preset);
        CHECK(d.messages.size() == 4);
    }
    SUBCASE("a seed too large for 64 bits") {
        session::Decoded d = session::decode_query("lab=" + id + "&seed=123456789012345678901234567890");
        CHECK(d.config.seed == 1);
        CHECK(d.messages.size() == 1);
    }
    SUBCASE("empty link is the default, silently") {
        session::Decoded d = session::decode_query("");
        CHECK(d.messages.empty());
        CHECK(d.config.params == def.params);
    }
}

TEST_CASE("url encoding round-trips") {
    std::string s = "a b&c=d/é";
    CHECK(session::url_decode(session::url_encode(s)) == s);
}

// One reader for every key of a link (the page's and the run's): decoded once, a name given twice (written plain or
// percent-encoded) left out with one message, in one form.
TEST_CASE("link items: decoded once, a repeated name left out and said once, whoever reads it") {
    const session::LinkItems link =
        session::link_items("?lab=example&%6Cab=other&scale=1%2E6&present=1&present=0&b.eta=1&x");
    REQUIRE(link.items.size() == 2);
    CHECK(link.items[0] == std::make_pair(std::string("scale"), std::string("1.6")));
    CHECK(link.items[1] == std::make_pair(std::string("b.eta"), std::string("1")));
    CHECK(link.repeated == std::vector<std::string>{"lab", "present"});
    REQUIRE(link.messages.size() == 3);   // the item without a value, and the two repeated names, once each
    CHECK(link.messages[0] == "ignored 'x': expected name=value");
    CHECK(link.messages[1] ==
          "'lab' appears 2 times in the link ('example', 'other'): ignored, since it is not "
          "clear which was meant");
    CHECK(link.messages[2].find("'present' appears 2 times in the link ('1', '0')") == 0);
    // the run's keys: a repeated parameter makes the parameters invalid, as a bad value does
    const session::Decoded d = session::decode_query("lab=example&eta=0.01&eta=0.02");
    CHECK(!d.checked);
    CHECK(std::count_if(d.messages.begin(), d.messages.end(),
                        [](const std::string& m) { return m.find("appears 2 times") != std::string::npos; }) == 1);
}
