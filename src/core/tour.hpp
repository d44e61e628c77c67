// Guided tours: a lab's short lecture script, declared as data next to its phases. Each step picks a
// preset (or changes parameters), runs training to a phase, a fraction of the run or its end, focuses
// one or two views, and shows what to look at with the paper's claim and its reference. The app plays
// a tour (arrow keys, buttons, `tour=N` in the link); the lab only declares it (Lab::tour()).
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace core {

struct TourStep {
    // Configuration: "" keeps the previous step's preset; `set` changes parameters after the preset.
    // A step whose configuration differs from the running one restarts the run (same seed).
    std::string preset;
    std::vector<std::pair<std::string, double>> set;

    // How far training runs for this step (at the page's speed, so the class watches it happen);
    // a step never rewinds unless the run is already past its target.
    enum class Until { Now, Phase, Progress, End } until = Until::Now;
    int phase = 0;         // Until::Phase: run until Lab::phase() >= phase (index into phases())
    double progress = 0;   // Until::Progress: run until Lab::progress() >= progress (0..1)

    std::vector<std::string> views;   // one or two View ids to show large
    std::string caption;              // what to look at, in a sentence or two
    std::string claim;                // the paper's claim, with its reference ("Theorem 4.2")
};

// Builders that keep a lab's tour file short and readable.
inline TourStep tour_to_phase(int phase, std::vector<std::string> views, std::string caption, std::string claim) {
    TourStep s;
    s.until = TourStep::Until::Phase;
    s.phase = phase;
    s.views = std::move(views);
    s.caption = std::move(caption);
    s.claim = std::move(claim);
    return s;
}
inline TourStep tour_to_progress(double progress, std::vector<std::string> views, std::string caption,
                                 std::string claim) {
    TourStep s = tour_to_phase(0, std::move(views), std::move(caption), std::move(claim));
    s.until = TourStep::Until::Progress;
    s.progress = progress;
    return s;
}
inline TourStep with_preset(std::string preset, TourStep s) {
    s.preset = std::move(preset);
    return s;
}
inline TourStep tour_to_end(std::vector<std::string> views, std::string caption, std::string claim) {
    TourStep s = tour_to_phase(0, std::move(views), std::move(caption), std::move(claim));
    s.until = TourStep::Until::End;
    return s;
}

}   // namespace core
