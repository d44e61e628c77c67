// Guided tours: a lab's short lecture script, declared as data next to its phases. Each step picks a
// preset (or changes parameters), runs training to a phase, a fraction of the run or its end, focuses
// one or two views, and shows what to look at with the paper's claim and its reference. The app plays
// a tour (arrow keys, buttons, `tour=N` in the link: session/tour_steps.hpp); the lab only declares it (Lab::tour()).
// A step may ask the class a question first (predict → observe → explain): the tour stops, shows 2–4
// answers, runs the step that decides it, then reveals the answer the run's own metrics support.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace core {

struct Metric;

// One answer to a tour question, and when a run supports it: its metric above (or below) a bound.
// The run supports the first answer whose test holds; an answer without a metric holds otherwise.
struct TourAnswer {
    std::string text;
    std::string metric;   // a key of the run's metrics(); "" for "otherwise"
    bool above = true;    // the test: metric > bound (above) or metric < bound
    double bound = 0;
    // A wrong answer's misreading: what a student who ticks it has taken from the lab or the paper, for the teacher's
    // key (session/worksheet.hpp). The paper's answer (TourQuestion::key) has none.
    std::string misreading;
};
inline TourAnswer answer_if_above(std::string text, std::string metric, double bound) {
    return {std::move(text), std::move(metric), true, bound};
}
inline TourAnswer answer_if_below(std::string text, std::string metric, double bound) {
    return {std::move(text), std::move(metric), false, bound};
}
inline TourAnswer answer_otherwise(std::string text) { return {std::move(text), "", true, 0}; }
// A wrong answer with its misreading: core::misread(core::answer_otherwise("…"), "Reads … as …").
inline TourAnswer misread(TourAnswer a, std::string misreading) {
    a.misreading = std::move(misreading);
    return a;
}

// A question asked before a step runs. `key` is the answer the paper predicts; the reveal says which
// answer the run supports (tests check that the two agree on the tour's seed) and why, with the reference.
struct TourQuestion {
    std::string prompt;                // "" : the step asks nothing
    std::vector<TourAnswer> answers;   // 2–4, chosen with the keys a–d
    int key = 0;                       // 0-based index into answers
    std::string why;                   // the explanation shown with the reveal, with the paper's reference
    // The seeds among 1–kQuestionSeeds on which the step's run (its own configuration, to its moment) supports
    // another answer or none: the teacher's key prints how often the paper's answer holds and where it does not.
    // Counted again by tests/core/test_tour_questions.cpp.
    std::vector<int> unlike_paper;
};
constexpr int kQuestionSeeds = 10;

// The answer a run's metrics support (0-based), or -1 when a metric it needs is missing or not finite.
int supported_answer(const TourQuestion& q, const std::vector<Metric>& metrics);

struct TourStep {
    // Configuration: "" keeps the previous step's preset; `set` changes parameters after the preset.
    // A step whose configuration differs from the running one restarts the run (same seed).
    std::string preset;
    std::vector<std::pair<std::string, double>> set;

    // How far training runs for this step (at the page's speed, so the class watches it happen);
    // a step never rewinds unless the run is already past its target.
    enum class Until { Now, Phase, Progress, End } until = Until::Now;
    int phase = 0;         // Until::Phase: run until Runner::phase() >= phase (index into phases())
    double progress = 0;   // Until::Progress: run until Runner::progress() >= progress (0..1)

    std::vector<std::string> views;   // one or two View ids to show large
    std::string caption;              // what to look at, in a sentence or two
    std::string claim;                // the paper's claim, with its reference ("Theorem 4.2")
    TourQuestion question;            // asked before the step runs (predict, then reveal)

    // Which of its texts give away the answer to a later step's question (a question step's own caption and claim
    // always do): the student's worksheet leaves them out, the key prints them (session/worksheet.hpp).
    enum class Reveals { Nothing, Claim, Caption, Both } reveals = Reveals::Nothing;
};

// Whether the student's sheet must leave out a step's caption or claim: it answers a question, this step's or a later
// one's.
inline bool reveals_caption(const TourStep& s) {
    return !s.question.prompt.empty() || s.reveals == TourStep::Reveals::Caption ||
        s.reveals == TourStep::Reveals::Both;
}
inline bool reveals_claim(const TourStep& s) {
    return !s.question.prompt.empty() || s.reveals == TourStep::Reveals::Claim || s.reveals == TourStep::Reveals::Both;
}

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
inline TourStep with_set(std::vector<std::pair<std::string, double>> set, TourStep s) {
    s.set = std::move(set);
    return s;
}
inline TourStep with_question(TourQuestion q, TourStep s) {
    s.question = std::move(q);
    return s;
}
// A step whose caption or claim answers a later step's question: core::revealing(TourStep::Reveals::Claim, …).
inline TourStep revealing(TourStep::Reveals what, TourStep s) {
    s.reveals = what;
    return s;
}
inline TourStep tour_to_end(std::vector<std::string> views, std::string caption, std::string claim) {
    TourStep s = tour_to_phase(0, std::move(views), std::move(caption), std::move(claim));
    s.until = TourStep::Until::End;
    return s;
}

}   // namespace core
