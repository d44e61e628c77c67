// Rewind: the views the page showed at moments along the run (session/rewind.hpp), kept while it runs, and the moment
// shown again (none: the live run), with the link's rewind=F waiting for its run to end. This part keeps the moments,
// finds the one a command or the timeline asks for, and draws where it is; it stops the run to show one (Stage).
#pragma once
#include "app/controls/control_map.hpp"
#include "app/controls/part.hpp"
#include "core/runner.hpp"
#include "session/rewind.hpp"
#include "core/view.hpp"
#include <string>
#include <vector>

namespace app {

class Rewind : public Part {
public:
    Rewind(Stage& stage, ControlMap& controls) : stage_(stage), controls_(controls) {}
    std::vector<PageKey> keys() override;   // rewind=F|back|forward|off, history=0|1
    // After the frame's live views are built: keep a moment, open a link's rewind once its run has ended, and
    // show the moment rewound to in `views`.
    void after_views(std::vector<core::View>& views);
    void back_to_live();   // (the link follows)
    void draw_status();    // the header's line: which moment is shown, and Live
    void clear();          // a new run: no moments, live
    bool live() const { return shown_ < 0; }
    const session::Moment* shown() const;   // the moment shown (nullptr: live)
    size_t moments() const { return history_.size(); }
    bool keeps() const { return keep_; }   // history=1 (the default)
    void keep(bool on);                    // history=0|1 (off: the moments are dropped, live again)
    // After the frame's live views are built: keep a moment when one is due or the run has just stopped at a
    // progress not kept yet (paused, a step, a tour step, the end); `may_stop`: the run is paused with B caught up.
    void remember(const core::Runner& run, const std::vector<core::View>& views, bool may_stop);
    // The views to show: the moment's (its curves whole, a cursor at the moment), or the live ones.
    std::vector<core::View> views(const std::vector<core::View>& live) const;
    bool leave();   // back to the live run; false: it was live
    // rewind=F (0 … 1), back, forward: the moment to show in `k` (-1: live again); "" or why not.
    std::string find(const std::string& arg, bool playing, int& k) const;
    void show(int k);
    int phase(const core::Runner& run) const { return shown() ? shown()->phase : run.phase(); }   // as shown
    bool done(const core::Runner& run) const { return shown() ? shown()->done : run.done(); }
    size_t trace_rows(size_t live) const;   // the trace's rows up to the moment shown
    // The timeline pressed or dragged at mouse_x (boxes of box_w + gap from x0, one per phase) while paused: the
    // command that shows the moment there ("": none, or the one shown already).
    std::string scrub(float mouse_x, float x0, float box_w, float gap, int phases, bool lab_done) const;
    void draw_marker(float x0, float y0, float box_w, float gap, float h) const;   // the moment's place on it
    std::string line() const;                     // "Rewound to 37 %, phase II: t = 240 / 600"
    std::string json() const;                     // state().rewind
    double pending() const { return pending_; }   // a link's rewind=F, shown once its run has ended (-1: none)
    void set_pending(double f) { pending_ = f; }

private:
    std::string go(const std::string& arg);   // rewind=…: "" or why not
    std::vector<int> in_phase(int phase) const;
    Stage& stage_;
    ControlMap& controls_;
    session::History history_;
    bool keep_ = true;
    int shown_ = -1;                  // the moment shown (-1: the live run)
    std::vector<core::View> views_;   // its views, decoded
    double pending_ = -1;
};

}   // namespace app
