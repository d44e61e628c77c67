// Browser interop: the URL, clipboard, downloads, and the JavaScript API window.moeLab.
#pragma once
#include "app/frame/app.hpp"
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace browser {

std::string query();                    // location.search without '?'
std::string page_address();             // location.origin + pathname: the link without its query
void set_query(const std::string& q);   // history.replaceState
void copy_link(const std::string& q);   // full page URL with the query → clipboard
void download(const std::string& file, const std::string& text);
void open_page(const std::string& file, const std::string& html);   // a new tab (or a download) + moeLab.lastSheet
void copy_plain(const std::string& text);                           // the clipboard, the text as it is
void edit_text(const std::string& control);       // the HTML document's twin of a canvas's text field, focused
std::string load_kept(const std::string& name);   // localStorage ("" when absent)
void save_kept(const std::string& name, const std::string& text);
// A text file the user picks (a CSV), handed to the app as the command prefix + its text.
void open_file(const std::string& command_prefix);
void save_png(const std::string& file, const std::vector<uint8_t>& png);   // download + moeLab.lastPng
// A language's table (words/CODE.json) and the font it needs (fonts/FONT.ttf, into the module's /fonts), fetched
// and handed to the app as the command words=CODE + newline + the table (words-failed=CODE: why, otherwise).
void load_words(const std::string& code);
void set_language(const std::string& code);   // the HTML document's lang attribute, and its texts again
void show_fatal(const char* message);
// A clip of the canvas (web/record.js, record=, app/parts/recording.hpp): "" or why not; a frame cropped in device pixels; stop and
// download it.
std::string record_start(int w, int h);
void record_frame(int x, int y, int w, int h);
void record_stop();
double now_ms();   // performance.now()
struct Viewport {
    double width, height;   // window.innerWidth, innerHeight (CSS pixels)
    double density;         // window.devicePixelRatio
};
Viewport viewport();
void set_canvas_size(int w, int h);   // the canvas's backing store (Module.setCanvasSize: GLFW follows)
// moe_state() / moe_command() for JS: the app's state plus the main loop's fields; after_command runs after
// each command (the page wakes and draws it).
void expose(app::App* a, std::function<std::string()> loop_state, std::function<void()> after_command);

}   // namespace browser
