// A lesson's handouts, made from a lab's tour (core/tour.hpp): the worksheet a class works through and the teacher's
// key. The worksheet gives each step what to do and what to look for, its question with answers to tick, room for the
// prediction and for what the run showed, and a QR code with a short link that opens the step as an exercise on a
// phone (its configuration locked: app/parts/exercise.hpp). The key adds the paper's answers, each wrong answer's
// misreading, what the run shows on the sheet's seed at each step (its numbers) and how often the paper's case holds
// over seeds (the outcomes' counts, which `moe-lab reproduce` measures: scripts/check-outcomes.sh).
//
// The page (app/parts/worksheet.hpp, `worksheet=sheet|key`) and the CLI (`moe-lab worksheet`) both make it here, so the same
// lab, seed, language and kind give the same bytes. The key runs the tour's steps: step() does one slice at a time,
// so the page stays responsive while it is made.
#pragma once
#include "core/runner.hpp"
#include "core/outcome.hpp"
#include "session/share_link.hpp"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace session {

enum class SheetKind { Worksheet, Key };

struct SheetRequest {
    std::string lab;   // a lab's id
    SheetKind kind = SheetKind::Worksheet;
    uint64_t seed = 1;
    // Tables, each working on its own seed: seed, seed + 1, …. The worksheet is then one sheet per table (its codes
    // open its seed), the key each question's and each step's numbers for every seed side by side.
    int seeds = 1;
    std::string address;   // the page's address before its query ("https://…/"): where the codes lead
};

constexpr int kMaxSheetSeeds = 8;   // tables in a class: a key's columns still fit an A4 page

// What the key says of a step: the run on the sheet's seed when the step has run.
struct StepRun {
    std::vector<core::Metric> metrics;
    double progress = 0;                 // how far the run had gone (0: its start, where nothing is measured yet)
    bool finished = false;               // the run had ended (its outcomes are said)
    std::vector<std::string> said;       // then its end-of-run sentences, as the page and the CLI say them
    std::vector<std::string> warnings;   // of those, the ones that differ from the paper
    std::string failure;                 // the run failed here (the key says so)
};

// "" when `address` can lead the codes to the page: http or https, a host, no query or fragment (the links add their
// own query) and no space, quote or angle bracket; otherwise why not, in a sentence.
std::string address_problem(const std::string& address);

// The link that opens step k (0-based) of the lab's tour as an exercise: the lab, the seed, the sheet's language, the
// step, and locked the lab, its preset, the seed and the parameters the step sets.
std::string step_link(const core::Lab& lab, const SheetRequest& r, int k);

// The key's count for a question: on how many of seeds 1–10 its own run supports the paper's answer, and on which it
// does not ("9 of 10 (not on seed 3)"; declared by the question, counted again by tests/core/test_tour_questions.cpp).
std::string seeds_as_paper(const core::TourQuestion& q);

// A class's minutes for each tour step: `total` minutes over the steps, twice as much for a question's; a short
// class (`short_class`) goes past the projector's steps that ask nothing after the first (0 minutes).
std::vector<int> step_minutes(const std::vector<core::TourStep>& steps, int total, bool short_class);

// The sheet as a print-ready HTML page (A4 or Letter, black on white), in the language in use (core/words.hpp).
// `runs`: the key's, for each of the request's seeds one per tour step (the worksheet: none).
using SeedRuns = std::vector<std::vector<StepRun>>;
std::string sheet_html(const core::Lab& lab, const SheetRequest& r, const SeedRuns& runs);

// Makes a sheet: the key runs each step of the tour on each seed, one slice per step() (as the page's tour runs it:
// a step whose configuration differs, or whose target the run has passed, starts the run again).
class SheetMaker {
public:
    // "" or why not (an unknown lab, a lab without a tour, an address the codes cannot use, seeds out of range) in
    // `why`.
    SheetMaker(const SheetRequest& r, std::string& why);
    bool done() const;
    void step();                // one slice of the run (or the next tour step)
    double progress() const;    // 0..1
    std::string html() const;   // once done
    const SheetRequest& request() const { return request_; }

private:
    SheetRequest request_;
    std::unique_ptr<core::Runner> run_;   // the key's run (null: nothing to make)
    std::vector<core::TourStep> steps_;
    SeedRuns runs_;   // the seeds' runs so far: the last is being made
    RunConfig running_;
    bool started_ = false;       // a run has been reset
    int begun_ = -1;             // the step the run now runs to
    mutable double shown_ = 0;   // the progress shown so far: it never goes back
};

// The whole sheet at once (the CLI): "" and `html`, or why not.
std::string make_sheet(const SheetRequest& r, std::string& html);

}   // namespace session
