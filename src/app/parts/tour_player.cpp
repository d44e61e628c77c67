// Plays a lab's guided tour (core/tour.hpp): each step configures the run (preset, parameters),
// trains to its target at the page's speed, and shows one or two views large with its caption. A step that asks
// a question waits for the answer (tour_question.cpp) before it runs.
#include "app/parts/tour.hpp"
#include "session/tour_steps.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"
#include <algorithm>

namespace app {

std::string Tour::go(int k, bool from_link) {
    std::vector<core::TourStep> steps = stage_.lab().tour();
    if (steps.empty()) {
        end();
        return "";
    }
    k = std::clamp(k, 0, int(steps.size()) - 1);
    const core::TourStep& s = steps[size_t(k)];
    const session::RunConfig& config = stage_.config();
    session::RunConfig c = session::tour_config(stage_.lab(), config, steps, k);
    if (refuses_ && !from_link) {   // (an exercise's locks hold for Next and Back; its own link opens its step)
        if (std::string why = refuses_(c); !why.empty()) return why;
    }
    using U = core::TourStep::Until;
    bool past = (s.until == U::Phase && stage_.runner().phase() > s.phase) ||
        (s.until == U::Progress && stage_.runner().progress() > s.progress + 1e-9);
    if (c.preset != config.preset || !(c.params == config.params))
        stage_.open(c);                // a new configuration restarts the run
    else if (past) stage_.restart();   // going back: run again to the step
    step_ = k;                         // (its question not answered yet)
    answer_ = kNoAnswer;
    stage_.halt();
    const core::Runner& run = stage_.runner();
    bool can_run = !stage_.finished();
    if (s.until == U::Phase && run.phase() < s.phase && can_run) stage_.play_to_phase(s.phase);
    if (s.until == U::Progress && run.progress() < s.progress && can_run) stage_.play_to(s.progress);
    if (s.until == U::End && can_run) stage_.play();
    if (!s.question.prompt.empty()) stage_.pause();   // the class answers first; the answer runs it (held())
    show_large_(s.views);
    stage_.write_url();
    return "";
}

void Tour::leave() {
    end();
    stage_.forget_target();
    stage_.write_url();
}

std::string Tour::command(const std::string& arg, bool from_link) {
    int n = 0;
    if (arg == "next") {
        if (on()) return go(step_ + 1, from_link);
    } else if (arg == "back") {
        if (on()) return go(std::max(0, step_ - 1), from_link);
    } else if (!whole_number(arg, n))
        return core::trf("tour=%s: give a step number from 1 (0 ends the tour), next or back", arg.c_str());
    else if (n == 0) leave();
    else if (stage_.lab().tour().empty()) return core::trf("the lab %s has no tour yet", stage_.config().lab.c_str());
    else if (n > int(stage_.lab().tour().size()))
        return core::trf("tour=%s: this lab's tour has %d steps", arg.c_str(), int(stage_.lab().tour().size()));
    else return go(n - 1, from_link);
    return "";
}

std::vector<PageKey> Tour::keys() {
    using K = session::ArgKind;
    using Arg = const session::CommandArg&;
    std::vector<PageKey> keys;
    {
        PageKey& k = declare(
            keys,
            {"tour", K::Word, 0, 0, "N", core::later::tr("go to step N of the lab's tour (0 ends it; next, back)")},
            [this](Arg v) { return command(v.text); });
        k.link = InLink::Page;
        k.stage = LinkStage::Tour;
        k.link_help = core::later::tr("step N (from 1) of the lab's tour");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            if (!v.value.empty())
                if (std::string why = command(v.value, true); !why.empty()) msgs.push_back(why);
        };
        k.write = [this] { return written_if(on(), std::to_string(step_ + 1)); };
        k.state = [this] { return json(stage_.runner(), stage_.config().seed); };
        k.control(Control::Toggle, core::later::tr("Guided tour"), "tour").hide_as = "tour";
        k.controls.back().now = [this] {
            ControlNow n = toggled("tour", on(), core::later::tr("Guided tour"), core::later::tr("End tour"));
            n.shown = !stage_.lab().tour().empty();
            n.short_label = on() ? core::tr("End tour") : core::tr("Tour");
            return n;
        };
        k.controls.back().shortcut = "T";
        k.controls.back().key_help = core::later::tr("guided tour on or off");
        k.controls.back().tip = core::later::tr(
            "A short lecture script for this lab: each step sets up and runs to a moment, shows the views to look at "
            "and the paper's claim. Arrow keys step; the link holds the step (tour=3). Key: T.");
        auto touring = [this] {
            ControlNow n;
            n.shown = on();
            return n;
        };
        k.control(Control::Button, core::later::tr("Previous tour step"), "tour", "button:tour-back").arg = "back";
        k.controls.back().now = [=] {
            ControlNow n = touring();
            n.enabled = step_ > 0;
            return n;
        };
        k.controls.back().heirs = {"tour"};
        k.controls.back().short_label = core::later::tr("< Back");
        k.control(Control::Button, core::later::tr("Next tour step"), "tour", "button:tour-next").arg = "next";
        k.controls.back().now = [=] {
            ControlNow n = touring();
            n.enabled = step_ + 1 < int(stage_.lab().tour().size());
            return n;
        };
        k.controls.back().heirs = {"tour"};
        k.controls.back().short_label = core::later::tr("Next >");
        k.controls.back().tip = core::later::tr("Keys: right and left arrows; Escape ends the tour");
    }
    {
        PageKey& k =
            declare(keys,
                    {"answer", K::Word, 0, 0, "a-d|none",
                     core::later::tr("answer the tour step's question (a to d, or 1 to 4; none: I don't know); the "
                                     "step then runs")},
                    [this](Arg v) { return take_answer(v.text); });
        k.link = InLink::Page;
        k.stage = LinkStage::Tour;
        k.link_help = core::later::tr("the class's answer to the tour step's question (the step then runs)");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            if (!v.value.empty())
                if (std::string why = take_answer(v.value); !why.empty()) msgs.push_back(why);
        };
        k.write = [this] {
            return written_if(on() && answer_ != kNoAnswer,
                              answer_ == kDontKnow ? std::string("none") : std::string(1, char('a' + answer_)));
        };
        for (int i = 0; i <= 4; ++i) {   // the answers' buttons (four at most, then "I don't know"), while it asks
            const std::string arg = i < 4 ? std::string(1, char('a' + i)) : "none";
            PageControl& c = k.control(Control::Button, core::later::tr("Answer"), "answers", "button:answer-" + arg);
            c.arg = arg;
            if (i < 4) c.shortcut = arg;
            c.key_help = core::later::tr("answer the tour's question (then the step runs)");
            c.heirs = {"tour-next", "tour"};
            c.now = [this, i, arg] {
                ControlNow n;
                const core::TourQuestion q = question(stage_.lab());
                n.shown =
                    on() && !q.prompt.empty() && (i < int(q.answers.size()) || i == 4) && !revealed(stage_.runner());
                if (!n.shown) return n;
                const bool mine = i == 4 ? answer_ == kDontKnow : i == answer_;
                const std::string text = i == 4
                    ? std::string(core::tr("I don't know"))
                    : core::trf("(%s) %s", arg.c_str(), core::tr(q.answers[size_t(i)].text).c_str());
                n.label = !mine  ? text
                    : personal() ? core::trf("%s (my answer)", text.c_str())
                                 : core::trf("%s (the class's answer)", text.c_str());
                n.enabled = answer_ == kNoAnswer;
                return n;
            };
        }
    }
    return keys;
}

}   // namespace app
