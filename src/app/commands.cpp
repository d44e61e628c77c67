// The page's commands (window.moeLab.command, the keys, the buttons): one table, one entry per command
// with its name, argument (parsed by session/command.hpp with the one number grammar), help and action.
// A command either acts or says why not: every refusal becomes a message in state().messages and on
// screen. Adding a command is adding one entry here.
#include "app/app.hpp"
#include "app/gpu_draw.hpp"
#include "session/command.hpp"
#include "core/compare.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <exception>

namespace app {

namespace {
constexpr size_t kMaxMessages = 8;   // the oldest go first; "Dismiss" clears them
}

// Each action returns "" when it acted, or why it did not.
struct App::Command {
    core::CommandSyntax syntax;
    std::string (*act)(App& a, const core::CommandArg& arg);
};

static std::string not_running(const core::Lab& lab) {
    if (!lab.failure().empty())
        return core::trf("the run stopped (%s): change the settings or press Reset", lab.failure().c_str());
    return core::tr("the run has finished: press Reset to run it again");
}

const std::vector<App::Command>& App::commands() {
    using K = core::ArgKind;
    static const std::vector<Command> table = {
        {{"play", K::None, 0, 0, "", core::later::tr("run until the end (or pause)")},
         [](App& a, const core::CommandArg&) -> std::string {
             if (a.finished()) return not_running(*a.lab_);
             a.playing_ = true;
             return "";
         }},
        {{"pause", K::None, 0, 0, "", core::later::tr("stop running")},
         [](App& a, const core::CommandArg&) -> std::string {
             a.playing_ = false;
             return "";
         }},
        {{"step", K::None, 0, 0, "", core::later::tr("one slice of training")},
         [](App& a, const core::CommandArg&) -> std::string {
             if (a.finished()) return not_running(*a.lab_);
             a.leave_rewind();
             core::step_lockstep(*a.lab_, a.compare_.here());   // (B's worker follows)
             ++a.steps_;
             return "";
         }},
        {{"next-phase", K::None, 0, 0, "", core::later::tr("run until the next phase begins")},
         [](App& a, const core::CommandArg&) -> std::string {
             if (a.finished()) return not_running(*a.lab_);
             a.target_phase_ = a.lab_->phase() + 1;
             a.playing_ = true;
             return "";
         }},
        {{"to", K::Number, 0, 1, "F", core::later::tr("run until the run's progress reaches F (0 to 1), then pause")},
         [](App& a, const core::CommandArg& arg) -> std::string {
             if (a.finished()) return not_running(*a.lab_);
             if (arg.number <= a.lab_->progress())
                 return core::trf("the run is already past %s",
                                  core::local_number(core::format_number(arg.number)).c_str());
             a.target_phase_ = -1;
             a.target_progress_ = arg.number;
             a.playing_ = true;
             return "";
         }},
        {{"reset", K::None, 0, 0, "", core::later::tr("start again from the same seed")},
         [](App& a, const core::CommandArg&) -> std::string {
             a.reset_run();
             return "";
         }},
        {{"lab", K::Word, 0, 0, "ID", core::later::tr("switch to a lab, at its default preset")},
         [](App& a, const core::CommandArg& v) -> std::string {
             auto l = core::make_lab(v.text);
             if (!l)
                 return core::trf("unknown lab %s (labs: %s)", core::quote(v.text).c_str(), core::lab_ids().c_str());
             a.open(core::default_config(*l));
             return "";
         }},
        {{"preset", K::Word, 0, 0, "ID", core::later::tr("load one of this lab's presets")},
         [](App& a, const core::CommandArg& v) -> std::string {
             core::RunConfig c = a.config_;
             if (!c.params.apply_preset(v.text))
                 return core::trf("unknown preset %s for %s (presets: %s)", core::quote(v.text).c_str(), c.lab.c_str(),
                                  core::preset_ids(*a.lab_).c_str());
             c.preset = v.text;
             a.open(c);
             return "";
         }},
        {{"seed", K::Seed, 0, 0, "N", core::later::tr("run with another seed")},
         [](App& a, const core::CommandArg& v) -> std::string {
             core::RunConfig c = a.config_;
             c.seed = v.seed;
             a.open(c);
             return "";
         }},
        {{"scale", K::Number, 0.75, 2.5, "F", core::later::tr("text and control size (projectors: 1.6)")},
         [](App& a, const core::CommandArg& v) -> std::string {
             a.ui_scale_ = float(v.number);
             a.fonts_dirty_ = true;
             a.sync_url();   // (the link holds the scale with present, embed or a tour)
             return "";
         }},
        {{"view", K::Whole, -1, 999, "N", core::later::tr("enlarge view N (-1: all views)")},
         [](App& a, const core::CommandArg& v) -> std::string {
             if (v.whole >= (long long)a.views_.size())
                 return core::trf("view %lld does not exist: this lab shows views 0 … %d (-1: all views)", v.whole,
                                  int(a.views_.size()) - 1);
             a.focused_view_ = int(v.whole);
             a.sync_url();   // (the link holds the view shown large)
             return "";
         }},
        {{"query", K::Text, 0, 0, "LINK", core::later::tr("open a share link's query (lab=…&seed=…&present=1)")},
         [](App& a, const core::CommandArg& v) -> std::string {
             a.open_link(v.text);   // a link reports its own problems, like on page load
             return "";
         }},
        {{"set", K::Text, 0, 0, "NAME=VALUE",
          core::later::tr("change a parameter (a number, true or false, a choice's name)")},
         [](App& a, const core::CommandArg& v) { return a.cmd_set(v.text); }},
        {{"add-point", K::Text, 0, 0, "X,Y[,C]",
          core::later::tr("add a point of class C (default: the chosen class) to your points")},
         [](App& a, const core::CommandArg& v) { return a.cmd_add_point(v.text); }},
        {{"remove-point", K::Text, 0, 0, "X,Y", core::later::tr("remove the one of your points nearest X,Y")},
         [](App& a, const core::CommandArg& v) { return a.cmd_remove_point(v.text); }},
        {{"clear-points", K::None, 0, 0, "", core::later::tr("remove all your points")},
         [](App& a, const core::CommandArg&) { return a.cmd_clear_points(); }},
        {{"points-csv", K::Text, 0, 0, "CSV", core::later::tr("replace your points by a CSV's (x,y,class a line)")},
         [](App& a, const core::CommandArg& v) { return a.cmd_points_csv(v.text); }},
        {{"load-points", K::None, 0, 0, "", core::later::tr("pick a CSV file of points")},
         [](App& a, const core::CommandArg&) { return a.cmd_load_points(); }},
        {{"download-points", K::None, 0, 0, "", core::later::tr("download your points as CSV")},
         [](App& a, const core::CommandArg&) { return a.cmd_download_points(); }},
        {{"qr", K::Whole, 0, 1, "0|1",
          core::later::tr("the QR code of this run's link beside the views (presentation mode)")},
         [](App& a, const core::CommandArg& v) -> std::string {
             const std::string why = a.cmd_qr(v.whole != 0);
             a.sync_url();
             return why;
         }},
        {{"pen", K::Whole, 0, 255, "C", core::later::tr("the class a tap on the data view adds")},
         [](App& a, const core::CommandArg& v) -> std::string {
             a.pen_class_ = int(v.whole);
             return "";
         }},
        {{"revert", K::None, 0, 0, "", core::later::tr("back to the running settings (drop edits that cannot run)")},
         [](App& a, const core::CommandArg&) -> std::string {
             a.edit_ = a.config_.params;
             a.edit_check_ = core::validate(*a.lab_, a.edit_);
             return "";
         }},
        {{"speed", K::Whole, 0, kFullSpeed, "N", core::later::tr("training speed: 0 slow motion … 4 full speed")},
         [](App& a, const core::CommandArg& v) -> std::string {
             a.speed_ = int(v.whole);
             return "";
         }},
        {{"copy-link", K::None, 0, 0, "", core::later::tr("copy the link to this run")},
         [](App& a, const core::CommandArg&) -> std::string {
             if (!a.host_.copy_text) return core::tr("there is no clipboard here");
             a.host_.copy_text(a.last_url_);
             return "";
         }},
        {{"csv", K::None, 0, 0, "", core::later::tr("download this run's time series as CSV")},
         [](App& a, const core::CommandArg&) -> std::string {
             if (!a.host_.download) return core::tr("there are no downloads here");
             core::Table t = a.lab_->trace();
             t.rows.resize(a.rewind_.trace_rows(t.rows.size()));   // rewound: up to the moment shown
             a.host_.download(a.config_.lab + "-seed" + std::to_string(a.config_.seed) + ".csv", t.to_csv());
             return "";
         }},
        {{"csv-b", K::None, 0, 0, "", core::later::tr("download run B's time series as CSV (compare mode)")},
         [](App& a, const core::CommandArg&) -> std::string {
             if (!a.compare_.on()) return core::tr("there is no run B: compare first");
             if (!a.host_.download) return core::tr("there are no downloads here");
             a.host_.download(a.config_.lab + "-seed" + std::to_string(a.config_.seed) + "-B.csv",
                              a.compare_.trace().to_csv());
             return "";
         }},
        {{"dismiss", K::None, 0, 0, "", core::later::tr("clear the messages")},
         [](App& a, const core::CommandArg&) -> std::string {
             a.link_messages_.clear();
             return "";
         }},
        {{"drawer", K::Whole, 0, 1, "0|1",
          core::later::tr("the phone layout's controls drawer open (1) or closed (0)")},
         [](App& a, const core::CommandArg& v) -> std::string {
             a.drawer_open_ = v.whole == 1;
             return "";
         }},
        {{"table", K::Whole, 0, 999, "N", core::later::tr("show view N as a table of its data (again: as its plot)")},
         [](App& a, const core::CommandArg& v) { return a.cmd_table(v.whole); }},
        // keyboard and screen readers (keyboard.cpp, document.cpp)
        {{"help", K::Whole, 0, 1, "0|1", core::later::tr("the list of keys open (1) or closed (0)")},
         [](App& a, const core::CommandArg& v) -> std::string {
             a.keys_help_ = v.whole == 1;
             return "";
         }},
        {{"theme", K::Word, 0, 0, "ID", core::later::tr("colours: auto (the system's), light, dark or contrast")},
         [](App& a, const core::CommandArg& v) { return a.cmd_theme(v.text, false); }},
        {{"system-theme", K::Word, 0, 0, "ID",
          core::later::tr("the system's theme (light, dark, contrast), for theme=auto")},
         [](App& a, const core::CommandArg& v) { return a.cmd_theme(v.text, true); }},
        {{"lang", K::Word, 0, 0, "CODE",
          core::later::tr("the page's language: auto (the browser's), en, es, pt-BR, de, zh-Hans, en-XA")},
         [](App& a, const core::CommandArg& v) { return a.cmd_lang(v.text, false); }},
        {{"system-lang", K::Word, 0, 0, "LIST",
          core::later::tr("the browser's languages, best first (de-AT,en), for lang=auto")},
         [](App& a, const core::CommandArg& v) { return a.cmd_lang(v.text, true); }},
        {{"words", K::Text, 0, 0, "TEXT",
          core::later::tr("a language's table arriving: its code, a newline, the JSON (the page sends it)")},
         [](App& a, const core::CommandArg& v) { return a.cmd_words(v.text); }},
        {{"words-failed", K::Text, 0, 0, "TEXT",
          core::later::tr("a language's table could not be fetched: CODE: why (the page sends it)")},
         [](App& a, const core::CommandArg& v) { return a.cmd_words_failed(v.text); }},
        {{"gpu", K::Whole, 0, 1, "0|1",
          core::later::tr("draw fields and heatmaps with the GPU shaders (1, the default) or cell by cell on the CPU "
                          "(0), to compare")},
         [](App&, const core::CommandArg& v) -> std::string {
             set_gpu_drawing(v.text == "1");
             return "";
         }},
        {{"workers", K::Word, 0, 0, "N",
          core::later::tr("sweep repetitions in N Web Workers (0: on the main thread; auto: one per spare core where "
                          "they pay); restarts the run")},
         [](App& a, const core::CommandArg& v) { return a.cmd_workers(v.text); }},
        {{"key", K::Text, 0, 0, "K", core::later::tr("press key K (a KeyboardEvent.key name: n, ArrowRight, ?)")},
         [](App& a, const core::CommandArg& v) { return a.press_key(v.text); }},
        {{"focus", K::Text, 0, 0, "ID",
          core::later::tr("the keyboard focus is on control ID of state().controls (empty: none)")},
         [](App& a, const core::CommandArg& v) -> std::string {
             a.focus_id_ = v.text;
             return "";
         }},
        // lecture mode (lecture_commands.cpp)
        {{"present", K::Whole, 0, 1, "0|1", core::later::tr("presentation layout on (1) or off (0)")},
         [](App& a, const core::CommandArg& v) { return a.cmd_present(v.text); }},
        {{"embed", K::Whole, 0, 1, "0|1", core::later::tr("one view, minimal chrome, for an iframe")},
         [](App& a, const core::CommandArg& v) { return a.cmd_embed(v.text); }},
        {{"tour", K::Word, 0, 0, "N", core::later::tr("go to step N of the lab's tour (0 ends it; next, back)")},
         [](App& a, const core::CommandArg& v) { return a.cmd_tour(v.text); }},
        {{"answer", K::Word, 0, 0, "a-d",
          core::later::tr("answer the tour step's question (a to d, or 1 to 4); the step then runs")},
         [](App& a, const core::CommandArg& v) { return a.cmd_answer(v.text); }},
        {{"record", K::Word, 0, 0, "1|view|0",
          core::later::tr("record a clip: the canvas (1) or the view shown large (view) while the run plays; 0 stops "
                          "and saves it")},
         [](App& a, const core::CommandArg& v) { return a.record_.command(v.text, !a.shown_views().empty()); }},
        {{"png", K::Whole, 0, 999, "N", core::later::tr("save view N as a PNG at twice the screen resolution")},
         [](App& a, const core::CommandArg& v) {
             std::vector<core::View> vs;
             a.lab_->views(vs);
             return a.export_.request(v.whole, int(vs.size()));
         }},
        {{"next-view", K::None, 0, 0, "", core::later::tr("show the next view large")},
         [](App& a, const core::CommandArg&) { return a.cmd_next_view(); }},
        // rewind (rewind.cpp)
        {{"rewind", K::Word, 0, 0, "F",
          core::later::tr(
              "show the run as it was at progress F (0 to 1), or the moment back or forward; off: live again")},
         [](App& a, const core::CommandArg& arg) { return a.cmd_rewind(arg.text); }},
        {{"history", K::Whole, 0, 1, "0|1",
          core::later::tr("keep moments of the run for rewind (1, the default) or not (0)")},
         [](App& a, const core::CommandArg& arg) { return a.cmd_history(arg.whole != 0); }},
        // compare mode (compare_mode.cpp)
        {{"compare", K::Word, 0, 0, "ID",
          core::later::tr("compare with one of the lab's named comparisons (off: end it)")},
         [](App& a, const core::CommandArg& v) { return a.cmd_compare(v.text); }},
        {{"vs", K::Word, 0, 0, "NAME",
          core::later::tr("compare with parameter NAME changed (again: drop that change)")},
         [](App& a, const core::CommandArg& v) { return a.cmd_compare_with(v.text); }},
        {{"b", K::Text, 0, 0, "NAME=VALUE", core::later::tr("run B's value of parameter NAME (compare mode)")},
         [](App& a, const core::CommandArg& v) -> std::string {
             std::pair<std::string, std::string> c;
             std::string why = core::parse_change(a.lab_->schema(), v.text, c);
             if (!why.empty()) return why;
             core::Changes changes = a.compare_.changes();
             auto at = std::find_if(changes.begin(), changes.end(), [&](const auto& x) { return x.first == c.first; });
             if (at == changes.end()) changes.push_back(c);
             else at->second = c.second;
             return a.set_compare(changes, "");
         }},
    };
    return table;
}

const std::vector<core::CommandSyntax>& App::command_syntaxes() {
    static const std::vector<core::CommandSyntax> syntax = [] {
        std::vector<core::CommandSyntax> s;
        for (const Command& c : commands()) s.push_back(c.syntax);
        return s;
    }();
    return syntax;
}

std::string App::command(const std::string& text) {
    core::ParsedCommand p = core::parse_command(text, command_syntaxes());
    std::string why = p.error;
    if (why.empty()) why = exercise_.refuses(commands()[size_t(p.index)].syntax.name, p.arg.text);
    auto refused = [&](const std::string& why) {
        return core::trf("command %s refused: %s", core::quote(text).c_str(), why.c_str());
    };
    if (!why.empty() && p.error.empty()) why = refused(why);
    else if (why.empty()) {
        try {
            const int refusals = refusals_;
            why = commands()[size_t(p.index)].act(*this, p.arg);
            if (!why.empty() && refusals_ == refusals)   // key=K gives its command's own refusal, whole
                why = refused(why);
        } catch (const std::exception& e) {   // nothing a command does may stop the page
            why = core::trf("command %s failed: %s", core::quote(text).c_str(), e.what());
        }
    }
    if (!why.empty()) ++refusals_;
    if (!why.empty() && (link_messages_.empty() || link_messages_.back() != why)) add_message(why);
    return why;
}

void App::add_message(const std::string& m) {
    link_messages_.push_back(m);
    if (link_messages_.size() > kMaxMessages) link_messages_.erase(link_messages_.begin());
}

}   // namespace app
