// A lesson's handouts (session/worksheet.hpp): the exercise link of each step, and the key's runs of the tour.
#include "session/worksheet.hpp"
#include "core/parse.hpp"   // quote
#include "core/registry.hpp"
#include "core/words.hpp"
#include "session/compare.hpp"   // finished
#include "session/tour_steps.hpp"
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>

namespace session {

std::string address_problem(const std::string& address) {
    const auto starts = [&](const char* scheme) {
        const size_t n = std::char_traits<char>::length(scheme);
        if (address.size() < n) return false;
        for (size_t i = 0; i < n; ++i)
            if (std::tolower(static_cast<unsigned char>(address[i])) != scheme[i]) return false;
        return true;
    };
    const size_t host = starts("https://") ? 8 : starts("http://") ? 7 : 0;
    if (host == 0)
        return core::trf("the page's address %s does not start with http:// or https://", core::quote(address).c_str());
    if (address.size() == host || address[host] == '/')
        return core::trf("the page's address %s names no host", core::quote(address).c_str());
    if (address.find_first_of("?#") != std::string::npos)
        return core::trf(
            "the page's address %s has a query or a fragment (? or #): give it without them, the codes add "
            "their own",
            core::quote(address).c_str());
    for (const char ch : address)
        if (static_cast<unsigned char>(ch) <= ' ' || std::string("\"'<>`\\^{|}").find(ch) != std::string::npos ||
            static_cast<unsigned char>(ch) == 0x7f)
            return core::trf(
                "the page's address %s has a character a link cannot hold as it is (a space, a quote, an angle "
                "bracket, …): percent-encode it",
                core::quote(address).c_str());
    return "";
}

std::string step_link(const core::Lab& lab, const SheetRequest& r, int k) {
    const std::vector<core::TourStep> steps = lab.tour();
    RunConfig c = default_config(lab);
    c.seed = r.seed;
    // the step's own parameters locked as well as the lab, its preset and the seed (tour_config: the preset's
    // changes from the step that names it on)
    std::string lock = "lab,preset,seed";
    int from = 0;
    for (int j = 0; j <= k; ++j)
        if (!steps[size_t(j)].preset.empty()) from = j;
    std::vector<std::string> names;
    for (int j = from; j <= k; ++j)
        for (const auto& [name, value] : steps[size_t(j)].set)
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    for (const std::string& name : names) lock += "," + name;
    // the run's keys written as every link writes them (encode_query), then the page's: its language, the step, the
    // locks
    return r.address + "?" + encode_query(c) + "&lang=" + core::language().code + "&tour=" + std::to_string(k + 1) +
        "&lock=" + lock;
}

SheetMaker::SheetMaker(const SheetRequest& r, std::string& why) : request_(r) {
    why.clear();
    const core::Lab* lab = core::find_lab(r.lab);
    if (!lab) {
        why = core::trf("no lab '%s' (labs: %s)", r.lab.c_str(), core::lab_ids().c_str());
        return;
    }
    run_ = std::make_unique<core::Runner>(*lab);
    steps_ = lab->tour();
    if (steps_.empty()) why = core::trf("the lab %s has no tour yet", r.lab.c_str());
    else if (r.seeds < 1 || r.seeds > kMaxSheetSeeds)
        why = core::trf("a sheet has 1 to %d seeds, one for each table (not %d)", kMaxSheetSeeds, r.seeds);
    else if (r.seed > UINT64_MAX - uint64_t(r.seeds - 1))
        why = core::trf("the seeds from %llu on go past the largest seed, %llu: give a smaller first seed",
                        (unsigned long long)r.seed, (unsigned long long)UINT64_MAX);
    else why = address_problem(r.address);
    if (!why.empty()) run_.reset();   // (nothing to make: done, no html)
}

bool SheetMaker::done() const {
    return !run_ || request_.kind == SheetKind::Worksheet ||
        (int(runs_.size()) == request_.seeds && runs_.back().size() == steps_.size());
}

// The next step's run, as the page's tour plays it (app/parts/tour_player.cpp): a configuration of its own, or a target the
// run has passed, starts it again on the seed; then it runs until the step is reached.
void SheetMaker::step() {
    if (done()) return;
    if (runs_.empty() || runs_.back().size() == steps_.size()) {   // the next seed's tour: its runs begin anew
        runs_.emplace_back();
        started_ = false;
        begun_ = -1;
    }
    std::vector<StepRun>& runs = runs_.back();
    const int k = int(runs.size());
    const core::TourStep& s = steps_[size_t(k)];
    RunConfig base = default_config(run_->lab());
    base.seed = request_.seed + uint64_t(runs_.size() - 1);
    const RunConfig c = tour_config(run_->lab(), base, steps_, k);
    using U = core::TourStep::Until;
    if (begun_ != k) {   // the step begins: where the run stands decides whether it starts again
        const bool past = started_ &&
            ((s.until == U::Phase && run_->phase() > s.phase) ||
             (s.until == U::Progress && run_->progress() > s.progress + 1e-9));
        begun_ = k;
        if (!started_ || c.preset != running_.preset || !(c.params == running_.params) || past) {
            run_->reset(c.params, c.seed);
            running_ = c;
            started_ = true;
            return;
        }
    }
    if (!tour_step_reached(s, *run_) && !run_->done()) {
        run_->step();
        return;
    }
    StepRun run;
    run.metrics = run_->metrics();
    run.progress = run_->progress();
    run.finished = finished(*run_);
    run.failure = run_->failure();
    if (run.finished) {
        run.said = core::end_of_run_sentences(run_->lab(), running_.preset, running_.params, run.metrics);
        run.warnings = core::end_of_run_warnings(run_->lab(), running_.preset, running_.params, run.metrics);
    }
    runs.push_back(std::move(run));
}

double SheetMaker::progress() const {
    if (done()) return 1;
    const size_t made = runs_.empty() ? 0 : runs_.back().size();   // the steps of the seed being made
    const double within = started_ && begun_ == int(made) ? std::min(1.0, run_->progress()) : 0;
    const double seeds_before = runs_.empty() ? 0 : double(runs_.size() - 1);
    shown_ = std::max(shown_,
                      (seeds_before * double(steps_.size() + 1) + double(made) + within) /
                          (double(request_.seeds) * double(steps_.size() + 1)));   // (a run begun again)
    return shown_;
}

std::string SheetMaker::html() const { return run_ ? sheet_html(run_->lab(), request_, runs_) : ""; }

std::string make_sheet(const SheetRequest& r, std::string& html) {
    std::string why;
    SheetMaker maker(r, why);
    if (!why.empty()) return why;
    while (!maker.done()) maker.step();
    html = maker.html();
    return "";
}

}   // namespace session
