// The run on the page (run.hpp): opening a configuration, the edited parameters, the frame's slice of training with
// B in lockstep, and the keys that drive it.
#include "app/frame/run.hpp"
#include "session/compare.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "session/share_link.hpp"
#include "session/json_text.hpp"
#include "session/paced_run.hpp"
#include <algorithm>

namespace app {

namespace {

std::string not_running(const core::Runner& run) {
    if (!run.failure().empty())
        return core::trf("the run stopped (%s): change the settings or press Reset", run.failure().c_str());
    return core::tr("the run has finished: press Reset to run it again");
}

}   // namespace

bool Run::finished() const { return session::finished(*runner_) && (!compare_.on() || compare_.finished()); }

void Run::play_to(double progress) {
    target_progress_ = progress;
    playing_ = true;
}

void Run::play_to_phase(int phase) {
    target_phase_ = phase;
    playing_ = true;
}

void Run::halt() {
    playing_ = false;
    forget_target();
}

void Run::open(const session::RunConfig& c) { open(c, core::Validation{}, false); }

void Run::open(const session::RunConfig& c, const core::Validation& checked) { open(c, checked, true); }

void Run::open(const session::RunConfig& c, const core::Validation& checked, bool known) {
    const bool another_lab = !lab_ || lab_->info().id != c.lab;
    if (another_lab) {
        lab_ = core::find_lab(c.lab);
        const std::string text = runner_ ? runner_->text() : "";   // the class's text, for a lab that reads one
        runner_ = std::make_unique<core::Runner>(*lab_);
        runner_->read_text(text);
        runner_->set_threads(host_.threads);
        compare_.end();   // a comparison belongs to its lab
        page_.new_lab();
    }
    config_ = c;
    edit_ = c.params;
    edit_check_ = known ? checked : core::validate(*lab_, edit_);
    restart();
}

void Run::restart() {
    halt();
    steps_ = 0;
    played_ = Played{};
    runner_->reset(config_.params, config_.seed);
    workers_.connect(*runner_, config_);   // a new run: the ready workers open it too
    reset_b();
    page_.new_run();
}

std::string Run::read_text(const std::string& text) {
    if (!runner_) return "";
    const core::TextRead r = runner_->read_text(text);
    if (!r.refused) compare_.read_text(text);
    return r.message;
}

void Run::count_frame(double ms) {
    played_.ms += ms;
    played_.longest_ms = std::max(played_.longest_ms, ms);
    ++played_.frames;
}

void Run::reset_b() {
    const std::string why = compare_.reset(*lab_, config_, [this](double b) { return workers_.take_b(b); });
    if (!why.empty()) say(core::trf("comparison ended: %s", why.c_str()));
}

void Run::apply_edit() {
    edit_check_ = core::validate(*lab_, edit_);
    if (!edit_check_.ok() || edit_ == config_.params) return;
    config_.params = edit_;
    restart();
}

std::string Run::edit(const core::Params& params) {
    core::Validation check = core::validate(*lab_, params);
    if (!check.ok()) {
        std::string why;
        for (const std::string& e : check.errors) why += (why.empty() ? "" : "; ") + core::tr(e);
        return why;
    }
    edit_ = params;
    edit_check_ = check;
    if (edit_ == config_.params) return "";
    config_.params = edit_;
    restart();
    return "";
}

// One parameter from text, checked as a whole before it replaces the edit: a refusal leaves everything as it was.
std::string Run::set_param(const std::string& change) {
    const size_t eq = change.find('=');
    const std::string name = change.substr(0, eq);
    if (eq == std::string::npos || eq == 0) return core::tr("expected NAME=VALUE (for example set=seed_count=3)");
    if (lab_->schema().index_of(name) < 0)
        return core::trf("unknown parameter %s for %s", core::quote(name).c_str(), config_.lab.c_str());
    core::Params probe = edit_;
    std::string why = probe.set_from_text(name, change.substr(eq + 1));
    return why.empty() ? edit(probe) : why;
}

// Full speed gives training three times what drawing took, between 12 and 100 ms: with a GPU (drawing ~3 ms) that
// is 60 frames a second; with software rendering (drawing ~40 ms, as in headless Chromium) the run still gets 3/4 of
// the time at ~8-12 frames a second.
void Run::advance(double draw_ms) {
    double budget = kBudgetMs[speed_];
    if (skipping_) budget = kSkipSliceMs;
    else if (speed_ == kFullSpeed) budget = std::clamp(3 * draw_ms, budget, workers_.connected() ? 200.0 : 100.0);
    workers_.sync(playing_ && !runner_->done(), compare_.b_seconds());   // they play only while the run plays
    step_slice(budget);
    workers_.sync(playing_ && !runner_->done(), compare_.b_seconds());
    compare_.sync(*runner_, playing_);
}

void Run::step_slice(double budget_ms) {
    if (!playing_ || finished()) {
        playing_ = skipping_ = false;
        return;
    }
    waiting_ = false;
    const double t0 = host_.now_ms();
    bool a_waits = false;   // the rest of A's sweep runs in the page's workers: nothing to do for A this frame
    core::Runner* b_here = compare_.here();   // B in its own worker: paced in Compare::sync
    do {
        if (compare_.remote() &&
            !session::may_step_ahead(*runner_, compare_.b())) {   // A is ahead of B's worker, or ended
            waiting_ = true;
            break;
        }
        const bool b_on = b_here && !session::finished(*b_here);
        if (a_waits && b_on) b_here->step();
        else {
            session::step_lockstep(*runner_, b_here);   // B, when comparing, keeps pace with A
            a_waits = runner_->waiting();
        }
        ++steps_;
        waiting_ = a_waits && !b_on;
        if (waiting_) break;
        if (target_phase_ >= 0 && runner_->phase() >= target_phase_) {
            playing_ = false;
            target_phase_ = -1;
            break;
        }
        if (target_progress_ >= 0 && runner_->progress() >= target_progress_) {
            playing_ = false;
            target_progress_ = -1;
            break;
        }
    } while (!finished() && host_.now_ms() - t0 < budget_ms);
    if (finished()) playing_ = false;
    if (!playing_) skipping_ = false;
}

// --- the page's workers ------------------------------------------------------------------------------------------

std::string Run::use_workers(const std::string& arg) {
    int n = -1;
    if (std::string why = Workers::parse(arg, n); !why.empty()) return why;
    if (!workers_.available())
        return core::tr("workers= is the page's: here a run's sweeps use this computer's threads");
    if (workers_.asked_for(n)) return "";
    compare_.failed(core::tr("the page's workers restarted"));   // (B's worker was one of them)
    workers_.start(n);
    restart();   // a run the workers can follow from its start (the same numbers)
    return "";
}

void Run::workers_ready(int ready, const std::string& why) {
    workers_.ready(ready, why);
    workers_.join(*runner_);   // the run where it is
    if (workers_.ready_count() > 0 && compare_.fresh() && runner_->work_charged() == 0)
        reset_b();   // and B to a worker of its own
}

void Run::worker_results(int worker, int run, const std::string& text) {
    if (!workers_.deliver(worker, run, text))
        worker_failed(worker, core::tr("it sent results the page did not ask for"));
}

void Run::worker_failed(int worker, const std::string& why) {
    if (!workers_.available()) return;
    say(workers_.fail(worker, why));
    compare_.failed(core::tr("the page's workers stopped"));
    if (!workers_.connected() || runner_->done()) return;   // a finished run keeps its numbers
    const bool was_playing = playing_;
    restart();   // its repetitions would never arrive: the same run again, here alone
    playing_ = was_playing;
}

// --- state() and keys --------------------------------------------------------------------------------------------

void Run::state(std::string& json) const {
    using session::json_string;
    json += ",\"lab\":" + json_string(config_.lab) + ",\"preset\":" + json_string(config_.preset) +
        ",\"seed\":" + json_string(std::to_string(config_.seed));   // a string: exact above 2^53
    json += ",\"playing\":" + session::json_bool(playing_) + ",\"skipping\":" + session::json_bool(skipping_) +
        ",\"done\":" + session::json_bool(finished());   // B's too
    json += ",\"failure\":" + json_string(runner_->failure()) + ",\"phase\":" + std::to_string(runner_->phase());
    const int ph = runner_->phase();
    json += ",\"phase_title\":" +   // as shown (the HTML document announces it)
        json_string(ph >= 0 && ph < int(lab_->phases().size()) ? core::tr(lab_->phases()[size_t(ph)].title) : "");
    json +=
        ",\"progress\":" + session::json_number(runner_->progress()) + ",\"clock\":" + json_string(runner_->clock());
    json += ",\"run_ms\":" + session::json_number(played_.ms) +
        ",\"frames_while_running\":" + std::to_string(played_.frames) +
        ",\"longest_frame_ms\":" + session::json_number(played_.longest_ms);
    json += ",\"steps\":" + std::to_string(steps_) + ",\"errors\":" + session::json_strings(edit_check_.errors);
    json += ",\"metrics\":{";
    const auto ms = runner_->metrics();
    for (size_t k = 0; k < ms.size(); ++k)
        json += (k ? "," : "") + json_string(ms[k].key) + ":" + session::json_number(ms[k].value);
    json += "},\"params\":{";
    const auto& specs = lab_->schema().params;
    for (size_t k = 0; k < specs.size(); ++k)
        json += (k ? "," : "") + json_string(specs[k].name) + ":" +   // a point set: how many (the link has them)
            json_string(specs[k].type == core::ParamType::Points ? core::format_number(edit_.values()[k])
                                                                 : edit_.text(specs[k].name));
    json += "}";
}

std::vector<PageKey> Run::keys() {
    using K = session::ArgKind;
    using Arg = const session::CommandArg&;
    auto running = [this]() -> std::string {
        if (finished()) return not_running(*runner_);
        return page_.held ? page_.held() : "";
    };
    // the run's buttons in the HTML document: usable until the run has ended (reset is always)
    auto usable = [this] {
        ControlNow n;
        n.enabled = playing_ || !finished();
        return n;
    };
    std::vector<PageKey> keys;
    declare(keys, {"play", K::None, 0, 0, "", core::later::tr("run until the end (or pause)")},
            [=](Arg) {
                if (std::string why = running(); !why.empty()) return why;
                playing_ = true;
                return std::string();
            })
        .control(Control::Button, core::later::tr("Play"), "run")
        .now = [=] {
        ControlNow n = usable();
        n.label = playing_ ? core::tr("Pause") : core::tr("Play");
        if (!playing_ && finished()) n.short_label = core::tr("Done");   // (an embedded view's only control)
        n.command = playing_ ? "pause" : "play";
        return n;
    };
    keys.back().controls.back().heirs = {"reset"};
    keys.back().controls.back().shortcut = "Space";   // words: not shown (the key's name; its help says it translated)
    keys.back().controls.back().tip = core::later::tr("Key: space.");
    keys.back().controls.back().key_help = core::later::tr("play or pause");
    declare(keys, {"pause", K::None, 0, 0, "", core::later::tr("stop running")}, [this](Arg) {
        playing_ = false;
        return std::string();
    });
    declare(keys, {"step", K::None, 0, 0, "", core::later::tr("one slice of training")},
            [=](Arg) {
                if (std::string why = running(); !why.empty()) return why;
                command("rewind=off");                               // training goes on from the live run
                session::step_lockstep(*runner_, compare_.here());   // (B's worker follows)
                ++steps_;
                return std::string();
            })
        .control(Control::Button, core::later::tr("Step"), "run")
        .now = usable;
    keys.back().controls.back().heirs = {"play", "reset"};
    keys.back().controls.back().tip =
        core::later::tr("Advance training by one slice (one iteration or a small chunk). Key: right arrow.");
    declare(keys, {"next-phase", K::None, 0, 0, "", core::later::tr("run until the next phase begins")},
            [=](Arg) {
                if (std::string why = running(); !why.empty()) return why;
                play_to_phase(runner_->phase() + 1);
                return std::string();
            })
        .control(Control::Button, core::later::tr("Next phase"), "run")
        .now = usable;
    keys.back().controls.back().heirs = {"play", "reset"};
    keys.back().controls.back().shortcut = "N";
    keys.back().controls.back().key_help = core::later::tr("run to the next phase");
    keys.back().controls.back().tip = core::later::tr("Run until the next phase of the timeline begins, then pause.");
    declare(keys,
            {"skip", K::Word, 0, 0, "end|phase",
             core::later::tr("train at full speed to the end (or to the next phase), drawing only now and then")},
            [=](Arg arg) {
                if (std::string why = running(); !why.empty()) return why;
                if (arg.text == "phase") play_to_phase(runner_->phase() + 1);
                else if (arg.text == "end") {
                    forget_target();
                    playing_ = true;
                } else return core::trf("%s is not end or phase", core::quote(arg.text).c_str());
                skipping_ = true;
                return std::string();
            })
        .control(Control::Button, core::later::tr("Skip to the end"), "run", "button:skip")
        .arg = "end";
    keys.back().controls.back().now = usable;
    keys.back().controls.back().shortcut = "S";
    keys.back().controls.back().key_help =
        core::later::tr("skip to the end of the run (full speed, drawing now and then)");
    keys.back().controls.back().heirs = {"play", "reset"};
    keys.back().controls.back().tip = core::later::tr(
        "Train at full speed to the end of the run, drawing only now and then: the views show the end in seconds. "
        "Key: S.");
    declare(
        keys,
        {"to", K::Number, 0, 1, "F", core::later::tr("run until the run's progress reaches F (0 to 1), then pause")},
        [=](Arg arg) {
            if (std::string why = running(); !why.empty()) return why;
            if (arg.number <= runner_->progress())
                return core::trf("the run is already past %s",
                                 core::local_number(core::format_number(arg.number)).c_str());
            target_phase_ = -1;
            play_to(arg.number);
            return std::string();
        });
    declare(keys, {"reset", K::None, 0, 0, "", core::later::tr("start again from the same seed")}, [this](Arg) {
        restart();
        return std::string();
    }).control(Control::Button, core::later::tr("Reset"), "run");
    keys.back().controls.back().tip =
        core::later::tr("Start again from the same seed: same data, same initialisation.");
    // the run's configuration: in a link with the parameters (session/share_link.hpp)
    declare(keys, {"lab", K::Word, 0, 0, "ID", core::later::tr("switch to a lab, at its default preset")},
            [this](Arg v) {
                const core::Lab* l = core::find_lab(v.text);
                if (!l)
                    return core::trf("unknown lab %s (labs: %s)", core::quote(v.text).c_str(), core::lab_ids().c_str());
                page_.command("dismiss");   // another paper: the last one's messages go
                open(session::default_config(*l));
                return std::string();
            })
        .link = InLink::Run;
    {
        PageControl& c = keys.back().control(Control::Choice, core::later::tr("Lab"), "lab", "combo:lab");
        c.hide_as = c.lock_as = "lab";
        c.commit = true;
        c.help = core::later::tr("Arrow keys show the labs; Enter, or leaving the list, opens the one shown.");
        c.tip = core::later::tr("Pick a paper. Each lab runs a small version of the paper's data model and training.");
        c.choices = [] {
            std::vector<Choice> labs;
            for (const core::LabEntry& e : core::all_labs())
                labs.push_back({e.id, e.lab->info().title, "", "", core::tr(e.lab->info().citation)});
            return labs;
        };
        c.now = [this] {
            ControlNow n;
            n.value = config_.lab;
            return n;
        };
    }
    declare(keys, {"preset", K::Word, 0, 0, "ID", core::later::tr("load one of this lab's presets")}, [this](Arg v) {
        session::RunConfig c = config_;
        if (!c.params.apply_preset(v.text))
            return core::trf("unknown preset %s for %s (presets: %s)", core::quote(v.text).c_str(), c.lab.c_str(),
                             session::preset_ids(*lab_).c_str());
        c.preset = v.text;
        open(c);
        return std::string();
    }).link = InLink::Run;
    {
        PageControl& c = keys.back().control(Control::Choice, core::later::tr("Preset"), "lab", "combo:preset");
        c.hide_as = "presets";
        c.lock_as = "preset";
        c.commit = true;
        c.help = core::later::tr("Enter, or leaving the list, applies the preset shown and restarts the run.");
        c.choices = [this] {
            std::vector<Choice> presets = {{"", core::later::tr("custom"), ""}};
            for (const core::Preset& p : lab_->schema().presets)
                presets.push_back(
                    {p.id, p.title, "", "",
                     core::tr(p.note) +
                         (p.warning.empty() ? "" : "\n\n" + core::trf("Note: %s", core::tr(p.warning).c_str()))});
            return presets;
        };
        c.now = [this] {   // a configuration that is no preset's: "custom"
            ControlNow n;
            const auto& presets = lab_->schema().presets;
            const bool named = std::any_of(presets.begin(), presets.end(),
                                           [&](const core::Preset& p) { return p.id == config_.preset; });
            n.value = named ? config_.preset : "";
            return n;
        };
    }
    declare(keys, {"seed", K::Seed, 0, 0, "N", core::later::tr("run with another seed")}, [this](Arg v) {
        session::RunConfig c = config_;
        c.seed = v.seed;
        open(c);
        return std::string();
    }).link = InLink::Run;
    {
        PageControl& c = keys.back().control(Control::Text, core::later::tr("Seed"), "seed", "input:seed");
        c.hide_as = c.lock_as = "seed";
        c.help = core::later::tr(
            "The same seed gives the same numbers here, on the desktop and in the command-line runner.");
    }
    declare(keys,
            {"set", K::Text, 0, 0, "NAME=VALUE",
             core::later::tr("change a parameter (a number, true or false, a choice's name)")},
            [this](Arg v) { return set_param(v.text); });
    declare(keys,
            {"revert", K::None, 0, 0, "", core::later::tr("back to the running settings (drop edits that cannot run)")},
            [this](Arg) {
                edit_ = config_.params;
                edit_check_ = core::validate(*lab_, edit_);
                return std::string();
            })
        .control(Control::Button, core::later::tr("Back to the running settings"), "settings-end",
                 "button:running-settings")
        .now = [this] {
        ControlNow n;
        n.shown = !edit_check_.ok();
        return n;
    };
    {
        PageKey& k = declare(
            keys,
            {"speed", K::Whole, 0, kFullSpeed, "N", core::later::tr("training speed: 0 slow motion … 4 full speed")},
            [this](Arg v) {
                speed_ = int(v.whole);
                return std::string();
            });
        k.state = [this] { return std::to_string(speed_); };
        k.control(Control::Choice, core::later::tr("Speed"), "run", "slider:speed").choices = [] {
            std::vector<Choice> c;
            for (int i = 0; i <= kFullSpeed; ++i) c.push_back({std::to_string(i), kSpeedNames[i], ""});
            return c;
        };
    }
    {   // sweep repetitions in the page's Web Workers (worker_pool.cpp)
        PageKey& k = declare(keys,
                             {"workers", K::Word, 0, 0, "N",
                              core::later::tr("sweep repetitions in N Web Workers (0: on the main thread; auto: one "
                                              "per spare core where they pay); restarts the run")},
                             [this](Arg v) { return use_workers(v.text); });
        k.link = InLink::Page;
        k.stage = LinkStage::Setup;
        k.link_help = core::later::tr(
            "sweep repetitions in N Web Workers (0: none; auto, the default: one per spare core where they pay)");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            if (v.value.empty() || !host_.workers) return;   // (the desktop ignores it: its sweeps use threads)
            if (std::string why = use_workers(v.value); !why.empty())
                msgs.push_back("workers=" + core::quote(v.value) + ": " + why);
        };
        k.write = [this] { return written_if(workers_.requested() >= 0, std::to_string(workers_.requested())); };
        k.state = [this] { return workers_.json(); };
    }
    return keys;
}

}   // namespace app
