// Every lab has a guided tour (Lab::tour, core/tour.hpp), well formed: 4–8 steps, presets and
// parameters that exist and validate, phases in range, one or two view ids that the lab draws,
// and a caption and a claim for each step. The browser test plays the tours end to end.
#include "core/runner.hpp"
#include "core/registry.hpp"
#include "session/share_link.hpp"
#include <doctest/doctest.h>

TEST_CASE("each lab's tour is declared consistently") {
    for (const auto& entry : core::all_labs()) {
        const core::Lab* lab = entry.lab;
        core::Runner run(*lab);
        const std::string id = lab->info().id;
        CAPTURE(id);
        std::vector<core::TourStep> steps = lab->tour();
        CHECK(steps.size() >= 4);
        CHECK(steps.size() <= 8);
        REQUIRE(!steps.empty());
        CHECK(!steps[0].preset.empty());   // a tour starts from a named preset, whatever ran before
        session::RunConfig c = session::default_config(*lab);
        for (size_t k = 0; k < steps.size(); ++k) {
            const core::TourStep& s = steps[k];
            CAPTURE(k);
            if (!s.preset.empty()) {
                REQUIRE(c.params.apply_preset(s.preset));
                c.preset = s.preset;
            }
            for (const auto& [name, value] : s.set) {
                REQUIRE(lab->schema().index_of(name) >= 0);
                c.params.set(name, value);
            }
            CHECK(core::validate(*lab, c.params).ok());
            CHECK(!s.caption.empty());
            CHECK(!s.claim.empty());
            CHECK(s.phase >= 0);
            CHECK(s.phase < int(lab->phases().size()));
            CHECK(s.progress >= 0);
            CHECK(s.progress <= 1);
            REQUIRE(s.views.size() >= 1);
            REQUIRE(s.views.size() <= 2);
            run.reset(c.params, 1);
            std::vector<core::View> views;
            run.views(views);
            for (const std::string& v : s.views) {
                bool found = false;
                for (const auto& view : views) found |= view.id == v;
                CHECK_MESSAGE(found, "view '" << v << "' is not among the lab's views");
            }
        }
    }
}
