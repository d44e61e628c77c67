// Rewind: the page keeps the views it showed at moments along the run (session/rewind.hpp) and shows any of
// them again: every view as it was, line plots with their whole curve and a cursor at the moment. In compare mode
// the merged A/B views are kept, so A and B rewind together. Play or Step goes back to the live run. While the run
// is paused the timeline is the scrubber (press or drag along it); keys [ and ] move between moments, End returns
// to live; the header says which moment is shown; the link key rewind=F (the run's progress, 0 to 1) opens the run
// played to its end at that moment.
#include "app/parts/rewind.hpp"
#include "app/plot/colors.hpp"
#include "app/controls/hover_help.hpp"
#include "app/plot/ink.hpp"
#include "app/plot/text_fit.hpp"
#include "session/json_text.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace app {

void Rewind::clear() {
    history_.clear();
    shown_ = -1;
    views_.clear();
}

const session::Moment* Rewind::shown() const { return shown_ >= 0 ? &history_.moment(size_t(shown_)) : nullptr; }

void Rewind::keep(bool on) {
    keep_ = on;
    if (!on) {
        leave();
        history_.clear();
    }
}

void Rewind::remember(const core::Runner& run, const std::vector<core::View>& views, bool may_stop) {
    // In compare mode with B in its worker, a moment is kept paused only once B has caught up with A (may_stop), so
    // that it holds A and B at the same progress (a moment kept while playing holds B as shown, within the lockstep
    // window).
    const bool stopped =
        may_stop && history_.size() > 0 && run.progress() != history_.moment(history_.size() - 1).progress;
    if (keep_ && shown_ < 0 && (history_.due(run.progress()) || stopped))
        history_.record({run.progress(), run.phase(), run.done(), run.clock(), run.trace().rows.size(), stopped, {}},
                        views);
}

std::vector<core::View> Rewind::views(const std::vector<core::View>& live) const {
    if (shown_ < 0) return live;
    return session::rewound_views(views_, live, core::trf("moment (%s)", shown()->clock.c_str()));
}

bool Rewind::leave() {
    if (shown_ < 0) return false;
    shown_ = -1;
    views_.clear();
    return true;
}

std::string Rewind::find(const std::string& arg, bool playing, int& k) const {
    if (history_.size() < 2)
        return keep_ ? core::tr("nothing to rewind yet: play first")
                     : core::tr("history=0: this page keeps no moments");
    const int last = int(history_.size()) - 1;
    if (arg == "back" || arg == "forward") {
        const int from = shown_ >= 0 ? shown_ : playing ? last + 1 : last;   // paused: the last moment is now
        k = from + (arg == "back" ? -1 : 1);
        if (k > last) k = -1;
        else if (k < 0) return core::tr("this is the run's first moment");
        return "";
    }
    double f = 0;
    std::string why = core::parse_number(arg, f);
    if (!why.empty() || !(f >= 0 && f <= 1))
        return core::trf("rewind=%s: give the run's progress from 0 to 1, back, forward or off",
                         core::quote(arg).c_str());
    k = history_.at(f);
    return "";
}

void Rewind::show(int k) {
    if (k != shown_) views_ = history_.views(size_t(k));
    shown_ = k;
}

size_t Rewind::trace_rows(size_t live) const { return shown_ >= 0 ? std::min(live, shown()->trace_rows) : live; }

// The timeline is the scrubber: while the run is paused, pressing or dragging along the phase boxes shows the moment
// at that place: in the box of its phase, spread evenly over the moments kept in that phase.
std::vector<int> Rewind::in_phase(int phase) const {
    std::vector<int> in;
    for (size_t j = 0; j < history_.size(); ++j)
        if (history_.moment(j).phase == phase) in.push_back(int(j));
    return in;
}

std::string Rewind::scrub(float mouse_x, float x0, float box_w, float gap, int phases, bool lab_done) const {
    if (history_.size() < 2) return "";
    const int k = std::clamp(int((mouse_x - x0) / (box_w + gap)), 0, phases - 1);
    const float f = std::clamp((mouse_x - (x0 + float(k) * (box_w + gap))) / box_w, 0.0f, 1.0f);
    std::vector<int> in = in_phase(k);
    for (int p = k - 1; in.empty() && p >= 0; --p) in = in_phase(p);   // a phase without moments: the last before
    if (in.empty()) in = {0};
    const int j = in[size_t(std::lround(f * float(in.size() - 1)))];
    const int last = int(history_.size()) - 1;
    if (j == (shown_ >= 0 ? shown_ : last)) return "";
    return j == last && !lab_done ? "rewind=off" : "rewind=" + core::format_number(history_.moment(size_t(j)).progress);
}

// Where the moment shown sits on the timeline: a line across its phase's box.
void Rewind::draw_marker(float x0, float y0, float box_w, float gap, float h) const {
    if (shown_ < 0) return;
    const session::Moment& m = *shown();
    const std::vector<int> in = in_phase(m.phase);
    const auto at = std::find(in.begin(), in.end(), shown_);
    const float f = in.size() < 2 ? 0.5f : float(at - in.begin()) / float(in.size() - 1);
    const float x = x0 + float(m.phase) * (box_w + gap) + f * box_w, fh = ImGui::GetFontSize();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(ImVec2(x - fh * 0.12f, y0 - fh * 0.1f), ImVec2(x + fh * 0.12f, y0 + h + fh * 0.1f),
                      ink(colors().text));
}

