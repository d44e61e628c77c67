// App: the whole UI of MoE Lab, for any lab, built from what the lab declares (src/labs/README.md). It is the frame
// loop and the list of its parts (app/controls/part.hpp): each part owns its state, declares its keys (app/controls/page_key.hpp) and
// draws itself, and reaches the run through the Run (app/frame/run.hpp). The platform main loop (browser or desktop) calls
// frame() once per ImGui frame; training runs inside frame() in slices that fit the frame budget, so the page never
// freezes. Only the frame's own files (app*.cpp) include this header.
#pragma once
#include "app/parts/compare.hpp"
#include "app/controls/control_map.hpp"
#include "app/parts/exercise.hpp"
#include "app/parts/export.hpp"
#include "app/parts/header.hpp"
#include "app/frame/host.hpp"
#include "app/controls/keyboard.hpp"
#include "app/parts/language.hpp"
#include "app/parts/layout.hpp"
#include "app/parts/look.hpp"
#include "app/parts/messages.hpp"
#include "app/parts/my_answers.hpp"
#include "app/controls/page_key.hpp"
#include "app/controls/part.hpp"
#include "app/parts/point_editor.hpp"
#include "app/parts/qr_panel.hpp"
#include "app/parts/recording.hpp"
#include "app/parts/rewind.hpp"
#include "app/frame/run.hpp"
#include "app/parts/sidebar.hpp"
#include "app/parts/tour.hpp"
#include "app/parts/views.hpp"
#include "app/parts/worksheet.hpp"
#include <memory>
#include <string>
#include <vector>

namespace app {

class App {
public:
    App(Host host, const std::string& initial_query);
    // Its parts hold references to its host and callbacks into it: an App stays where it was made.
    App(const App&) = delete;
    App& operator=(const App&) = delete;
    void frame();   // draw the UI and advance training
    bool fonts_need_rebuild() const { return look_.fonts_dirty(); }
    // The font atlas for the UI scale, density and language, built between frames; the platform then makes its
    // texture (platform::rebuild_fonts; a headless test needs none).
    void rebuild_fonts() {
        look_.rebuild_fonts([this](float size) { language_.merge_font(size); });
    }
    std::string state_json() const;   // everything the page exposes to tests (app_state.cpp)
    // The page's parallel HTML document (web/pdom.js) is built from this: the lab's declarations (labs, presets,
    // parameters with their spoken names, phases, views, tour, comparisons), the keys of the keyboard, the commands,
    // the link's keys and the page's controls (app_document.cpp). It changes when state().document does.
    std::string document_json() const;
    // View n as data tables (session/view_table.hpp), as JSON: the HTML document's tables; "null": no such view.
    std::string view_table_json(int n) const;
    // "play", "lab=ID", "seed=N", "present=1", ... (every part's keys). Returns "" when it acted, otherwise why not;
    // a refusal is also added to the page's messages.
    std::string command(const std::string& cmd);
    float ui_scale() const { return look_.scale(); }
    // Device pixels per CSS pixel (the page's devicePixelRatio, 1 on the desktop): the layout stays in CSS
    // pixels and the platform renders it at this density; fonts are rasterised at it, so text is sharp.
    void set_density(float d) {
        if (!export_.pending()) look_.set_density(d);
    }
    // True while something changes by itself (a run plays, fonts or a PNG wait): the page keeps drawing.
    bool wants_frames() const {
        return run_.playing() || look_.fonts_dirty() || export_.pending() ||
            compare_.catching_up(run_.runner(), run_.playing()) || record_.on() || worksheet_.busy();
    }
    // After the frame is rendered (before it is shown): a recording takes its frame (record.hpp).
    void frame_drawn() {
        record_.frame_drawn(ImGui::GetIO().DisplaySize, views_.large_a(), views_.large_b(), look_.density());
    }
    // The last frame's training found nothing to do: the rest of the sweep runs in the page's workers. The page
    // then draws a few frames a second only, and leaves the processor to them.
    bool waiting_for_workers() const { return run_.waiting_for_workers(); }
    Export& exporter() { return export_; }   // a view as a PNG: the platform renders it (export.hpp)
    Run& run() { return run_; }              // the page's Web Workers report to it (Run::workers_ready, …)
    void run_b_snapshot(int run, const std::string& bytes);   // run B's worker: B now (the views follow)

private:
    std::vector<PageKey> declare_keys();        // the frame's own keys: query, copy-link, csv, gpu (app_keys.cpp)
    void open_link(const std::string& query);   // a page link: the run's configuration and every part's keys
    void sync_url();                            // the page URL: the same, from the current state
    void new_lab();                             // another lab opens: no tour, no view large
    void new_run();                             // a run begins: its moments forgotten, the URL written
    KeyContext key_context() const;             // what the keys' commands depend on now
    // The layouts (app.cpp: the sidebar and the main panel; app_present.cpp; app_phone.cpp)
    void draw_phone();
    void draw_presentation();
    void draw_embed();
    // The HTML document (app_document.cpp)
    std::string access_state_json() const;   // state()'s part for it
    std::string document_key() const;        // changes when document_json() does

    Host host_;
    PageKeys keys_;                              // every key of the page: its parts', then the frame's
    std::vector<Part*> parts_;                   // every part, in the link's order (app.cpp)
    std::vector<std::unique_ptr<Part>> added_;   // the parts a build adds (part.hpp's add_part)
    int refusals_ = 0;                           // commands refused so far (a command that runs another: key=K)
    std::string last_query_, last_url_;          // the link's run part, and the whole of it
    double train_ms_ = 0, ui_ms_ = 0;            // last frame: training, and building the UI
    bool ran_last_frame_ = false;                // the run played in the last frame (its time counts from Play)
    double last_frame_start_ = 0;

    // The parts (each file's header says what it is)
    ControlMap controls_;   // the layout map and the HTML document's focus
    Exercise exercise_{&run_};
    Run run_;   // run A, and through it B and the workers (the parts below are wired in app.cpp's constructor)
    Compare& compare_ = run_.b();   // run B
    Layout layout_{run_, [this] { return look_.scale(); }};
    PageMessages messages_{run_, compare_, controls_};
    Views views_;
    Look look_;
    PageLanguage language_;
    Recording record_;
    Keyboard keyboard_;
    Tour tour_;
    QrPanel qr_{run_, host_, keys_};
    Worksheet worksheet_{run_, host_, controls_};
    MyAnswers answers_{run_, host_, controls_, exercise_};
    PointEditor points_{run_, controls_, host_, exercise_};
    ClassText text_{run_, host_, controls_};
    Rewind rewind_{run_, controls_};
    Export export_{run_, views_, look_, host_};
    Header header_;
    Sidebar sidebar_{run_, controls_, exercise_, Sidebar::Parts{compare_, points_, text_, look_, language_}};
};

}   // namespace app
