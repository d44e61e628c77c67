// What the platform (the page, the desktop window, a test) gives the App: the URL, the clipboard, downloads, a clock,
// clips, the page's Web Workers.
#pragma once
#include "session/sweep_dispatch.hpp"
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace app {

// The page's Web Workers (platform/web_workers.cpp), which run whole sweep repetitions of the same run in
// copies of the lab (session/sweep_dispatch.hpp). The App hands them its runs; they report back through
// App::workers_ready, App::worker_results and App::worker_failed.
class WorkerPool : public session::SweepTransport {
public:
    virtual void start(int count) = 0;   // count workers (-1: one per spare core, none on one core; 0: none)
    virtual void play(bool on) = 0;      // they work only while the run plays
    // Compare mode's run B in a worker of its own (session/paced_run.hpp): opened from B's link query and the class's
    // text (Runner::read_text: "" for none), paced by A's progress (session::pace_limit); it reports through
    // App::run_b_snapshot and App::run_b_failed. text_b: a text typed meanwhile, read by B where it is.
    virtual void open_b(int run, const std::string& query, const std::string& text) = 0;
    virtual void pace_b(int run, double limit) = 0;
    virtual void text_b(int run, const std::string& text) = 0;
    virtual void close_b() = 0;
};

// What the platform provides: the URL, the clipboard, downloads, a clock.
struct Host {
    std::function<void(const std::string& query)> set_query;   // replace the page URL's query
    std::function<void(const std::string& text)> copy_text;    // clipboard: the page's link with this query
    std::function<void(const std::string& text)> copy_plain;   // clipboard: the text as it is
    // What this device keeps between visits (the browser's local storage; never sent anywhere): a text by name.
    // Unset: kept while the app runs.
    std::function<std::string(const std::string& name)> load_kept;
    std::function<void(const std::string& name, const std::string& text)> save_kept;
    // A text field typed where the platform's own text input works: the page focuses the field's twin in its HTML
    // document (the canvas's control id: "input:name"), shown over the page, so that a phone's keyboard, an input
    // method and a screen reader work; what is typed comes back as the field's command. Unset: typed on the canvas.
    std::function<void(const std::string& control)> edit_text;
    // A file the user picks, its text handed to the app as the command `prefix` + text ("points-csv=…").
    std::function<void(const std::string& prefix)> open_file;
    std::function<void(const std::string& file, const std::string& text)> download;
    std::function<void(const std::string& file, const std::vector<uint8_t>& png)> save_png;   // a view's picture
    // A page of its own to read and print (a worksheet: app/parts/worksheet.hpp): a new tab, or the file where it went.
    std::function<void(const std::string& file, const std::string& html)> open_page;
    std::function<double()> now_ms;
    // A clip (record=, app/parts/recording.hpp): start one of w×h device pixels ("" or why not), add the frame just drawn, cropped
    // to the box (device pixels, top-left origin; called after the frame is rendered, before it is shown), stop
    // and save it. Unset: this platform cannot record.
    std::function<std::string(int w, int h)> record_start;
    std::function<void(int x, int y, int w, int h)> record_frame;
    std::function<void()> record_stop;
    std::string platform_name;   // "browser" / "desktop"
    std::string page_address;    // the page's address before its query ("https://…/"); none: no page (desktop)
    std::string font_file;       // a TTF with Greek and math signs
    // The translations (core/words.hpp): a folder of the merged <language>.json files and the fonts a language
    // needs beyond font_file (<font>.ttf), read when the language is chosen; or, on the page, load_words, which
    // fetches them and hands them back as the command "words=CODE" + newline + the file's text.
    std::string words_dir, fonts_dir;
    std::function<void(const std::string& code)> load_words;
    std::function<void(const std::string& code)> set_language;   // the language in use changed (the page's lang)
    WorkerPool* workers = nullptr;   // the page's Web Workers; none: sweeps run in this process
    int threads = 1;                 // threads for a run's sweep jobs in this process (the desktop: its cores)
};

// A message for the page (state().messages and on screen), from a part of the App (app/parts/recording.hpp, app/parts/compare.hpp).
using Say = std::function<void(const std::string&)>;

}   // namespace app
