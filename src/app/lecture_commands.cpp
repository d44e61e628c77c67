// Lecture-mode commands (window.moeLab.command and the keys) and the link keys that go with them:
// present=1, embed=1, view=N|ID, tour=N, scale=F next to the run's configuration. Each command is a
// small function, so a dispatch table can hook it with one line.
#include "app/app.hpp"
#include "core/compare.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace app {

// Lecture keys and commands read numbers with the one grammar (core/parse.hpp), like every other input.
static std::string switch_arg(const std::string& key, const std::string& v, bool& out) {
    long long n = 0;
    std::string why = core::parse_whole(v, 0, 1, n);
    if (!why.empty()) return key + "=" + core::quote(v) + ": give 1 (on) or 0 (off): " + why;
    out = n == 1;
    return "";
}

static bool whole_number(const std::string& s, int& out) {
    long long n = 0;
    if (!core::parse_whole(s, 0, 999999, n).empty()) return false;
    out = int(n);
    return true;
}

std::string App::cmd_present(const std::string& arg) {
    if (std::string why = switch_arg("present", arg, present_); !why.empty()) return why;
    if (present_) embed_ = false;
    sync_url();
    return "";
}

std::string App::cmd_embed(const std::string& arg) {
    if (std::string why = switch_arg("embed", arg, embed_); !why.empty()) return why;
    if (embed_) present_ = false;
    sync_url();
    return "";
}

std::string App::cmd_tour(const std::string& arg) {
    int n = 0;
    if (arg == "next") {
        if (tour_step_ >= 0) tour_go(tour_step_ + 1);
    } else if (arg == "back") {
        if (tour_step_ >= 0) tour_go(std::max(0, tour_step_ - 1));
    } else if (!whole_number(arg, n))
        return "tour=" + arg + ": give a step number from 1 (0 ends the tour), next or back";
    else if (n == 0) tour_end();
    else if (lab_->tour().empty()) return "the lab " + config_.lab + " has no tour yet";
    else if (n > int(lab_->tour().size()))
        return "tour=" + arg + ": this lab's tour has " + std::to_string(lab_->tour().size()) + " steps";
    else tour_go(n - 1);
    return "";
}

std::string App::cmd_png(long long n) {
    std::vector<core::View> vs;
    lab_->views(vs);
    if (n >= (long long)vs.size())
        return "png=" + std::to_string(n) + ": give a view number from 0 to " + std::to_string(int(vs.size()) - 1);
    export_view_ = int(n);
    return "";
}

std::string App::cmd_next_view() {
    std::vector<core::View> vs;
    if (views_.empty()) lab_->views(vs);
    int n = int(views_.empty() ? vs.size() : views_.size());
    if (n == 0) return "this lab shows no views";
    int cur =
        focused_view_ >= 0 ? focused_view_ : (present_ || embed_ ? 0 : -1);   // those layouts show view 0 by default
    focused_view_ = (cur + 1) % n;
    focused_view2_ = -1;
    return "";
}

