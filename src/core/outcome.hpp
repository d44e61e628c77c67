// Outcomes: what a finished run showed, in words its own metrics decide. A lab declares each sentence it may
// say at the end of a run as data (Lab::outcomes()), the way a tour question's answers are declared: cases
// tried in order, the first whose metric test holds is said, with {key} replaced by this run's value of
// metric `key` in the metric's own format, {key%} as a percentage ("ℓ2 stuck in {stuck_l2} of {runs} runs" → "ℓ2 stuck in 1 of 6
// runs"). One case is the paper's; when the run shows another, the sentence says that this run differs from
// the paper and how often seeds show the paper's case (measured by `moe-lab reproduce` over seeds 1–N of
// the lab's default preset, and declared next to the cases; reproduce prints the count it measures beside it).
// A sentence whose metrics this configuration does not have (NaN: a baseline switched off, a sweep not run)
// is left out: nothing is said that the run did not measure.
#pragma once
#include "core/tour.hpp"   // TourAnswer: a text and the metric bound that decides it
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace core {

class Lab;
class Params;
struct Metric;

struct Outcome {
    std::vector<TourAnswer> cases;   // tried in order; the first that holds is said
    int paper = 0;                   // the case the paper predicts (0-based)
    // Over seeds 1..seeds of the default preset, the paper's case held in `paper_seeds` (moe-lab reproduce).
    int paper_seeds = 0, seeds = 0;
    // The paper's case in words true of every seed it holds on: what decides it, none of one run's numbers (the
    // teacher's key's line "… Held in 7 of seeds 1–10 of Lecture."). Declared wherever `seeds` is.
    std::string held;
    // Where what theory predicts depends on the configuration (a switch that removes what the paper's case needs):
    // the paper's case for these parameters, or -1 for `paper`. Unset: always `paper`.
    std::function<int(const Params&)> paper_for;
};

// The usual way to declare one: core::outcome({cases…}, the paper's case, held in so many of seeds 1..seeds, the
// paper's case without numbers).
inline Outcome outcome(std::vector<TourAnswer> cases, int paper, int paper_seeds, int seeds, std::string held) {
    return {std::move(cases), paper, paper_seeds, seeds, std::move(held), {}};
}

// One sentence as this run decides it.
struct Said {
    std::string text;       // the case's text with this run's numbers
    bool differs = false;   // the run shows another case than the paper's
    int outcome = -1;       // index into the declared outcomes
    int case_index = -1;    // the case said
};

// {key} → the metric's value in its format, {key%} → a fraction as a whole percentage as the language writes it
// (core::percent: "90 %", Chinese "90%"); an unknown key or a missing value stays as written.
std::string fill_metrics(const std::string& text, const std::vector<Metric>& metrics);

// The case of `o` that `metrics` support (as supported_answer: -1 when a metric it needs is missing or NaN).
int decided_case(const Outcome& o, const std::vector<Metric>& metrics);

// Every outcome the metrics decide, in declaration order.
std::vector<Said> say_outcomes(const std::vector<Outcome>& outcomes, const std::vector<Metric>& metrics);

// The end-of-run sentences, each that differs from the paper after "On this seed the run differs from the paper." and
// with how often seeds show the paper's case (quoted only on the default preset, where it was measured); the line is
// them in a row.
std::vector<std::string> outcome_sentences(const std::vector<Outcome>& outcomes, const std::vector<Metric>& metrics,
                                           const std::string& default_preset_title, bool on_default_preset);
std::string outcome_line(const std::vector<Outcome>& outcomes, const std::vector<Metric>& metrics,
                         const std::string& default_preset_title, bool on_default_preset);

// The lab's outcomes for a configuration: each with the paper's case for it (Outcome::paper_for).
std::vector<Outcome> outcomes_for(const Lab& lab, const Params& p);

// The lab's end-of-run sentences and line for a finished run of its preset `preset` with parameters `p`
// (outcome_sentences with its declarations for that configuration).
std::vector<std::string> end_of_run_sentences(const Lab& lab, const std::string& preset, const Params& p,
                                              const std::vector<Metric>& metrics);
std::string end_of_run_line(const Lab& lab, const std::string& preset, const Params& p,
                            const std::vector<Metric>& metrics);
// Of those sentences, the ones that differ from the paper (the page's warnings), as the page says them.
std::vector<std::string> end_of_run_warnings(const Lab& lab, const std::string& preset, const Params& p,
                                             const std::vector<Metric>& metrics);

// Over the finished runs of several seeds: in how many each outcome was decided, and showed the paper's case.
struct OutcomeCount {
    int paper = 0, decided = 0;
    std::vector<int> other;   // the runs (indices) decided for another case than the paper's
};
std::vector<OutcomeCount> count_outcomes(const std::vector<Outcome>& outcomes,
                                         const std::vector<std::vector<Metric>>& runs);

}   // namespace core