// The header's second half while rewound: which moment is shown, and the way back to live.
std::string Rewind::line() const {
    const session::Moment& m = *shown();
    return core::trf("Rewound to %.0f %%, %s", m.progress * 100, m.clock.c_str());
}

std::string Rewind::json() const {
    std::string s = "{\"moments\":" + std::to_string(history_.size());
    s += ",\"bytes\":" + std::to_string(history_.bytes()) + ",\"budget\":" + std::to_string(history_.budget());
    s += ",\"history\":" + session::json_bool(keep_);
    if (shown_ < 0) return s + ",\"shown\":null}";
    return s + ",\"shown\":" + core::format_number(shown()->progress) +
        ",\"clock\":" + session::json_string(shown()->clock) + "}";
}

std::vector<PageKey> Rewind::keys() {
    using K = session::ArgKind;
    using Arg = const session::CommandArg&;
    std::vector<PageKey> keys;
    {
        PageKey& k = declare(keys,
                             {"history", K::Whole, 0, 1, "0|1",
                              core::later::tr("keep moments of the run for rewind (1, the default) or not (0)")},
                             [this](Arg arg) {
                                 keep(arg.whole != 0);
                                 stage_.write_url();
                                 return std::string();
                             });
        k.link = InLink::Page;
        k.stage = LinkStage::Moments;
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            if (v.value == "0" || v.value == "1") keep(v.value == "1");
            else if (!v.value.empty())
                msgs.push_back(core::trf("history=%s: give 0 or 1", core::quote(v.value).c_str()));
        };
        k.write = [this] { return written_if(!keep_, "0"); };
    }
    {
        PageKey& k = declare(keys,
                             {"rewind", K::Word, 0, 0, "F",
                              core::later::tr("show the run as it was at progress F (0 to 1), or the moment back "
                                              "or forward; off: live again")},
                             [this](Arg arg) { return go(arg.text); });
        k.link = InLink::Page;
        k.stage = LinkStage::Moments;
        k.link_help = core::later::tr("the run played to its end, shown as it was at progress F (0 to 1)");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            pending_ = -1;
            if (v.value.empty() || v.value == "off") return;
            double f = -1;
            if (core::parse_number(v.value, f).empty() && f >= 0 && f <= 1) {
                pending_ = f;   // the run stops at that moment (so it is kept), goes on, and shows it
                stage_.play_to(f);
            } else
                msgs.push_back(
                    core::trf("rewind=%s: give the run's progress from 0 to 1", core::quote(v.value).c_str()));
        };
        k.write = [this] { return written_if(!live(), core::format_number(live() ? 0 : shown()->progress)); };
        k.state = [this] { return json(); };
        PageControl& to = k.control(Control::Slider, core::later::tr("Rewind to"), "timeline", "slider:rewind");
        to.hi = 1;
        to.step = 0.001;
        to.heirs = {"play", "reset"};
        to.now = [this] {
            ControlNow n;
            const double at = live() ? stage_.runner().progress() : shown()->progress;
            n.value = core::format_number(at);
            n.enabled = moments() >= 2;
            const std::string percent = std::to_string(int(std::lround(100 * at)));
            n.value_text =
                live() ? core::tr("live") : core::trf("rewound to %s %%, %s", percent.c_str(), shown()->clock.c_str());
            return n;
        };
        k.control(Control::Button, core::later::tr("Back to the live run"), "timeline", "button:live").arg = "off";
        k.controls.back().now = [this] {
            ControlNow n;
            n.enabled = !live();
            return n;
        };
        k.controls.back().heirs = {"rewind", "play", "reset"};
        k.controls.back().short_label = core::later::tr("Live");
        k.controls.back().shortcut = "End";   // words: not shown (the key's name)
        k.controls.back().key_help = core::later::tr("back to the live run from a rewound moment");
        k.controls.back().tip = core::later::tr(
            "Back to the live run (End). While paused, drag along the timeline to rewind; [ and ] step. Link: "
            "rewind=F.");
    }
    return keys;
}

// After the frame's live views are built: keep a moment, open a link's rewind once its run has ended, and show the
// moment that is rewound to.
void Rewind::after_views(std::vector<core::View>& views) {
    remember(stage_.runner(), views, stage_.settled());
    if (pending_ >= 0 && !stage_.finished() && stage_.settled() && stage_.going_to() < 0 &&
        stage_.runner().progress() >= pending_)
        stage_.play();   // a link's moment is kept (the run stopped there): on to the end
    if (pending_ >= 0 && stage_.finished()) {
        const std::string at = core::format_number(pending_);
        if (const std::string why = go(at); !why.empty()) stage_.say("rewind=" + at + ": " + why);
        pending_ = -1;
    }
    views = this->views(views);
}

void Rewind::back_to_live() {
    if (leave()) stage_.write_url();
}

std::string Rewind::go(const std::string& arg) {
    int k = -1;
    if (arg != "off")
        if (std::string why = find(arg, stage_.playing(), k); !why.empty()) return why;
    if (k < 0) {
        back_to_live();
        return "";
    }
    stage_.halt();
    show(k);
    stage_.write_url();
    return "";
}

void Rewind::draw_status() {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float live =
        ImGui::CalcTextSize(controls_.label("live").c_str()).x + st.FramePadding.x * 2 + st.ItemSpacing.x;
    ImGui::TextColored(ink4(colors().warning), "%s",
                       fit_text(line(), ImGui::GetContentRegionAvail().x - live).c_str());   // Live stays in sight
    ImGui::SameLine();
    controls_.draw("live", small_button());
}

}   // namespace app