// A page link: lecture keys first (and compare mode's: compare=ID, b.NAME=VALUE), the rest is the run's
// configuration (core::decode_query).
void App::open_link(const std::string& query) {
    std::string q = !query.empty() && query[0] == '?' ? query.substr(1) : query;
    std::string rest, view, tour, answer, record, compare, workers, rewind, history, hide, lock, theme = "auto";
    std::vector<std::string> msgs, b_keys;   // b_keys: compare mode's "name=value" for run B
    bool present = false, embed = false;
    float scale = 0;
    for (size_t start = 0; start <= q.size();) {
        size_t end = std::min(q.find('&', start), q.size());
        std::string kv = q.substr(start, end - start);
        start = end + 1;
        size_t eq = kv.find('=');
        std::string k = kv.substr(0, eq), v = eq == std::string::npos ? "" : kv.substr(eq + 1);
        if (k == "present" || k == "embed") {
            std::string why = switch_arg(k, v, k == "present" ? present : embed);
            if (!why.empty()) msgs.push_back(why);
        } else if (k == "view") view = v;
        else if (k == "compare") compare = core::url_decode(v);
        else if (k == "tour") tour = v;
        else if (k == "answer") answer = v;
        else if (k == "record") record = v;
        else if (k == "theme") theme = v;
        else if (k == "workers") workers = v;
        else if (k == "rewind") rewind = v;
        else if (k == "hide") hide = v;
        else if (k == "lock") lock = v;
        else if (k == "history") history = v;
        else if (k == "scale") {
            double s = 0;
            std::string why = core::parse_number(v, s);
            if (why.empty() && s >= 0.75 && s <= 2.5) scale = float(s);
            else
                msgs.push_back("scale=" + core::quote(v) + ": give a UI scale from 0.75 to 2.5" +
                               (why.empty() ? "" : ": " + why));
        } else if (k.rfind("b.", 0) == 0) b_keys.push_back(core::url_decode(k.substr(2)) + "=" + core::url_decode(v));
        else if (!kv.empty()) rest += (rest.empty() ? "" : "&") + kv;
    }
    core::Decoded d = core::decode_query(rest);
    if (std::string why = cmd_theme(theme, false); !why.empty()) {   // a bad theme: the system's, and a message
        msgs.push_back(why);
        cmd_theme("auto", false);
    }
    link_messages_ = d.messages;
    link_messages_.insert(link_messages_.end(), msgs.begin(), msgs.end());
    present_ = present;
    embed_ = embed && !present;
    tour_step_ = -1;
    if (scale > 0 && scale != ui_scale_) {
        ui_scale_ = scale;
        fonts_dirty_ = true;
    }
    b_changes_.clear();   // the link says whether to compare
    b_title_.clear();
    drop_b();
    open(d.config);
    for (const std::string& m : exercise_.open(hide, lock, lab_->schema())) link_messages_.push_back(m);
    if (!workers.empty() && host_.workers)   // (the desktop ignores it: its sweeps use threads)
        if (std::string why = cmd_workers(workers); !why.empty())
            link_messages_.push_back("workers=" + core::quote(workers) + ": " + why);
    if (!compare.empty() && b_keys.empty()) {   // a named comparison (it may move A to its preset)
        std::string why = cmd_compare(compare);
        if (!why.empty()) link_messages_.push_back("compare=" + core::quote(compare) + ": " + why);
    } else if (!compare.empty()) {
        link_messages_.push_back("compare=" + core::quote(compare) + " ignored: the link's b. keys say what B is");
    }
    if (!b_keys.empty()) {
        core::Changes changes;
        for (const std::string& text : b_keys) {
            std::pair<std::string, std::string> c;
            std::string why = core::parse_change(lab_->schema(), text, c);
            if (why.empty()) changes.push_back(c);
            else link_messages_.push_back(why + ": left out of the comparison");
        }
        std::string why = set_compare(changes, "");
        if (!why.empty()) link_messages_.push_back("the link's comparison was not opened: " + why);
    }
    if (history == "0" || history == "1") cmd_history(history == "1");
    else if (!history.empty()) link_messages_.push_back("history=" + core::quote(history) + ": give 0 or 1");
    pending_rewind_ = -1;
    if (!rewind.empty() && rewind != "off") {   // the run plays to its end, then shows that moment
        double f = -1;
        if (core::parse_number(rewind, f).empty() && f >= 0 && f <= 1) {
            pending_rewind_ = f;   // the run stops at that moment (so it is kept), goes on to the end, and shows it
            target_progress_ = f;
            playing_ = true;
        } else link_messages_.push_back("rewind=" + core::quote(rewind) + ": give the run's progress from 0 to 1");
    }
    if (!tour.empty()) {
        std::string why = cmd_tour(tour);
        if (!why.empty()) link_messages_.push_back(why);
    }
    if (!answer.empty())   // the class's answer to the tour step's question: the step runs
        if (std::string why = cmd_answer(answer); !why.empty()) link_messages_.push_back(why);
    if (!record.empty())   // (not written back into the link: a shared link does not record on others' screens)
        if (std::string why = cmd_record(record); !why.empty()) link_messages_.push_back(why);
    if (!view.empty()) {
        int n = -1;
        std::vector<core::View> vs;
        lab_->views(vs);
        if (!whole_number(view, n))
            for (size_t k = 0; k < vs.size(); ++k)
                if (vs[k].id == view) n = int(k);
        if (n >= 0 && n < int(vs.size())) {
            focused_view_ = n;
            focused_view2_ = -1;
        } else link_messages_.push_back("view=" + view + ": no such view (a number from 0 or a view id)");
    }
    sync_url();
}

std::string App::lecture_query() const {
    std::string q;
    if (workers_requested_ >= 0) q += "&workers=" + std::to_string(workers_requested_);
    if (present_) q += "&present=1";
    if (embed_) q += "&embed=1";
    if (tour_step_ >= 0) q += "&tour=" + std::to_string(tour_step_ + 1);
    else if (focused_view_ >= 0) q += "&view=" + std::to_string(focused_view_);   // (a tour step names its own)
    if (tour_step_ >= 0 && answer_ >= 0) q += "&answer=" + std::string(1, char('a' + answer_));
    if (ui_scale_ != 1.0f && (present_ || embed_ || tour_step_ >= 0)) {
        char b[16];
        std::snprintf(b, sizeof b, "%.3g", double(ui_scale_));
        q += std::string("&scale=") + b;
    }
    if (theme_choice_ != "auto") q += "&theme=" + theme_choice_;
    return q + rewind_query() + exercise_.query();
}

void App::sync_url() {
    std::string url = last_query_ + lecture_query();
    if (url != last_url_ && host_.set_query) host_.set_query(url);
    last_url_ = url;
}

}   // namespace app
