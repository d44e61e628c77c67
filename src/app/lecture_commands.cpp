// Lecture-mode commands (window.moeLab.command and the keys) and the link keys that go with them:
// present=1, embed=1, view=N|ID, tour=N, scale=F next to the run's configuration. Each command is a
// small function, so a dispatch table can hook it with one line.
#include "app/app.hpp"
#include "core/registry.hpp"
#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace app {

static bool bool_arg(const std::string& a, bool current) { return a.empty() ? !current : a != "0" && a != "false"; }

static bool whole_number(const std::string& s, int& out) {
    if (s.empty() || s.size() > 6) return false;
    for (char c : s) if (c < '0' || c > '9') return false;
    out = std::atoi(s.c_str());
    return true;
}

bool App::lecture_command(const std::string& cmd) {
    struct Entry { const char* name; void (App::*fn)(const std::string&); };
    static const Entry table[] = {{"present", &App::cmd_present}, {"embed", &App::cmd_embed},
                                  {"tour", &App::cmd_tour}, {"png", &App::cmd_png}};
    if (cmd == "next-view") { cmd_next_view(); return true; }
    for (const Entry& e : table) {
        size_t n = std::char_traits<char>::length(e.name);
        if (cmd.compare(0, n, e.name) != 0 || (cmd.size() > n && cmd[n] != '=')) continue;
        (this->*e.fn)(cmd.size() > n ? cmd.substr(n + 1) : std::string());
        return true;
    }
    return false;
}

void App::cmd_present(const std::string& arg) {
    present_ = bool_arg(arg, present_);
    if (present_) embed_ = false;
    sync_url();
}

void App::cmd_embed(const std::string& arg) {
    embed_ = bool_arg(arg, embed_);
    if (embed_) present_ = false;
    sync_url();
}

void App::cmd_tour(const std::string& arg) {
    int n = 0;
    if (arg == "next") { if (tour_step_ >= 0) tour_go(tour_step_ + 1); }
    else if (arg == "back") { if (tour_step_ >= 0) tour_go(std::max(0, tour_step_ - 1)); }
    else if (!whole_number(arg, n)) link_messages_ = {"tour=" + arg + ": give a step number from 1 (0 ends the tour)"};
    else if (n == 0) tour_end();
    else if (lab_->tour().empty()) link_messages_ = {"the lab " + config_.lab + " has no tour yet"};
    else if (n > int(lab_->tour().size()))
        link_messages_ = {"tour=" + arg + ": this lab's tour has " + std::to_string(lab_->tour().size()) + " steps"};
    else tour_go(n - 1);
}

void App::cmd_png(const std::string& arg) {
    int n = 0;
    std::vector<core::View> vs;
    lab_->views(vs);
    if (!whole_number(arg, n) || n >= int(vs.size())) {
        link_messages_ = {"png=" + arg + ": give a view number from 0 to " + std::to_string(int(vs.size()) - 1)};
        return;
    }
    export_view_ = n;
}

void App::cmd_next_view() {
    std::vector<core::View> vs;
    if (views_.empty()) lab_->views(vs);
    int n = int(views_.empty() ? vs.size() : views_.size());
    if (n == 0) return;
    int cur = focused_view_ >= 0 ? focused_view_ : (present_ || embed_ ? 0 : -1);   // those layouts show view 0 by default
    focused_view_ = (cur + 1) % n;
    focused_view2_ = -1;
}

// A page link: lecture keys first, the rest is the run's configuration (core::decode_query).
void App::open_link(const std::string& query) {
    std::string q = !query.empty() && query[0] == '?' ? query.substr(1) : query;
    std::string rest, view, tour;
    std::vector<std::string> msgs;
    bool present = false, embed = false;
    float scale = 0;
    for (size_t start = 0; start <= q.size();) {
        size_t end = std::min(q.find('&', start), q.size());
        std::string kv = q.substr(start, end - start);
        start = end + 1;
        size_t eq = kv.find('=');
        std::string k = kv.substr(0, eq), v = eq == std::string::npos ? "" : kv.substr(eq + 1);
        if (k == "present") present = bool_arg(v, false);
        else if (k == "embed") embed = bool_arg(v, false);
        else if (k == "view") view = v;
        else if (k == "tour") tour = v;
        else if (k == "scale") {
            char* e = nullptr;
            double s = std::strtod(v.c_str(), &e);
            if (e && *e == 0 && s >= 0.75 && s <= 2.5) scale = float(s);
            else msgs.push_back("scale=" + v + ": give a UI scale from 0.75 to 2.5");
        } else if (!kv.empty()) rest += (rest.empty() ? "" : "&") + kv;
    }
    core::Decoded d = core::decode_query(rest);
    link_messages_ = d.messages;
    link_messages_.insert(link_messages_.end(), msgs.begin(), msgs.end());
    present_ = present;
    embed_ = embed && !present;
    tour_step_ = -1;
    if (scale > 0 && scale != ui_scale_) { ui_scale_ = scale; fonts_dirty_ = true; }
    open(d.config);
    if (!tour.empty()) {
        std::vector<std::string> before = link_messages_;
        cmd_tour(tour);
        if (link_messages_ != before) before.insert(before.end(), link_messages_.begin(), link_messages_.end());
        link_messages_ = before;
    }
    if (!view.empty()) {
        int n = -1;
        std::vector<core::View> vs;
        lab_->views(vs);
        if (!whole_number(view, n))
            for (size_t k = 0; k < vs.size(); ++k) if (vs[k].id == view) n = int(k);
        if (n >= 0 && n < int(vs.size())) { focused_view_ = n; focused_view2_ = -1; }
        else link_messages_.push_back("view=" + view + ": no such view (a number from 0 or a view id)");
    }
    sync_url();
}

std::string App::lecture_query() const {
    std::string q;
    if (present_) q += "&present=1";
    if (embed_) q += "&embed=1";
    if (tour_step_ >= 0) q += "&tour=" + std::to_string(tour_step_ + 1);
    else if ((present_ || embed_) && focused_view_ >= 0) q += "&view=" + std::to_string(focused_view_);
    if (ui_scale_ != 1.0f && (present_ || embed_ || tour_step_ >= 0)) {
        char b[16];
        std::snprintf(b, sizeof b, "%.3g", double(ui_scale_));
        q += std::string("&scale=") + b;
    }
    return q;
}

void App::sync_url() {
    std::string url = last_query_ + lecture_query();
    if (url != last_url_ && host_.set_query) host_.set_query(url);
    last_url_ = url;
}

} // namespace app
